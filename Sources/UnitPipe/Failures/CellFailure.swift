// Design note — failures are data until the last moment.
//
// A worker that finds a bad cell or row records a `CellFailure`: the code, where
// the record is, the raw bytes and a structured detail. It writes no prose: the
// sentence users read is made by `FailureRenderer` on the main thread, in input
// order, when the failure is committed (a fix that names how to run the tool is
// a `FailureHint`, worded by the caller). A job adds what it needs to `Detail`
// (a validation bound, an enum of allowed values) and one case to the renderer.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// One failed cell or row, as data.
public struct CellFailure: Sendable, Equatable {
    /// Why the cell or row failed, with the data the message needs.
    public enum Detail: Sendable, Equatable {
        /// The cell is not a number in its column's conventions (`overflow` goes to ``overflow``).
        case number(NumberError)
        /// An empty cell in a column that must have a value (`--required`).
        case required
        /// The cell is not UTF-8 text (only cells that fail to parse are checked).
        case invalidUTF8
        /// The row's unit column holds these bytes (trimmed), which are not UTF-8 text.
        case invalidUTF8Unit([UInt8])
        /// The value is beyond the largest double, as read or in the target unit.
        case overflow
        /// A zero converted between reciprocal units (`mpg` to `L/100km`), which has no reciprocal.
        case zeroReciprocal
        /// The cell's unit (in the cell or the row's unit column) does not resolve.
        case unit(UnitExpressionError)
        /// The cell names no unit and the column gives no default, or the row's unit column is empty.
        case missingUnit
        /// The unit is ambiguous: a bare `$`, or text on both sides of the number.
        case ambiguousUnit
        /// The record has another number of fields than the header.
        case fieldCount(found: Int)
        /// The record could not be read as CSV; `fields` is how many fields were kept.
        case malformed(RecordProblem, fields: Int)
        /// `validate`: not a number, and another style reads it for certain (`1.234,5` in C).
        case numberWithHint(NumberError, NumberStyleHint)
        /// `validate`: a number that breaks a bound, `enum` or `integer`.
        case constraint(ConstraintFailure)
        /// `validate`: an empty or missing-value cell (the value, `""` for empty) in a column the schema requires.
        case requiredBySchema(missingValue: String)
        /// `validate`: an empty cell that the schema's `missingValues` (given) do not count as missing.
        case emptyNotMissing([String])
        /// `validate`: a cell of a schema field that is not a number, failing its type or constraints.
        case field(FieldFailure)
        /// `validate`: `NaN`, `INF` or `-INF` in a schema field that is not a `number`.
        case specialNotNumber
        /// `validate`: a `unique` field's value or the `primaryKey` that the record `firstRecord` already has.
        case duplicate(firstRecord: Int, fields: [String], isPrimaryKey: Bool)

        /// The error report code of the detail.
        public var code: ErrorCode {
            switch self {
            case .number(let error): ErrorCode(error)
            case .required: .empty
            case .invalidUTF8, .invalidUTF8Unit: .invalidUTF8
            case .overflow: .overflow
            case .zeroReciprocal: .zeroReciprocal
            case .unit(let error): ErrorCode(error)
            case .missingUnit: .unknownUnit
            case .ambiguousUnit: .ambiguousUnit
            case .fieldCount: .fieldCount
            case .malformed: .malformedCSV
            case .numberWithHint(let error, _): ErrorCode(error)
            case .constraint(let failure): failure.code
            case .requiredBySchema, .emptyNotMissing: .empty
            case .field(let failure): failure.code
            case .specialNotNumber: .notInteger
            case .duplicate: .duplicateValue
            }
        }
    }

    /// The stable code of the report's `code` column.
    public var code: ErrorCode
    /// The data record. On a worker, the 0-based index in the stretch of input it parsed; once
    /// committed, 1-based in the input (the engine's bases make it absolute).
    public var record: Int
    /// The physical line on which the record starts: 1-based in the stretch on a worker, in the
    /// input once committed.
    public var line: Int
    /// The offset of the record's first byte (the start of its first line): in the stretch on a
    /// worker; once committed, in the input as read — the file's bytes (its BOM and header
    /// counted; with `--byte-range`, still from the file's start), or the decompressed stream's
    /// for a compressed input.
    public var byte: Int
    /// The job's column the cell belongs to (an index into the renderer's columns); `nil` for a
    /// failure of the whole row.
    public var column: Int?
    /// The cell's bytes as read; for a row failure, the start of the record's fields joined by the
    /// delimiter (257 bytes at most).
    public var raw: [UInt8]
    public var detail: Detail

    /// A failure whose code follows from its detail.
    /// The most bytes of a cell a failure keeps: a report shows 256 of them, and a cell of 60 MiB
    /// must not cost another 60 MiB (and its hints a scan of it) to report.
    public static let keptCellBytes = 4096

    /// The bytes of `cell` a failure keeps (``keptCellBytes`` at most).
    public static func kept(_ cell: UnsafeRawBufferPointer) -> [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: cell[..<min(cell.count, keptCellBytes)]))
    }

    public init(_ detail: Detail, record: Int, line: Int, byte: Int, column: Int?, raw: [UInt8]) {
        self.code = detail.code
        self.record = record
        self.line = line
        self.byte = byte
        self.column = column
        self.raw = raw
        self.detail = detail
    }

    /// Where the record is, as the CSV reader's positions are given: byte offset, record and line.
    public var position: RecordPosition { RecordPosition(offset: byte, record: record, line: line) }

    /// The failure made absolute: from positions in a worker's stretch to positions in the input.
    mutating func place(after bases: RecordEngine.Bases) {
        record += bases.record + 1
        line += bases.line
        byte += bases.byte
    }
}
