// Exact numbers and fixed rounding from the text, through the public API only: every case is
// checked against Python-free integer arithmetic on the text's digits (an independent oracle:
// the text's digits shifted as a string, the dropped part compared with one half).

import Foundation
import Testing
import UnitPipeNumbers

@Suite("exact numbers and rounding from the text (public API)")
struct ExactNumberTests {
    @Test(arguments: [
        ("2.675", 2, DecimalRounding.halfEven, "2.68"),
        ("2.665", 2, .halfEven, "2.66"),
        ("2.665", 2, .halfUp, "2.67"),
        ("-2.665", 2, .halfUp, "-2.67"),
        ("-0.004", 2, .halfEven, "0.00"),
        ("0.5", 0, .halfEven, "0"),
        ("1.5", 0, .halfEven, "2"),
        ("1e3", 1, .halfEven, "1000.0"),
        ("123456789012345678901234.5e-20", 3, .halfEven, "1234.568"),
        ("0.000000000000000000000000000015", 18, .halfEven, "0.000000000000000000"),
        ("18446744073709551615", 0, .halfEven, "18446744073709551615"),
        ("1.00000000000000000000000000000000000000001", 2, .halfUp, "1.00"),
        ("0.125000000000000000000000000000000000001", 2, .halfEven, "0.13"),
    ])
    func fixedFromTheText(text: String, digits: Int, rule: DecimalRounding, expected: String) throws {
        #expect(try NumberWriter.fixed(text, decimals: digits, rule: rule) == expected)
        #expect(try NumberWriter.fixed(text, decimals: digits, rule: rule) == Self.reference(text, digits: digits, rule: rule))
    }

