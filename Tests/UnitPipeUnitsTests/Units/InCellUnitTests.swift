import Testing
@testable import UnitPipeUnits

@Suite struct InCellUnitTests {
    @Test("cells split into number and unit", arguments: [
        ("5.3 km", "5.3", "km", InCellUnit.Placement.suffix), ("5.3km", "5.3", "km", .suffix), ("12 °C", "12", "°C", .suffix),
        ("-3 degF", "-3", "degF", .suffix), ("US$ 5", "5", "US$", .prefix), ("€1.000,99", "1.000,99", "€", .prefix),
        ("1.000,99 €", "1.000,99", "€", .suffix), ("GBP 12.50", "12.50", "GBP", .prefix), ("1e5", "1e5", "", .none),
        ("1.5E+03 m", "1.5E+03", "m", .suffix), ("2eV", "2", "eV", .suffix), ("3e5m", "3e5", "m", .suffix),
        ("1.234,56-", "1.234,56-", "", .none), ("1.234,56- EUR", "1.234,56-", "EUR", .suffix), ("(1.234,56) €", "(1.234,56)", "€", .suffix),
        ("  42  ", "42", "", .none), ("1 234,5 km", "1 234,5", "km", .suffix), ("1\u{A0}234,5\u{A0}km", "1\u{A0}234,5", "km", .suffix),
        ("12,5 %", "12,5", "%", .suffix), ("−7 K", "−7", "K", .suffix), ("+4 kWh", "+4", "kWh", .suffix), (".5 mi", ".5", "mi", .suffix),
        ("5 km/h", "5", "km/h", .suffix), ("5 m²", "5", "m²", .suffix), ("km", "", "km", .prefix), ("", "", "", .none),
        ("$ 5 km", "5", "$", .both), ("5. km", "5.", "km", .suffix), ("1'234.5 CHF", "1'234.5", "CHF", .suffix),
    ])
    func split(cell: String, number: String, unit: String, placement: InCellUnit.Placement) {
        let split = InCellUnit.split(cell)
        let bytes = Array(cell.utf8)
        #expect(String(decoding: bytes[split.number], as: UTF8.self) == number)
        #expect(String(decoding: bytes[split.unit], as: UTF8.self) == unit)
        #expect(split.placement == placement)
    }

    @Test("a sign before a prefix unit negates the number", arguments: [("-€5", true), ("−US$ 3", true), ("€-5", false), ("+€5", false)])
    func signBeforeUnit(cell: String, negated: Bool) {
        let split = InCellUnit.split(cell)
        #expect(split.isNegatedBeforeUnit == negated)
        #expect(String(decoding: Array(cell.utf8)[split.number], as: UTF8.self).last == "5" || String(decoding: Array(cell.utf8)[split.number], as: UTF8.self).last == "3")
    }
}
