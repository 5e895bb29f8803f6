import Testing
@testable import UnitPipeUnits

@Suite struct CatalogSizeTests {
    @Test("at least 150 units across at least 15 dimensions, every spelling unique")
    func size() {
        let catalog = UnitCatalog.standard
        #expect(catalog.units.count >= 150, "\(catalog.units.count) units")
        #expect(catalog.dimensions.count >= 15, "\(catalog.dimensions.map(\.name))")
        var seen: [String: String] = [:]
        for unit in catalog.units {
            for spelling in [unit.symbol] + unit.aliases {
                #expect(seen[spelling] == nil, "'\(spelling)' names both \(seen[spelling] ?? "") and \(unit.symbol)")
                seen[spelling] = unit.symbol
            }
        }
        for dimension in catalog.dimensions {
            #expect(catalog.baseUnit(of: dimension) != nil, "\(dimension) has no base unit")
        }
    }

    @Test("spellings resolve to the expected unit", arguments: [
        ("kPa", "kPa"), ("hPa", "hPa"), ("MPa", "MPa"), ("mbar", "mbar"), ("µm", "µm"), ("μm", "µm"), ("um", "µm"),
        ("mL", "mL"), ("ml", "mL"), ("litre", "L"), ("l", "L"), ("kWh", "kWh"), ("kilowatt_hour", "kWh"), ("GiB", "GiB"),
        ("Mbit", "Mbit"), ("ton", "ton"), ("short_ton", "ton"), ("gallon", "gal"), ("imp_gal", "imp_gal"), ("°", "deg"),
        ("Δ°C", "delta_degC"), ("kcal", "kcal"), ("cal_th", "cal"), ("Mm", "Mm"), ("stone", "st"), ("g0", "g0"),
        ("tonnes", "t"), ("%", "%"), ("knots", "kn"), ("kgf", "kgf"), ("torr", "torr"), ("rpm", "rpm"),
    ])
    func spellings(name: String, symbol: String) throws {
        #expect(try UnitCatalog.standard.unit(named: name).symbol == symbol)
    }

    @Test("ambiguous names carry a note saying which meaning they take", arguments: ["ton", "gal", "cal", "hp", "BTU", "t"])
    func notes(symbol: String) throws {
        #expect(try UnitCatalog.standard.unit(named: symbol).note != nil)
    }
}

@Suite struct UnitExpressionTests {
    @Test("expressions: dimension and exact factor to base units", arguments: [
        ("km/h", "speed", Rational(5, 18)), ("m/s^2", "acceleration", .one), ("kg*m/s^2", "force", .one),
        ("ft^2", "area", Rational(145_161, 1_562_500)), ("m²", "area", .one), ("m³", "volume", .one),
        ("g/cm3", "density", Rational(1000)), ("N·m", "energy", .one), ("W/m^2", "mass/time^3", .one),
        ("kWh", "energy", Rational(3_600_000)), ("km/h/s", "acceleration", Rational(5, 18)), ("mi/gal", "fuel_economy", Rational(48_000_000_000, 112_903)),
        // A leading integer multiplies its unit (GNU units): L/100km is L/(100 km), 10^-8 m².
        ("L/100km", "area", Rational(1, 100_000_000)), ("gal/100mi", "area", Rational(112_903, 4_800_000_000_000)),
        ("L/(100*km)", "area", Rational(1, 100_000_000)), ("100km^2", "area", Rational(100_000_000)), ("km/L", "fuel_economy", Rational(1_000_000)),
        ("1/s", "frequency", .one), ("(m/s)^2", "length^2/time^2", .one), ("kJ/kg/K", "length^2/time^2/temperature", Rational(1000)),
        ("lbf*ft", "energy", Rational(3048, 10_000) * UnitCatalog.poundForce), ("s^-1", "frequency", .one), ("mm⁻¹", "1/length", Rational(1000)),
    ] as [(String, String, Rational)])
    func expressions(expression: String, dimension: String, scale: Rational) throws {
        let unit = try UnitCatalog.standard.unit(expression: expression)
        #expect(unit.dimension.name == dimension)
        #expect(unit.scale == scale)
    }

    @Test("expression errors", arguments: [
        ("kmh", UnitExpressionError.unit(.unknownUnit("kmh", suggestion: "km/h"))),
        ("degC/h", .affineInExpression("degC/h", unit: "degC")),
        ("degF^2", .affineInExpression("degF^2", unit: "degF")),
        ("km/", .malformedExpression("km/", offset: 3)),
        ("m^x", .malformedExpression("m^x", offset: 2)),
        ("furlongs/h", .unit(.unknownUnit("furlongs", suggestion: nil))),
        ("deg^2", .unit(.factorOverflow(from: "deg^2", to: "base units"))),
        ("ARS", .noRate("ARS")), ("€", .noRate("EUR")),
        ("100degC", .affineInExpression("100degC", unit: "degC")), ("L/0km", .malformedExpression("L/0km", offset: 2)),
        ("L/100kmm", .unit(.unknownUnit("kmm", suggestion: nil))),
    ])
    func errors(expression: String, error: UnitExpressionError) {
        #expect(throws: error) { try UnitCatalog.standard.unit(expression: expression) }
    }

    /// Parentheses nest 32 deep at most: the parser recurses once per level, and 250 levels
    /// overflowed a worker thread's stack. The limit counts open parentheses, not pairs read.
    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String { String(repeating: "(", count: depth) + "km" + String(repeating: ")", count: depth) }
        #expect(try UnitCatalog.standard.unit(expression: nested(32)).scale == Rational(1000))
        #expect(try UnitCatalog.standard.unit(expression: String(repeating: "(m)*", count: 100) + "m").dimension.exponents[.length] == 101)
        #expect(throws: UnitExpressionError.nestedTooDeep(nested(33), limit: 32)) { try UnitCatalog.standard.unit(expression: nested(33)) }
        #expect(throws: UnitExpressionError.nestedTooDeep(nested(100_000), limit: 32)) { try UnitCatalog.standard.unit(expression: nested(100_000)) }
    }

    /// Found by the expression fuzz target: trailing digits are a power only up to 64, as `^n`
    /// is; a larger one trapped in the exponents' product (or looped through a power of `m`).
    @Test func trailingDigitsBeyondAPowerAreNoUnit() throws {
        #expect(try UnitCatalog.standard.unit(expression: "cm3").dimension.exponents[.length] == 3)
        #expect(throws: UnitExpressionError.unit(.unknownUnit("femtolitre5532559262904489261", suggestion: nil))) {
            try UnitCatalog.standard.unit(expression: "femtolitre5532559262904489261", suggesting: false)
        }
        #expect(throws: UnitExpressionError.unit(.unknownUnit("m99999999999", suggestion: nil))) {
            try UnitCatalog.standard.unit(expression: "m99999999999", suggesting: false)
        }
    }

    @Test("compound units convert with exact factors")
    func compoundConversion() throws {
        let c = UnitCatalog.standard
        let conversion = try UnitConversion(from: c.unit(expression: "km/h"), to: c.unit(expression: "mph"))
        #expect(conversion.scale == Rational(15625, 25146))
        let density = try UnitConversion(from: c.unit(expression: "g/cm3"), to: c.unit(expression: "kg/m^3"))
        #expect(density.apply(1) == 1000)
        #expect(throws: UnitError.self) { try UnitConversion(from: c.unit(expression: "kg*m/s^2"), to: c.unit(expression: "J")) }
    }
}
