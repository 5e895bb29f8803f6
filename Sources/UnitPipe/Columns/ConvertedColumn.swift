/// One column of a batch after the convert stage (``ColumnConverter``): per row the converted
/// value, rounded once, and the cell's final status.
///
/// The buffers are reused from batch to batch; ``reserve(_:)`` grows them.
public final class ConvertedColumn {
    /// Rows the buffers hold.
    public private(set) var capacity = 0
    /// Where the status is `.number`: the nearest double of the converted value (NaN elsewhere).
    public private(set) var values: UnsafeMutablePointer<Double>
    /// With `--decimals N`: the converted value times 10^N, rounded once (NaN where ``bigFixed``
    /// holds the digits, or the cell failed); `nil` for shortest output.
    public private(set) var fixedValues: UnsafeMutablePointer<Double>?
    /// With `--decimals N`: the digits of values too large for ``fixedValues``, by row.
    public internal(set) var bigFixed: [Int: [UInt8]] = [:]
    /// Each cell's status: the scanned column's, with the convert stage's failures (`overflow`,
    /// `zeroReciprocal`).
    public private(set) var statuses: UnsafeMutablePointer<CellStatus>
    /// The one allocation ``values`` and ``statuses`` share.
    private var block: UnsafeMutableRawPointer
    /// With `--decimals N`: the rows the fixed kernel leaves to the exact path (the convert stage's scratch).
    private(set) var undecidedRows: UnsafeMutablePointer<Int32>?
    private let hasFixedOutput: Bool

    /// Creates the buffers; `hasFixedOutput` for `--decimals`.
    public init(hasFixedOutput: Bool) {
        self.hasFixedOutput = hasFixedOutput
        (block, values, statuses) = ConvertedColumn.allocate(rows: 1)
        if hasFixedOutput {
            fixedValues = .allocate(capacity: 1)
            undecidedRows = .allocate(capacity: 1)
        }
    }

    deinit {
        block.deallocate()
        fixedValues?.deallocate()
        undecidedRows?.deallocate()
    }

    /// One block holding a value and a status for each of `rows` rows.
    private static func allocate(rows: Int) -> (UnsafeMutableRawPointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<CellStatus>) {
        let alignment = MemoryLayout<CellStatus>.alignment
        let statusOffset = (rows * MemoryLayout<Double>.stride + alignment - 1) / alignment * alignment
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: statusOffset + rows * MemoryLayout<CellStatus>.stride, alignment: MemoryLayout<Double>.alignment)
        return (block, block.bindMemory(to: Double.self, capacity: rows), (block + statusOffset).bindMemory(to: CellStatus.self, capacity: rows))
    }

    /// Makes room for `count` rows (the contents are not kept).
    public func reserve(_ count: Int) {
        guard count > capacity else { return }
        block.deallocate()
        fixedValues?.deallocate()
        undecidedRows?.deallocate()
        capacity = max(count, 2 * capacity)
        (block, values, statuses) = ConvertedColumn.allocate(rows: capacity)
        if hasFixedOutput {
            fixedValues = .allocate(capacity: capacity)
            undecidedRows = .allocate(capacity: capacity)
        }
    }

}
