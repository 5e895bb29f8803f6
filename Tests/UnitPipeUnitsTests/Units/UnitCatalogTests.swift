import Foundation
import Testing
@testable import UnitPipeUnits

@Suite struct UnitCatalogTests {
    @Test("symbols and aliases resolve", arguments: [
        ("m", "m"), ("meter", "m"), ("metres", "m"), ("km", "km"), ("kilometer", "km"), ("kilometres", "km"),
        ("Kilometer", "km"), ("cm", "cm"), ("millimetre", "mm"), ("inch", "in"), ("inches", "in"), ("foot", "ft"),
        ("feet", "ft"), ("yard", "yd"), ("yards", "yd"), ("mile", "mi"), ("miles", "mi"), ("nautical_mile", "nmi"),
        ("nautical_miles", "nmi"), ("°C", "degC"), ("℃", "degC"), ("celsius", "degC"), ("Celsius", "degC"),
        ("°F", "degF"), ("℉", "degF"), ("fahrenheit", "degF"), ("kelvin", "K"), ("K", "K"), ("°R", "degR"),
        ("rankine", "degR"), ("delta_degC", "delta_degC"), ("delta_degF", "delta_degF"), ("delta_K", "delta_K"),
    ])
    func lookup(name: String, symbol: String) throws {
        #expect(try UnitCatalog.standard.unit(named: name).symbol == symbol)
    }

    @Test("symbols are case-sensitive; unknown names suggest only a safe nearest spelling", arguments: [
        ("kilometr", "kilometer"), ("degc", "degC"), ("farenheit", "fahrenheit"), ("fet", "feet"), ("C", "degC"), ("F", "degF"),
        // Case-only differences: offered for text typed in one case when one unit alone is spelled so;
        // never where case carries meaning (a food Calorie is 1000 cal, kb a kilobit) or two units differ by case (mm, Mm).
        ("Cal", nil), ("kb", nil), ("KM", "km"), ("MBIT", nil), ("CAL", nil), ("kwh", "kWh"), ("MPH", "mph"), ("MM", nil),
        // One edit from a short symbol is another unit, not a typo: no 'cups', 'Pg', 'mg', 'dal'.
        ("Gbps", nil), ("mpgg", "mpg"), ("kmh", "km/h"), ("x", nil), ("furlong", nil),
    ] as [(String, String?)])
    func unknown(name: String, suggestion: String?) {
        #expect(throws: UnitError.unknownUnit(name, suggestion: suggestion)) { try UnitCatalog.standard.unit(named: name) }
    }

    @Test("every spelling names one unit, and every unit reduces to its base unit")
    func tableIsConsistent() {
        var seen: [String: String] = [:]
        for unit in UnitCatalog.standard.units {
            for spelling in [unit.symbol] + unit.aliases {
                #expect(seen[spelling] == nil, "'\(spelling)' names both \(seen[spelling] ?? "") and \(unit.symbol)")
                seen[spelling] = unit.symbol
            }
        }
        let catalog = UnitCatalog.standard
        let bases = Dictionary(uniqueKeysWithValues: catalog.dimensions.map { ($0.name, catalog.baseUnit(of: $0)?.symbol ?? "") })
        #expect(bases == ["length": "m", "area": "m^2", "volume": "m^3", "mass": "kg", "time": "s", "speed": "m/s",
                          "acceleration": "m/s^2", "force": "N", "pressure": "Pa", "energy": "J", "power": "W", "temperature": "K",
                          "temperature_difference": "delta_K", "frequency": "Hz", "angle": "rad", "data": "bit",
                          "density": "kg/m^3", "fuel_economy": "1/m^2", "dimensionless": "1"])
        #expect(catalog.units.count >= 150)
    }

    @Test("a broken table is reported, not resolved")
    func brokenTable() {
        let entries = [UnitCatalog.Entry(symbol: "ft", definition: .linear(Rational(12), of: "in"))]
        guard case .failure(let problem) = UnitCatalog.resolve(entries) else {
            Issue.record("resolved a table with a dangling reference")
            return
        }
        #expect(problem.message.contains("'in'"))
    }

    static let unitsExecutable = ["/usr/bin/units", "/usr/local/bin/units", "/opt/homebrew/bin/units"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("factors agree with GNU units", .enabled(if: unitsExecutable != nil, "GNU units is not installed"), arguments: [
        ("in", "m", "in", "m"), ("ft", "in", "ft", "in"), ("yd", "ft", "yd", "ft"), ("mi", "ft", "mi", "ft"),
        ("nmi", "m", "nmi", "m"), ("mi", "km", "mi", "km"), ("km", "mm", "km", "mm"), ("cm", "in", "cm", "in"),
        ("delta_degF", "delta_degC", "degF", "degC"), ("delta_K", "delta_degF", "K", "degF"), ("degR", "K", "degR", "K"),
    ])
    func gnuUnits(from: String, to: String, gnuFrom: String, gnuTo: String) throws {
        let conversion = try UnitConversion(from: UnitCatalog.standard.unit(named: from), to: UnitCatalog.standard.unit(named: to))
        let oracle = try #require(Double(runUnits(["-d", "15", "-t", "1 \(gnuFrom)", gnuTo])))
        let ours = conversion.apply(1)
        #expect(abs(ours - oracle) <= 1e-12 * abs(oracle), "\(from) → \(to): \(ours) vs GNU units \(oracle)")
    }

    @Test("affine temperatures agree with GNU units", .enabled(if: unitsExecutable != nil, "GNU units is not installed"), arguments: [
        ("degC", "degF", "tempC", "tempF", 37.0), ("degF", "degC", "tempF", "tempC", 98.6), ("K", "degF", "tempK", "tempF", 0),
        ("degC", "K", "tempC", "tempK", -40), ("degR", "degF", "tempR", "tempF", 500),
    ] as [(String, String, String, String, Double)])
    func gnuUnitsTemperature(from: String, to: String, gnuFrom: String, gnuTo: String, x: Double) throws {
        let conversion = try UnitConversion(from: UnitCatalog.standard.unit(named: from), to: UnitCatalog.standard.unit(named: to))
        let oracle = try #require(Double(runUnits(["-d", "15", "-t", "\(gnuFrom)(\(x))", gnuTo])))
        #expect(abs(conversion.apply(x) - oracle) <= 1e-9 * max(1, abs(oracle)))
    }

    func runUnits(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.unitsExecutable))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
