// Every case of every public error type of UnitPipeUnits renders to one plain sentence an app can
// show, tested as full strings; none names a command-line option. The errors come from the real
// catalog, expression parser and rates reader where they can.

import Foundation
import Testing
import UnitPipeUnits

@Suite("library error messages: units")
struct UnitErrorMessageTests {
    @Test func unitErrors() throws {
        let catalog = UnitCatalog.standard
        do {
            _ = try catalog.unit(named: "meterz")
        } catch {
            #expect(error.localizedDescription == "Unknown unit 'meterz'; did you mean 'meter'?")
        }
        #expect(UnitError.unknownUnit("zz", suggestion: nil).description == "Unknown unit 'zz'.")
        do {
            _ = try UnitConversion(from: catalog.unit(named: "m"), to: catalog.unit(named: "s"))
        } catch {
            #expect(error.localizedDescription == "Cannot convert from 'm' [length] to 's' [time].")
        }
        do {
            _ = try UnitConversion(from: catalog.unit(expression: "mi/gal"), to: catalog.unit(expression: "L/km"))
        } catch {
            #expect(error.localizedDescription == "Cannot convert from 'mi/gal' [fuel_economy] to 'L/km' [area]; they are reciprocal (y = K/x), which no factor and offset converts.")
        }
        #expect(UnitError.factorOverflow(from: "a", to: "b").localizedDescription
            == "The exact factor from 'a' to 'b' does not fit in 128-bit integers.")
    }

    @Test func expressionErrors() throws {
        let catalog = UnitCatalog.standard
        let cases: [(String, String)] = [
            ("km//h", "Cannot read unit expression 'km//h' at character 4; write products with '*', quotients with '/', powers with '^'."),
            ("degC*m", "'degC' in 'degC*m' is an absolute temperature scale with an offset and cannot be multiplied or divided; use 'delta_degC' or 'K'."),
            ("kmz/h", "Unknown unit 'kmz'."),
            ("kmh", "Unknown unit 'kmh'; did you mean 'km/h'?"),
            (String(repeating: "(", count: 40) + "m" + String(repeating: ")", count: 40),
             "Unit expression '" + String(repeating: "(", count: 40) + "…' nests parentheses more than 32 deep; write it with fewer parentheses."),
        ]
        for (expression, message) in cases {
            do {
                _ = try catalog.unit(expression: expression)
                Issue.record("\(expression) resolved")
            } catch {
                #expect(error.localizedDescription == message)
            }
        }
        #expect(UnitExpressionError.noRate("XAU").localizedDescription == "No exchange rate for 'XAU'.")
    }

    static let ratesSentences: [(RatesError, String)] = [
        (RatesError.unreadable("r.csv", reason: "No such file or directory"), "Cannot read rates file 'r.csv': No such file or directory."),
        (.empty, "The rates file holds no rates."),
        (.unknownLayout(line: 1), "Line 1: expected an ECB header 'Date, USD, JPY, …' or 'currency,rate_per_XXX' / 'currency,rate' with a 'base,XXX' line."),
        (.badRate(line: 2, currency: "USD", value: "x"), "Line 2: rate of USD is 'x', not a positive decimal number."),
        (.badDate(line: 0, value: "May"), "The rates date 'May' is not a date (write 2024-05-17)."),
        (.badDate(line: 3, value: "May"), "Line 3: 'May' is not a date (write 2024-05-17)."),
        (.fieldCount(line: 4, expected: 3, found: 4), "Line 4: 4 fields, but the header has 3."),
        (.dateNotFound("2024-01-01", before: "2023-12-29", after: nil), "The rates file has no rates for 2024-01-01; nearest dates: 2023-12-29."),
        (.missingBase, "The rates file does not name its base currency: use the header 'currency,rate_per_XXX' or a line 'base,XXX'."),
        (.conflictingBase(line: 5), "Line 5: a second, different base currency."),
        (.tooLarge("r.csv", limit: 64 << 20), "The rates file 'r.csv' is larger than 64 MiB, which no rates file needs (the ECB's whole history is under 2 MiB)."),
        (.lineTooLong(line: 6, limit: 64 << 10), "Line 6 of the rates file is longer than 64 KiB, which no rates line needs."),
        (.tooManyLines(limit: 100), "The rates file has more than 100 lines, which no rates file needs (the ECB's history has one per business day)."),
        (.tooManyCurrencies(limit: 1000), "The rates file quotes more than 1000 currencies (ISO 4217 has fewer than 200)."),
        (.duplicateCurrency("USD", first: 2, firstValue: "1.1", second: 3, secondValue: "1.2"),
         "Lines 2 and 3: USD has two different rates ('1.1' and '1.2'); keep one line per currency."),
        (.duplicateColumn("USD", line: 2, first: 2, firstValue: "1.1", second: 3, secondValue: "1.2"),
         "Line 2: columns 2 and 3 are both USD with different rates ('1.1' and '1.2'); keep one column per currency."),
        (.codeNotInCapitals("gbp", line: 3),
         "Line 3: currency code 'gbp' is not in capitals; write ISO 4217 codes as cells must write them: 'GBP'."),
        (.baseRateNotOne(line: 2, currency: "EUR", value: "2"),
         "Line 2: EUR is the base currency, so its rate must be 1, not '2'; remove the line or correct the base."),
    ]

    @Test(arguments: ratesSentences)
    func ratesErrors(error: RatesError, message: String) {
        #expect(error.localizedDescription == message)
        #expect(error.description.firstMatch(of: /--[a-z]/) == nil)
    }

    /// The case of a rates error, by position: a case added to `RatesError` stops this switch from
    /// compiling until it is numbered here and given a sentence in `ratesErrors` above.
    static func position(_ error: RatesError) -> Int {
        switch error {
        case .unreadable: 0
        case .empty: 1
        case .unknownLayout: 2
        case .badRate: 3
        case .badDate: 4
        case .fieldCount: 5
        case .dateNotFound: 6
        case .missingBase: 7
        case .conflictingBase: 8
        case .tooLarge: 9
        case .lineTooLong: 10
        case .tooManyLines: 11
        case .tooManyCurrencies: 12
        case .duplicateCurrency: 13
        case .duplicateColumn: 14
        case .baseRateNotOne: 15
        case .codeNotInCapitals: 16
        }
    }

    /// The case of a unit expression error, by position (as ``position(_:)-(RatesError)``).
    static func position(_ error: UnitExpressionError) -> Int {
        switch error {
        case .unit(.unknownUnit): 0
        case .unit(.dimensionMismatch): 1
        case .unit(.factorOverflow): 2
        case .noRate: 3
        case .malformedExpression: 4
        case .affineInExpression: 5
        case .nestedTooDeep: 6
        }
    }

    /// A rates file that cannot be opened says why, as the system words it.
    @Test func unreadableRatesFileSaysWhy() {
        #expect(throws: RatesError.unreadable("/nonexistent/rates.csv", reason: "No such file or directory")) {
            try ExchangeRates.load(path: "/nonexistent/rates.csv")
        }
        #expect(throws: RatesError.unreadable("/", reason: "Is a directory")) { try ExchangeRates.load(path: "/") }
    }

    /// Every case of the unit errors has a sentence tested as a whole string above.
    @Test func everyCaseIsRendered() {
        let rates = Self.ratesSentences.map { Self.position($0.0) }
        #expect(Set(rates) == Set(0...16))
        let expressions: [UnitExpressionError] = [
            .unit(.unknownUnit("zz", suggestion: nil)), .unit(.dimensionMismatch(from: "m", fromDimension: .length, to: "s", toDimension: .time)),
            .unit(.factorOverflow(from: "a", to: "b")), .noRate("XAU"), .malformedExpression("km//h", offset: 3),
            .affineInExpression("degC*m", unit: "degC"), .nestedTooDeep("((m))", limit: 1),
        ]
        #expect(Set(expressions.map(Self.position)) == Set(0...6))
        for error in expressions {
            #expect(error.description.first?.isUppercase == true || error.description.first == "'", "\(error)")
            #expect(error.description.hasSuffix(".") || error.description.hasSuffix("?"), "\(error)")
            #expect(error.description.firstMatch(of: /--[a-z]|FROM|@COLUMN/) == nil, "\(error)")
        }
    }
}
