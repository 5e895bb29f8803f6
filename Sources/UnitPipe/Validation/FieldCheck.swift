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
/// A class, so that a worker holding it checks a million cells without copying its many parts.
final class FieldCheck: @unchecked Sendable {
    // Safety: every property is a constant; `Regex` keeps its compiled program in a class that
    // it may fill on first use, and each worker makes its own check (``fresh()``), so no two
    // threads share one.

    let reader: FieldValueReader
    let field: TableSchema.Field
    let pattern: Regex<AnyRegexOutput>?
    /// The `pattern` matched on bytes, when it is of the simple kind.
    let bytePattern: BytePattern?
    let minimum: FieldValue?
    let maximum: FieldValue?
    let allowed: [FieldValue]?
    /// The `enum` of a string or `any` field, as bytes.
    let allowedBytes: [[UInt8]]
    /// A `string` or `any` field: checked on its text.
    let isText: Bool
    /// The string `format`, decided once for every cell.
    let textFormat: TextFormat?

    /// A string `format` read on bytes.
    enum TextFormat {
        case email, uri, uuid, binary, other
    }

    /// The stage of a field, or `nil` when there is nothing to check beyond presence (a string
    /// or `any` field without format or constraints) or its format cannot be read
    /// (``TableSchema/parse(_:)`` refuses such a schema first).
    init?(field: TableSchema.Field) {
        if field.type == .string || field.type == .any, field.format == nil, field.pattern == nil, field.minLength == nil,
           field.maxLength == nil, field.allowedTexts == nil {
            return nil
        }
        self.field = field
        guard let reader = try? FieldValueReader(field: field) else { return nil }
        self.reader = reader
        pattern = field.pattern.flatMap { try? Regex($0) }
        bytePattern = pattern == nil ? nil : field.pattern.flatMap { BytePattern($0) }
        minimum = field.valueMinimum.flatMap { reader.read($0.text) }
        maximum = field.valueMaximum.flatMap { reader.read($0.text) }
        allowed = field.allowedTexts.map { $0.compactMap { reader.read($0) } }
        allowedBytes = (field.allowedTexts ?? []).map { Array($0.utf8) }
        isText = field.type == .string || field.type == .any
        textFormat = field.format.map(Self.textFormat)
    }

    static func textFormat(_ format: String) -> TextFormat {
        switch format {
        case "email": .email
        case "uri": .uri
        case "uuid": .uuid
        case "binary": .binary
        default: .other
        }
    }

    /// A check of the same field with its own compiled pattern, for one worker thread.
    func fresh() -> FieldCheck { FieldCheck(field: field) ?? self }

    /// Checks one cell that is not a missing value.
    func check(_ cell: UnsafeRawBufferPointer) -> FieldFailure? {
        if isText { return checkText(cell) }
        guard let value = reader.read(cell) else {
            return .notOfType(field.type, format: field.format, layout: reader.layout,
                              trueValues: field.trueValues, falseValues: field.falseValues)
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

    /// A string or `any` cell, checked on its bytes: a `String` is made only for a `pattern`
    /// that ``BytePattern`` does not answer.
    private func checkText(_ cell: UnsafeRawBufferPointer) -> FieldFailure? {
        guard InvalidUTF8.firstInvalidOffset(in: cell) == nil else {
            return .notOfType(field.type, format: field.format, layout: reader.layout, trueValues: [], falseValues: [])
        }
        if let textFormat, let format = field.format, !Self.matches(cell, format: textFormat) {
            return .notOfType(field.type, format: format, layout: format, trueValues: [], falseValues: [])
        }
        if let pattern, !(bytePattern?.wholeMatch(cell)
                          ?? ((try? pattern.wholeMatch(in: String(decoding: cell, as: UTF8.self))) != nil)) {
            return .pattern(field.pattern ?? "")
        }
        if field.minLength != nil || field.maxLength != nil {
            // Characters as Unicode scalars: every byte that does not continue a UTF-8 sequence.
            var length = 0
            for byte in cell where byte & 0xC0 != 0x80 { length += 1 }
            if let minLength = field.minLength, length < minLength { return .tooShort(length, minimum: minLength) }
            if let maxLength = field.maxLength, length > maxLength { return .tooLong(length, maximum: maxLength) }
        }
        if let texts = field.allowedTexts, !allowedBytes.contains(where: { $0.elementsEqual(cell) }) {
            return .notAllowed(texts)
        }
        return nil
    }

    /// Whether a cell has the string `format` (`email`, `uri`, `uuid`, `binary`), read on its bytes.
    static func matches(_ cell: UnsafeRawBufferPointer, format: TextFormat) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")) }
        switch format {
        case .email:
            // local@domain.tld: no blanks, one '@', a domain of non-empty dot-separated labels
            // (at least two), none starting or ending with '-'.
            guard let at = cell.firstIndex(of: UInt8(ascii: "@")), at > 0, !cell.contains(where: isBlank) else { return false }
            var labels = 0
            var start = at + 1
            for i in (at + 1)...cell.count where i == cell.count || cell[i] == UInt8(ascii: ".") || cell[i] == UInt8(ascii: "@") {
                guard i < cell.count ? cell[i] != UInt8(ascii: "@") : true, i > start,
                      cell[start] != UInt8(ascii: "-"), cell[i - 1] != UInt8(ascii: "-") else { return false }
                labels += 1
                start = i + 1
            }
            return labels >= 2
        case .uri:
            // scheme ":" rest: the scheme a letter, then letters, digits, '+', '-', '.'; no blanks.
            guard let colon = cell.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < cell.count, isLetter(cell[0]),
                  !cell.contains(where: isBlank) else { return false }
            for byte in cell[..<colon] where !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+")
                                                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) {
                return false
            }
            return true
        case .uuid:
            guard cell.count == 36 else { return false }
            for (index, byte) in cell.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else if !isHex(byte) {
                    return false
                }
            }
            return true
        case .binary:
            // base64: groups of four of the alphabet, at most two '=' of padding at the end.
            guard cell.count % 4 == 0 else { return false }
            var padding = 0
            for byte in cell {
                if byte == UInt8(ascii: "=") {
                    padding += 1
                } else if padding > 0 || !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")) {
                    return false
                }
            }
            return padding <= 2
        case .other:
            return true
        }
    }
}
