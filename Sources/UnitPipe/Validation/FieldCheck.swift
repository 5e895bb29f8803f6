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
/// A class, so that a worker holding it checks a million cells without copying its many parts;
/// what each cell needs is settled here once, so a cell's check reads plain values and makes
/// no `String` (a `pattern` that ``BytePattern`` does not answer aside).
final class FieldCheck: @unchecked Sendable {
    // Safety: every property is a constant; `Regex` keeps its compiled program in a class that
    // it may fill on first use, and each worker makes its own check (``fresh()``), so no two
    // threads share one.

    let reader: FieldValueReader
    let field: TableSchema.Field
    /// The `pattern` as a `Regex`, for the cells ``bytePattern`` does not answer.
    private let regex: CompiledPattern?
    /// The `pattern` matched on bytes, when it is of the simple kind.
    private let bytePattern: BytePattern?
    /// A `string` or `any` field: checked on its text.
    private let isText: Bool
    /// The string `format`, decided once for every cell.
    private let textFormat: TextFormat
    private let hasPattern: Bool
    /// `minLength` and `maxLength` (0 and `Int.max` when absent).
    private let checksLength: Bool
    private let minLength: Int
    private let maxLength: Int
    /// The `enum` of a string or `any` field, as bytes.
    private let allowedBytes: [[UInt8]]
    /// Booleans and temporal values read as points; their bounds and `enum` as points.
    private let readsPoints: Bool
    private let minimumPoint: FieldPoint?
    private let maximumPoint: FieldPoint?
    private let isMinimumExclusive: Bool
    private let isMaximumExclusive: Bool
    private let allowedPoints: [FieldPoint]
    /// The `enum` of any other field (a temporal field of `format: any`), as values.
    private let allowedValues: [FieldValue]
    private let hasEnum: Bool

    /// A string `format` read on bytes.
    enum TextFormat {
        case email, uri, uuid, binary, other
    }

    /// What a cell's check found: valid, or the first rule it breaks.
    enum Outcome: UInt8 {
        case valid
        /// Not of the field's type and format (a boolean, a date, …).
        case notOfType
        /// A text that is not UTF-8.
        case notText
        /// A text not in the string `format`.
        case notOfFormat
        case belowMinimum, aboveMaximum, notAllowed, pattern, length
    }

    /// `Regex` in a class of its own: a cell's check holds it without copying the `Regex` value.
    private final class CompiledPattern: @unchecked Sendable {
        // Safety: see FieldCheck.
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
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
        let regex = field.pattern.flatMap { try? Regex($0) }
        self.regex = regex.map(CompiledPattern.init)
        bytePattern = regex == nil ? nil : field.pattern.flatMap { BytePattern($0) }
        hasPattern = regex != nil
        isText = field.type == .string || field.type == .any
        textFormat = field.format.map(Self.textFormat) ?? .other
        checksLength = field.minLength != nil || field.maxLength != nil
        minLength = field.minLength ?? 0
        maxLength = field.maxLength ?? Int.max
        allowedBytes = (field.allowedTexts ?? []).map { Array($0.utf8) }
        hasEnum = field.allowedTexts != nil
        readsPoints = !isText && reader.readsPoints
        // Bounds order temporal values only; a boolean has none.
        let isOrdered = readsPoints && field.type != .boolean
        minimumPoint = isOrdered ? field.valueMinimum.flatMap { Self.point(of: $0.text, reader) } : nil
        maximumPoint = isOrdered ? field.valueMaximum.flatMap { Self.point(of: $0.text, reader) } : nil
        isMinimumExclusive = field.valueMinimum?.isExclusive ?? false
        isMaximumExclusive = field.valueMaximum?.isExclusive ?? false
        allowedPoints = readsPoints ? (field.allowedTexts ?? []).compactMap { Self.point(of: $0, reader) } : []
        allowedValues = (field.allowedTexts ?? []).compactMap { reader.read($0) }
    }

    private static func point(of text: String, _ reader: FieldValueReader) -> FieldPoint? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { reader.readPoint(UnsafeRawBufferPointer($0)) }
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

    /// Whether a cell that is not a missing value passes the field.
    @inline(__always)
    func isValid(_ cell: UnsafeRawBufferPointer) -> Bool { outcome(cell) == .valid }

