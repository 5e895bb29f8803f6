import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Turns failures into the rows of the error report: the one place their sentences are written.
///
/// Every message names the problem and, where there is one, the fix.
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

        public init(name: String, locale: String, conventions: NumberConventions, from: String, to: String, hasUnitColumn: Bool) {
            self.name = name
            self.locale = locale
            self.conventions = conventions
            self.from = from
            self.to = to
            self.hasUnitColumn = hasUnitColumn
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
    /// `--max-field-size`, named in the message of an oversized field.
    public var maxFieldSize: Int

    public init(columns: [Column], fieldCount: Int, hasHeader: Bool, delimiter: UInt8, maxFieldSize: Int) {
        self.columns = columns
        self.fieldCount = fieldCount
        self.hasHeader = hasHeader
        self.delimiter = delimiter
        self.maxFieldSize = maxFieldSize
    }

    /// The report row of a committed failure.
    public func reportRow(_ failure: CellFailure) -> CellError {
        let name = failure.column.map { columns[$0].name } ?? ""
        let value = FailureRenderer.shown(failure.raw)
        return CellError(
            record: failure.record, line: failure.line, column: name, value: value,
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
        switch failure.detail {
        case .number(.invalidNumber):
            guard let column else { return "'\(raw)' is not a number" }
            return NumberHint.invalidNumber(raw, locale: column.locale, conventions: column.conventions, unit: column.from)
        case .number(.multipleDecimal):
            return "'\(raw)' has more than one decimal separator"
        case .number(.grouping):
            return "'\(raw)' groups digits where locale \(column?.locale ?? "C") does not (separators must sit at every group boundary, never after the decimal separator)"
        case .number(.ambiguousNumber):
            return "'\(raw)' reads two ways (decimal point or grouping) and the column shows no evidence which; give --locale"
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
            return failure.raw.withUnsafeBytes { InvalidUTF8.message(for: $0) }
        case .invalidUTF8Unit(let unit):
            return unit.withUnsafeBytes { InvalidUTF8.message(forUnit: $0) }
        case .required:
            return "empty cell in column '\(column?.name ?? "")', which --required says must have a value"
        case .unit(let error):
            return error.message
        case .missingUnit:
            if let column, column.hasUnitColumn {
                return "the unit column '\(column.from.dropFirst())' is empty in this row; write the row's unit there (e.g. 'km')"
            }
            return "no unit in the cell and no default; write the unit (e.g. '5 km') or give one: -c NAME:*km:TO"
        case .fieldCount(let found):
            return "record has \(found) field\(found == 1 ? "" : "s"), but the \(hasHeader ? "header" : "first record") has \(fieldCount)"
        case .malformed(.unterminatedQuote, _), .malformed(.none, _):
            return "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)"
        case .malformed(.recordTooLarge, let fields):
            return "the record is longer than --max-field-size (\(maxFieldSize) bytes, counting \(RecordBatch.bytesCountedPerField) bytes for each field after the first): \(fields) fields were kept; fix the file or raise --max-field-size"
        case .malformed(.textAfterQuote, _):
            return "text follows the closing quote of a field (as in '\"ab\" ,1'), so the record is not converted; quote the whole field or remove its quotes"
        case .numberWithHint(let error, let hint):
            let name = column?.locale ?? "C"
            let problem = switch error {
            case .grouping: "groups digits where locale \(name) does not (separators must sit at every group boundary, never after the decimal separator)"
            case .multipleDecimal: "has more than one decimal separator"
            default: "is not a number in locale \(name)"
            }
            return "'\(raw)' \(problem); \(hint.text)"
        case .constraint(let failure):
            let unit = column.map { $0.to.isEmpty ? "" : " " + $0.to } ?? ""
            let name = column?.name ?? ""
            switch failure {
            case .belowMinimum(let bound):
                return bound.isExclusive
                    ? "'\(raw)' is not above the exclusive minimum \(bound.value)\(unit) of column '\(name)'"
                    : "'\(raw)' is below the minimum \(bound.value)\(unit) of column '\(name)'"
            case .aboveMaximum(let bound):
                return bound.isExclusive
                    ? "'\(raw)' is not below the exclusive maximum \(bound.value)\(unit) of column '\(name)'"
                    : "'\(raw)' is above the maximum \(bound.value)\(unit) of column '\(name)'"
            case .notAllowed(let values):
                return "'\(raw)' is not one of the values column '\(name)' allows: \(values.map(\.description).joined(separator: ", "))"
            case .notInteger:
                return "'\(raw)' is not a whole number, which column '\(name)' (integer) requires"
            }
        case .requiredBySchema(let missingValue):
            let cell = missingValue.isEmpty ? "empty cell" : "missing value '\(missingValue)'"
            return "\(cell) in column '\(column?.name ?? "")', which the schema requires (constraints.required)"
        case .emptyNotMissing(let missingValues):
            return "empty cell in column '\(column?.name ?? "")', which the schema's missingValues (\(missingValues.map { "'\($0)'" }.joined(separator: ", "))) do not count as missing; add \"\" to them or fill the cell"
        case .malformed(.fieldTooLarge, _):
            return "a field is longer than --max-field-size (\(maxFieldSize) bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"
        }
    }
}

/// One failed cell or row as it appears in the error report: rendered from a ``CellFailure``.
public struct CellError: Sendable, Equatable {
    /// The 1-based data record number (the header is not a record).
    public var record: Int
    /// The 1-based physical line on which the record starts.
    public var line: Int
    /// The column's header name (`#N` without a header); empty for row-level errors.
    public var column: String
    /// The raw cell value (for row-level errors, the whole raw record joined by the delimiter, truncated).
    public var value: String
    public var code: ErrorCode
    /// A one-line explanation naming the problem and, where there is one, the fix.
    public var message: String
}
