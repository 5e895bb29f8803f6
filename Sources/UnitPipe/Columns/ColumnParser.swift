import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The parse stage: scans one field of every row of a batch into a ``ParsedColumn``.
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
    /// `--null-value` markers: cells equal to one (trimmed) are nulls like empty cells.
    let nullValues: NullValues
    /// Whether a marker reads as a number here (or cells carry units): then every cell is
    /// compared first; otherwise only cells that fail to parse are.
    let checksNullsFirst: Bool

    public init(field: Int, parser: NumberParser, hasUnitsInCells: Bool, isRequired: Bool, nullValues: [String] = []) {
        self.field = field
        self.parser = parser
        self.hasUnitsInCells = hasUnitsInCells
        self.isRequired = isRequired
        let nulls = NullValues(nullValues)
        self.nullValues = nulls
        checksNullsFirst = !nulls.isEmpty && (hasUnitsInCells || nulls.markers.contains { marker in
            marker.withUnsafeBytes { if case .failure = parser.scan($0) { false } else { true } }
        })
    }

    /// Scans the column's cell of every row; rows whose shape is not `.ok` are `.skipped`.
    ///
    /// A number becomes the kernel's input (its signed mantissa as an exact double, its exponent's
    /// slot in `sources`); one the kernel cannot take is listed in `exactRows`.
    /// - Parameters:
    ///   - batch: The records.
    ///   - shapes: Each row's shape.
    ///   - column: Where the values and statuses go (reserved for `batch.count` rows).
    public func parse(_ batch: RecordBatch, shapes: UnsafePointer<RowShape>, into column: ParsedColumn) {
        let values = column.values
        let statuses = column.statuses
        let sources = column.sources
        let exactRows = column.exactRows
        var exactRowCount = 0
        let emptyStatus = isRequired ? CellStatus.failed(.required) : .empty
        for r in 0..<batch.count {
            sources[r] = 0
            guard shapes[r] == .ok else {
                values[r] = .nan
                statuses[r] = .skipped
                continue
            }
            let cell = batch.field(field, of: r)
            if checksNullsFirst && nullValues.matches(cell) {
                values[r] = .nan
                statuses[r] = emptyStatus
                continue
            }
            var unit = 0..<0
            let scanned = scan(cell, unit: &unit)
            if hasUnitsInCells { column.unitSpans[r] = ParsedColumn.UnitSpan(unit) }
            switch scanned {
            case .decimal(let decimal):
                if let (mantissa, slot) = DecimalFactorTable.kernelInput(decimal) {
                    values[r] = mantissa
                    sources[r] = slot
                } else {
                    values[r] = .nan
                    exactRows[exactRowCount] = Int32(r)
                    exactRowCount += 1
                }
                statuses[r] = .number
            case .long:
                values[r] = .nan
                exactRows[exactRowCount] = Int32(r)
                exactRowCount += 1
                statuses[r] = .number
            case .empty:
                values[r] = .nan
                statuses[r] = emptyStatus
            case .failure(.overflow):
                values[r] = .nan
                statuses[r] = .failed(.overflow)
            case .failure(.ambiguousUnit) where hasUnitsInCells:
                values[r] = .nan
                statuses[r] = .failed(.ambiguousUnit)
            case .failure(let error):
                values[r] = .nan
                // Null markers and text that is not UTF-8 end up here: the plain path pays nothing
                // (the number grammar accepts valid UTF-8 sequences only).
                if nullValues.matches(cell) {
                    statuses[r] = emptyStatus
                } else if InvalidUTF8.firstInvalidOffset(in: cell) != nil {
                    statuses[r] = .failed(.invalidUTF8)
                } else {
                    statuses[r] = .failed(.number(error))
                }
            }
        }
        column.exactRowCount = exactRowCount
    }

    /// Scans a cell: the number part of an in-cell unit, with a minus sign before the unit applied
    /// (text on both sides of the number is an ambiguous unit); `unit` is set to the unit's bytes
    /// in the cell (empty when it names none).
    @inline(__always)
    func scan(_ cell: UnsafeRawBufferPointer, unit: inout Range<Int>) -> NumberScan {
        guard hasUnitsInCells else { return parser.scan(cell) }
        let part = numberPart(of: cell)
        unit = part.unit
        return part.scan
    }

    /// ``scan(_:unit:)`` without the unit.
    func scan(_ cell: UnsafeRawBufferPointer) -> NumberScan {
        var unit = 0..<0
        return scan(cell, unit: &unit)
    }

    /// Where a cell that may carry its unit holds its number, and the number's scan.
    ///
    /// A cell that is a plain number as a whole has no unit: read as it is, without splitting (in
    /// a column that takes no currency or percent mark, whose scan would otherwise swallow what
    /// the split names a unit). Otherwise the split decides.
    @inline(__always)
    private func numberPart(of cell: UnsafeRawBufferPointer) -> (number: Range<Int>, unit: Range<Int>, isNegated: Bool, scan: NumberScan) {
        if parser.context == .plain {
            let whole = parser.scan(cell)
            switch whole {
            case .decimal, .long, .empty: return (0..<cell.count, 0..<0, false, whole)
            case .failure: break
            }
        }
        let split = InCellUnit.split(cell)
        if split.placement == .both { return (split.number, split.unit, false, .failure(.ambiguousUnit)) }
        // Text with no number in it (`abc`, `km`, `-`) is not a number, never a null: only blanks
        // (and `--null-value` markers, matched before) are.
        if split.number.isEmpty && !split.unit.isEmpty { return (split.number, split.unit, false, .failure(.invalidNumber)) }
        let scan = parser.scan(UnsafeRawBufferPointer(rebasing: cell[split.number]))
        return (split.number, split.unit, split.isNegatedBeforeUnit, split.isNegatedBeforeUnit ? scan.negated : scan)
    }

    /// The number's bytes of a cell (all of it unless the cell may carry its unit).
    func numberBytes(of cell: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard hasUnitsInCells else { return cell }
        return UnsafeRawBufferPointer(rebasing: cell[numberPart(of: cell).number])
    }

    /// Row `r`'s number with every digit kept, for the exact path; `nil` when it holds none.
    func exactDecimal(record r: Int, of batch: RecordBatch) -> LongDecimal? {
        var cell = batch.field(field, of: r)
        var isNegated = false
        if hasUnitsInCells {
            let part = numberPart(of: cell)
            isNegated = part.isNegated
            cell = UnsafeRawBufferPointer(rebasing: cell[part.number])
        }
        var decimal: LongDecimal
        switch parser.scan(cell) {
        case .decimal(let short): decimal = LongDecimal(short)
        case .long:
            guard let long = parser.scanLong(cell) else { return nil }
            decimal = long
        default: return nil
        }
        if isNegated { decimal.isNegative.toggle() }
        return decimal
    }
}
