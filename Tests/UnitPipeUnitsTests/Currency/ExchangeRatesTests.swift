import Foundation
import Testing
@testable import UnitPipeUnits

@Suite struct ExchangeRatesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/rates")

    @Test("the ECB daily file as published: spaces after separators, trailing separator, '17 May 2024' date")
    func daily() throws {
        let rates = try ExchangeRates.load(path: Self.fixtures.appendingPathComponent("eurofxref.csv").path)
        #expect(rates.base == "EUR" && rates.date == "2024-05-17")
        #expect(rates.rates["USD"] == Rational(10844, 10000))
        #expect(rates.rates["JPY"] == Rational(16907, 100))
        #expect(rates.rates.count == 31)
    }

    @Test("the ECB history file: newest by default, a chosen date, N/A skipped", arguments: [
        (nil, "2024-05-17", Rational(10844, 10000)), ("2024-05-16", "2024-05-16", Rational(10855, 10000)),
        ("14 May 2024", "2024-05-14", Rational(10798, 10000)),
    ] as [(String?, String, Rational)])
    func history(date: String?, chosen: String, usd: Rational) throws {
        let rates = try ExchangeRates.load(path: Self.fixtures.appendingPathComponent("eurofxref-hist.csv").path, date: date)
        #expect(rates.date == chosen)
        #expect(rates.rates["USD"] == usd)
        #expect(rates.rates["CYP"] == nil && rates.rates["GBP"] != nil)
        #expect(rates.availableDates == ["2024-05-17", "2024-05-16", "2024-05-14"])
    }

    @Test("a date the file does not hold names the nearest dates")
    func missingDate() {
        #expect(throws: RatesError.dateNotFound("2024-05-15", before: "2024-05-14", after: "2024-05-16")) {
            try ExchangeRates.load(path: Self.fixtures.appendingPathComponent("eurofxref-hist.csv").path, date: "2024-05-15")
        }
    }

    @Test("two-column files name their base", arguments: [
        ("currency,rate_per_USD\nEUR,0.92\nJPY,155.5\n", "USD"), ("currency,rate\nbase,USD\nEUR,0.92\nJPY,155.5\n", "USD"),
        ("# rates\ncurrency, rate\n\nbase, usd\nEUR, 0.92 ,\nJPY,155.5\n", "USD"),
    ])
    func twoColumn(text: String, base: String) throws {
        let rates = try ExchangeRates.parse(text)
        #expect(rates.base == base)
        #expect(rates.rates == ["USD": .one, "EUR": Rational(92, 100), "JPY": Rational(1555, 10)])
    }

    @Test("broken rate files are reported", arguments: [
        ("currency,rate\nEUR,0.92\n", RatesError.missingBase), ("", .empty), ("foo,bar\n", .unknownLayout(line: 1)),
        ("Date, USD,\n17 May 2024, abc,\n", .badRate(line: 2, currency: "USD", value: "abc")),
        ("Date, USD,\n2024-13-01, 1.1,\n", .badDate(line: 2, value: "2024-13-01")),
        ("currency,rate_per_USD\nEUR,-1\n", .badRate(line: 2, currency: "EUR", value: "-1")),
        // Codes are capitals, as in cells: `gbp` would be a currency no `GBP` cell reaches, or a
        // second GBP rate that silently won for `gbp` cells.
        ("currency,rate\nbase,EUR\nGBP,0.79\ngbp,0.5\n", .codeNotInCapitals("gbp", line: 4)),
        ("Date, USD, gbp\n2024-05-17, 1.08, 0.85\n", .codeNotInCapitals("gbp", line: 1)),
    ])
    func broken(text: String, error: RatesError) {
        #expect(throws: error) { try ExchangeRates.parse(text) }
    }

    @Test("currencies join the catalog: exact cross rates, € alias, no_rate for a quoted-nowhere code")
    func catalogCurrencies() throws {
        let rates = try ExchangeRates.load(path: Self.fixtures.appendingPathComponent("eurofxref.csv").path)
        let catalog = UnitCatalog.standard.adding(rates.unitDefinitions)
        let conversion = try UnitConversion(from: catalog.unit(expression: "USD"), to: catalog.unit(expression: "JPY"))
        #expect(conversion.scale == Rational(16907, 100) / Rational(10844, 10000))
        #expect(try catalog.unit(expression: "€").symbol == "EUR")
        #expect(try catalog.unit(expression: "EUR").dimension == .currency)
        #expect(throws: UnitExpressionError.noRate("ARS")) { try catalog.unit(expression: "ARS") }
        #expect(throws: UnitExpressionError.noRate("GBP")) { try UnitCatalog.standard.unit(expression: "£") }
    }

    // Hostile rates files: bounded size and lines, duplicates that would change a number.

    @Test("a duplicate currency with a different rate names both lines; the same rate (as written or not) is accepted")
    func duplicateCurrencyInRatesFile() throws {
        #expect(throws: RatesError.duplicateCurrency("GBP", first: 2, firstValue: "0.79", second: 3, secondValue: "0.5")) {
            try ExchangeRates.parse("currency,rate_per_EUR\nGBP,0.79\nGBP,0.5\n")
        }
        let same = try ExchangeRates.parse("currency,rate_per_EUR\nGBP,0.79\nUSD,1.08\nGBP,0.790\nGBP,0.79\n")
        #expect(same.rates == ["EUR": .one, "GBP": Rational(79, 100), "USD": Rational(108, 100)])
    }

    @Test("a duplicate ECB column with a different rate names both columns; the same rate is accepted")
    func duplicateEcbColumn() throws {
        #expect(throws: RatesError.duplicateColumn("USD", line: 2, first: 2, firstValue: "1.08", second: 4, secondValue: "1.09")) {
            try ExchangeRates.parse("Date,USD,GBP,USD\n2024-05-17,1.08,0.85,1.09\n")
        }
        #expect(try ExchangeRates.parse("Date,USD,GBP,USD\n2024-05-17,1.08,0.85,1.080\n").rates["USD"] == Rational(108, 100))
    }

    @Test("a duplicate date in an ECB history file is reported with its lines; the first of its rows is used")
    func duplicateEcbDate() throws {
        let rates = try ExchangeRates.parse("Date,USD\n2024-05-17,1.08\n2024-05-16,1.07\n17 May 2024,1.09\n2024-05-17,1.10\n")
        #expect(rates.duplicateDates == [ExchangeRates.DuplicateDate(date: "2024-05-17", lines: [2, 4, 5])])
        #expect(rates.rates["USD"] == Rational(108, 100))
        #expect(rates.availableDates == ["2024-05-17", "2024-05-16"])
        #expect(try ExchangeRates.parse("Date,USD\n2024-05-17,1.08\n2024-05-16,1.07\n").duplicateDates.isEmpty)
    }

    @Test("the base's own rate other than 1 names its line, not line 0")
    func baseRateOnItsLine() {
        #expect(throws: RatesError.baseRateNotOne(line: 3, currency: "USD", value: "2")) {
            try ExchangeRates.parse("currency,rate_per_USD\nEUR,0.92\nUSD,2\n")
        }
    }

    @Test("a rates file beyond the limits is refused before it is read whole")
    func hostileRatesFileLimits() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A comment line larger than the file limit: refused after reading the limit, not the file.
        let huge = directory.appendingPathComponent("huge.csv")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data("currency,rate_per_EUR\n#".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(ExchangeRates.maxFileSize + 2))
        try handle.close()
        #expect(throws: RatesError.tooLarge(huge.path, limit: ExchangeRates.maxFileSize)) { try ExchangeRates.load(path: huge.path) }
        // A number line just over the line limit; one at the limit is read (and is not a rate).
        let digits = String(repeating: "1", count: ExchangeRates.maxLineLength - 4)
        #expect(throws: RatesError.lineTooLong(line: 2, limit: ExchangeRates.maxLineLength)) {
            try ExchangeRates.parse("currency,rate_per_EUR\nGBP,\(digits)1\n")
        }
        #expect(throws: RatesError.badRate(line: 2, currency: "GBP", value: digits)) {
            try ExchangeRates.parse("currency,rate_per_EUR\r\nGBP,\(digits)\r\n")
        }
        // A million lines: refused at the line limit.
        let million = "currency,rate_per_EUR\n" + String(repeating: "GBP,0.79\n", count: 1_000_000)
        #expect(throws: RatesError.tooManyLines(limit: ExchangeRates.maxLines)) { try ExchangeRates.parse(million) }
        let manyCodes = "currency,rate_per_EUR\n" + (0...ExchangeRates.maxCurrencies).map { "C\($0),1\n" }.joined()
        #expect(throws: RatesError.tooManyCurrencies(limit: ExchangeRates.maxCurrencies)) { try ExchangeRates.parse(manyCodes) }
    }
}
