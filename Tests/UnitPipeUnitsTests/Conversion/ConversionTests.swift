import Foundation
import Testing
import TestSupport
@testable import UnitPipeUnits

/// A small deterministic generator (SplitMix64), so failures reproduce.
let catalog = UnitCatalog.standard

func unit(_ name: String) -> UnitDefinition {
    do { return try catalog.unit(named: name) } catch { fatalError("test table names unknown unit \(name)") }
}

func sameDouble(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}

/// Inputs that stress rounding: integers, decimals, random bit patterns across all exponents,
/// subnormals, values near the overflow threshold of the pair, and exact ties of the pair.
func inputs(for conversion: UnitConversion, count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(state: seed)
    var xs: [Double] = [0, -0.0, 1, -1, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 0.5, 100, 212, 32, -40, 273.15, 459.67]
    let limit = Double.greatestFiniteMagnitude / max(1, conversion.factor.scaleHi)
    let denominatorOdd = conversion.scale.denominator >> conversion.scale.denominator.trailingZeroBitCount
    let perKind = max(1, count / 8)
    for _ in 0..<perKind {
        xs.append(Double(Int64.random(in: -100_000...100_000, using: &rng)))
        xs.append(Double(Int64.random(in: -10_000_000...10_000_000, using: &rng)) / [10, 100, 1000, 1e6][Int.random(in: 0..<4, using: &rng)])
        // Random bit patterns over the whole range (NaN patterns excluded), and over moderate exponents.
        var bits = rng.next()
        while Double(bitPattern: bits).isNaN { bits = rng.next() }
        xs.append(Double(bitPattern: bits))
        xs.append(Double(sign: Bool.random(using: &rng) ? .minus : .plus, exponent: Int.random(in: -60...60, using: &rng),
                         significand: Double.random(in: 1..<2, using: &rng)))
        xs.append(Double(bitPattern: rng.next() & ((1 << 52) - 1)) * (Bool.random(using: &rng) ? -1 : 1))
        xs.append(limit * Double.random(in: 0.999999...1.000001, using: &rng))
        // Multiples of the scale's odd denominator make x·S dyadic: exact results and exact ties.
        let multiple = Double(Int64.random(in: 1...(1 << 53) / Int64(max(1, denominatorOdd)), using: &rng)) * Double(denominatorOdd)
        xs.append(multiple * Double(sign: .plus, exponent: Int.random(in: -30...30, using: &rng), significand: 1))
        xs.append(Double(Int64.random(in: (1 << 52)...(1 << 53), using: &rng)) * Double(denominatorOdd > 1 << 40 ? 1 : denominatorOdd))
    }
    return xs
}

struct PairCase: CustomTestStringConvertible, Sendable {
    let from: String, to: String
    var testDescription: String { "\(from) → \(to)" }
}

let seedUnits: [[String]] = [
    ["m", "km", "cm", "mm", "in", "ft", "yd", "mi", "nmi"],
    ["K", "degC", "degF", "degR"],
    ["delta_K", "delta_degC", "delta_degF"],
]
let allPairs: [PairCase] = seedUnits.flatMap { group in group.flatMap { a in group.map { PairCase(from: a, to: $0) } } }

