/// One column of a batch after the convert stage (``ColumnConverter``): per row the converted
/// value, rounded once, and the cell's final status.
///
/// The buffers are reused from batch to batch; ``reserve(_:)`` grows them.
public final class ConvertedColumn {
    /// Rows the buffers hold.
    public private(set) var capacity = 0
    /// Where the status is `.number`: the nearest double of the converted value (NaN elsewhere).
    public private(set) var values = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    /// With `--decimals N`: the converted value times 10^N, rounded once (NaN where ``bigFixed``
    /// holds the digits, or the cell failed); `nil` for shortest output.
    public private(set) var fixedValues: UnsafeMutablePointer<Double>?
    /// With `--decimals N`: the digits of values too large for ``fixedValues``, by row.
    public internal(set) var bigFixed: [Int: [UInt8]] = [:]
    /// Each cell's status: the scanned column's, with the convert stage's failures (`overflow`,
    /// `zeroReciprocal`).
    public private(set) var statuses = UnsafeMutablePointer<CellStatus>.allocate(capacity: 1)
    /// The rows the fixed kernel leaves to the exact path (the convert stage's scratch).
    private(set) var undecidedRows = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let hasFixedOutput: Bool

    /// Creates the buffers; `hasFixedOutput` for `--decimals`.
    public init(hasFixedOutput: Bool) {
        self.hasFixedOutput = hasFixedOutput
        if hasFixedOutput { fixedValues = .allocate(capacity: 1) }
    }

    deinit {
        values.deallocate()
        statuses.deallocate()
        fixedValues?.deallocate()
        undecidedRows.deallocate()
    }

    /// Makes room for `count` rows (the contents are not kept).
    public func reserve(_ count: Int) {
        guard count > capacity else { return }
        values.deallocate()
        statuses.deallocate()
        fixedValues?.deallocate()
        undecidedRows.deallocate()
        capacity = max(count, 2 * capacity)
        values = .allocate(capacity: capacity)
        statuses = .allocate(capacity: capacity)
        if hasFixedOutput { fixedValues = .allocate(capacity: capacity) }
        undecidedRows = .allocate(capacity: capacity)
    }

}
