import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Turns failures into the rows of the error report: the one place their sentences are written
/// (cells, rows, header problems against a schema, and the units the command line reports the
/// same way), with `NumberHint` for cells that are not numbers.
///
/// Every message names the problem and, where there is one, the fix. A library's error is shown
/// by its own sentence as a clause (``clause(_:)``), then the fix. A fix that depends on how the
/// tool is run is a ``FailureHint``, worded by ``hint``.
public struct FailureRenderer: Sendable {
    /// What the messages say about a column.
    public struct Column: Sendable {
        /// The header name (`#N` without a header).
        public var name: String
        /// How the column's numbers are read: a locale identifier or `auto:…`.
        public var locale: String
        /// The conventions the column's numbers are read with (for the hints of `invalid_number`).
        public var conventions: NumberConventions
        /// The unit the column's cells are declared in (`-c NAME:FROM:…`), as written.
        public var from: String
        /// The unit the column is converted or checked in, as written.
        public var to: String
        /// Whether each row's unit is in a unit column (`FROM` is `@COLUMN`).
        public var hasUnitColumn: Bool
        /// For a Table Schema field, the separators it sets (`decimalChar ',' and groupChar '.'`),
        /// empty when it sets none (its numbers are read with `--locale`); `nil` for other columns.
        public var schemaSeparators: String?
        /// Whether the schema field reads a currency mark, `%` or `‰` beside its numbers (`bareNumber: false`).
        public var schemaAllowsMarks = false

        public init(name: String, locale: String, conventions: NumberConventions, from: String, to: String, hasUnitColumn: Bool,
                    schemaSeparators: String? = nil, schemaAllowsMarks: Bool = false) {
            self.schemaAllowsMarks = schemaAllowsMarks
            self.name = name
            self.locale = locale
            self.conventions = conventions
            self.from = from
            self.to = to
            self.hasUnitColumn = hasUnitColumn
            self.schemaSeparators = schemaSeparators
        }
    }

    /// The job's columns, indexed by ``CellFailure/column``.
    public var columns: [Column]
    /// Fields per record (from the header, or the first record without one).
    public var fieldCount: Int
    /// Whether the field count comes from a header (the messages say which).
    public var hasHeader: Bool
    /// The delimiter joining a failed row's fields in the report's `value` column.
    public var delimiter: UInt8
    /// The largest field size, named in the message of an oversized field.
    public var maxFieldSize: Int
    /// The words of the hints (``FailureHint/plainText(_:)`` unless the caller words them).
    public var hint: @Sendable (FailureHint) -> String

    public init(columns: [Column], fieldCount: Int, hasHeader: Bool, delimiter: UInt8, maxFieldSize: Int,
                hint: @escaping @Sendable (FailureHint) -> String = FailureHint.plainText) {
        self.columns = columns
        self.fieldCount = fieldCount
        self.hasHeader = hasHeader
        self.delimiter = delimiter
        self.maxFieldSize = maxFieldSize
        self.hint = hint
    }

    /// The report row of a committed failure.
    public func reportRow(_ failure: CellFailure) -> ReportRow {
        let name = failure.column.map { columns[$0].name } ?? ""
        let value = FailureRenderer.shown(failure.raw)
        return ReportRow(
            record: failure.record, line: failure.line, byte: failure.byte, column: name, value: value,
            code: failure.code, message: message(failure))
    }

    /// A raw value as the report shows it: whole up to 256 bytes, else its first 256 and `…`.
    static func shown(_ raw: [UInt8]) -> String {
        raw.count > 256 ? String(decoding: raw.prefix(256), as: UTF8.self) + "…" : String(decoding: raw, as: UTF8.self)
    }

