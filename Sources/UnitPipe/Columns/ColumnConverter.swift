import UnitPipeUnits

/// The convert stage: the factor matrix over a whole parsed column, then overflow flagged.
public struct ColumnConverter: Sendable {
    /// Where the factors come from.
    public enum Factors: Sendable {
        /// One source unit for the column: entry 0 of the matrix.
        case fixed(FactorMatrix)
        /// A source unit per row (``ColumnUnits``): the matrix of the column's resolver, indexed
        /// by the parsed column's `sources`.
        case perRow
    }

    public let factors: Factors

    public init(factors: Factors) { self.factors = factors }

    /// Converts the values of `column`'s first `count` rows in place.
    ///
    /// - Parameters:
    ///   - column: The parsed column (values of failed and empty cells are NaN and stay so).
    ///   - count: The rows in the batch.
    ///   - perRowMatrix: The factor matrix of the column's ``ColumnUnits``, when some row has a
    ///     per-row source (from ``ColumnUnits/resolve(_:into:)``).
    public func convert(_ column: ParsedColumn, count: Int, perRowMatrix: FactorMatrix?) {
        let values = UnsafeMutableBufferPointer(start: column.values, count: count)
        switch factors {
        case .fixed(let matrix):
            matrix.convert(values, source: 0)
        case .perRow:
            if let matrix = perRowMatrix {
                matrix.convert(values, sources: UnsafeBufferPointer(start: column.sources, count: count))
            }
        }
        let statuses = column.statuses
        for r in 0..<count where !values[r].isFinite {
            if case .number = statuses[r] { statuses[r] = .failed(.overflow) }
        }
    }
}
