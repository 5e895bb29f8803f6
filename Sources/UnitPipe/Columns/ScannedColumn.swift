// Design note — the typed column stages.
//
// A job works on a batch one column at a time. Each stage's output is its own type over
// buffers reused from batch to batch, so the order of the stages is in their signatures and
// each buffer means one thing:
//
//   ColumnParser      cells → a `ScannedColumn`: per row the kernel's input (the signed
//                     mantissa as an exact double and its exponent's slot), a `CellStatus`, and
//                     where an in-cell unit is; a decimal the kernel cannot take is kept whole,
//                     as read by the one scan (never read from the text again)
//   ColumnUnits       completes the scan: per-row and in-cell units → each row's source unit
//   ColumnConverter   a `ScannedColumn` → a `ConvertedColumn`: the decimal factor table over the
//                     whole column, rounded once (to the nearest double, and with `--decimals` to
//                     N digits); overflow flagged. It reads the scanned column and never writes it.
//   NumberFormat      a converted value → its bytes in the output
//
// `convert` runs all four; a checking job (`validate`) runs the first three, then checks
// values and reads each row's source unit from the scanned column. A failed cell is a status
// (`.failed(CellStatus.Fault)`), never a sentinel value; the job turns it into a `CellFailure`
// when it reports the row.

import UnitPipeNumbers
import UnitPipeUnits

/// One column of a batch after the scan stages (``ColumnParser``, then ``ColumnUnits``): per row
/// the kernel's input, a status and where the cell's unit is.
///
/// The buffers are reused from batch to batch; ``reserve(_:)`` grows them. The convert stage
/// reads a scanned column and never changes it.
public final class ScannedColumn {
    /// Rows the buffers hold.
    public private(set) var capacity = 0
    /// Per row whose status is `.number` and whose decimal the kernel takes: the signed mantissa
    /// as an exact double; NaN for every other row (the rows listed in ``exactRows``, failed,
    /// empty and skipped cells).
    public private(set) var mantissas: UnsafeMutablePointer<Double>
    /// Each row's index into the decimal factor table: `source · slotCount + slot`, the slot from
    /// the parser (the cell's exponent), the source from ``ColumnUnits`` (0 for a fixed unit).
    public private(set) var tableIndices: UnsafeMutablePointer<Int32>
    /// Each cell's status.
    public private(set) var statuses: UnsafeMutablePointer<CellStatus>
    /// The one allocation the three buffers above share (a file of thousands of columns holds
    /// one per column and worker).
    private var block: UnsafeMutableRawPointer
    /// For a column whose cells may carry their unit: where each cell's unit is (empty: none), so
    /// ``ColumnUnits`` reads it without splitting the cell again; `nil` for other columns.
    public private(set) var unitSpans: UnsafeMutablePointer<UnitSpan>?
    /// Rows whose decimal the kernel cannot take (more than 2^53, far exponents, more than 19
    /// digits), in order: the convert stage decides them exactly from ``exactDecimals``. (Such
    /// rows are rare: these arrays hold no memory until one comes.)
    public internal(set) var exactRows: [Int32] = []
    /// The decimal of each row in ``exactRows`` (same order), every digit kept by its one scan.
    public internal(set) var exactDecimals: [LongDecimal] = []

    /// The byte range of a cell's unit within the cell.
    public struct UnitSpan: Sendable {
        public var start: Int32
        public var end: Int32

        init(_ range: Range<Int>) {
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
        }
    }

    /// Creates the buffers; `hasUnitsInCells` for a column whose cells may carry their unit.
    public init(hasUnitsInCells: Bool = false) {
        (block, mantissas, tableIndices, statuses) = ScannedColumn.allocate(rows: 1)
        if hasUnitsInCells { unitSpans = .allocate(capacity: 1) }
    }

    deinit {
        block.deallocate()
        unitSpans?.deallocate()
    }

    /// One block holding a mantissa, a table index and a status for each of `rows` rows.
    private static func allocate(rows: Int) -> (UnsafeMutableRawPointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int32>,
                                                UnsafeMutablePointer<CellStatus>) {
        let indexOffset = rows * MemoryLayout<Double>.stride
        let alignment = MemoryLayout<CellStatus>.alignment
        let statusOffset = (indexOffset + rows * MemoryLayout<Int32>.stride + alignment - 1) / alignment * alignment
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: statusOffset + rows * MemoryLayout<CellStatus>.stride, alignment: MemoryLayout<Double>.alignment)
        return (block, block.bindMemory(to: Double.self, capacity: rows), (block + indexOffset).bindMemory(to: Int32.self, capacity: rows),
                (block + statusOffset).bindMemory(to: CellStatus.self, capacity: rows))
    }

    /// Makes room for `count` rows (the contents are not kept).
    public func reserve(_ count: Int) {
        guard count > capacity else { return }
        block.deallocate()
        unitSpans?.deallocate()
        // Grown by doubling from what a batch needs: a file of thousands of columns has few
        // rows a batch, and each column's buffers stay as small as its rows.
        capacity = max(count, 2 * capacity)
        (block, mantissas, tableIndices, statuses) = ScannedColumn.allocate(rows: capacity)
        if unitSpans != nil { unitSpans = .allocate(capacity: capacity) }
    }

    /// The source unit of row `r` (an index into the factor matrix of the column's ``ColumnUnits``;
    /// 0 for a fixed unit).
    @inline(__always)
    public func source(of r: Int) -> Int { Int(tableIndices[r]) / DecimalFactorTable.slotCount }

    /// The exact decimal of row `r`, a row the kernel takes (its mantissa is not NaN): its scan,
    /// rebuilt from the kernel's input.
    func kernelDecimal(of r: Int) -> LongDecimal {
        let x = mantissas[r]
        let slot = Int(tableIndices[r]) % DecimalFactorTable.slotCount
        return LongDecimal(ScannedDecimal(mantissa: UInt64(x.magnitude), exponent: -slot, isNegative: x.sign == .minus))
    }
}
