import Testing
@testable import UnitPipeNumbers
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// MARK: - Helpers

/// The conventions of every tested locale, built once.
let testedLocales = ["en_US", "en_GB", "en_IN", "de_DE", "de_CH", "fr_FR", "fr_CH", "es_ES", "it_IT", "pt_BR",
                     "pl_PL", "ru_RU", "sv_SE", "nl_NL", "ja_JP", "ar_EG", "fa_IR", "hi_IN"]

private let conventionsCache: [String: NumberConventions] = {
    var result: [String: NumberConventions] = ["C": .c]
    for identifier in testedLocales {
        result[identifier] = try? NumberConventions(localeIdentifier: identifier)
    }
    return result
}()

func conventions(_ identifier: String) -> NumberConventions {
    guard let conventions = conventionsCache[identifier] else {
        Issue.record("no conventions for \(identifier)")
        return .c
    }
    return conventions
}

/// What a table row allows around the number.
enum Column: Sendable, CustomStringConvertible {
    case plain, percent, currency(String)

    var context: NumberContext {
        switch self {
        case .plain: .plain
        case .percent: NumberContext(allowsPercent: true)
        case .currency(let code): NumberContext(currencyCode: code)
        }
    }

    var description: String {
        switch self {
        case .plain: "plain"
        case .percent: "percent"
        case .currency(let code): code
        }
    }
}

/// One row: a cell in a locale and column, and what it must parse to.
struct LocaleCase: Sendable, CustomTestStringConvertible {
    let locale: String
    let text: String
    let column: Column
    let expected: NumberParseResult

    var testDescription: String {
        let visible = text.unicodeScalars.map { $0.isASCII ? String($0) : "<\(String($0.value, radix: 16, uppercase: true))>" }.joined()
        return "\(locale) \(column) '\(visible)' → \(expected)"
    }
}

private func rows(_ locale: String, _ column: Column, _ pairs: [(String, NumberParseResult)]) -> [LocaleCase] {
    pairs.map { LocaleCase(locale: locale, text: $0.0, column: column, expected: $0.1) }
}

private func rows(_ locale: String, _ pairs: [(String, NumberParseResult)]) -> [LocaleCase] {
    rows(locale, .plain, pairs)
}

private func ok(_ value: Double) -> NumberParseResult { .number(value) }
private func fail(_ error: NumberError) -> NumberParseResult { .failure(error) }

// MARK: - Tables per locale

private let nbsp = "\u{A0}"
private let nnbsp = "\u{202F}"

