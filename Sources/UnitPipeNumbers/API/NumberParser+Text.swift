// Design note — text in, exact value out.
//
// The text entry points run the same scan as a CSV cell (`scan(_:)` on the text's UTF-8 bytes,
// in place when the string is contiguous, so a short number allocates nothing) and keep the exact
// decimal it found. When the text is no number, a second look at the characters
// (`NumberParser+Diagnosis.swift`) finds the one to blame, for the message only: the verdict is
// always the scanner's.

extension NumberParser {
    /// The exact decimal value of a number's text in the parser's conventions.
    ///
    /// - Parameter text: The number as a person or a file wrote it (`1.234,56`, `US$1,000.99`).
    /// - Returns: Its exact value; nothing is rounded yet.
    /// - Throws: ``NumberTextError`` naming the problem and, where one character is to blame, its position.
    public func exactNumber(_ text: some StringProtocol) throws(NumberTextError) -> ExactNumber {
        let result: Result<ExactNumber, NumberError>? = Self.withBytes(of: text) { bytes in
            switch scan(bytes) {
            case .decimal(let decimal):
                if decimal.doubleValue.isInfinite { return .failure(.overflow) }
                return .success(ExactNumber(decimal))
            case .long:
                guard let long = scanLong(bytes) else { return .failure(.invalidNumber) }
                if ExactRounding.nearest(long).isInfinite { return .failure(.overflow) }
                return .success(ExactNumber(long: long))
            case .empty:
                return nil
            case .failure(let error):
                return .failure(error)
            }
        }
        switch result {
        case .success(let number): return number
        case .failure(let error): throw diagnose(error, in: String(text))
        case nil: throw NumberTextError(.empty, text: String(text))
        }
    }

    /// The nearest `Double` (ties to even) to a number's text in the parser's conventions.
    ///
    /// - Parameter text: The number's text.
    /// - Returns: The correctly rounded value, as `strtod` gives for the same number in the C locale.
    /// - Throws: ``NumberTextError``.
    public func value(_ text: some StringProtocol) throws(NumberTextError) -> Double {
        try exactNumber(text).doubleValue
    }

    /// Calls `body` with the UTF-8 bytes of `text`, in place when its storage is contiguous.
    static func withBytes<R>(of text: some StringProtocol, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes(body)
    }
}

extension NumberWriter {
    /// A number's text rounded once, from its exact decimal value, to exactly `decimals` fraction digits.
    ///
    /// `fixed("2.675", decimals: 2)` is `2.68` (half to even from the text), where rounding the
    /// `Double` 2.675 would give `2.67`.
    /// - Parameters:
    ///   - text: The number's text.
    ///   - decimals: 0...``RoundedDecimal/maxFractionDigits``.
    ///   - rule: How ties round; half to even by default.
    ///   - parser: Reads the text; the C convention by default.
    /// - Returns: The digits in the C convention (`-459.67`, `110.00`).
    /// - Throws: ``NumberTextError``.
    public static func fixed(_ text: some StringProtocol, decimals: Int, rule: DecimalRounding = .halfEven,
                             parser: NumberParser = NumberParser()) throws(NumberTextError) -> String {
        let number = try parser.exactNumber(text)
        do {
            return try number.rounded(fractionDigits: decimals, rule: rule).description
        } catch {
            throw NumberTextError(.rounding(error), text: String(text))
        }
    }
}
