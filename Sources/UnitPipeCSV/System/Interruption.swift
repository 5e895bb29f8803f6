import CSystemShims

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into a flag the pipeline checks between chunks, so an interrupted
/// run can remove its temporary file and write its summary before it exits (128 + the signal).
public enum Interruption {
    /// Starts recording SIGINT, SIGTERM, SIGHUP and SIGQUIT (`sigaction` without `SA_RESTART`, in
    /// `CSystemShims`) and ignores SIGXFSZ, so a write past `ulimit -f` fails with `EFBIG`.
    public static func install() {
        unitpipe_install_signal_handlers()
    }

    /// The signal that asked the run to stop, if one did.
    public static var signalNumber: Int32? {
        let number = unitpipe_received_signal()
        return number == 0 ? nil : number
    }
}