    /// Every short decimal of a grid, against string arithmetic on its digits.
    @Test func fixedMatchesStringArithmetic() throws {
        var checked = 0
        for mantissa in [0, 5, 15, 25, 125, 135, 2675, 2665, 99995, 1_000_005, 123_456_789, 987_654_321_987_654_321] {
            for exponent in -22...3 {
                for digits in [0, 1, 2, 5, 18] {
                    for rule in DecimalRounding.allCases {
                        let text = "\(mantissa)e\(exponent)"
                        let expected = Self.reference(text, digits: digits, rule: rule)
                        if expected.filter(\.isNumber).count > 19 { continue }
                        #expect(try NumberWriter.fixed(text, decimals: digits, rule: rule) == expected, "\(text) \(digits) \(rule)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 2000)
    }

    @Test func localeTextAndDecimalValueAgree() throws {
        let de = NumberParser(conventions: try NumberConventions(localeIdentifier: "de_DE"))
        let number = try de.exactNumber("-1.234,565")
        #expect(number.description == "-1234.565")
        #expect(number.doubleValue == -1234.565)
        #expect(try number.rounded(fractionDigits: 2).description == "-1234.56")
        #expect(ExactNumber(number.decimalValue) == number)
        #expect(ExactNumber("1.5e3")?.doubleValue == 1500)
        #expect(ExactNumber("12a") == nil)
        let long = try NumberParser().exactNumber("0.1000000000000000000000000001")
        #expect(long.scannedDecimal == nil)
        #expect(long.doubleValue == 0.1)
        #expect(try long.rounded(fractionDigits: 18).description == "0.100000000000000000")
    }

    @Test func roundedDecimalIsData() throws {
        let value = try RoundedDecimal(isNegative: true, scaled: 45967, fractionDigits: 2)
        #expect(value.description == "-459.67")
        #expect(value.doubleValue == -459.67)
        #expect(try RoundedDecimal(isNegative: true, scaled: 0, fractionDigits: 1).description == "0.0")
        #expect(throws: RoundingError.fractionDigitsOutOfRange(19)) { try RoundedDecimal(isNegative: false, scaled: 1, fractionDigits: 19) }
        #expect(throws: RoundingError.tooLarge(fractionDigits: 2)) { try ExactNumber("1e18")?.rounded(fractionDigits: 2) }
        #expect(NumberWriter.fixed(1.5, decimals: 21) == nil)
        #expect(NumberWriter.fixed(1.5, decimals: -1) == nil)
        #expect(NumberWriter.fixed(1.5, decimals: .max) == nil)
        #expect(NumberWriter.fixed(1.5, decimals: .min) == nil)
        #expect(NumberWriter.maxFixedLength(decimals: .max) == NumberWriter.maxFixedLength(decimals: 20))
        #expect(NumberWriter.fixed(.nan, decimals: 2) == "nan")
        #expect(NumberWriter.fixed(-.infinity, decimals: 20) == "-inf")
        #expect(NumberWriter.fixed(-.greatestFiniteMagnitude, decimals: 20)?.count == NumberWriter.maxFixedLength(decimals: 20))
        #expect(NumberWriter.fixed(1.5, decimals: 1) == "1.5")
    }

    /// `text` (`[-]digits[.digits][e±n]`) rounded to `digits` fraction digits by string arithmetic alone.
    static func reference(_ text: String, digits: Int, rule: DecimalRounding) -> String {
        var body = Substring(text)
        let isNegative = body.first == "-"
        if isNegative { body = body.dropFirst() }
        var exponent = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(body[body.index(after: e)...]) ?? 0
            body = body[..<e]
        }
        var all = String(body)
        if let point = all.firstIndex(of: ".") {
            exponent -= all.distance(from: point, to: all.endIndex) - 1
            all.remove(at: point)
        }
        // all · 10^exponent; shift to units of 10^-digits.
        let shift = exponent + digits
        var kept: String, dropped: String
        if shift >= 0 {
            kept = all + String(repeating: "0", count: shift)
            dropped = ""
        } else if -shift >= all.count {
            kept = "0"
            dropped = String(repeating: "0", count: -shift - all.count) + all
        } else {
            kept = String(all.dropLast(-shift))
            dropped = String(all.suffix(-shift))
        }
        let half = "5" + String(repeating: "0", count: max(0, dropped.count - 1))
        let comparison = dropped.isEmpty ? -1 : (dropped == half ? 0 : (dropped > half ? 1 : -1))
        var digitsArray = Array(kept.drop(while: { $0 == "0" })).map { Int(String($0)) ?? 0 }
        let lastIsOdd = (digitsArray.last ?? 0) % 2 == 1
        if comparison > 0 || (comparison == 0 && (rule == .halfUp || lastIsOdd)) {
            var i = digitsArray.count - 1
            while i >= 0, digitsArray[i] == 9 { digitsArray[i] = 0; i -= 1 }
            if i >= 0 { digitsArray[i] += 1 } else { digitsArray.insert(1, at: 0) }
        }
        while digitsArray.count <= digits { digitsArray.insert(0, at: 0) }
        var out = digitsArray.map(String.init).joined()
        if digits > 0 { out.insert(".", at: out.index(out.endIndex, offsetBy: -digits)) }
        let isZero = !out.contains { $0 != "0" && $0 != "." }
        return (isNegative && !isZero ? "-" : "") + out
    }
}

@Suite("Foundation.Decimal bridge")
struct DecimalBridgeTests {
    @Test(arguments: ["0", "-459.67", "0.1", "123456789012345678901234567890.12345678", "1e-100", "-5e120", "7"])
    func roundTripsExactly(text: String) throws {
        let number = try #require(ExactNumber(text))
        let decimal = try #require(number.foundationDecimal)
        #expect(decimal == Foundation.Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(ExactNumber(decimal) == number)
    }

    @Test func refusesWhatDecimalWouldRound() throws {
        #expect(ExactNumber("1234567890123456789012345678901234567890.5")?.foundationDecimal == nil)
        #expect(ExactNumber("1e-200")?.foundationDecimal == nil)
        #expect(ExactNumber(Foundation.Decimal.nan) == nil)
        let rounded = try #require(try ExactNumber("2.675")?.rounded(fractionDigits: 2))
        #expect(rounded.foundationDecimal == Foundation.Decimal(string: "2.68"))
        // A Decimal converts exactly, where its Double would not.
        let converted = try #require(ExactNumber(Foundation.Decimal(string: "40.3") ?? 0)).rounded(fractionDigits: 1)
        #expect(converted.description == "40.3")
    }
}

@Suite("checked library entry points")
struct CheckedEntryPointTests {
    @Test func localizedRefusesTextThatIsNoNormalizedNumber() throws {
        let de = try NumberConventions(localeIdentifier: "de_DE")
        #expect(de.checkedLocalized("1,234") == nil)
        #expect(de.checkedLocalized("+5") == nil)
        #expect(de.checkedLocalized("abc") == nil)
        #expect(de.checkedLocalized("-12345.678") == "-12.345,678")
        #expect(de.checkedLocalized("1.5e-07") == "1,5e-07")
    }

    /// Hostile input to the public entry points: an error or `nil`, never a trap.
    @Test(arguments: ["", " ", "-", "1e999999999999999999", "1e-999999999999999999", String(repeating: "9", count: 100_000),
                      "0." + String(repeating: "0", count: 50_000) + "1", "\u{0}", "1\u{0}", "١٢٣", "1,,2", "+-1", "1e", "ee", "∞", "NaN", "0x10"])
    func hostileTextNeverTraps(text: String) {
        for decimals in [-1, 0, 2, 18, 19, 21, Int.max] {
            _ = try? NumberWriter.fixed(text, decimals: decimals)
            _ = try? NumberWriter.fixed(text, decimals: decimals, rule: .halfUp)
        }
        _ = try? NumberParser().exactNumber(text)
        _ = try? NumberParser().value(text)
        _ = NumberParser().isPrefixOfNumber(text)
        _ = NumberConventions.c.checkedLocalized(text)
        _ = try? NumberConventions(localeIdentifier: text)
    }
}
