import Testing
@testable import UnitPipeUnits

@Suite struct UnitListingTests {
    @Test("two units: both directions, reduced exact fraction and the rounded double")
    func pair() {
        let report = UnitListing.describe(["km", "mi"])
        #expect(report.errors.isEmpty)
        #expect(report.text == "1 km = 0.621371192237334 mi (exact 15625/25146)\n1 mi = 1.609344 km (exact)\n")
        #expect(UnitListing.describe(["degC", "degF"]).text == "degC → degF: y = x·1.8 + 32\ndegF → degC: y = x·5/9 - 160/9\n")
    }

    @Test("unknown names come back as errors only, with suggestions; the text holds results")
    func unknown() {
        let report = UnitListing.describe(["kmh"])
        #expect(report.errors == [.unit(.unknownUnit("kmh", suggestion: "km/h"))])
        #expect(report.text == "")
        let pair = UnitListing.describe(["degF", "C"])
        #expect(pair.errors == [.unit(.unknownUnit("C", suggestion: "degC"))])
        #expect(pair.text == "")
        // Beside a length, a temperature is no suggestion, nor a speed beside a length.
        #expect(UnitListing.describe(["km", "C"]).errors == [.unit(.unknownUnit("C", suggestion: nil))])
        #expect(UnitListing.describe(["inchs", "cm"]).errors == [.unit(.unknownUnit("inchs", suggestion: "inch"))])
    }

    @Test("three or more units: the factor from the first to each, written as converted numbers are")
    func many() {
        let report = UnitListing.describe(["kWh", "J", "MJ", "cal"])
        #expect(report.errors.isEmpty)
        // 1 kWh = 3.6e6 J exactly; 3.6e6 / 4.184 = 860420.6500956023 (Python: float(Fraction(3600000) / Fraction('4.184'))).
        #expect(report.text == "1 kWh = 3600000 J (exact)\n1 kWh = 3.6 MJ (exact)\n1 kWh = 860420.6500956023 cal (exact 450000000/523)\n")
        let mixed = UnitListing.describe(["m", "ft", "s"])
        #expect(mixed.text == "1 m = 3.2808398950131235 ft (exact 1250/381)\n")
        #expect(mixed.errors == [.unit(.dimensionMismatch(from: "m", fromDimension: .length, to: "s", toDimension: .time))])
    }

    @Test("dimensions are found by name with spaces, hyphens or underscores")
    func dimensionNames() throws {
        let spaced = try #require(UnitListing.dimension(named: "temperature difference"))
        #expect(spaced.hasPrefix("temperature_difference (base: delta_K)\n"))
        #expect(UnitListing.dimension(named: "Temperature-Difference") == spaced)
    }

    @Test("listings pin a few lines")
    func lines() throws {
        let all = UnitListing.all()
        #expect(all.contains("length (base: m)\n"))
        #expect(all.contains("  mi  1 mi = 1609.344 m  aliases: mile, miles  (international statute mile; nautical: nmi)\n")
                || all.contains("1 mi = 1609.344 m  aliases: mile, miles"))
        let pressure = try #require(UnitListing.dimension(named: "pressure"))
        #expect(pressure.hasPrefix("pressure (base: Pa)\n"))
        #expect(pressure.contains("1 atm = 101325 Pa"))
        #expect(UnitListing.dimension(named: "nonsense") == nil)
    }
}
