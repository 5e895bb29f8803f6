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
        // Resolving leaves the suggestion out; asking for the failure looks for it, once.
        #expect(resolver.sourceIndex(for: "kmh") == .failure(.unit(.unknownUnit("kmh", suggestion: nil))))
        for _ in 0..<3 {
            #expect(resolver.failure(for: "kmh") == .unit(.unknownUnit("kmh", suggestion: "km/h")))
            #expect(resolver.sourceIndex(for: "kmh") == .failure(.unit(.unknownUnit("kmh", suggestion: "km/h"))))
            // Inside an expression the part's suggestion is the one resolving eagerly gives.
            #expect(resolver.failure(for: " kmh*s") == .unit(.unknownUnit("kmh", suggestion: "km/h")))
            #expect(resolver.failure(for: "kilometr/s") == .unit(.unknownUnit("kilometr", suggestion: "kilometer")))
            #expect(resolver.failure(for: "km") == nil)
            #expect(resolver.sourceIndex(for: "degC") == .failure(.unit(.dimensionMismatch(
                from: "degC", fromDimension: .temperature, to: "km", toDimension: .length))))
            #expect(resolver.sourceIndex(for: "USD") == .failure(.noRate("USD")))
        }
        #expect(resolver.resolvedCount == 6)
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

    /// The lazy suggestion is the one resolving eagerly (`UnitCatalog.unit(expression:)`) gives.
    @Test(arguments: ["kmh", "kilometr", "kilometr/h", "m/secnd", "degc", "mtr^2", "meterz", "ft/mn", "Kelvinn"])
    func lazySuggestionEqualsEager(text: String) throws {
        var resolver = try UnitResolver(target: unit("m"))
        var eager: UnitExpressionError?
        do { _ = try UnitCatalog.standard.unit(expression: text) } catch { eager = error }
        #expect(eager != nil)
        #expect(resolver.failure(for: text) == eager)
    }

    @Test("distinct unknown units: each resolved once, no suggestion until asked, the cache bounded")
    func distinctUnknownUnitsAreCheapAndBounded() throws {
        #expect(UnitResolver.maxCachedStrings == 65_536 && UnitResolver.maxCachedBytes == 4 << 20)
        // Small limits, so the bound is reached quickly; the defaults work the same way.
        let limit = (strings: 1_000, bytes: 6_000)
        var resolver = try UnitResolver(target: unit("m"), cacheLimit: limit)
        #expect(resolver.sourceIndex(for: "km") == .success(0))
        let count = 1_500
        for pass in 0..<2 {
            for n in 0..<count {
                let text = "u\(n + 10_000_000)"
                #expect(resolver.sourceIndex(for: text) == .failure(.unit(.unknownUnit(text, suggestion: nil))))
                if resolver.cachedCount > limit.strings { Issue.record("cache beyond its bound at \(n)"); return }
            }
            // The first pass resolves each string once; the cache then forgot failures, so the second resolves again.
            #expect(resolver.resolvedCount == 1 + (pass + 1) * count)
        }
        // The byte bound: 6,000 bytes hold 666 strings of 9 bytes, fewer than the 1,000 strings allowed.
        #expect(resolver.cachedCount <= 667)
        // Successes survive the forgetting: km is still index 0 and not resolved again.
        #expect(resolver.sourceIndex(for: "km") == .success(0))
        #expect(resolver.resolvedCount == 1 + 2 * count)
        #expect(resolver.matrix.sources.map(\.symbol) == ["km"])
        // A suggestion is still found for a typo, and none is looked for in a string too long to be one.
        #expect(resolver.failure(for: "kilometr") == .unit(.unknownUnit("kilometr", suggestion: "kilometer")))
        let long = String(repeating: "k", count: UnitCatalog.maxSuggestedLength + 1)
        #expect(resolver.failure(for: long) == .unit(.unknownUnit(long, suggestion: nil)))
    }
}
