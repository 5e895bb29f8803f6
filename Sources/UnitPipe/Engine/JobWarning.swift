/// Something a run did that the user may not have meant; it does not change the outcome.
/// Cases carry data; `UnitPipeCLI` renders the message.
public enum JobWarning: Sendable, Equatable {
    /// The first record was taken as the header although it reads like data (it holds numbers).
    case headerLooksLikeData(fields: [String])
    /// An ECB history file holds several rows for one date (their lines; the first is used).
    case duplicateRatesDate(date: String, lines: [Int])
}
