import UnitPipeCSV

/// Something a run did that the user may not have meant; it does not change the outcome.
/// Cases carry data; `UnitPipeCLI` renders the message.
public enum JobWarning: Sendable, Equatable {
    /// The warning for an input that ended without a line end, when it is a stream: a regular
    /// file is checked against its size instead (a missing last line end is common in files).
    static func endOfInput(_ source: InputSource) -> JobWarning? {
        guard source.endsWithoutLineEnd, source.storedSize == nil else { return nil }
        return .streamEndsWithoutLineEnd(input: source.displayName)
    }

    /// The first record was taken as the header although it reads like data (it holds numbers).
    case headerLooksLikeData(fields: [String])
    /// An ECB history file holds several rows for one date (their lines; the first is used).
    case duplicateRatesDate(date: String, lines: [Int])
    /// A stream (a pipe, a FIFO, standard input) ended without a line end after its last record,
    /// which was read as it is: a writer that stopped in the middle of a record leaves that.
    case streamEndsWithoutLineEnd(input: String)
}