    /// The one-line message of a failure (a long cell is quoted by its first 256 bytes).
    public func message(_ failure: CellFailure) -> String {
        let raw = FailureRenderer.shown(failure.raw)
        let column = failure.column.map { columns[$0] }
        if let column, let separators = column.schemaSeparators, let message = Self.schemaMessage(failure.detail, raw: raw, column: column.name, separators: separators,
                                                                                                                    allowsMarks: column.schemaAllowsMarks) {
            return message
        }
        switch failure.detail {
        case .number(.invalidNumber):
            guard let column else { return "'\(raw)' is not a number" }
            return NumberHint.invalidNumber(raw, locale: column.locale, conventions: column.conventions, unit: column.from, hint: hint)
        case .number(.multipleDecimal):
            return "'\(raw)' has more than one decimal separator"
        case .number(.grouping):
            return "'\(raw)' groups digits where locale \(column?.locale ?? "C") does not (separators must sit at every group boundary, never after the decimal separator)"
        case .number(.ambiguousNumber):
            return "'\(raw)' reads two ways (decimal point or grouping) and the column shows no evidence which; " + hint(.ambiguousNumber)
        case .number(.unitMismatch):
            return "'\(raw)' names a currency other than the column's \(column?.from ?? "")"
        case .number(.ambiguousUnit), .ambiguousUnit:
            return "'\(raw)' has an ambiguous unit (a bare '$', or units on both sides); write the ISO code, e.g. USD"
        case .number(.overflow), .overflow:
            let target = column?.to ?? ""
            return "'\(raw)' is beyond the largest double (about 1.8e308)" + (target.isEmpty ? "" : ", as read or in \(target)")
        case .zeroReciprocal:
            return "'\(raw)' is zero, which has no value in \(column?.to ?? "the target unit"): \(column?.from ?? "the source unit") converts to it as y = K/x"
        case .invalidUTF8:
            let place = failure.raw.withUnsafeBytes { FailureRenderer.firstBadByte(in: $0) }
            return "the cell is not UTF-8 text (\(place)); " + hint(.encoding)
        case .invalidUTF8Unit(let unit):
            let place = unit.withUnsafeBytes { FailureRenderer.firstBadByte(in: $0) }
            return "the row's unit (in its unit column) is not UTF-8 text (\(place) of the unit); " + hint(.encoding)
        case .required:
            return "empty cell in column '\(column?.name ?? "")', " + hint(.required)
        case .unit(let error):
            return hint(.unit(error))
        case .missingUnit:
            if let column, column.hasUnitColumn {
                return "the unit column '\(column.from.dropFirst())' is empty in this row; write the row's unit there (e.g. 'km')"
            }
            return "no unit in the cell and no default; " + hint(.defaultUnit)
        case .fieldCount(let found):
            return "record has \(found) field\(found == 1 ? "" : "s"), but the \(hasHeader ? "header" : "first record") has \(fieldCount)"
        case .malformed(.unterminatedQuote, _), .malformed(.none, _):
            return "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)"
        case .malformed(.recordTooLarge, let fields):
            return hint(.recordTooLarge(limit: maxFieldSize, bytesPerField: RecordBatch.bytesCountedPerField, fieldsKept: fields))
        case .malformed(.textAfterQuote, _):
            return "text follows the closing quote of a field (as in '\"ab\" ,1'), so the record is not converted; quote the whole field or remove its quotes"
        case .numberWithHint(let error, let styleHint):
            let name = column?.locale ?? "C"
            let problem = switch error {
            case .grouping: "groups digits where locale \(name) does not (separators must sit at every group boundary, never after the decimal separator)"
            case .multipleDecimal: "has more than one decimal separator"
            default: "is not a number in locale \(name)"
            }
            return "'\(raw)' \(problem); \(text(of: styleHint))"
        case .constraint(let failure):
            let unit = column.map { $0.to.isEmpty ? "" : " " + $0.to } ?? ""
            let name = column?.name ?? ""
            switch failure {
            case .belowMinimum(let bound):
                return bound.isExclusive
                    ? "'\(raw)' is not above the exclusive minimum \(bound.shown)\(unit) of column '\(name)'"
                    : "'\(raw)' is below the minimum \(bound.shown)\(unit) of column '\(name)'"
            case .aboveMaximum(let bound):
                return bound.isExclusive
                    ? "'\(raw)' is not below the exclusive maximum \(bound.shown)\(unit) of column '\(name)'"
                    : "'\(raw)' is above the maximum \(bound.shown)\(unit) of column '\(name)'"
            case .notAllowed(let values):
                return "'\(raw)' is not one of the values column '\(name)' allows: \(values.map(\.description).joined(separator: ", "))"
            case .notInteger:
                return "'\(raw)' is not a whole number, which column '\(name)' (integer) requires"
            case .unordered(let bound, let isMinimum):
                return "'\(raw)' is not a number that can be at least or at most anything (NaN compares false), so it breaks the \(isMinimum ? "minimum" : "maximum") \(bound.shown)\(unit) of column '\(name)'; add '\(raw.trimmingBlanks)' to the field's missingValues if it marks a missing value"
            }
        case .requiredBySchema(let missingValue):
            let cell = missingValue.isEmpty ? "empty cell" : "missing value '\(missingValue)'"
            return "\(cell) in column '\(column?.name ?? "")', which the schema requires (constraints.required)"
        case .emptyNotMissing(let missingValues):
            return "empty cell in column '\(column?.name ?? "")', which the schema's missingValues (\(missingValues.map { "'\($0)'" }.joined(separator: ", "))) do not count as missing; add \"\" to them or fill the cell"
        case .malformed(.fieldTooLarge, _):
            return hint(.fieldTooLarge(limit: maxFieldSize))
        case .field(let failure):
            return Self.fieldMessage(failure, raw: raw, column: column?.name ?? "")
        case .duplicate(let first, let fields, let isPrimaryKey):
            let earlier = first == Int(UInt32.max) ? "an earlier record" : "record \(first)"
            if isPrimaryKey {
                return "'\(raw)' repeats the primaryKey (\(fields.joined(separator: ", "))) of \(earlier); each row's key must differ"
            }
            return "'\(raw)' repeats the value of \(earlier) in column '\(column?.name ?? "")', which the schema says is unique (constraints.unique)"
        case .specialNotNumber:
            return "'\(raw)' is not an integer; NaN, INF and -INF are values of 'number' fields only: make field '\(column?.name ?? "")' a number, or add '\(raw)' to its missingValues"
        }
    }

