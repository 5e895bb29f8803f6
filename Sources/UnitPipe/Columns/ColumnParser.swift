import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The parse stage: reads one field of every row of a batch into a ``ParsedColumn``.
public struct ColumnParser: Sendable {
    /// The 0-based field the column is in.
    public let field: Int
    /// The column's number reader: its locale's conventions and what the column allows.
    public let parser: NumberParser
    /// Whether each cell carries its own unit (`5.3 km`): the number is read from the part the
    /// unit split leaves.
    public let hasUnitsInCells: Bool
    /// Whether an empty cell fails (`--required`) instead of being a null.
    public let isRequired: Bool

    public init(field: Int, parser: NumberParser, hasUnitsInCells: Bool, isRequired: Bool) {
        self.field = field
        self.parser = parser
        self.hasUnitsInCells = hasUnitsInCells
        self.isRequired = isRequired
    }

    /// Parses the column's cell of every row; rows whose shape is not `.ok` are `.skipped`.
    ///
    /// - Parameters:
    ///   - batch: The records.
    ///   - shapes: Each row's shape.
    ///   - column: Where the values and statuses go (reserved for `batch.count` rows).
    public func parse(_ batch: RecordBatch, shapes: UnsafePointer<RowShape>, into column: ParsedColumn) {
        let values = column.values
        let statuses = column.statuses
        let emptyStatus = isRequired ? CellStatus.failed(.required) : .empty
        for r in 0..<batch.count {
            guard shapes[r] == .ok else {
                values[r] = .nan
                statuses[r] = .skipped
                continue
            }
            var cell = batch.field(field, of: r)
            var isNegated = false
            if hasUnitsInCells {
                let split = InCellUnit.split(cell)
                if split.placement == .both {
                    values[r] = .nan
                    statuses[r] = .failed(.ambiguousUnit)
                    continue
                }
                isNegated = split.isNegatedBeforeUnit
                cell = UnsafeRawBufferPointer(rebasing: cell[split.number])
            }
            switch parser.parse(cell) {
            case .number(let x):
                values[r] = isNegated ? -x : x
                statuses[r] = .number
            case .empty:
                values[r] = .nan
                statuses[r] = emptyStatus
            case .failure(.overflow):
                values[r] = .nan
                statuses[r] = .failed(.overflow)
            case .failure(let error):
                values[r] = .nan
                statuses[r] = .failed(.number(error))
            }
        }
    }
}
