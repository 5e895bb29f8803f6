import UnitPipeNumbers
import UnitPipeUnits

/// The decimal factor tables of one fixed unit pair at one output precision: built once per run
/// and shared by every column and every worker that converts that pair, never copied (a fixed
/// unit's tables never grow). So thousands of columns from `km` to `mi` cost one table, not one
/// per column and worker.
final class FactorTables: Sendable {
    /// Factors for the nearest double.
    let shortest: DecimalFactorTable
    /// Factors for `--decimals N`, or `nil` for shortest output.
    let fixed: DecimalFactorTable?

    init(matrix: FactorMatrix, decimals: Int?, tie: DecimalRounding) {
        shortest = DecimalFactorTable(matrix: matrix)
        fixed = decimals.map { DecimalFactorTable(matrix: matrix, decimals: $0, tie: tie) }
    }
}

/// Hands out the ``FactorTables`` of each distinct unit pair and precision, building each once.
struct FactorTableCache {
    private struct Key: Hashable {
        let source: UnitDefinition
        let target: UnitDefinition
        let decimals: Int?
        let tie: DecimalRounding
    }

    private var tables: [Key: FactorTables] = [:]

    /// The number of distinct tables built.
    var count: Int { tables.count }

    /// The tables of a one-source matrix (a fixed unit) at `decimals`, shared with every earlier
    /// request for the same pair and precision.
    mutating func tables(for matrix: FactorMatrix, decimals: Int?, tie: DecimalRounding) -> FactorTables {
        guard matrix.sources.count == 1, let source = matrix.sources.first else {
            return FactorTables(matrix: matrix, decimals: decimals, tie: tie)
        }
        let key = Key(source: source, target: matrix.target, decimals: decimals, tie: tie)
        if let shared = tables[key] { return shared }
        let made = FactorTables(matrix: matrix, decimals: decimals, tie: tie)
        tables[key] = made
        return made
    }
}