    /// The message of a number failure in a Table Schema field, whose fix is in the schema:
    /// `nil` where the general message says it (a field read with `--locale`, a bound).
    static func schemaMessage(_ detail: CellFailure.Detail, raw: String, column: String, separators: String, allowsMarks: Bool) -> String? {
        let error: NumberError
        switch detail {
        case .number(let e), .numberWithHint(let e, _): error = e
        default: return nil
        }
        let cell = raw.trimmingBlanks
        let settings = separators.isEmpty ? "" : " (\(separators))"
        switch error {
        case .invalidNumber:
            if NumberHint.nullMarkers.contains(cell) {
                return "'\(raw)' is not a number; if it marks a missing value, add \"\(cell)\" to the missingValues of field '\(column)' (or of the schema)"
            }
            if allowsMarks {
                return "'\(raw)' is not a number with at most one currency mark, '%' or '‰' before or after it, which is all field '\(column)' (\"bareNumber\": false) reads beside a number; fix the cell"
            }
            if cell.contains("%") || cell.contains("\u{2030}") {
                return "'\(raw)' has a percent sign, which field '\(column)' reads only with \"bareNumber\": false in the schema"
            }
            if cell.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol }) {
                return "'\(raw)' has a currency mark, which field '\(column)' reads only with \"bareNumber\": false in the schema"
            }
            guard !separators.isEmpty else { return nil }
            return "'\(raw)' is not a number in field '\(column)'\(settings); fix the cell, or the field's decimalChar and groupChar in the schema"
        case .grouping:
            guard !separators.isEmpty else { return nil }
            return "'\(raw)' groups digits where field '\(column)'\(settings) does not (groupChar must sit at every group of three digits, never after the decimalChar); fix the cell, or the field's groupChar in the schema (\"\" for none)"
        case .multipleDecimal:
            guard !separators.isEmpty else { return nil }
            return "'\(raw)' has more than one decimal separator for field '\(column)'\(settings); fix the cell, or the field's decimalChar and groupChar in the schema"
        default:
            return nil
        }
    }

    /// The message of a failed cell of a field that is not a number.
    static func fieldMessage(_ failure: FieldFailure, raw: String, column: String) -> String {
        switch failure {
        case .notOfType(let type, let format, let layout, let trueValues, let falseValues):
            switch type {
            case .boolean:
                let list = { (values: [String]) in values.map { "'\($0)'" }.joined(separator: ", ") }
                return "'\(raw)' is not a boolean of field '\(column)', whose trueValues are \(list(trueValues)) and falseValues \(list(falseValues)); fix the cell, or add its spelling to trueValues or falseValues in the schema"
            case .string:
                let what = switch format {
                case "email": "an email address"
                case "uri": "a URI (scheme:rest, as https://example.org)"
                case "uuid": "a UUID (8-4-4-4-12 hexadecimal digits)"
                default: "base64 text"
                }
                return "'\(raw)' is not \(what), which field '\(column)' (format \(format ?? "")) requires"
            default:
                if format != nil {
                    return "'\(raw)' is not a \(type.rawValue) in the format \(layout) of field '\(column)'; fix the cell, or the field's format in the schema"
                }
                let example = switch type {
                case .time: "%H:%M"
                case .datetime: "%d/%m/%Y %H:%M"
                case .yearmonth: "%m/%Y"
                case .year: "%y"
                default: "%d/%m/%Y"
                }
                return "'\(raw)' is not a \(type.rawValue) in the default format \(layout) of field '\(column)'; fix the cell, or give the field a format in the schema (as \"\(example)\")"
            }
        case .belowMinimum(let bound, let isExclusive):
            return isExclusive
                ? "'\(raw)' is not above the exclusive minimum \(bound) of column '\(column)'"
                : "'\(raw)' is below the minimum \(bound) of column '\(column)'"
        case .aboveMaximum(let bound, let isExclusive):
            return isExclusive
                ? "'\(raw)' is not below the exclusive maximum \(bound) of column '\(column)'"
                : "'\(raw)' is above the maximum \(bound) of column '\(column)'"
        case .notAllowed(let values):
            return "'\(raw)' is not one of the values column '\(column)' allows: \(values.joined(separator: ", "))"
        case .pattern(let pattern):
            return "'\(raw)' does not match the pattern '\(pattern)' of column '\(column)' (the whole cell must match)"
        case .tooShort(let length, let minimum):
            return "'\(raw)' is \(length) character\(length == 1 ? "" : "s") long, shorter than the minLength \(minimum) of column '\(column)'"
        case .tooLong(let length, let maximum):
            return "'\(raw)' is \(length) character\(length == 1 ? "" : "s") long, longer than the maxLength \(maximum) of column '\(column)'"
        }
    }
}

