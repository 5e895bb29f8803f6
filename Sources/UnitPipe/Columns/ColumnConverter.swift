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

    /// Converts the first `count` rows of a scanned column into `converted`.
    ///
    /// - Parameters:
    ///   - scanned: The scanned column (read, never changed).
    ///   - count: The rows of the batch.
    ///   - converted: Where the values and final statuses go (reserved for `count` rows).
    ///   - perRowMatrix: The factor matrix of the column's ``ColumnUnits`` (per-row units).
    ///   - hasSource: Whether some row has a per-row source (from ``ColumnUnits/resolve(_:into:)``).
    public mutating func convert(
        _ scanned: ScannedColumn, count: Int, into converted: ConvertedColumn, perRowMatrix: FactorMatrix?, hasSource: Bool
    ) {
        let values = converted.values
        let statuses = converted.statuses
        values.update(from: scanned.mantissas, count: count)
        statuses.update(from: scanned.statuses, count: count)
        if case .reciprocal(let conversion) = factors {
            return convertReciprocals(scanned, count: count, into: converted, conversion: conversion)
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
        if isFixed || hasSource {
            let indices = UnsafeBufferPointer(start: scanned.tableIndices, count: count)
            if let fixed = converted.fixedValues, let undecided = converted.undecidedRows, let table = fixedTable {
                converted.bigFixed.removeAll(keepingCapacity: true)
                fixed.update(from: scanned.mantissas, count: count)
                let outcome = table.convertFixed(UnsafeMutableBufferPointer(start: fixed, count: count), indices: indices,
                                                 undecided: undecided)
                for i in 0..<outcome.undecided {
                    let r = Int(undecided[i])
                    decideFixed(scanned.kernelDecimal(of: r), record: r, scanned, into: converted, perRowMatrix: perRowMatrix)
                }
            }
            if let table = shortestTable { _ = table.convert(UnsafeMutableBufferPointer(start: values, count: count), indices: indices) }
        }
        for (i, row) in scanned.exactRows.enumerated() {
            let r = Int(row)
            guard case .number = statuses[r] else { continue }
            let decimal = scanned.exactDecimals[i]
            decideExactly(decimal, record: r, scanned, into: converted, perRowMatrix: perRowMatrix)
            if converted.fixedValues != nil {
                decideFixed(decimal, record: r, scanned, into: converted, perRowMatrix: perRowMatrix)
            }
        }
        for r in 0..<count where !values[r].isFinite {
            if case .number = statuses[r] { statuses[r] = .failed(.overflow) }
        }
    }

    /// Converts every number of a column as `K/x` from the cell's exact decimal, rounded once
    /// (to the nearest double, and with `--decimals N` to N digits); a zero fails as `zeroReciprocal`.
    private func convertReciprocals(_ scanned: ScannedColumn, count: Int, into converted: ConvertedColumn,
                                    conversion: ReciprocalConversion) {
        converted.bigFixed.removeAll(keepingCapacity: true)
        let statuses = converted.statuses
        let exactRows = scanned.exactRows
        var nextExact = 0
        for r in 0..<count {
            while nextExact < exactRows.count && Int(exactRows[nextExact]) < r { nextExact += 1 }
            guard case .number = statuses[r] else { continue }
            let decimal: LongDecimal
            if !scanned.mantissas[r].isNaN {
                decimal = scanned.kernelDecimal(of: r)
            } else if nextExact < exactRows.count && Int(exactRows[nextExact]) == r {
                decimal = scanned.exactDecimals[nextExact]
            } else {
                continue
            }
            guard let value = conversion.nearest(decimal) else {
                statuses[r] = .failed(.zeroReciprocal)
                continue
            }
            converted.values[r] = value
            guard value.isFinite else {
                statuses[r] = .failed(.overflow)
                continue
            }
            if let decimals, let fixed = converted.fixedValues {
                fixed[r] = .nan
                if let (isNegative, magnitude) = conversion.integer(decimal, decimals: decimals, tie: tie) {
                    converted.bigFixed[r] = NumberWriter.scaledIntegerText(isNegative: isNegative, magnitude: magnitude, decimals: decimals)
                }
            }
        }
    }

    /// The factor of row `r`'s source unit.
    private func factor(record r: Int, _ scanned: ScannedColumn, perRowMatrix: FactorMatrix?) -> ConversionFactor? {
        switch factors {
        case .fixed(let matrix):
            return matrix.factors[0]
        case .reciprocal:
            return nil
        case .perRow:
            guard let matrix = perRowMatrix else { return nil }
            return matrix.factors[scanned.source(of: r)]
        }
    }

    /// Decides row `r`'s value exactly from its scanned decimal: the nearest double of the
    /// converted value (infinite, so `overflow`, when the decimal itself is beyond the largest double).
    private func decideExactly(
        _ decimal: LongDecimal, record r: Int, _ scanned: ScannedColumn, into converted: ConvertedColumn, perRowMatrix: FactorMatrix?
    ) {
        guard let factor = factor(record: r, scanned, perRowMatrix: perRowMatrix) else { return }
        let asRead = ExactRounding.nearest(decimal)
        converted.values[r] = asRead.isInfinite ? asRead : ExactRounding.nearest(decimal, scale: factor.scale, offset: factor.offset)
    }

    /// Decides row `r`'s fixed output exactly from its scanned decimal, into `bigFixed`.
    private func decideFixed(
        _ decimal: LongDecimal, record r: Int, _ scanned: ScannedColumn, into converted: ConvertedColumn, perRowMatrix: FactorMatrix?
    ) {
        guard let decimals, let factor = factor(record: r, scanned, perRowMatrix: perRowMatrix) else { return }
        converted.fixedValues?[r] = .nan
        guard let (isNegative, magnitude) = ExactRounding.integer(
            decimal, scale: factor.scale, offset: factor.offset, scalePower: decimals, offsetPower: decimals, tie: tie)
        else { return }
        converted.bigFixed[r] = NumberWriter.scaledIntegerText(isNegative: isNegative, magnitude: magnitude, decimals: decimals)
    }
}