    /// Checks one cell that is not a missing value: the first rule it breaks, with what its message needs.
    func check(_ cell: UnsafeRawBufferPointer) -> FieldFailure? {
        switch outcome(cell) {
        case .valid:
            return nil
        case .notOfType:
            return .notOfType(field.type, format: field.format, layout: reader.layout,
                              trueValues: field.trueValues, falseValues: field.falseValues)
        case .notText:
            return .notOfType(field.type, format: field.format, layout: reader.layout, trueValues: [], falseValues: [])
        case .notOfFormat:
            let format = field.format ?? ""
            return .notOfType(field.type, format: format, layout: format, trueValues: [], falseValues: [])
        case .belowMinimum:
            let bound = field.valueMinimum
            return .belowMinimum(bound?.text ?? "", isExclusive: bound?.isExclusive ?? false)
        case .aboveMaximum:
            let bound = field.valueMaximum
            return .aboveMaximum(bound?.text ?? "", isExclusive: bound?.isExclusive ?? false)
        case .notAllowed:
            return .notAllowed(field.allowedTexts ?? [])
        case .pattern:
            return .pattern(field.pattern ?? "")
        case .length:
            let length = Self.length(of: cell)
            return length < minLength ? .tooShort(length, minimum: minLength) : .tooLong(length, maximum: maxLength)
        }
    }

    /// The check of one cell that is not a missing value.
    func outcome(_ cell: UnsafeRawBufferPointer) -> Outcome {
        if isText { return textOutcome(cell) }
        guard readsPoints else { return valueOutcome(cell) }
        guard let point = reader.readPoint(cell) else { return .notOfType }
        if let minimumPoint, point < minimumPoint || (point == minimumPoint && isMinimumExclusive) { return .belowMinimum }
        if let maximumPoint, point > maximumPoint || (point == maximumPoint && isMaximumExclusive) { return .aboveMaximum }
        if hasEnum, !allowedPoints.contains(point) { return .notAllowed }
        return .valid
    }

    /// A cell of a field whose values are neither texts nor points (a temporal field of `format: any`).
    private func valueOutcome(_ cell: UnsafeRawBufferPointer) -> Outcome {
        guard let value = reader.read(cell) else { return .notOfType }
        if hasEnum, !allowedValues.contains(value) { return .notAllowed }
        return .valid
    }

    /// A string or `any` cell, checked on its bytes.
    private func textOutcome(_ cell: UnsafeRawBufferPointer) -> Outcome {
        guard InvalidUTF8.firstInvalidOffset(in: cell) == nil else { return .notText }
        if textFormat != .other, !Self.matches(cell, format: textFormat) { return .notOfFormat }
        if hasPattern, !matchesPattern(cell) { return .pattern }
        if checksLength {
            let length = Self.length(of: cell)
            if length < minLength || length > maxLength { return .length }
        }
        if hasEnum, !allowedBytes.contains(where: { $0.elementsEqual(cell) }) { return .notAllowed }
        return .valid
    }

    /// Whether the whole cell matches `pattern`: on its bytes when ``BytePattern`` answers, else by `Regex`.
    private func matchesPattern(_ cell: UnsafeRawBufferPointer) -> Bool {
        if let answer = bytePattern?.wholeMatch(cell) { return answer }
        guard let regex else { return true }
        return (try? regex.regex.wholeMatch(in: String(decoding: cell, as: UTF8.self))) != nil
    }

    /// A text's length in characters as Unicode scalars: every byte that does not continue a UTF-8 sequence.
    private static func length(of cell: UnsafeRawBufferPointer) -> Int {
        var length = 0
        for byte in cell where byte & 0xC0 != 0x80 { length += 1 }
        return length
    }

    /// Whether a cell has the string `format` (`email`, `uri`, `uuid`, `binary`), read on its bytes.
    static func matches(_ cell: UnsafeRawBufferPointer, format: TextFormat) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")) }
        switch format {
        case .email:
            // local@domain.tld: no blanks, one '@' after at least one byte, a domain of non-empty
            // dot-separated labels (at least two), none starting or ending with '-'. One pass.
            let count = cell.count
            func isLabel(_ start: Int, _ end: Int) -> Bool {
                end > start && cell[start] != UInt8(ascii: "-") && cell[end - 1] != UInt8(ascii: "-")
            }
            var at = -1
            var labels = 0
            var start = 0
            for i in 0..<count {
                let byte = cell[i]
                if isBlank(byte) { return false }
                if byte == UInt8(ascii: "@") {
                    guard at < 0, i > 0 else { return false }
                    at = i
                    start = i + 1
                } else if at >= 0, byte == UInt8(ascii: ".") {
                    guard isLabel(start, i) else { return false }
                    labels += 1
                    start = i + 1
                }
            }
            return at >= 0 && isLabel(start, count) && labels + 1 >= 2
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
            guard cell.count == 36, cell[8] == UInt8(ascii: "-"), cell[13] == UInt8(ascii: "-"),
                  cell[18] == UInt8(ascii: "-"), cell[23] == UInt8(ascii: "-") else { return false }
            for index in 0..<36 where index != 8 && index != 13 && index != 18 && index != 23 && !isHex(cell[index]) {
                return false
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
