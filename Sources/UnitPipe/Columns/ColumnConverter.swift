import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The convert stage: the decimal factor table over a whole parsed column, each value rounded
/// once — to the nearest double, and with `--decimals N` to N digits — then overflow flagged.
///
/// A value type with growing tables (per-row units add sources): each worker has its own copy.
/// A fixed unit's tables never grow: they come from the run's ``FactorTables`` and are shared.
public struct ColumnConverter: Sendable {
    /// Where the factors come from (boxed, so a converter per column and worker stays small).
    public indirect enum Factors: Sendable {
        /// One source unit for the column: entry 0 of the matrix.
        case fixed(FactorMatrix)
        /// A source unit per row (``ColumnUnits``): the matrix of the column's resolver.
        case perRow
        /// One source unit of the target's reciprocal dimension: `y = K/x`, decided exactly per cell.
        case reciprocal(ReciprocalConversion)
    }

    public let factors: Factors
    /// `--decimals N`, and how its ties break.
    let decimals: Int?
    let tie: DecimalRounding
    /// Factors by source and decimal exponent, for the nearest double and for `--decimals`.
    private var shortestTable: DecimalFactorTable?
    private var fixedTable: DecimalFactorTable?

    public init(factors: Factors, decimals: Int?, tie: DecimalRounding) {
        var tables: FactorTables?
        if case .fixed(let matrix) = factors { tables = FactorTables(matrix: matrix, decimals: decimals, tie: tie) }
        self.init(factors: factors, decimals: decimals, tie: tie, tables: tables)
    }

    /// A converter whose fixed unit's factors are `tables`, built once for its unit pair and
    /// precision (``FactorTableCache``) and shared with every other column of that pair.
    init(factors: Factors, decimals: Int?, tie: DecimalRounding, tables: FactorTables?) {
        self.factors = factors
        self.decimals = decimals
        self.tie = tie
        if case .fixed = factors, let tables {
            shortestTable = tables.shortest
            fixedTable = tables.fixed
        }
    }

    /// Whether this converter and `other` use one storage for their factors (a fixed unit pair's
    /// shared tables).
    func sharesTables(with other: ColumnConverter) -> Bool {
        guard let mine = shortestTable, let theirs = other.shortestTable, mine.sharesStorage(with: theirs) else { return false }
        switch (fixedTable, other.fixedTable) {
        case (nil, nil): return true
        case let (a?, b?): return a.sharesStorage(with: b)
        default: return false
        }
    }

    /// Converts the values of `column`'s first `batch.count` rows in place.
    ///
    /// - Parameters:
    ///   - column: The parsed column (values of failed and empty cells are NaN and stay so).
    ///   - batch: The records, for the cells the exact path reads again.
    ///   - parser: The column's parse stage, which reads them.
    ///   - perRowMatrix: The factor matrix of the column's ``ColumnUnits`` (per-row units).
    ///   - hasSource: Whether some row has a per-row source (from ``ColumnUnits/resolve(_:into:)``).
    public mutating func convert(
        _ column: ParsedColumn, batch: RecordBatch, parser: ColumnParser, perRowMatrix: FactorMatrix?, hasSource: Bool
    ) {
        let count = batch.count
        if case .reciprocal(let conversion) = factors {
            return convertReciprocals(column, batch: batch, parser: parser, conversion: conversion)
        }
        var isFixed = false
        if case .fixed = factors { isFixed = true }
        if !isFixed, hasSource, let matrix = perRowMatrix {
            // Per-row units: the tables grow with the resolver's matrix.
            if shortestTable == nil { shortestTable = DecimalFactorTable(matrix: matrix) }
            shortestTable?.extend(to: matrix)
            if let decimals {
                if fixedTable == nil { fixedTable = DecimalFactorTable(matrix: matrix, decimals: decimals, tie: tie) }
                fixedTable?.extend(to: matrix)
            }
        }
        let values = column.values
        let statuses = column.statuses
        if isFixed || hasSource {
            let buffer = UnsafeMutableBufferPointer(start: values, count: count)
            let indices = UnsafeMutableBufferPointer(start: column.sources, count: count)
            if let fixed = column.fixedValues, let table = fixedTable {
                column.bigFixed.removeAll(keepingCapacity: true)
                fixed.update(from: values, count: count)
                let undecided = column.exactRows + column.exactRowCount
                let outcome = table.convertFixed(
                    UnsafeMutableBufferPointer(start: fixed, count: count), indices: UnsafeBufferPointer(indices),
                    undecided: undecided)
                for i in 0..<outcome.undecided {
                    decideFixed(column, record: Int(undecided[i]), batch: batch, parser: parser, perRowMatrix: perRowMatrix)
                }
            }
            if let table = shortestTable { _ = table.convert(buffer, indices: indices) }
        }
        for i in 0..<column.exactRowCount {
            let r = Int(column.exactRows[i])
            guard case .number = statuses[r] else { continue }
            decideExactly(column, record: r, batch: batch, parser: parser, perRowMatrix: perRowMatrix)
            if column.fixedValues != nil {
                decideFixed(column, record: r, batch: batch, parser: parser, perRowMatrix: perRowMatrix)
            }
        }
        for r in 0..<count where !values[r].isFinite {
            if case .number = statuses[r] { statuses[r] = .failed(.overflow) }
        }
    }

