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

    static let markLocales = ["en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "de_CH", "en_IN", "pt_BR", "ru_RU", "ja_JP", "sv_SE", "nl_NL", "pl_PL", "en_GB"]
    static let amounts: [Double] = [0, 7, 12.5, 1234.5, 1_000_000.99, 12_345_678.9]

    /// Amounts as Foundation writes them in the locale's own currency, then as they are often typed
    /// (the ISO code instead of the symbol), typed one key at a time: never blocked.
    @Test(arguments: markLocales)
    func typingAnAmountWithItsMarkIsNeverBlocked(locale: String) throws {
        let foundation = Locale(identifier: locale)
        let code = try #require(foundation.currency?.identifier)
        let strategy = try CurrencyAmountParseStrategy(locale: foundation)
        let parser = NumberParser(conventions: strategy.format.conventions, context: NumberContext(currencyCode: code))
        var keystrokes = 0
        for value in Self.amounts {
            for text in [value.formatted(.currency(code: code).locale(foundation)), code + " " + strategy.format.format(value)] {
                let amount = try strategy.amount(text)
                #expect(amount.currencyCode == code, "\(locale): \(text)")
                var typed = ""
                for key in text {
                    typed.append(key)
                    #expect(strategy.isPrefixOfAmount(typed), "\(locale): '\(typed)' on the way to '\(text)'")
                    #expect(parser.isPrefixOfNumber(typed), "\(locale): '\(typed)' on the way to '\(text)' in \(code)")
                    if let completion = parser.completion(of: typed) {
                        #expect(throws: Never.self, "\(typed) + \(completion)") { try parser.exactNumber(typed + completion) }
                    }
                    keystrokes += 1
                }
            }
        }
        #expect(keystrokes > 80)
    }

    /// Percentages as Foundation writes them (`12,5 %` in de_DE, `12.5%` in en_US), typed one key at a time.
    @Test(arguments: markLocales)
    func typingAPercentageIsNeverBlocked(locale: String) throws {
        let foundation = Locale(identifier: locale)
        let conventions = try NumberConventions(locale: foundation)
        let parser = NumberParser(conventions: conventions, context: NumberContext(allowsPercent: true))
        for fraction in [0.0, 0.125, 0.5, 12.345] {
            let text = fraction.formatted(.percent.locale(foundation))
            #expect(throws: Never.self, "\(locale): \(text)") { try parser.exactNumber(text) }
            var typed = ""
            for key in text {
                typed.append(key)
                #expect(parser.isPrefixOfNumber(typed), "\(locale): '\(typed)' on the way to '\(text)'")
            }
        }
    }

    @Test func marksThatCanNeverComplete() throws {
        let strategy = try CurrencyAmountParseStrategy(locale: Locale(identifier: "en_US"))
        for typed in ["U", "US", "US$", "US$1,0", "US$1,000.9", "USD 1", "$1,0"] { #expect(strategy.isPrefixOfAmount(typed), "\(typed)") }
        for typed in ["US$1,0,", "US$x", "1,00,0", "US$1.2.3"] { #expect(!strategy.isPrefixOfAmount(typed), "\(typed)") }
        let percent = NumberParser(conventions: try NumberConventions(localeIdentifier: "de_DE"), context: NumberContext(allowsPercent: true))
        #expect(percent.isPrefixOfNumber("12,5 "))
        #expect(percent.isPrefixOfNumber("12,5 %"))
        #expect(!percent.isPrefixOfNumber("12,5 %%"))
        #expect(!NumberParser(conventions: try NumberConventions(localeIdentifier: "de_DE")).isPrefixOfNumber("12,5 %"))
    }
}