@Suite struct CorrectRoundingTests {
    @Test("apply and both kernel entry points equal the exact reference", arguments: allPairs)
    func matchesReference(pair: PairCase) throws {
        let conversion = try UnitConversion(from: unit(pair.from), to: unit(pair.to))
        let perPair = (isLongRun ? 3_000_000 : 100_000) / allPairs.count
        let xs = inputs(for: conversion, count: perPair, seed: (pair.from + "→" + pair.to).utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        let expected = xs.map { Reference.value($0, scale: conversion.scale, offset: conversion.offset) }

        // Fixed pair, and a gather whose rows alternate between the pair and identity.
        let matrix = try FactorMatrix(sources: [unit(pair.from), unit(pair.to)], target: unit(pair.to))
        var fixed = xs
        fixed.withUnsafeMutableBufferPointer { matrix.convert($0, source: 0) }
        var rng = SplitMix64(state: 7)
        let indices = xs.indices.map { _ in Int32.random(in: 0...1, using: &rng) }
        var gathered = xs
        gathered.withUnsafeMutableBufferPointer { values in indices.withUnsafeBufferPointer { matrix.convert(values, sources: $0) } }

        var failures: [String] = []
        for (i, x) in xs.enumerated() {
            let gatherExpected = indices[i] == 0 ? expected[i] : Reference.value(x, scale: .one, offset: .zero)
            let applied = conversion.apply(x)
            if !sameDouble(applied, expected[i]) || !sameDouble(fixed[i], expected[i]) || !sameDouble(gathered[i], gatherExpected) {
                failures.append("x=\(x) (\(x.bitPattern)): apply \(applied), kernel \(fixed[i]), gather \(gathered[i]), expected \(expected[i])")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(xs.count) wrong, e.g. \(failures.prefix(3))")
    }

    @Test("named exact conversions", arguments: [
        ("ft", "in", 1.0, 12.0), ("mi", "ft", 1, 5280), ("degC", "degF", 100, 212), ("degC", "degF", -40, -40),
        ("K", "degF", 0, -459.67), ("nmi", "m", 1, 1852), ("in", "m", 1, 0.0254), ("degC", "K", 0, 273.15),
        ("delta_degC", "delta_degF", 10, 18), ("degC", "degF", 10, 50), ("degF", "degC", 32, 0), ("yd", "ft", 1, 3),
        ("km", "m", 1, 1000), ("mi", "km", 1, 1.609344), ("degR", "K", 9, 5), ("in", "cm", 1, 2.54),
    ] as [(String, String, Double, Double)])
    func namedCases(from: String, to: String, x: Double, expected: Double) throws {
        let conversion = try UnitConversion(from: unit(from), to: unit(to))
        #expect(sameDouble(conversion.apply(x), expected))
        let matrix = try FactorMatrix(sources: [unit(from)], target: unit(to))
        var values = [x]
        values.withUnsafeMutableBufferPointer { matrix.convert($0, source: 0) }
        #expect(sameDouble(values[0], expected))
    }

    @Test("exact factors are computed from the definitions, not through rounded values", arguments: [
        ("mi", "m", Rational(201168, 125), Rational.zero), ("in", "m", Rational(127, 5000), .zero),
        ("K", "degF", Rational(9, 5), Rational(-45967, 100)), ("degF", "degC", Rational(5, 9), Rational(-160, 9)),
        ("delta_degC", "delta_degF", Rational(9, 5), .zero), ("degC", "K", .one, Rational(5463, 20)),
    ] as [(String, String, Rational, Rational)])
    func exactFactors(from: String, to: String, scale: Rational, offset: Rational) throws {
        let conversion = try UnitConversion(from: unit(from), to: unit(to))
        #expect(conversion.scale == scale)
        #expect(conversion.offset == offset)
    }

    @Test("a single rounded factor would be wrong for some inputs")
    func singleRoundedFactorIsNotEnough() throws {
        let conversion = try UnitConversion(from: unit("in"), to: unit("cm"))
        let single = Double(conversion.scale.numerator) / Double(conversion.scale.denominator)
        var wrong = 0
        for k in 1...10_000 {
            let x = Double(k) / 1000
            let correct = Reference.value(x, scale: conversion.scale, offset: conversion.offset)
            #expect(sameDouble(conversion.apply(x), correct))
            if !sameDouble(x * single, correct) { wrong += 1 }
        }
        #expect(wrong > 100, "x * 2.54 differs from the correctly rounded value for \(wrong) of 10000 inputs")
    }

    @Test("NaN passes through without the exact path; overflow is infinite")
    func nanAndOverflow() throws {
        let conversion = try UnitConversion(from: unit("degF"), to: unit("degC"))
        #expect(conversion.apply(.nan).isNaN)
        #expect(conversion.factor.fastValue(.nan).needsExact == 0)
        let matrix = try FactorMatrix(sources: [unit("in"), unit("mi")], target: unit("mm"))
        var values: [Double] = [.nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1]
        values.withUnsafeMutableBufferPointer { matrix.convert($0, source: 1) }
        #expect(values[0].isNaN && values[1] == .infinity && values[2] == -.infinity && values[3] == 1_609_344)
        var gathered: [Double] = [.nan, 1, .nan, 1]
        let indices: [Int32] = [0, 0, 1, 1]
        gathered.withUnsafeMutableBufferPointer { v in indices.withUnsafeBufferPointer { matrix.convert(v, sources: $0) } }
        #expect(gathered[0].isNaN && gathered[1] == 25.4 && gathered[2].isNaN && gathered[3] == 1_609_344)
    }

    @Test("mismatched dimensions are refused, naming both units and dimensions")
    func dimensionMismatch() {
        #expect(throws: UnitError.dimensionMismatch(from: "degC", fromDimension: .temperature,
                                                    to: "delta_degF", toDimension: .temperatureDifference)) {
            try UnitConversion(from: unit("degC"), to: unit("delta_degF"))
        }
        #expect(throws: UnitError.dimensionMismatch(from: "ft", fromDimension: .length, to: "K", toDimension: .temperature)) {
            try FactorMatrix(sources: [unit("ft"), unit("m")], target: unit("K"))
        }
    }

    @Test("a factor that does not fit in Int128 is an error, not a trap")
    func factorOverflow() {
        let huge = UnitDefinition(symbol: "huge", dimension: .length, scale: Rational(Int128.max))
        let tiny = UnitDefinition(symbol: "tiny", dimension: .length, scale: Rational(1, Int128.max - 1))
        #expect(throws: UnitError.factorOverflow(from: "huge", to: "tiny")) {
            try UnitConversion(from: huge, to: tiny)
        }
    }
}
