import Foundation
import Testing
import TestSupport
@testable import UnitPipeUnits

/// Every pair of units within each dimension, for several values, against the exact oracle (`Reference`).
struct DimensionCase: CustomTestStringConvertible, Sendable {
    let dimension: String
    var testDescription: String { dimension }
}

@Suite struct CatalogReferenceTests {
    static let dimensions = UnitCatalog.standard.dimensions.map { DimensionCase(dimension: $0.name) }

    @Test("every pair of every dimension: apply and kernel equal the exact reference", arguments: dimensions)
    func everyPair(dimension: DimensionCase) throws {
        let catalog = UnitCatalog.standard
        guard let dim = catalog.dimensions.first(where: { $0.name == dimension.dimension }) else { return }
        let units = catalog.units(of: dim)
        // Bounded so the default suite stays fast: a few fixed values plus random ones per pair.
        var rng = SplitMix64(state: UInt64(truncatingIfNeeded: dimension.dimension.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        let perPair = isLongRun ? 400 : 12
        var failures: [String] = []
        var skipped = 0
        for source in units {
            for target in units {
                let conversion: UnitConversion
                do { conversion = try UnitConversion(from: source, to: target) } catch {
                    // Int128 overflow: only electronvolts against the far prefixes of the joule (EJ/eV = 10^46/1.602176634).
                    if !(source.symbol.hasSuffix("eV") || target.symbol.hasSuffix("eV")) { skipped += 1 }
                    continue
                }
                var xs: [Double] = [0, 1, -1, 0.1, 100, 1e-300, 1e300, 12.5, -40]
                for _ in 0..<perPair {
                    xs.append(Double(Int64.random(in: -10_000_000...10_000_000, using: &rng)) / 1000)
                    xs.append(Double(sign: .plus, exponent: Int.random(in: -40...40, using: &rng), significand: Double.random(in: 1..<2, using: &rng)))
                }
                let matrix = try FactorMatrix(sources: [source], target: target)
                var kernel = xs
                kernel.withUnsafeMutableBufferPointer { matrix.convert($0, source: 0) }
                for (i, x) in xs.enumerated() {
                    let expected = Reference.value(x, scale: conversion.scale, offset: conversion.offset)
                    if !sameDouble(conversion.apply(x), expected) || !sameDouble(kernel[i], expected) {
                        failures.append("\(source.symbol)→\(target.symbol) x=\(x): \(conversion.apply(x)) / \(kernel[i]) vs \(expected)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) wrong, e.g. \(failures.prefix(3))")
        // Within a dimension every pair has an exact factor, but for the electronvolt/joule extremes above.
        #expect(skipped == 0, "\(skipped) pairs of \(dimension.dimension) have no exact factor")
    }

    @Test("π factors: the stored double-doubles equal those of the true π (100 digits, computed independently)", arguments: [
        ("deg", "rad", "0x1.1df46a2529d39p-6", "0x1.5c1d8becdd291p-62"),
        ("rad", "deg", "0x1.ca5dc1a63c1f8p+5", "-0x1.1e7ab456405f9p-49"),
        ("arcsec", "rad", "0x1.455a5b2ff8f9dp-18", "0x1.c2b0fa39df2fdp-74"),
        ("arcmin", "rad", "0x1.3104b57cf96a3p-12", "0x1.29a17aa5904f3p-66"),
        ("turn", "rad", "0x1.921fb54442d18p+2", "0x1.1a62633145c07p-52"),
        ("grad", "rad", "0x1.015bf9217271ap-6", "-0x1.c9bf81089c7a5p-61"),
        ("rad", "arcsec", "0x1.92dc67331ad7bp+17", "-0x1.1bc9d87fce940p-37"),
    ])
    func piFactors(from: String, to: String, hi: String, lo: String) throws {
        let conversion = try UnitConversion(from: unit(from), to: unit(to))
        #expect(conversion.factor.scaleHi == Double(hi))
        #expect(conversion.factor.scaleLo == Double(lo))
    }

    @Test("conversions among π-based angles are exact (π cancels)", arguments: [
        ("deg", "arcmin", Rational(60)), ("turn", "deg", Rational(360)), ("grad", "deg", Rational(9, 10)), ("arcsec", "deg", Rational(1, 3600)),
    ])
    func piCancels(from: String, to: String, scale: Rational) throws {
        #expect(try UnitConversion(from: unit(from), to: unit(to)).scale == scale)
    }

    @Test("named exact values", arguments: [
        ("psi", "Pa", 1.0, 6894.757293168362), ("atm", "Pa", 1, 101_325), ("kWh", "J", 1, 3_600_000), ("cal", "J", 1, 4.184),
        ("BTU", "J", 1, 1055.05585262), ("hp", "W", 1, 745.6998715822702), ("lbf", "N", 1, 4.4482216152605), ("KiB", "B", 1, 1024),
        ("GB", "MB", 1, 1000), ("gal", "L", 1, 3.785411784), ("ton", "kg", 1, 907.18474), ("st", "lb", 1, 14), ("%", "ppm", 1, 10_000),
        ("mph", "km/h", 1, 1.609344), ("torr", "Pa", 760, 101_325), ("Δ°C", "delta_degF", 10, 18), ("h", "s", 1, 3600),
        ("eV", "J", 1, 1.602176634e-19), ("bar", "kPa", 1, 100), ("g0", "m/s^2", 1, 9.80665), ("kgf", "N", 1, 9.80665),
    ] as [(String, String, Double, Double)])
    func namedValues(from: String, to: String, x: Double, expected: Double) throws {
        #expect(sameDouble(try UnitConversion(from: unit(from), to: unit(to)).apply(x), expected))
    }

    @Test("many factors agree with GNU units (explicit spellings for ambiguous names)",
          .enabled(if: UnitCatalogTests.unitsExecutable != nil, "GNU units is not installed"), arguments: [
        ("psi", "Pa", "psi", "Pa"), ("atm", "Pa", "atm", "Pa"), ("mmHg", "Pa", "mmHg", "Pa"), ("inHg", "Pa", "inHg", "Pa"),
        ("torr", "Pa", "torr", "Pa"), ("bar", "psi", "bar", "psi"), ("cal", "J", "thermcalorie", "J"), ("cal_IT", "J", "calorie_IT", "J"),
        ("BTU", "J", "btu", "J"), ("kWh", "MJ", "kWh", "MJ"), ("eV", "J", "eV", "J"), ("hp", "W", "hp", "W"), ("hp_metric", "W", "metrichorsepower", "W"),
        ("lbf", "N", "lbf", "N"), ("kgf", "N", "kgf", "N"), ("gal", "L", "usgallon", "L"), ("imp_gal", "L", "brgallon", "L"),
        ("floz", "mL", "usfloz", "mL"), ("ton", "kg", "shortton", "kg"), ("long_ton", "kg", "longton", "kg"), ("st", "kg", "stone", "kg"),
        ("oz", "g", "oz", "g"), ("ozt", "g", "troyounce", "g"), ("acre", "m^2", "acre", "m^2"), ("ha", "acre", "hectare", "acre"),
        ("kn", "km/h", "knot", "km/hr"), ("mph", "m/s", "mph", "m/s"), ("g0", "ft/s^2", "gravity", "ft/s^2"), ("deg", "rad", "degree", "radian"),
        ("arcsec", "rad", "arcsec", "radian"), ("grad", "deg", "gon", "degree"), ("wk", "min", "week", "min"), ("yr", "d", "julianyear", "day"),
        ("GiB", "MB", "GiB", "MB"), ("Mbit", "kB", "Mbit", "kB"), ("bbl", "L", "bbl", "L"), ("ftUS", "m", "surveyfoot", "m"),
        ("cu_ft", "L", "ft^3", "L"), ("lb/ft^3", "kg/m^3", "lb/ft^3", "kg/m^3"), ("ft_lbf", "J", "ft lbf", "J"), ("ppm", "%", "ppm", "percent"),
        ("dyn", "N", "dyne", "N"), ("erg", "J", "erg", "J"), ("au", "km", "au", "km"), ("ct", "g", "carat", "g"), ("gr", "mg", "grain", "mg"),
    ])
    func gnuUnits(from: String, to: String, gnuFrom: String, gnuTo: String) throws {
        let conversion = try UnitConversion(from: UnitCatalog.standard.unit(expression: from), to: UnitCatalog.standard.unit(expression: to))
        let output = try runUnits(["-d", "15", "-t", "1 \(gnuFrom)", gnuTo])
        let oracle = try #require(Double(output), "GNU units said '\(output)' for \(gnuFrom) → \(gnuTo)")
        let ours = conversion.apply(1)
        #expect(abs(ours - oracle) <= 1e-12 * abs(oracle), "\(from) → \(to): \(ours) vs GNU units \(oracle)")
    }

    func runUnits(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(UnitCatalogTests.unitsExecutable))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