    /// Converts every number of `column` as `K/x` from the cell's exact decimal, rounded once
    /// (to the nearest double, and with `--decimals N` to N digits); a zero fails as `zeroReciprocal`.
    private func convertReciprocals(_ column: ParsedColumn, batch: RecordBatch, parser: ColumnParser, conversion: ReciprocalConversion) {
        column.bigFixed.removeAll(keepingCapacity: true)
        for r in 0..<batch.count {
            guard case .number = column.statuses[r], let decimal = parser.exactDecimal(record: r, of: batch) else { continue }
            guard let value = conversion.nearest(decimal) else {
                column.statuses[r] = .failed(.zeroReciprocal)
                continue
            }
            column.values[r] = value
            guard value.isFinite else {
                column.statuses[r] = .failed(.overflow)
                continue
            }
            if let decimals, let fixed = column.fixedValues {
                fixed[r] = .nan
                if let (isNegative, magnitude) = conversion.integer(decimal, decimals: decimals, tie: tie) {
                    column.bigFixed[r] = NumberWriter.scaledIntegerText(isNegative: isNegative, magnitude: magnitude, decimals: decimals)
                }
            }
        }
    }

    /// Row `r`'s exact decimal and factor: the cell read again, with its exponent kept whole.
    private func exactInput(
        _ column: ParsedColumn, record r: Int, batch: RecordBatch, parser: ColumnParser, perRowMatrix: FactorMatrix?
    ) -> (LongDecimal, ConversionFactor)? {
        guard let decimal = parser.exactDecimal(record: r, of: batch) else { return nil }
        switch factors {
        case .fixed(let matrix):
            return (decimal, matrix.factors[0])
        case .reciprocal:
            return nil
        case .perRow:
            guard let matrix = perRowMatrix else { return nil }
            return (decimal, matrix.factors[Int(column.sources[r]) / DecimalFactorTable.slotCount])
        }
    }

    /// Decides row `r`'s value exactly, from the cell's text: the nearest double of the converted
    /// value (infinite, so `overflow`, when the text itself is beyond the largest double).
    private func decideExactly(
        _ column: ParsedColumn, record r: Int, batch: RecordBatch, parser: ColumnParser, perRowMatrix: FactorMatrix?
    ) {
        guard let (decimal, factor) = exactInput(column, record: r, batch: batch, parser: parser, perRowMatrix: perRowMatrix) else {
            return
        }
        let asRead = ExactRounding.nearest(decimal)
        column.values[r] = asRead.isInfinite ? asRead : ExactRounding.nearest(decimal, scale: factor.scale, offset: factor.offset)
    }

    /// Decides row `r`'s fixed output exactly, from the cell's text, into `bigFixed`.
    private func decideFixed(
        _ column: ParsedColumn, record r: Int, batch: RecordBatch, parser: ColumnParser, perRowMatrix: FactorMatrix?
    ) {
        guard let decimals,
              let (decimal, factor) = exactInput(column, record: r, batch: batch, parser: parser, perRowMatrix: perRowMatrix)
        else { return }
        column.fixedValues?[r] = .nan
        guard let (isNegative, magnitude) = ExactRounding.integer(
            decimal, scale: factor.scale, offset: factor.offset, scalePower: decimals, offsetPower: decimals, tie: tie)
        else { return }
        column.bigFixed[r] = NumberWriter.scaledIntegerText(isNegative: isNegative, magnitude: magnitude, decimals: decimals)
    }
}
