import Testing
@testable import UnitPipeUnits

@Suite struct UnitResolverTests {
    @Test("each distinct string is resolved once; rows gather through the matrix")
    func caching() throws {
        var resolver = try UnitResolver(target: unit("m"))
        let column = (0..<100_000).map { ["km", "mi", " ft ", "km", "in", "m"][$0 % 6] }
        var indices: [Int32] = []
        for text in column {
            guard case .success(let index) = resolver.sourceIndex(for: text) else { Issue.record("\(text) failed"); return }
            indices.append(index)
        }
        #expect(resolver.resolvedCount == 5)
        #expect(resolver.matrix.sources.map(\.symbol) == ["km", "mi", "ft", "in", "m"])
        var values = [Double](repeating: 1, count: indices.count)
        values.withUnsafeMutableBufferPointer { v in indices.withUnsafeBufferPointer { resolver.matrix.convert(v, sources: $0) } }
        #expect(Array(values.prefix(6)) == [1000, 1609.344, 0.3048, 1000, 0.0254, 1])
    }

    @Test("errors are per distinct string, cached")
    func errors() throws {
        var resolver = try UnitResolver(target: unit("km"))
        for _ in 0..<3 {
            #expect(resolver.sourceIndex(for: "kmh") == .failure(.unit(.unknownUnit("kmh", suggestion: "km/h"))))
            #expect(resolver.sourceIndex(for: "degC") == .failure(.unit(.dimensionMismatch(
                from: "degC", fromDimension: .temperature, to: "km", toDimension: .length))))
            #expect(resolver.sourceIndex(for: "USD") == .failure(.noRate("USD")))
        }
        #expect(resolver.resolvedCount == 3)
        #expect(resolver.sourceIndex(for: "") == .failure(.unit(.unknownUnit("", suggestion: nil))))
    }

    @Test("a default unit (`*km`) stands for an empty unit; many distinct strings grow the table")
    func defaultAndGrowth() throws {
        var resolver = try UnitResolver(target: unit("m"), defaultUnit: unit("km"))
        #expect(resolver.sourceIndex(for: "  ") == .success(0))
        let prefixes = ["", "k", "c", "m", "µ", "n", "d", "h", "M", "G"]
        let names = prefixes.flatMap { p in ["m", "in", "ft"].map { p + $0 } }
        var ok = 0
        for _ in 0..<2 { for name in names { if case .success = resolver.sourceIndex(for: name) { ok += 1 } } }
        #expect(resolver.resolvedCount == names.count)
        #expect(ok == 2 * (prefixes.count + 2))
    }
}
