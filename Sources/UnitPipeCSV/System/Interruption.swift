import CSystemShims

/// Turns SIGINT and SIGTERM into a flag the pipeline checks between chunks, so an interrupted
/// run can remove its temporary file and write its summary before it exits (128 + the signal).
public enum Interruption {
    /// Starts recording SIGINT and SIGTERM (`sigaction` without `SA_RESTART`, in `CSystemShims`).
    public static func install() {
        unitpipe_install_signal_handlers()
    }

    /// The signal that asked the run to stop, if one did.
    public static var signalNumber: Int32? {
        let number = unitpipe_received_signal()
        return number == 0 ? nil : number
    }
}
