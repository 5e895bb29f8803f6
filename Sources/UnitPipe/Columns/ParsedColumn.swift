// Design note — the typed column stages.
//
// A job works on a batch one column at a time, through stages that hand each
// other a `ParsedColumn` (contiguous buffers, reused from batch to batch):
//
//   ColumnParser      cells → scanned decimals (mantissa and exponent slot) and a `CellStatus`
//                     per cell (in-cell units split off)
//   ColumnUnits       per-row and in-cell units → the source unit of each row
//   ColumnConverter   the decimal factor table over the whole column, rounded once (to the
//                     nearest double, and with `--decimals` to N digits); overflow flagged
//   NumberFormat      a value → its bytes in the output
//
// `convert` runs all four; a checking job (`validate`) runs the parser and the
// units, then checks values instead of converting them. A failed cell is a
// status (`.failed(CellStatus.Fault)`), never a sentinel value; the job turns it into a
// `CellFailure` when it reports the row.

import UnitPipeNumbers

/// What became of one cell.
public enum CellStatus: Sendable, Equatable {
    /// The cell holds a number: the column's value at its row is valid.
    case number
    /// The cell is empty (blanks only): a null, never 0.
    case empty
    /// The cell was not read because its row failed as a whole (`field_count`, `malformed_csv`).
    case skipped
    /// The cell failed.
    case failed(Fault)

    /// Why a cell failed, compact enough for one byte per cell.
    public enum Fault: Sendable, Equatable {
        /// The cell is not a number in the column's conventions.
        case number(NumberError)
        /// The cell is empty and the column must have a value.
        case required
        /// The cell is not UTF-8 text.
        case invalidUTF8
        /// The value is beyond the largest double, as read or converted.
        case overflow
        /// The row's unit does not resolve (the column's resolver knows why).
        case unit
        /// The unit is ambiguous: text on both sides of the number, or a currency symbol the
        /// input's locale does not settle.
        case ambiguousUnit
        /// A zero in a conversion between reciprocal units (`mpg` to `L/100km`): it has no reciprocal.
        case zeroReciprocal
    }
}

/// What a row is, before any cell is read.
public enum RowShape: Sendable, Equatable {
    /// The record reads as CSV and has the header's number of fields.
    case ok
    /// The record has another number of fields.
    case fieldCount
    /// The record could not be read as CSV (see its `RecordProblem`).
    case malformed
}

/// One column of a batch as the stages see it: a value, a status and a unit index per row.
///
/// The buffers are reused from batch to batch; ``reserve(_:)`` grows them.
public final class ParsedColumn {
    /// Rows the buffers hold.
    public private(set) var capacity = 0
    /// The cell's value where its status is `.number`: after ``ColumnParser``, the scanned
    /// decimal's signed mantissa as an exact double (NaN for a cell the kernel cannot take, listed
    /// in ``exactRows``); after ``ColumnConverter``, the nearest double of the converted value.
    public private(set) var values = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    /// With `--decimals N`: the converted value times 10^N, rounded once (NaN where ``bigFixed``
    /// holds the digits, or the cell failed); `nil` for shortest output.
    public private(set) var fixedValues: UnsafeMutablePointer<Double>?
    /// With `--decimals N`: the digits of values too large for ``fixedValues``, by row.
    public var bigFixed: [Int: [UInt8]] = [:]
    /// Rows whose decimal the kernel cannot take (more than 2^53, far exponents, more than 19
    /// digits): the converter decides them exactly from the cell's text.
    public private(set) var exactRows = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    public var exactRowCount = 0
    /// Each cell's status.
    public private(set) var statuses = UnsafeMutablePointer<CellStatus>.allocate(capacity: 1)
    /// Each row's index into the decimal factor table: `source · slotCount + slot`, the slot from
    /// the parser (the cell's exponent), the source from ``ColumnUnits`` (0 for a fixed unit).
    public private(set) var sources = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// For a column whose cells may carry their unit: where each cell's unit is (empty: none), so
    /// ``ColumnUnits`` reads it without splitting the cell again.
    public private(set) var unitSpans = UnsafeMutablePointer<UnitSpan>.allocate(capacity: 1)
    private let hasFixedOutput: Bool

    /// The byte range of a cell's unit within the cell.
    public struct UnitSpan: Sendable {
        public var start: Int32
        public var end: Int32

        init(_ range: Range<Int>) {
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
        }
    }

    /// Creates the buffers; `hasFixedOutput` for `--decimals`.
    public init(hasFixedOutput: Bool) {
        self.hasFixedOutput = hasFixedOutput
        if hasFixedOutput { fixedValues = .allocate(capacity: 1) }
    }

    deinit {
        values.deallocate()
        statuses.deallocate()
        sources.deallocate()
        unitSpans.deallocate()
        fixedValues?.deallocate()
        exactRows.deallocate()
    }

    /// Makes room for `count` rows (the contents are not kept).
    public func reserve(_ count: Int) {
        guard count > capacity else { return }
        values.deallocate()
        statuses.deallocate()
        sources.deallocate()
        unitSpans.deallocate()
        fixedValues?.deallocate()
        exactRows.deallocate()
        // Grown by doubling from what a batch needs: a file of thousands of columns has few
        // rows a batch, and each column's buffers stay as small as its rows.
        capacity = max(count, 2 * capacity)
        unitSpans = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
        statuses = .allocate(capacity: capacity)
        sources = .allocate(capacity: capacity)
        if hasFixedOutput { fixedValues = .allocate(capacity: capacity) }
        exactRows = .allocate(capacity: capacity)
    }

    /// `true` when the cell at `row` failed.
    @inline(__always)
    public func isFailed(_ row: Int) -> Bool {
        if case .failed = statuses[row] { return true }
        return false
    }
}
