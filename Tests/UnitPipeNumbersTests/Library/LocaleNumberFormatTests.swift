// The Foundation-shaped API through the public surface only: `LocaleNumberFormat` as a
// `ParseableFormatStyle` (format, then parse back to the same Double) in 16 locales, fixed digits
// rounded from the shortest digits, `Codable` styles, and the currency amount strategy.

import Foundation
import Testing
import UnitPipeNumbers

@Suite("FormatStyle and ParseStrategy")
struct LocaleNumberFormatTests {
    static let locales = ["C", "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "de_CH", "en_IN", "ar_EG", "fa_IR",
                          "pt_BR", "ru_RU", "ja_JP", "sv_SE", "nl_NL", "pl_PL"]
    static let values: [Double] = [0, 1, -1, 0.5, 2.675, 1234.5, -1234.56, 12_345_678.9, 1_000_000, 0.001, 123_456_789_012.25,
                                   -0.000123, 1e-7, 2.5e20, 5e15, 9_007_199_254_740_992, 104.53999999999999, 0.1 + 0.2]

    @Test(arguments: locales)
    func shortestOutputReadsBackToTheSameDouble(locale: String) throws {
        let format = try LocaleNumberFormat(localeIdentifier: locale)
        for value in Self.values {
            let text = value.formatted(format)
            #expect(try Double(text, strategy: format.parseStrategy) == value, "\(locale): \(value) → \(text)")
            #expect(try format.parseStrategy.parse(format.grouping(false).format(value)) == value)
        }
    }

    @Test(arguments: locales)
    func fixedOutputReadsBackToItsRoundedDecimal(locale: String) throws {
        let format = try LocaleNumberFormat(localeIdentifier: locale).fractionDigits(2)
        for value in Self.values where value.magnitude < 1e15 {
            let text = format.format(value)
            let expected = try #require(ExactNumber(NumberWriter.shortest(value))).rounded(fractionDigits: 2)
            #expect(try format.parseStrategy.exactNumber(text) == expected.exactNumber, "\(locale): \(value) → \(text)")
        }
    }

    @Test func outputAsEachLocaleWritesIt() throws {
        let cases: [(String, Double, Int?, String)] = [
            ("de_DE", 1234.5, nil, "1.234,5"),
            ("de_DE", -1234.5, nil, "-1.234,5"),
            ("en_IN", 1_234_567.8, nil, "12,34,567.8"),
            ("fr_FR", 1234.5, nil, "1\u{202F}234,5"),
            ("de_CH", 1234.5, nil, "1’234.5"),
            ("es_ES", 1234, nil, "1234"),
            ("es_ES", 12345, nil, "12.345"),
            ("C", 1234.5, nil, "1234.5"),
            ("en_US", 2.675, 2, "2.68"),
            ("en_US", 2.665, 2, "2.66"),
            ("en_US", 104.53999999999999, 2, "104.54"),
        ]
        for (locale, value, digits, expected) in cases {
            var format = try LocaleNumberFormat(localeIdentifier: locale)
            if let digits { format = format.fractionDigits(digits) }
            #expect(value.formatted(format) == expected, "\(locale) \(value)")
        }
        let halfUp = try LocaleNumberFormat(localeIdentifier: "en_US").fractionDigits(2, rule: .halfUp)
        #expect(2.665.formatted(halfUp) == "2.67")
        #expect(Double.nan.formatted(LocaleNumberFormat.c) == "NaN")
    }

    @Test func strictWhereNumberFormatterIsNot() throws {
        let de = try LocaleNumberFormat(localeIdentifier: "de_DE")
        #expect(try Double("1.234,56", strategy: de.parseStrategy) == 1234.56)
        #expect(throws: NumberTextError(.number(.invalidNumber), text: "12a", offset: 2)) { try de.parseStrategy.parse("12a") }
        #expect(throws: NumberTextError(.number(.multipleDecimal), text: "1,2,3", offset: 3)) { try de.parseStrategy.parse("1,2,3") }
        #expect(throws: NumberTextError(.empty, text: "   ")) { try de.parseStrategy.parse("   ") }
    }