let localeTable: [LocaleCase] =
    rows("en_US", [("1,234,567.891", ok(1234567.891)), ("1234567.891", ok(1234567.891)), ("-1,234.5", ok(-1234.5)),
                   ("(1,234.5)", ok(-1234.5)), ("1,234.5-", ok(-1234.5)), ("\u{2212}7", ok(-7)), ("+1,000", ok(1000)),
                   ("1,5E+03", fail(.grouping)), ("1.5E+03", ok(1500)), ("1,00,0", fail(.grouping)), ("1234,567.5", fail(.grouping)),
                   ("1.234,5", fail(.grouping)), ("1,234.5.6", fail(.multipleDecimal)), ("1,234.567,8", fail(.grouping)),
                   ("12.5%", fail(.invalidNumber)), ("$5", fail(.invalidNumber)), (",123", fail(.invalidNumber)),
                   ("1,23", fail(.grouping)), ("1,", fail(.grouping)), ("1 234", fail(.grouping)), ("(5", fail(.invalidNumber)),
                   ("-(5)", fail(.invalidNumber)), ("5--", fail(.invalidNumber)), ("- 5", fail(.invalidNumber))])
    + rows("en_US", .percent, [("12.5%", ok(0.125)), ("12.5 %", ok(0.125)), ("-1,250%", ok(-12.5)), ("1e2%", ok(1)),
                               ("%12", ok(0.12)), ("12%%", fail(.invalidNumber)), ("0.1%", ok(0.001))])
    + rows("en_US", .currency("USD"), [("US$1,000.99", ok(1000.99)), ("$1,000.99", ok(1000.99)), ("-$5", ok(-5)),
                                       ("$-5", ok(-5)), ("($1,234.50)", ok(-1234.5)), ("USD 12.50", ok(12.5)), ("12.50 USD", ok(12.5)),
                                       ("12.50USD", ok(12.5)), ("€5", fail(.unitMismatch)), ("GBP 12.50", fail(.unitMismatch)),
                                       ("XYZ 1", fail(.invalidNumber)), ("$$5", fail(.invalidNumber)), ("US$ 5 USD", fail(.invalidNumber)),
                                       ("5 %", fail(.invalidNumber)), ("$", fail(.invalidNumber))])
    + rows("en_GB", [("1,234,567.891", ok(1234567.891)), ("-0.25", ok(-0.25)), ("(0.25)", ok(-0.25)), ("0.25-", ok(-0.25)),
                     ("12,34,567", fail(.grouping)), ("1,234,56", fail(.grouping))])
    + rows("en_GB", .currency("GBP"), [("£1,234.50", ok(1234.5)), ("GBP 12.50", ok(12.5)), ("$5", fail(.ambiguousUnit)),
                                       ("US$5", fail(.unitMismatch)), ("-£5", ok(-5))])
    + rows("en_GB", .percent, [("12.5%", ok(0.125)), ("-0.5 %", ok(-0.005))])
    + rows("en_IN", [("12,34,56,789.5", ok(123456789.5)), ("123456789.5", ok(123456789.5)), ("1,234", ok(1234)),
                     ("12,345", ok(12345)), ("1,23,456", ok(123456)), ("-12,34,567", ok(-12_34_567)), ("(1,00,000)", ok(-100000)),
                     ("1,00,000-", ok(-100000)), ("1,0,0", fail(.grouping)), ("123,456", fail(.grouping)),
                     ("1,234,567", fail(.grouping)), ("12,34,5678", fail(.grouping)), ("1,00,0", fail(.grouping))])
    + rows("en_IN", .currency("INR"), [("₹1,00,000.50", ok(100000.5)), ("INR 5", ok(5)), ("$5", fail(.ambiguousUnit))])
    + rows("en_IN", .percent, [("12.5%", ok(0.125))])
    + rows("de_DE", [("1.234.567,891", ok(1234567.891)), ("1234567,891", ok(1234567.891)), ("12.941,488", ok(12941.488)),
                     ("-1.234,56", ok(-1234.56)), ("(1.234,56)", ok(-1234.56)), ("1.234,56-", ok(-1234.56)), ("1,5E+03", ok(1500)),
                     ("1,5e-3", ok(0.0015)), (",5", ok(0.5)), ("5,", ok(5)), ("1.234,5", ok(1234.5)), ("1234,5", ok(1234.5)),
                     ("1234.567,5", fail(.grouping)), ("1.23.456", fail(.grouping)), ("1,234.5", fail(.grouping)),
                     ("1,2,3", fail(.multipleDecimal)), ("1.234,5.6", fail(.grouping)), ("12.5", fail(.grouping)),
                     ("1 234,5", fail(.grouping)), ("1.", fail(.grouping)), ("1'234,5", fail(.grouping)), ("abc", fail(.invalidNumber))])
    + rows("de_DE", .percent, [("12,5 %", ok(0.125)), ("12,5\(nbsp)%", ok(0.125)), ("12,5%", ok(0.125))])
    + rows("de_DE", .currency("EUR"), [("1.000,99 €", ok(1000.99)), ("€1.000,99", ok(1000.99)), ("1.000,99\(nbsp)€", ok(1000.99)),
                                       ("-1.234,50 €", ok(-1234.5)), ("EUR 5", ok(5)), ("$5", fail(.ambiguousUnit)),
                                       ("5 £", fail(.unitMismatch)), ("5 CHF", fail(.unitMismatch))])
    + rows("de_CH", [("1’234’567.891", ok(1234567.891)), ("1'234'567.891", ok(1234567.891)), ("1'234’567.5", ok(1234567.5)),
                     ("1234.5", ok(1234.5)), ("-1’234.5", ok(-1234.5)), ("(1’234.5)", ok(-1234.5)), ("1’234.5-", ok(-1234.5)),
                     ("1’23.5", fail(.grouping)), ("1,234.5", fail(.grouping)), ("1.234,5", fail(.grouping))])
    + rows("de_CH", .currency("CHF"), [("CHF 1’234.50", ok(1234.5)), ("CHF-1’234.50", ok(-1234.5)), ("1’234.50 CHF", ok(1234.5)),
                                       ("€5", fail(.unitMismatch))])
    + rows("de_CH", .percent, [("12.5%", ok(0.125))])
    + rows("fr_FR", [("1\(nnbsp)234\(nnbsp)567,891", ok(1234567.891)), ("1 234 567,891", ok(1234567.891)),
                     ("1\(nbsp)234 567,891", ok(1234567.891)), ("1234567,891", ok(1234567.891)), ("-1 234,5", ok(-1234.5)),
                     ("(1 234,5)", ok(-1234.5)), ("1 234,5-", ok(-1234.5)), ("10,000.50", fail(.grouping)),
                     ("1.234,5", fail(.grouping)), ("1 23 456", fail(.grouping)), ("1,5E+03", ok(1500)), ("1,5,0", fail(.multipleDecimal))])
    + rows("fr_FR", .percent, [("12,5 %", ok(0.125)), ("12,5\(nnbsp)%", ok(0.125))])
    + rows("fr_FR", .currency("EUR"), [("1 000,99 €", ok(1000.99)), ("1\(nnbsp)000,99\(nbsp)€", ok(1000.99)), ("-5 €", ok(-5)),
                                       ("5 $", fail(.ambiguousUnit))])
    + rows("fr_CH", [("1\(nnbsp)234,5", ok(1234.5)), ("1'234,5", ok(1234.5)), ("1’234,5", ok(1234.5)), ("1.234,5", fail(.grouping)),
                     ("-1 234,5", ok(-1234.5)), ("(1 234,5)", ok(-1234.5)), ("1 234,5-", ok(-1234.5))])
    + rows("fr_CH", .currency("CHF"), [("1 234,50 CHF", ok(1234.5)), ("CHF 5", ok(5))])
    + rows("fr_CH", .percent, [("12,5 %", ok(0.125))])
    + rows("es_ES", [("1.234.567,891", ok(1234567.891)), ("1234,5", ok(1234.5)), ("1.234,5", ok(1234.5)), ("-1.234,5", ok(-1234.5)),
                     ("(1.234,5)", ok(-1234.5)), ("1.234,5-", ok(-1234.5)), ("1234.567,5", fail(.grouping)), ("1,5E+03", ok(1500))])
    + rows("es_ES", .currency("EUR"), [("1.234,56 €", ok(1234.56)), ("1234,56 €", ok(1234.56))])
    + rows("es_ES", .percent, [("12,5 %", ok(0.125))])
    + rows("it_IT", [("1.234.567,891", ok(1234567.891)), ("1234,5", ok(1234.5)), ("-0,5", ok(-0.5)), ("(0,5)", ok(-0.5)),
                     ("0,5-", ok(-0.5)), ("0.5", fail(.grouping)), ("1.2345", fail(.grouping))])
    + rows("it_IT", .currency("EUR"), [("1.234,56 €", ok(1234.56)), ("€ 5", ok(5))])
    + rows("it_IT", .percent, [("12,5%", ok(0.125))])
    + rows("pt_BR", [("1.234.567,891", ok(1234567.891)), ("1234567,891", ok(1234567.891)), ("-1.234,5", ok(-1234.5)),
                     ("(1.234,5)", ok(-1234.5)), ("1.234,5-", ok(-1234.5)), ("1,234.5", fail(.grouping))])
    + rows("pt_BR", .currency("BRL"), [("R$ 1.234,56", ok(1234.56)), ("R$1.234,56", ok(1234.56)), ("-R$ 5", ok(-5)),
                                       ("US$ 5", fail(.unitMismatch)), ("$ 5", fail(.ambiguousUnit))])
    + rows("pt_BR", .percent, [("12,5%", ok(0.125))])
    + rows("pl_PL", [("1\(nbsp)234\(nbsp)567,891", ok(1234567.891)), ("1 234,5", ok(1234.5)), ("1234,5", ok(1234.5)),
                     ("-1 234,5", ok(-1234.5)), ("(1 234,5)", ok(-1234.5)), ("1 234,5-", ok(-1234.5)), ("1.234,5", fail(.grouping))])
    + rows("pl_PL", .currency("PLN"), [("1 234,56 zł", ok(1234.56)), ("PLN 5", ok(5)), ("5 €", fail(.unitMismatch))])
    + rows("pl_PL", .percent, [("12,5%", ok(0.125))])
    + rows("ru_RU", [("1\(nbsp)234\(nbsp)567,891", ok(1234567.891)), ("1234567,891", ok(1234567.891)), ("-1 234,5", ok(-1234.5)),
                     ("(1 234,5)", ok(-1234.5)), ("1 234,5-", ok(-1234.5)), ("1 2345", fail(.grouping))])
    + rows("ru_RU", .currency("RUB"), [("1 234,56 ₽", ok(1234.56)), ("RUB 5", ok(5))])
    + rows("ru_RU", .percent, [("12,5 %", ok(0.125))])
    + rows("sv_SE", [("1\(nbsp)234\(nbsp)567,891", ok(1234567.891)), ("\u{2212}1\(nbsp)234,5", ok(-1234.5)), ("-1 234,5", ok(-1234.5)),
                     ("(1 234,5)", ok(-1234.5)), ("1 234,5\u{2212}", ok(-1234.5)), ("1,5E\u{2212}3", fail(.invalidNumber)),
                     ("1,5E-3", ok(0.0015)), ("1.234,5", fail(.grouping))])
    + rows("sv_SE", .currency("SEK"), [("1 234,50 kr", ok(1234.5)), ("SEK 5", ok(5)), ("\u{2212}5 kr", ok(-5))])
    + rows("sv_SE", .percent, [("12,5 %", ok(0.125))])
    + rows("nl_NL", [("1.234.567,891", ok(1234567.891)), ("1234,5", ok(1234.5)), ("-1.234,5", ok(-1234.5)), ("(1.234,5)", ok(-1234.5)),
                     ("1.234,5-", ok(-1234.5)), ("1.234.5", fail(.grouping))])
    + rows("nl_NL", .currency("EUR"), [("€ 1.234,56", ok(1234.56)), ("€ -1.234,56", ok(-1234.56)), ("€\(nbsp)-5", ok(-5))])
    + rows("nl_NL", .percent, [("12,5%", ok(0.125))])
    + rows("ja_JP", [("1,234,567.891", ok(1234567.891)), ("-1,234", ok(-1234)), ("(1,234)", ok(-1234)), ("1,234-", ok(-1234)),
                     ("1,2345", fail(.grouping))])
    + rows("ja_JP", .currency("JPY"), [("¥1,234", ok(1234)), ("JPY 5", ok(5)), ("$5", fail(.ambiguousUnit))])
    + rows("ja_JP", .percent, [("12.5%", ok(0.125))])
    + rows("ar_EG", [("١٬٢٣٤٬٥٦٧٫٨٩١", ok(1234567.891)), ("١٢٣٤٥٦٧٫٨٩١", ok(1234567.891)), ("1٬234٫5", ok(1234.5)),
                     ("\u{61C}-١٬٢٣٤٫٥", ok(-1234.5)), ("-١٬٢٣٤٫٥", ok(-1234.5)), ("(١٬٢٣٤٫٥)", ok(-1234.5)), ("١٬٢٣٤٫٥-", ok(-1234.5)),
                     ("\u{200F}-\u{200F}١٢", ok(-12)), ("١٫٥E+03", ok(1500)), ("١٬٢٣٤٫٥٫٦", fail(.multipleDecimal)),
                     ("١٬٢٣٫٥", fail(.grouping)), ("1,234.5", fail(.grouping)), ("۱۲", fail(.invalidNumber))])
    + rows("ar_EG", .percent, [("١٢٫٥٪\u{61C}", ok(0.125)), ("١٢٫٥%", ok(0.125))])
    + rows("ar_EG", .currency("EGP"), [("\u{61C}-\u{200F}١٬٢٣٤٫٥٠\(nbsp)ج.م.\u{200F}", ok(-1234.5)), ("EGP 5", ok(5)),
                                       ("ج.م.\u{200F} ٥", ok(5)), ("US$5", fail(.unitMismatch))])
    + rows("fa_IR", [("۱٬۲۳۴٬۵۶۷٫۸۹۱", ok(1234567.891)), ("۱۲۳۴٫۵", ok(1234.5)), ("\u{200E}\u{2212}۱٬۲۳۴٫۵", ok(-1234.5)),
                     ("(۱٬۲۳۴٫۵)", ok(-1234.5)), ("۱٬۲۳۴٫۵-", ok(-1234.5)), ("12٫5", ok(12.5)), ("۱٬۲۳٫۵", fail(.grouping)),
                     ("١٢", fail(.invalidNumber))])
    + rows("fa_IR", .percent, [("۱۲٫۵٪", ok(0.125))])
    + rows("fa_IR", .currency("IRR"), [("ریال ۱٬۲۳۴", ok(1234)), ("IRR 5", ok(5))])
    + rows("hi_IN", [("12,34,567.891", ok(1234567.891)), ("१२,३४,५६७.८९१", ok(1234567.891)), ("1234567.891", ok(1234567.891)),
                     ("-12,34,567", ok(-1234567)), ("(12,34,567)", ok(-1234567)), ("12,34,567-", ok(-1234567)),
                     ("1,234,567", fail(.grouping)), ("१,२३४", ok(1234))])
    + rows("hi_IN", .currency("INR"), [("₹12,34,567.50", ok(1234567.5)), ("INR 5", ok(5))])
    + rows("hi_IN", .percent, [("12.5%", ok(0.125))])
    + rows("C", [("12941.488", ok(12941.488)), ("1,234", fail(.invalidNumber)), ("(5)", fail(.invalidNumber)), ("5-", fail(.invalidNumber)),
                 ("1 000", fail(.invalidNumber)), ("12.5%", fail(.invalidNumber))])
    + rows("C", .currency("USD"), [("$5", fail(.ambiguousUnit)), ("US$5", ok(5)), ("USD 5", ok(5)), ("€5", fail(.unitMismatch))])
    + rows("C", .currency("JPY"), [("¥5", ok(5)), ("(¥5)", fail(.invalidNumber)), ("¥5-", fail(.invalidNumber))])
    + rows("C", .percent, [("12.5%", ok(0.125)), ("1e-3%", ok(0.00001))])

