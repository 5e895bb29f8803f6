import Foundation
import Testing
import UnitPipeNumbers
@testable import UnitPipeUnits

/// Fuel economy and consumption: y = K/x from the exact decimal, rounded once. Expected values
/// are Python's `float(Fraction(...))` of the exact quotient (K from 1 mi = 1609.344 m,
/// 1 US gal = 3.785411784 L), never computed here.
@Suite struct ReciprocalConversionTests {
    func conversion(_ from: String, _ to: String) throws -> ReciprocalConversion {
        try ReciprocalConversion(from: UnitCatalog.standard.unit(expression: from), to: UnitCatalog.standard.unit(expression: to))
    }

    func decimal(_ text: String) throws -> LongDecimal {
        let parser = NumberParser(conventions: .c)
        let decimal: LongDecimal? = Array(text.utf8).withUnsafeBytes { bytes in
            switch parser.scan(bytes) {
            case .decimal(let short): return LongDecimal(short)
            case .long: return parser.scanLong(bytes)
            default: return nil
            }
        }
        return try #require(decimal)
    }

    @Test("K is 1/(S_from·S_to), the same both ways", arguments: [
        ("mpg", "L/100km", Rational(112_903, 480)), ("L/100km", "mpg", Rational(112_903, 480)),
        ("mi/gal", "L/km", Rational(112_903, 48_000)), ("km/L", "L/100km", Rational(100)),
        ("mpg_imp", "L/100km", Rational(56_826_125, 201_168)),
    ] as [(String, String, Rational)])
    func constants(from: String, to: String, constant: Rational) throws {
        #expect(try conversion(from, to).constant == constant)
    }

    @Test("values are the exact quotient rounded once", arguments: [
        // float(Fraction(112903, 480) / Fraction(t))
        ("30", 7.840486111111111), ("25.5", 9.224101307189542), ("7", 33.60208333333333), ("-40", -5.880364583333333),
        ("1e-300", 2.3521458333333332e+302), ("0.001", 235214.58333333334), ("3.3e400", 0), ("1e-400", .infinity),
    ] as [(String, Double)])
    func nearest(text: String, expected: Double) throws {
        let value = try #require(try conversion("mpg", "L/100km").nearest(decimal(text)))
        #expect(value == expected)
    }

    @Test("zero has no reciprocal: nil, never infinity")
    func zero() throws {
        let mpg = try conversion("mpg", "L/100km")
        for text in ["0", "-0.0", "0e5", "000.000"] { #expect(mpg.nearest(try decimal(text)) == nil, "\(text)") }
        #expect(mpg.apply(0) == nil)
        #expect(mpg.apply(-0.0) == nil)
        #expect(mpg.integer(try decimal("0"), decimals: 2, tie: .halfEven) == nil)
    }

    @Test("N fraction digits from the exact quotient, ties by the rule", arguments: [
        // 100/t in km/L → L/100km: 100/32 = 3.125 exactly, a tie at 2 digits.
        ("32", DecimalRounding.halfEven, "3.12"), ("32", .halfUp, "3.13"), ("-32", .halfUp, "-3.13"), ("3", .halfEven, "33.33"),
    ] as [(String, DecimalRounding, String)])
    func fixed(text: String, tie: DecimalRounding, expected: String) throws {
        let signed = try #require(try conversion("km/L", "L/100km").integer(decimal(text), decimals: 2, tie: tie))
        #expect(NumberWriter.scaledIntegerText(isNegative: signed.isNegative, magnitude: signed.magnitude, decimals: 2) == Array(expected.utf8))
    }

    @Test("a double input is divided exactly too")
    func apply() throws {
        #expect(try conversion("mpg", "L/100km").apply(30) == 7.840486111111111)
        #expect(try conversion("mpg", "L/100km").apply(.infinity) == 0)
    }

    @Test("only reciprocal dimensions without offsets")
    func refused() throws {
        let c = UnitCatalog.standard
        #expect(throws: UnitError.dimensionMismatch(from: "mpg", fromDimension: .fuelEconomy, to: "km", toDimension: .length)) {
            try conversion("mpg", "km")
        }
        #expect(throws: UnitError.self) { try ReciprocalConversion(from: c.unit(named: "degC"), to: c.unit(expression: "1/K")) }
        #expect(UnitListing.describe(["mpg", "L/100km"]).text
            == "mpg → L/100km: y = 235.21458333333334/x (exact 112903/480); 0 has no reciprocal\nL/100km → mpg: y = 235.21458333333334/x (exact 112903/480); 0 has no reciprocal\n")
    }
}
