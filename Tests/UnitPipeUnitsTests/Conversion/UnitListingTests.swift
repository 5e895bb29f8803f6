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

    @Test("unknown names come back with suggestions")
    func unknown() {
        let report = UnitListing.describe(["kmh"])
        #expect(report.errors == [.unit(.unknownUnit("kmh", suggestion: "km/h"))])
        #expect(report.text == "unknown unit 'kmh'; did you mean 'km/h'?\n")
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