@Test(arguments: localeTable)
func parsesLocalizedCells(row: LocaleCase) {
    let parser = NumberParser(conventions: conventions(row.locale), context: row.column.context)
    #expect(parser.parse(row.text) == row.expected)
}

@Test func tableCoversEveryTestedLocaleWithEveryForm() {
    for locale in testedLocales {
        let localeRows = localeTable.filter { $0.locale == locale }
        #expect(localeRows.contains { if case .currency = $0.column { true } else { false } }, "\(locale): currency")
        #expect(localeRows.contains { if case .percent = $0.column { true } else { false } }, "\(locale): percent")
        #expect(localeRows.contains { $0.text.hasPrefix("(") }, "\(locale): parentheses")
        #expect(localeRows.contains { if case .failure = $0.expected { true } else { false } }, "\(locale): invalid")
    }
}

// MARK: - Conventions pinned

struct PinnedConventions: Sendable {
    let locale: String
    let decimal: Unicode.Scalar
    let grouping: Unicode.Scalar
    let sizes: (Int, Int, Int)
    let minus: String
    let zero: Unicode.Scalar
    let currency: String
}

@Test(arguments: [
    PinnedConventions(locale: "en_US", decimal: ".", grouping: ",", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "USD"),
    PinnedConventions(locale: "en_GB", decimal: ".", grouping: ",", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "GBP"),
    PinnedConventions(locale: "en_IN", decimal: ".", grouping: ",", sizes: (3, 2, 1), minus: "-", zero: "0", currency: "INR"),
    PinnedConventions(locale: "de_DE", decimal: ",", grouping: ".", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "EUR"),
    PinnedConventions(locale: "de_CH", decimal: ".", grouping: "\u{2019}", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "CHF"),
    PinnedConventions(locale: "fr_FR", decimal: ",", grouping: "\u{202F}", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "EUR"),
    PinnedConventions(locale: "fr_CH", decimal: ",", grouping: "\u{202F}", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "CHF"),
    PinnedConventions(locale: "es_ES", decimal: ",", grouping: ".", sizes: (3, 3, 2), minus: "-", zero: "0", currency: "EUR"),
    PinnedConventions(locale: "it_IT", decimal: ",", grouping: ".", sizes: (3, 3, 2), minus: "-", zero: "0", currency: "EUR"),
    PinnedConventions(locale: "pt_BR", decimal: ",", grouping: ".", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "BRL"),
    PinnedConventions(locale: "pl_PL", decimal: ",", grouping: "\u{A0}", sizes: (3, 3, 2), minus: "-", zero: "0", currency: "PLN"),
    PinnedConventions(locale: "ru_RU", decimal: ",", grouping: "\u{A0}", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "RUB"),
    PinnedConventions(locale: "sv_SE", decimal: ",", grouping: "\u{A0}", sizes: (3, 3, 1), minus: "\u{2212}", zero: "0", currency: "SEK"),
    PinnedConventions(locale: "nl_NL", decimal: ",", grouping: ".", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "EUR"),
    PinnedConventions(locale: "ja_JP", decimal: ".", grouping: ",", sizes: (3, 3, 1), minus: "-", zero: "0", currency: "JPY"),
    PinnedConventions(locale: "ar_EG", decimal: "\u{66B}", grouping: "\u{66C}", sizes: (3, 3, 1), minus: "\u{61C}-", zero: "\u{660}", currency: "EGP"),
    PinnedConventions(locale: "fa_IR", decimal: "\u{66B}", grouping: "\u{66C}", sizes: (3, 3, 1), minus: "\u{200E}\u{2212}", zero: "\u{6F0}", currency: "IRR"),
    PinnedConventions(locale: "hi_IN", decimal: ".", grouping: ",", sizes: (3, 2, 1), minus: "-", zero: "0", currency: "INR"),
])
func conventionsComeFromCLDR(pinned: PinnedConventions) throws {
    let conventions = try NumberConventions(localeIdentifier: pinned.locale)
    let grouping = try #require(conventions.grouping)
    #expect(conventions.identifier == pinned.locale)
    #expect(conventions.decimalSeparator == pinned.decimal)
    #expect(grouping.separator == pinned.grouping)
    #expect(grouping.primarySize == pinned.sizes.0)
    #expect(grouping.secondarySize == pinned.sizes.1)
    #expect(grouping.minimumGroupingDigits == pinned.sizes.2)
    #expect(conventions.minusSign == pinned.minus)
    #expect(conventions.outputDigitZero == pinned.zero)
    #expect(conventions.currencyCode == pinned.currency)
}

