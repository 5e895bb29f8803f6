// Values with their units read as an app's text field gets them, through the public API only.

import Foundation
import Testing
import UnitPipeNumbers
import UnitPipeUnits

@Suite("unit value parse strategy")
struct UnitValueParseTests {
    @Test(arguments: [
        ("C", "5.3 km", "5.3", "km"),
        ("C", "5.3km", "5.3", "km"),
        ("de_DE", "1.234,5 m", "1234.5", "m"),
        ("C", "-40 degF", "-40", "degF"),
        ("C", "12 °C", "12", "degC"),
        ("fr_FR", "2,5 mi", "2.5", "mi"),
        ("C", "88 km/h", "88", "km/h"),
    ])
    func readsValueAndUnit(locale: String, text: String, value: String, unit: String) throws {
        let strategy = UnitValueParseStrategy(format: try LocaleNumberFormat(localeIdentifier: locale))
        let parsed = try strategy.parse(text)
        #expect(parsed.value.description == value)
        #expect(parsed.unitSymbol == unit)
    }

    @Test func convertsTheValueAsWritten() throws {
        let parsed = try UnitValueParseStrategy().unitValue("-273.15 degC")
        #expect(try parsed.converted(to: UnitCatalog.standard.unit(named: "degF")) == -459.67)
        #expect(try JSONDecoder().decode(UnitValue.self, from: JSONEncoder().encode(parsed)) == parsed)
    }

    @Test(arguments: [
        ("5.3", "'5.3' has no unit; write one after the number (5.3 km)."),
        ("5.3 kmz", "'5.3 kmz': unknown unit 'kmz'."),
        ("1.2.3 km", "'1.2.3 km' is not a number: '.' at position 4 is a second decimal separator."),
        ("$ 5 km", "'$ 5 km' has text on both sides of the number; write one unit after it."),
    ])
    func failuresAreSentences(text: String, message: String) {
        do {
            _ = try UnitValueParseStrategy().unitValue(text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.localizedDescription == message)
        }
    }
}
