/// Why a cell of a field that is not a number fails its field.
public enum FieldFailure: Sendable, Equatable {
    /// Not of the field's type and format (a boolean, a date in the format, an email address, …).
    case notOfType(TableSchema.FieldType, format: String?, layout: String, trueValues: [String], falseValues: [String])
    /// Below `minimum` (or at an exclusive one), as the schema writes the bound.
    case belowMinimum(String, isExclusive: Bool)
    /// Above `maximum` (or at an exclusive one).
    case aboveMaximum(String, isExclusive: Bool)
    /// Not one of the `enum` values, as the schema writes them.
    case notAllowed([String])
    /// Does not match `pattern`.
    case pattern(String)
    /// Fewer characters than `minLength` (the cell's length, the bound).
    case tooShort(Int, minimum: Int)
    /// More characters than `maxLength`.
    case tooLong(Int, maximum: Int)

    /// The error report's code.
    public var code: ErrorCode {
        switch self {
        case .notOfType: .invalidValue
        case .belowMinimum, .aboveMaximum, .notAllowed: .outOfRange
        case .pattern: .patternMismatch
        case .tooShort, .tooLong: .invalidLength
        }
    }
}

/// The check stage of a field that is not a number: its type and format, then `pattern`,
/// `minLength`/`maxLength`, the bounds and `enum`, on every cell that is not a missing value.
struct FieldCheck: @unchecked Sendable {
    // Safety: `Regex` holds its compiled program in a class it only reads once built.

    let reader: FieldValueReader
    let field: TableSchema.Field
    let pattern: Regex<AnyRegexOutput>?
    let minimum: FieldValue?
    let maximum: FieldValue?
    let allowed: [FieldValue]?

    /// The stage of a field, or `nil` when its format cannot be read (``TableSchema/parse(_:)``
    /// refuses such a schema first).
    init?(field: TableSchema.Field) {
        self.field = field
        guard let reader = try? FieldValueReader(field: field) else { return nil }
        self.reader = reader
        pattern = field.pattern.flatMap { try? Regex($0) }
        minimum = field.valueMinimum.flatMap { reader.read($0.text) }
        maximum = field.valueMaximum.flatMap { reader.read($0.text) }
        allowed = field.allowedTexts.map { $0.compactMap { reader.read($0) } }
    }

    /// Checks one cell that is not a missing value.
    func check(_ cell: UnsafeRawBufferPointer) -> FieldFailure? {
        guard let value = reader.read(cell) else {
            return .notOfType(field.type, format: field.format, layout: reader.layout,
                              trueValues: field.trueValues, falseValues: field.falseValues)
        }
        if case .text(let text) = value {
            if let format = field.format, !Self.matches(text, format: format) {
                return .notOfType(field.type, format: format, layout: format, trueValues: [], falseValues: [])
            }
            if let pattern, (try? pattern.wholeMatch(in: text)) == nil {
                return .pattern(field.pattern ?? "")
            }
            if field.minLength != nil || field.maxLength != nil {
                let length = text.unicodeScalars.count
                if let minLength = field.minLength, length < minLength { return .tooShort(length, minimum: minLength) }
                if let maxLength = field.maxLength, length > maxLength { return .tooLong(length, maximum: maxLength) }
            }
        }
        if let minimum, let bound = field.valueMinimum, let order = value.order(against: minimum),
           order < 0 || (order == 0 && bound.isExclusive) {
            return .belowMinimum(bound.text, isExclusive: bound.isExclusive)
        }
        if let maximum, let bound = field.valueMaximum, let order = value.order(against: maximum),
           order > 0 || (order == 0 && bound.isExclusive) {
            return .aboveMaximum(bound.text, isExclusive: bound.isExclusive)
        }
        if let allowed, let texts = field.allowedTexts, !allowed.contains(where: { $0 == value || $0.order(against: value) == 0 }) {
            return .notAllowed(texts)
        }
        return nil
    }

    /// Whether a text has the string `format` (`email`, `uri`, `uuid`, `binary`).
    static func matches(_ text: String, format: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        switch format {
        case "email":
            // local@domain.tld: no blanks, one '@', a dot inside the domain.
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty,
                  !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else { return false }
            let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
            return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
        case "uri":
            // scheme ":" rest, the scheme a letter then letters, digits, '+', '-', '.'; no blanks.
            guard let colon = scalars.firstIndex(of: ":"), colon > 0, colon + 1 < scalars.count,
                  scalars[0].properties.isAlphabetic, scalars[0].isASCII,
                  scalars[..<colon].allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }),
                  !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else { return false }
            return true
        case "uuid":
            guard scalars.count == 36 else { return false }
            for (index, scalar) in scalars.enumerated() {
                if [8, 13, 18, 23].contains(index) {
                    guard scalar == "-" else { return false }
                } else if !scalar.properties.isASCIIHexDigit {
                    return false
                }
            }
            return true
        case "binary":
            // base64: groups of four of the alphabet, '=' padding at the end only.
            let alphabet = scalars.filter { $0 != "=" }
            guard scalars.count % 4 == 0, scalars.drop(while: { $0 != "=" }).allSatisfy({ $0 == "=" }),
                  scalars.count - alphabet.count <= 2 else { return false }
            return alphabet.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "/") }
        default:
            return true
        }
    }
}
