// The public exact conversion, through the two products only (no `@testable`): every case of the
// exact-conversion oracle (`fixtures/exact/oracle.tsv`, written by `scripts/exact-oracle.py` with
// Python's `fractions` from the unit definitions alone) whose group is a plain unit pair, read in
// its locale and converted from the text: the nearest double, and 2 fraction digits half to even
// and half up.

import Foundation
import Testing
import UnitPipeNumbers
import UnitPipeUnits

@Suite("exact unit conversion (public API)")
struct ExactUnitConversionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Group {
        var id: String, from: String, to: String, locale: String
        var cases: [(text: String, shortest: String, halfEven: String, halfUp: String)] = []
    }

    /// The oracle's groups of plain unit pairs (no per-row or in-cell units, currencies, percent or output locale).
    static func groups() throws -> [Group] {
        let text = try String(contentsOf: root.appendingPathComponent("fixtures/exact/oracle.tsv"), encoding: .utf8)
        var groups: [Group] = []
        var keep = false
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if parts[0] == "@" {
                keep = !["@u", "*", "1"].contains(parts[2]) && parts[5] == "-" && parts[6] == "-"
                if keep { groups.append(Group(id: parts[1], from: parts[2], to: parts[3], locale: parts[4])) }
            } else if keep {
                groups[groups.count - 1].cases.append((parts[0], parts[2], parts[3], parts[4]))
            }
        }
        return groups
    }

    @Test func everyPlainOracleCaseConvertsFromTheText() throws {
        let catalog = UnitCatalog.standard
        let groups = try Self.groups()
        #expect(groups.count >= 20)
        var checked = 0, tooLarge = 0
        for group in groups {
            // Reciprocal pairs (mpg and L/100km: y = K/x) are no factor and offset; the engine converts them.
            let from = try catalog.unit(expression: group.from), to = try catalog.unit(expression: group.to)
            guard from.dimension == to.dimension else { continue }
            let conversion = try ExactUnitConversion(from: from, to: to, preparing: [2])
            let parser = NumberParser(conventions: try NumberConventions(localeIdentifier: group.locale))
            for c in group.cases {
                let number = try parser.exactNumber(c.text)
                let value = conversion.value(number)
                #expect(value == Double(c.shortest), "\(group.id) \(c.text): \(value) ≠ \(c.shortest)")
                #expect(try conversion.value(c.text, parser: parser) == Double(c.shortest))
                // A result of more than 64 bits (times 100) is an error, never other digits.
                guard UInt64(c.halfEven.filter(\.isNumber)) != nil, UInt64(c.halfUp.filter(\.isNumber)) != nil else {
                    #expect(throws: RoundingError.tooLarge(fractionDigits: 2)) { try conversion.rounded(number, fractionDigits: 2) }
                    tooLarge += 1
                    continue
                }
                #expect(try conversion.rounded(number, fractionDigits: 2).description == c.halfEven, "\(group.id) \(c.text)")
                #expect(try conversion.rounded(number, fractionDigits: 2, rule: .halfUp).description == c.halfUp, "\(group.id) \(c.text)")
                checked += 1
            }
        }
        #expect(checked > 5000)
        #expect(tooLarge < checked / 10)
    }

    /// The same digits whether the fixed factors were prepared or are built per call.
    @Test func unpreparedFractionDigitsGiveTheSameDigits() throws {
        let catalog = UnitCatalog.standard
        let prepared = try ExactUnitConversion(from: catalog.unit(named: "in"), to: catalog.unit(named: "cm"), preparing: [2])
        let unprepared = try ExactUnitConversion(from: catalog.unit(named: "in"), to: catalog.unit(named: "cm"))
        for text in ["1.049", "0.005", "444.015", "-786.315", "123456789012345.675", "0.1000000000000000000000000001"] {
            #expect(try prepared.rounded(text, fractionDigits: 2) == unprepared.rounded(text, fractionDigits: 2))
        }
    }

    @Test(arguments: [
        ("degC", "degF", "-273.15", -459.67, "-459.67"),
        ("m", "cm", "1.1", 110, "110.00"),
        ("cm", "m", "0.7", 0.007, "0.01"),
        ("degC", "degF", "40.3", 104.54, "104.54"),
        ("degC", "degF", "100", 212, "212.00"),
        ("ft", "in", "1", 12, "12.00"),
        ("degC", "K", "-273.15", 0, "0.00"),
        ("mi", "m", "1", 1609.344, "1609.34"),
    ])
    func seedConversionsAreRoundedOnce(from: String, to: String, text: String, expected: Double, fixed: String) throws {
        let catalog = UnitCatalog.standard
        let conversion = try ExactUnitConversion(from: catalog.unit(named: from), to: catalog.unit(named: to))
        #expect(try conversion.value(text) == expected)
        #expect(try conversion.rounded(text, fractionDigits: 2).description == fixed)
        // The one-off entry on `UnitConversion` agrees.
        let plain = try UnitConversion(from: catalog.unit(named: from), to: catalog.unit(named: to))
        #expect(plain.value(try NumberParser().exactNumber(text)) == expected)
    }

    /// The double-rounding the text path avoids: the public `apply(_:)` on the parsed double is an ulp off.
    @Test func applyingTheParsedDoubleRoundsTwice() throws {
        let catalog = UnitCatalog.standard
        let conversion = try UnitConversion(from: catalog.unit(named: "degC"), to: catalog.unit(named: "degF"))
        #expect(conversion.apply(-273.15) == -459.66999999999996)
        #expect(try ExactUnitConversion(conversion).value("-273.15") == -459.67)
    }

    @Test func errorsOfTheTextEntry() throws {
        let catalog = UnitCatalog.standard
        let conversion = try ExactUnitConversion(from: catalog.unit(named: "km"), to: catalog.unit(named: "m"))
        #expect(throws: NumberTextError(.number(.overflow), text: "1e308")) { try conversion.value("1e308") }
        #expect(throws: NumberTextError(.empty, text: " ")) { try conversion.value(" ") }
        #expect(throws: NumberTextError(.number(.invalidNumber), text: "12a", offset: 2)) { try conversion.value("12a") }
        #expect(throws: NumberTextError(.rounding(.fractionDigitsOutOfRange(19)), text: "1")) {
            try conversion.rounded("1", fractionDigits: 19)
        }
        #expect(throws: NumberTextError(.rounding(.tooLarge(fractionDigits: 2)), text: "1e17")) {
            try conversion.rounded("1e17", fractionDigits: 2)
        }
    }
}
