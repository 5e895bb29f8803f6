// Every case of every public error type of UnitPipeNumbers renders to one plain sentence an app can
// show, tested as full strings; none names a command-line option. Texts are read by the real
// parser, so the positions are the diagnosis's, not made up here.

import Foundation
import Testing
import UnitPipeNumbers

@Suite("library error messages: numbers")
struct NumberErrorMessageTests {
    static let numberErrors: [(NumberError, String)] = [
        (.invalidNumber, "The text is not a number."),
        (.grouping, "The digit grouping separators are not where the number's convention puts them."),
        (.multipleDecimal, "The number has more than one decimal separator."),
        (.overflow, "The number is too large to be represented."),
        (.unitMismatch, "The currency mark names another currency than the one expected."),
        (.ambiguousUnit, "The currency symbol is used by several currencies; write the ISO code (USD, CAD, …)."),
        (.ambiguousNumber, "The number reads two ways (thousands or decimals); choose the number convention."),
    ]

    @Test func everyNumberErrorHasASentence() {
        #expect(Set(numberErrorsCovered) == Set(NumberError.allCases))
        for (error, message) in Self.numberErrors {
            #expect(error.description == message)
            #expect((error as any Error).localizedDescription == message)
        }
    }

    var numberErrorsCovered: [NumberError] { Self.numberErrors.map(\.0) }

    @Test(arguments: [
        (NumberConventionsError.unknownLocale("xx_YY"), "'xx_YY' is not a known locale."),
        (.unsupportedLocale("zz"), "Numbers of the locale 'zz' are written in a form that cannot be read."),
    ])
    func conventionsErrors(error: NumberConventionsError, message: String) {
        #expect(error.localizedDescription == message)
    }

    @Test(arguments: [
        (RoundingError.fractionDigitsOutOfRange(21), "21 fraction digits is out of range; use 0 to 18."),
        (.tooLarge(fractionDigits: 2), "The value is too large to be written with 2 fraction digits."),
    ])
    func roundingErrors(error: RoundingError, message: String) {
        #expect(error.localizedDescription == message)
    }

    /// Texts read by real parsers: every reason of `NumberTextError`, every `NumberError` among them.
    @Test(arguments: [
        ("C", nil, "12a", "'12a' is not a number: 'a' at position 3 is not a digit."),
        ("C", nil, "--1", "'--1' is not a number."),
        ("C", nil, "", "The text is empty; a number is expected."),
        ("C", nil, "   ", "'   ' holds no number."),
        ("C", nil, "1.2.3", "'1.2.3' is not a number: '.' at position 4 is a second decimal separator."),
        ("C", nil, "1e400", "'1e400' is too large to be represented."),
        ("de_DE", nil, "1.23.456", "'1.23.456' is not a number: the grouping separator '.' at position 2 does not separate whole groups of digits."),
        ("de_DE", nil, "1,2,3", "'1,2,3' is not a number: ',' at position 4 is a second decimal separator."),
        ("en_US", nil, "1,00,0", "'1,00,0' is not a number: the grouping separator ',' at position 2 does not separate whole groups of digits."),
        ("en_US", nil, "1,000.5,0", "'1,000.5,0' is not a number: the grouping separator ',' at position 8 does not separate whole groups of digits."),
        ("en_US", nil, "1.234,56", "'1.234,56' is not a number: the grouping separator ',' at position 6 does not separate whole groups of digits."),
        ("en_US", "USD", "£5", "'£5' is in another currency than the one expected."),
        ("C", "USD", "$5", "'$5' has a currency symbol that several currencies use; write the ISO code (USD, CAD, …)."),
        ("en_US", "USD", "US$", "'US$' is not a number."),
        ("en_US", "USD", "US$12x", "'US$12x' is not a number: 'x' at position 6 is not a digit."),
        ("en_US", nil, "12 kg", "'12 kg' is not a number: 'k' at position 4 is not a digit."),
    ] as [(String, String?, String, String)])
    func textErrors(locale: String, currency: String?, text: String, message: String) throws {
        let parser = NumberParser(conventions: try NumberConventions(localeIdentifier: locale),
                                  context: NumberContext(currencyCode: currency))
        do {
            _ = try parser.exactNumber(text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.description == message)
            #expect((error as any Error).localizedDescription == message)
            #expect(error.description.firstMatch(of: /--[a-z]/) == nil)
        }
    }

    @Test func ambiguousNumberFromTheUndecidedConventions() {
        let parser = NumberParser(conventions: .undecided)
        #expect(throws: NumberTextError(.number(.ambiguousNumber), text: "1,234")) { try parser.exactNumber("1,234") }
        #expect(NumberTextError(.number(.ambiguousNumber), text: "1,234").description
            == "'1,234' reads two ways (thousands or decimals); choose the number convention.")
    }

    @Test func roundingReason() {
        #expect(NumberTextError(.rounding(.tooLarge(fractionDigits: 2)), text: "1e17").description
            == "'1e17' cannot be rounded: the value is too large to be written with 2 fraction digits.")
    }
}
