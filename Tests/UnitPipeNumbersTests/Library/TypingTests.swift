// Validation while typing: every valid number of a table, typed one key at a time in each locale
// of the test set, is accepted at every keystroke; texts that can never become a number are
// refused, and every completion the check finds is a number the parser reads.

import Foundation
import Testing
import UnitPipeNumbers

@Suite("validation while typing")
struct TypingTests {
    static let values: [Double] = [0, 7, -7, 0.5, 12.75, 1234.5, -1234.56, 12_345_678.9, 1_000_000, 0.001, 123_456_789_012.25,
                                   -0.000123, 1e-7, 2.5e20, 104.54]

    /// The valid texts of a locale: every value written grouped, ungrouped and with 2 fraction digits.
    static func texts(_ format: LocaleNumberFormat) -> [String] {
        values.flatMap { [format.format($0), format.grouping(false).format($0), format.fractionDigits(2).format($0)] }
    }

    @Test(arguments: LocaleNumberFormatTests.locales)
    func typingEveryValidNumberIsNeverBlocked(locale: String) throws {
        let format = try LocaleNumberFormat(localeIdentifier: locale)
        let parser = NumberParser(conventions: format.conventions)
        var keystrokes = 0
        for text in Self.texts(format) {
            #expect(throws: Never.self, "\(locale): \(text) is valid") { try parser.exactNumber(text) }
            var typed = ""
            for key in text {
                typed.append(key)
                #expect(parser.isPrefixOfNumber(typed), "\(locale): '\(typed)' on the way to '\(text)'")
                if let completion = parser.completion(of: typed) {
                    #expect(throws: Never.self) { try parser.exactNumber(typed + completion) }
                }
                keystrokes += 1
            }
        }
        #expect(keystrokes > 250)
    }

    @Test func germanGroupsBeingTyped() throws {
        let de = try LocaleNumberFormat(localeIdentifier: "de_DE")
        for typed in ["1", "1.", "1.2", "1.23", "1.234", "1.234,", "1.234,5", "-", "-1.", "(1.23", ",", "1e", "1e-", ""] {
            #expect(de.isPrefixOfNumber(typed), "\(typed)")
        }
        for typed in ["12a", "1,2,", "1.2.", "1.2345", "1..", "--", "1,234.5", "e"] {
            #expect(!de.isPrefixOfNumber(typed), "\(typed)")
        }
        let parser = NumberParser(conventions: de.conventions)
        #expect(parser.completion(of: "1.2") == "00")
        #expect(parser.completion(of: "1.234,5") == "")
        #expect(parser.completion(of: "(1.23") == "0)")
    }

    @Test func indianSecondaryGroups() throws {
        let parser = NumberParser(conventions: try NumberConventions(localeIdentifier: "en_IN"))
        for typed in ["12,", "12,3", "12,34,", "12,34,5", "12,34,567.8"] { #expect(parser.isPrefixOfNumber(typed), "\(typed)") }
        for typed in ["12,345,", "1,2"] where !parser.isPrefixOfNumber(typed) { #expect(parser.completion(of: typed) == nil) }
        #expect(!parser.isPrefixOfNumber("12,345,"))
    }
}