    @Test func initFromLocale() throws {
        #expect(try LocaleNumberFormat(locale: Locale(identifier: "de_DE")).localeIdentifier == "de_DE")
        let regionOverride = try LocaleNumberFormat(locale: Locale(identifier: "en_US@rg=dezzzz"))
        // Foundation writes en_US@rg=dezzzz as 1.234,5; so are its numbers read (CLDR's en_DE).
        #expect(regionOverride.localeIdentifier == "en_DE")
        #expect(try regionOverride.parseStrategy.parse("1.234,5") == 1234.5)
        #expect(regionOverride.format(1234.5) == 1234.5.formatted(.number.locale(Locale(identifier: "en_US@rg=dezzzz"))))
        let withExtension = try LocaleNumberFormat(locale: Locale(identifier: "de-DE-u-nu-latn"))
        #expect(withExtension.format(1234.5) == "1.234,5")
        // A numbering system is honoured, not stripped: Arabic-Indic digits in and out, ASCII read too.
        let arabicDigits = try LocaleNumberFormat(locale: Locale(identifier: "de-DE-u-nu-arab"))
        #expect(arabicDigits.format(1234.5) == 1234.5.formatted(.number.locale(Locale(identifier: "de-DE-u-nu-arab"))))
        #expect(arabicDigits.format(1234.5).unicodeScalars.contains("\u{0661}"))
        #expect(try arabicDigits.parseStrategy.parse(arabicDigits.format(1234.5)) == 1234.5)
        let asciiDigits = String(String.UnicodeScalarView(arabicDigits.format(1234.5).unicodeScalars.map { scalar in
            ("\u{0660}"..."\u{0669}").contains(scalar) ? Unicode.Scalar(scalar.value - 0x0660 + 0x30) ?? scalar : scalar
        }))
        #expect(try arabicDigits.parseStrategy.parse(asciiDigits) == 1234.5)
        let latinInEgypt = try LocaleNumberFormat(locale: Locale(identifier: "ar-EG-u-nu-latn"))
        #expect(latinInEgypt.format(1234.5) == 1234.5.formatted(.number.locale(Locale(identifier: "ar-EG-u-nu-latn"))))
        #expect(latinInEgypt.format(1234.5).unicodeScalars.allSatisfy { !("\u{0660}"..."\u{0669}").contains($0) })
        let both = try LocaleNumberFormat(locale: Locale(identifier: "en-US-u-nu-arab-rg-dezzzz"))
        #expect(both.format(1234.5) == 1234.5.formatted(.number.locale(Locale(identifier: "en-US-u-nu-arab-rg-dezzzz"))))
        #expect(throws: NumberConventionsError.unknownLocale("de_DE@numbers=klingon")) { try LocaleNumberFormat(localeIdentifier: "de_DE@numbers=klingon") }
        // The same extensions in identifiers (as `--locale` takes them); keywords that do not change numbers are ignored.
        #expect(try LocaleNumberFormat(localeIdentifier: "de-DE-u-nu-arab").format(1234.5) == arabicDigits.format(1234.5))
        #expect(try LocaleNumberFormat(localeIdentifier: "de_DE@numbers=arab").format(1234.5) == arabicDigits.format(1234.5))
        #expect(try LocaleNumberFormat(localeIdentifier: "en_US@rg=dezzzz").conventions.identifier == "en_DE")
        #expect(try LocaleNumberFormat(localeIdentifier: "en-US-u-rg-dezzzz").format(1234.5) == regionOverride.format(1234.5))
        #expect(try LocaleNumberFormat(localeIdentifier: "de_DE@collation=phonebook").format(1234.5) == "1.234,5")
        #expect(throws: NumberConventionsError.unknownLocale("en_US@rg=de")) { try LocaleNumberFormat(localeIdentifier: "en_US@rg=de") }
        #expect(throws: NumberConventionsError.unknownLocale("de-DE-u-nu")) { try LocaleNumberFormat(localeIdentifier: "de-DE-u-nu") }
        #expect(throws: NumberConventionsError.unsupportedLocale("de_DE@numbers=roman")) { try LocaleNumberFormat(localeIdentifier: "de_DE@numbers=roman") }
        #expect(1234.5.formatted(.localeNumber(Locale(identifier: "de_DE"))) == "1.234,5")
        #expect(throws: NumberConventionsError.unknownLocale("xx_YY")) { try LocaleNumberFormat(localeIdentifier: "xx_YY") }
    }

    @Test func stylesAndValuesAreCodable() throws {
        let format = try LocaleNumberFormat(localeIdentifier: "de_CH").fractionDigits(3, rule: .halfUp).grouping(false)
        let data = try JSONEncoder().encode(format)
        let decoded = try JSONDecoder().decode(LocaleNumberFormat.self, from: data)
        #expect(decoded == format)
        #expect(decoded.format(1234.5675) == "1234.568")
        let amount = CurrencyAmount(amount: try #require(DecimalValue("1000.99")), currencyCode: "USD")
        let amountJSON = try JSONEncoder().encode(amount)
        #expect(String(decoding: amountJSON, as: UTF8.self).contains("\"1000.99\""))
        #expect(try JSONDecoder().decode(CurrencyAmount.self, from: amountJSON) == amount)
        let rounded = try #require(try ExactNumber("2.675")?.rounded(fractionDigits: 2))
        #expect(try JSONDecoder().decode(RoundedDecimal.self, from: JSONEncoder().encode(rounded)) == rounded)
    }

    @Test(arguments: [
        ("en_US", "US$1,000.99", "1000.99", "USD"),
        ("en_US", "$1,000.99", "1000.99", "USD"),
        ("de_DE", "12,50 €", "12.5", "EUR"),
        ("de_DE", "1.000,99 €", "1000.99", "EUR"),
        ("en_GB", "£12.50", "12.5", "GBP"),
        ("en_US", "GBP 12.50", "12.5", "GBP"),
        ("en_US", "-$5", "-5", "USD"),
        ("ja_JP", "JPY 1,000", "1000", "JPY"),
    ])
    func currencyAmounts(locale: String, text: String, amount: String, code: String) throws {
        let strategy = try CurrencyAmountParseStrategy(locale: Locale(identifier: locale))
        let parsed = try strategy.parse(text)
        #expect(parsed.amount.description == amount)
        #expect(parsed.currencyCode == code)
    }

    @Test func currencyFailures() throws {
        let us = try CurrencyAmountParseStrategy(locale: Locale(identifier: "en_US"))
        #expect(throws: NumberTextError(.number(.invalidNumber), text: "1,000.99")) { try us.amount("1,000.99") }
        #expect(try CurrencyAmountParseStrategy(locale: Locale(identifier: "en_US"), defaultCurrencyCode: "USD").amount("1,000.99").currencyCode == "USD")
        #expect(throws: NumberTextError.self) { try us.amount("US$") }
        #expect(throws: NumberTextError.self) { try us.amount("US$1,0,0") }
        let c = CurrencyAmountParseStrategy(format: .c)
        #expect(throws: NumberTextError(.number(.ambiguousUnit), text: "$5")) { try c.amount("$5") }
    }
}
