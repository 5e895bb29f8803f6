import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The parse stage: scans one field of every row of a batch into a ``ScannedColumn``.
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
    /// slot in `tableIndices`); one the kernel cannot take is listed in `exactRows` with its
    /// decimal, every digit of which the one scan kept.
    /// - Parameters:
    ///   - batch: The records.
    ///   - shapes: Each row's shape.
    ///   - column: Where the scan goes (reserved for `batch.count` rows).
    public func parse(_ batch: RecordBatch, shapes: UnsafePointer<RowShape>, into column: ScannedColumn) {
        column.exactRows.removeAll(keepingCapacity: true)
        column.exactDecimals.removeAll(keepingCapacity: true)
        // Where a long scan leaves its digits.
        var long: LongDecimal?
        let mantissas = column.mantissas
        let statuses = column.statuses
        let indices = column.tableIndices
        let emptyStatus = isRequired ? CellStatus.failed(.required) : .empty
        // Plain cells (`[+-]digits[DEC digits]`) go straight to the kernel's input; a cell that
        // may carry its unit, or conventions without a fast path, always take the full scan, and
        // so does every cell when a null marker must be compared first (the first loop).
        let plainDecimal = hasUnitsInCells ? nil : parser.plainCellDecimal
        let field = field
        // The column's buffers, read once: each read of a class's property is an access check.
        let buffers = CellBuffers(mantissas: mantissas, statuses: statuses, indices: indices, spans: column.unitSpans)
        guard let decimalSeparator = plainDecimal, !checksNullsFirst else {
            for r in 0..<batch.count {
                guard shapes[r] == .ok else {
                    mantissas[r] = .nan
                    indices[r] = 0
                    statuses[r] = .skipped
                    continue
                }
                parseCell(batch.field(field, of: r), row: r, into: column, buffers: buffers, long: &long, emptyStatus: emptyStatus)
            }
            return
        }
        // Two passes: the first reads the plain cells and lists the others, the second scans
        // those. The first loop calls nothing, so its values stay in registers.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: batch.count) { others in
            var otherCount = 0
            for r in 0..<batch.count {
                guard shapes[r] == .ok else {
                    mantissas[r] = .nan
                    indices[r] = 0
                    statuses[r] = .skipped
                    continue
                }
                if let plain = NumberParser.scanPlainCell(batch.field(field, of: r), decimal: decimalSeparator) {
                    buffers.store(plain, row: r)
                } else {
                    // At most one entry per row: `otherCount` stays below `batch.count`.
                    others[otherCount] = r
                    otherCount &+= 1
                }
            }
            // In row order, as `exactRows` lists its rows.
            for r in others[..<otherCount] {
                parseCell(batch.field(field, of: r), row: r, into: column, buffers: buffers, long: &long, emptyStatus: emptyStatus)
            }
        }
    }

    /// Scans the cell of row `r` that is not a plain cell (or that the plain-cell scan was not
    /// asked about) into `column`; kept out of ``parse(_:shapes:into:)``'s loop, which then holds
    /// its few values in registers.
    @inline(never)
    private func parseCell(_ cell: UnsafeRawBufferPointer, row r: Int, into column: ScannedColumn, buffers: CellBuffers,
                           long: inout LongDecimal?, emptyStatus: CellStatus) {
        let mantissas = buffers.mantissas
        let statuses = buffers.statuses
        let indices = buffers.indices
        indices[r] = 0
        if checksNullsFirst && nullValues.matches(cell) {
            mantissas[r] = .nan
            statuses[r] = emptyStatus
            return
        }
        // With null markers compared first, every cell comes here: a plain one is read as the
        // first pass of `parse` reads it.
        if checksNullsFirst && !hasUnitsInCells, let decimal = parser.plainCellDecimal,
           let plain = NumberParser.scanPlainCell(cell, decimal: decimal) {
            buffers.store(plain, row: r)
            return
        }
        var unit = 0..<0
        var isNegated = false
        let scanned = scan(cell, unit: &unit, isNegated: &isNegated, long: &long)
        if let spans = buffers.spans { spans[r] = ScannedColumn.UnitSpan(unit) }
        switch scanned {
        case .decimal(let decimal):
            if let (mantissa, slot) = DecimalFactorTable.kernelInput(decimal) {
                mantissas[r] = mantissa
                indices[r] = slot
            } else {
                mantissas[r] = .nan
                column.exactRows.append(Int32(r))
                column.exactDecimals.append(LongDecimal(decimal))
            }
            statuses[r] = .number
        case .long:
            mantissas[r] = .nan
            // A long scan always leaves its digits; without them the cell could not be
            // converted, which reads as a value beyond any double.
            guard var decimal = long else {
                statuses[r] = .failed(.overflow)
                return
            }
            long = nil
            if isNegated { decimal.isNegative.toggle() }
            column.exactRows.append(Int32(r))
            column.exactDecimals.append(decimal)
            statuses[r] = .number
        case .empty:
            mantissas[r] = .nan
            statuses[r] = emptyStatus
        case .failure(.overflow):
            mantissas[r] = .nan
            statuses[r] = .failed(.overflow)
        case .failure(.ambiguousUnit) where hasUnitsInCells:
            mantissas[r] = .nan
            statuses[r] = .failed(.ambiguousUnit)
        case .failure(let error):
            mantissas[r] = .nan
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

    /// A ``ScannedColumn``'s per-row buffers.
    private struct CellBuffers {
        let mantissas: UnsafeMutablePointer<Double>
        let statuses: UnsafeMutablePointer<CellStatus>
        let indices: UnsafeMutablePointer<Int32>
        let spans: UnsafeMutablePointer<ScannedColumn.UnitSpan>?

        /// Stores a plain cell as `DecimalFactorTable.kernelInput` makes the same decimal: the
        /// mantissa (at most 2^53) as an exact double, the fraction digits (at most 15) as the slot.
        @inline(__always)
        func store(_ plain: (mantissa: UInt64, fractionDigitCount: Int, isNegative: Bool), row r: Int) {
            let x = Double(plain.mantissa)
            mantissas[r] = plain.isNegative ? -x : x
            indices[r] = Int32(truncatingIfNeeded: plain.fractionDigitCount)
            statuses[r] = .number
        }
    }

    /// Scans a cell: the number part of an in-cell unit, with a minus sign before the unit applied
    /// (text on both sides of the number is an ambiguous unit); `unit` is set to the unit's bytes
    /// in the cell (empty when it names none). A long scan leaves its digits in `long`, unsigned by
    /// a minus before the unit (`isNegated` says so).
    @inline(__always)
    func scan(_ cell: UnsafeRawBufferPointer, unit: inout Range<Int>, isNegated: inout Bool,
              long: UnsafeMutablePointer<LongDecimal?>) -> NumberScan {
        guard hasUnitsInCells else { return parser.scan(cell, keepingDigitsIn: long) }
        let part = numberPart(of: cell, long: long)
        unit = part.unit
        isNegated = part.isNegated
        return part.scan
    }

    /// Where a cell that may carry its unit holds its number, and the number's scan.
    ///
    /// A cell that is a plain number as a whole has no unit: read as it is, without splitting (in
    /// a column that takes no currency or percent mark, whose scan would otherwise swallow what
    /// the split names a unit). Otherwise the split decides.
    @inline(__always)
    private func numberPart(of cell: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil)
        -> (number: Range<Int>, unit: Range<Int>, isNegated: Bool, scan: NumberScan) {
        if parser.context == .plain {
            let whole = long.map { parser.scan(cell, keepingDigitsIn: $0) } ?? parser.scan(cell)
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
        let number = UnsafeRawBufferPointer(rebasing: cell[split.number])
        let scan = long.map { parser.scan(number, keepingDigitsIn: $0) } ?? parser.scan(number)
        return (split.number, split.unit, split.isNegatedBeforeUnit, split.isNegatedBeforeUnit ? scan.negated : scan)
    }

    /// The number's bytes of a cell (all of it unless the cell may carry its unit).
    func numberBytes(of cell: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard hasUnitsInCells else { return cell }
        return UnsafeRawBufferPointer(rebasing: cell[numberPart(of: cell).number])
    }
}