@Test func acceptedSeparatorsIncludeSpaceAndApostropheFamilies() throws {
    #expect(try #require(conventions("fr_FR").grouping).acceptedSeparators == ["\u{202F}", " ", "\u{A0}"])
    #expect(try #require(conventions("de_CH").grouping).acceptedSeparators == ["\u{2019}", "'"])
    #expect(try #require(conventions("fr_CH").grouping).acceptedSeparators == ["\u{202F}", " ", "\u{A0}", "'", "\u{2019}"])
    #expect(try #require(conventions("de_DE").grouping).acceptedSeparators == ["."])
    #expect(conventions("hi_IN").digitZeros == ["0", "\u{966}"])
    #expect(conventions("ar_EG").percentSigns == ["%", "\u{66A}"])
}

@Test(arguments: [("de-DE", "de_DE"), ("de_DE", "de_DE"), ("de_DE.UTF-8", "de_DE"), ("C", "C"), ("POSIX", "C"),
                  ("posix", "C"), ("zh_CN", "zh_Hans_CN"), ("en-IN", "en_IN"), ("EN_us", "en_US")])
func acceptsLocaleIdentifiers(raw: String, identifier: String) throws {
    #expect(try NumberConventions(localeIdentifier: raw).identifier == identifier)
}

@Test(arguments: ["xx_YY", "de_XX", "auto", "", "klingon", "de_DE; rm -rf", "en_US_Latn_x"])
func rejectsUnknownLocaleIdentifiers(raw: String) {
    #expect(throws: NumberConventionsError.unknownLocale(raw)) { try NumberConventions(localeIdentifier: raw) }
}

@Test(arguments: [
    ("C", "$", CurrencySymbolTable.Match.ambiguous), ("C", "US$", .code("USD")), ("C", "¥", .code("JPY")),
    ("C", "€", .code("EUR")), ("C", "£", .code("GBP")), ("en_US", "$", .code("USD")), ("de_DE", "$", .ambiguous),
    ("en_GB", "$", .ambiguous), ("pt_BR", "R$", .code("BRL")), ("ja_JP", "¥", .code("JPY")), ("zh_CN", "¥", .code("CNY")),
    ("zh_CN", "JP¥", .code("JPY")), ("sv_SE", "kr", .code("SEK")), ("en_US", "GBP", .code("GBP")), ("de_CH", "CHF", .code("CHF")),
])
func mapsCurrencySymbolsToCodes(locale: String, symbol: String, expected: CurrencySymbolTable.Match) throws {
    let table = locale == "C" ? CurrencySymbolTable.root : try NumberConventions(localeIdentifier: locale).currencySymbols
    #expect(table.match(symbol) == expected)
}
