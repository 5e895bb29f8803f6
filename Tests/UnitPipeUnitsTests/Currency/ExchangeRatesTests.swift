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
}
