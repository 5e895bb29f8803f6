/// Why a text is not a number, with the text and the position of the problem where one
/// character is to blame.
///
/// Thrown by the text entry points (``NumberParser/exactNumber(_:)``, ``NumberParser/value(_:)``,
/// the parse strategies). `description` and `errorDescription` are one plain sentence an app can
/// show: `'12a' is not a number: 'a' at position 3 is not a digit`.
public struct NumberTextError: Error, Sendable, Hashable {
    /// What is wrong with the text.
    public enum Reason: Sendable, Hashable {
        /// The text holds nothing but blanks.
        case empty
        /// The text is not a number in the conventions.
        case number(NumberError)
        /// The number is valid but cannot be rounded as asked.
        case rounding(RoundingError)
    }

    /// What is wrong.
    public let reason: Reason
    /// The text as given.
    public let text: String
    /// The 0-based position (in `Character`s) of the character to blame, when one is.
    public let offset: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - text: The text as given.
    ///   - offset: The 0-based `Character` position of the character to blame, or `nil`.
    public init(_ reason: Reason, text: String, offset: Int? = nil) {
        self.reason = reason
        self.text = text
        self.offset = offset
    }

    /// The character at ``offset``.
    public var character: Character? {
        guard let offset, offset >= 0, offset < text.count else { return nil }
        return text[text.index(text.startIndex, offsetBy: offset)]
    }

    /// The 0-based range of the character to blame, as indices of ``text``.
    public var range: Range<String.Index>? {
        guard let offset, offset >= 0, offset < text.count else { return nil }
        let start = text.index(text.startIndex, offsetBy: offset)
        return start..<text.index(after: start)
    }
}