extension FailureRenderer {
    /// A library's sentence as a clause of a message: its first letter in lower case (`Line 3: …`
    /// becomes `line 3: …`), without its closing period, so a hint can follow after `;`.
    public static func clause(_ sentence: String) -> String {
        var text = Substring(sentence)
        if text.last == "." { text = text.dropLast() }
        guard let first = text.first, first.isUppercase else { return String(text) }
        return first.lowercased() + text.dropFirst()
    }

    /// The hint of a cell another number style reads for certain.
    public func text(of styleHint: NumberStyleHint) -> String {
        switch styleHint {
        case .regrouped(let candidates): "did you mean \(candidates.joined(separator: " or "))?"
        case .otherStyle(let value, let locale): "reads as \(value) in \(locale)-style numbers; " + hint(.otherStyle(locale: locale))
        case .indianGrouping: "Indian grouping; " + hint(.otherStyle(locale: "en_IN"))
        }
    }

    /// The sentence of a header problem against the Table Schema.
    public static func message(_ problem: HeaderProblem) -> String {
        switch problem {
        case .missingColumn(let name):
            "the schema's field '\(name)' is not in the header; its cells cannot be checked"
        case .extraColumn(let name, let position):
            "column \(position) '\(name)' is not a field of the schema; add a field for it or drop the column"
        case .duplicateColumn(let name, let position, let first):
            "column \(position) repeats the name '\(name)' of column \(first); only column \(first) is checked"
        }
    }

    /// `byte 0xFF at offset 1`: the first byte that is not UTF-8.
    static func firstBadByte(in bytes: UnsafeRawBufferPointer) -> String {
        let offset = InvalidUTF8.firstInvalidOffset(in: bytes) ?? 0
        let byte = offset < bytes.count ? bytes[offset] : 0
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(offset)"
    }
}

/// One failed cell or row as it appears in the error report: rendered from a ``CellFailure``.
public struct ReportRow: Sendable, Equatable {
    /// The 1-based data record number (the header is not a record).
    public var record: Int
    /// The 1-based physical line on which the record starts.
    public var line: Int
    /// The offset of the record's first byte in the input as read (``CellFailure/byte``); `nil`
    /// for the header's problems.
    public var byte: Int?
    /// The column's header name (`#N` without a header); empty for row-level errors.
    public var column: String
    /// The raw cell value (for row-level errors, the whole raw record joined by the delimiter, truncated).
    public var value: String
    public var code: ErrorCode
    /// A one-line explanation naming the problem and, where there is one, the fix.
    public var message: String
}

extension String {
    /// The text without the blanks a cell may have around it (space, tab, NBSP, narrow NBSP).
    var trimmingBlanks: String {
        let blanks: Set<Character> = [" ", "\t", "\u{A0}", "\u{202F}"]
        return String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}
