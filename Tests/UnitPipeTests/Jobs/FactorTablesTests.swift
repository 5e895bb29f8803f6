import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The factor tables of a fixed unit pair are built once per run and shared by every column and
/// worker converting that pair; a column of another pair or precision has its own.
@Suite("factor tables shared per unit pair")
struct FactorTablesTests {
    static func plan(_ columns: [ColumnSpec], decimals: Int? = nil) throws -> ConvertPlan {
        var options = ConvertOptions()
        options.columns = columns
        options.decimals = decimals
        return try ConvertPlan.make(options: options, head: try head("a,b,c,d,e\n1,2,3,4,5\n"))
    }

    @Test("columns of one unit pair share one table; other pairs and precisions do not")
    func onePairOneTable() throws {
        let plan = try Self.plan([
            ColumnSpec(column: .name("a"), from: "km", to: "mi"),
            ColumnSpec(column: .name("b"), from: "m", to: "mi"),
            ColumnSpec(column: .name("c"), from: "kilometre", to: "mi"),
            ColumnSpec(column: .name("d"), from: "km", to: "mi", decimals: 2),
            ColumnSpec(column: .name("e"), from: "km", to: "mi"),
        ])
        let tables = plan.conversions.map(\.tables)
        #expect(tables.allSatisfy { $0 != nil })
        let a = try #require(tables[0]), b = try #require(tables[1]), c = try #require(tables[2])
        let d = try #require(tables[3]), e = try #require(tables[4])
        #expect(a === e)
        #expect(a === c, "an alias names the same unit")
        #expect(a !== b)
        #expect(a !== d, "another precision has tables of its own")
        #expect(a.fixed == nil && d.fixed != nil)
    }

    @Test("the converters of a pair, however often made, use one storage")
    func workersShareStorage() throws {
        let plan = try Self.plan((0..<4).map { ColumnSpec(column: .position($0 + 1), from: "km", to: "mi") }, decimals: 3)
        let converters = plan.converters
        #expect(converters.count == 4)
        for k in 1..<4 { #expect(converters[k].sharesTables(with: converters[0])) }
        // A converter made again for a worker holds the same tables.
        #expect(plan.columnConverter(2).sharesTables(with: converters[0]))
        let unshared = ColumnConverter(factors: converters[0].factors, decimals: 3, tie: .halfEven)
        #expect(!unshared.sharesTables(with: converters[0]))
    }

    @Test("the cache builds one table per pair and precision")
    func cacheCountsPairs() throws {
        let catalog = UnitCatalog.standard
        let km = try catalog.unit(expression: "km"), mi = try catalog.unit(expression: "mi"), m = try catalog.unit(expression: "m")
        var cache = FactorTableCache()
        let kmMi = try FactorMatrix(sources: [km], target: mi)
        let first = cache.tables(for: kmMi, decimals: nil, tie: .halfEven)
        for _ in 0..<1000 { #expect(cache.tables(for: try FactorMatrix(sources: [km], target: mi), decimals: nil, tie: .halfEven) === first) }
        _ = cache.tables(for: try FactorMatrix(sources: [m], target: mi), decimals: nil, tie: .halfEven)
        _ = cache.tables(for: kmMi, decimals: 2, tie: .halfEven)
        _ = cache.tables(for: kmMi, decimals: 2, tie: .halfUp)
        #expect(cache.count == 4)
    }
}
