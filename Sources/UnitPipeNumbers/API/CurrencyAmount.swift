import Foundation

/// An amount of money read from text: its exact value and the ISO 4217 code its mark names.
public struct CurrencyAmount: Sendable, Hashable, Codable {
    /// The exact amount (`1000.99` for `US$1,000.99`).
    public let amount: DecimalValue
    /// The ISO 4217 code (`USD`).
    public let currencyCode: String

    /// Creates an amount.
    public init(amount: DecimalValue, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    /// The nearest `Double` to the amount.
    public var doubleValue: Double { ExactNumber(amount).doubleValue }
}

/// Reads an amount with its currency mark, before or after the number (`US$1,000.99`,
/// `12,50 €`, `GBP 12.50`), in a locale's conventions: the amount and the ISO code, never a
/// silent 0 for a leftover symbol.
///
/// ```swift
/// let strategy = try CurrencyAmountParseStrategy(locale: Locale(identifier: "de_DE"))
/// try strategy.parse("12,50 €")   // 12.5, "EUR"
/// ```
public struct CurrencyAmountParseStrategy: ParseStrategy, Sendable, Codable, Hashable {
    public typealias ParseInput = String
    public typealias ParseOutput = CurrencyAmount

    /// The number format whose conventions and currency symbols are read.
    public let format: LocaleNumberFormat
    /// The currency of an amount written without a mark, or `nil` (the default): a mark is required.
    public let defaultCurrencyCode: String?

    /// A strategy over a number format.
    public init(format: LocaleNumberFormat, defaultCurrencyCode: String? = nil) {
        self.format = format
        self.defaultCurrencyCode = defaultCurrencyCode
    }

    /// A strategy for a locale (its symbols: `$` is USD in en_US, ambiguous in the C convention).
    public init(locale: Locale, defaultCurrencyCode: String? = nil) throws(NumberConventionsError) {
        self.init(format: try LocaleNumberFormat(locale: locale), defaultCurrencyCode: defaultCurrencyCode)
    }

    /// The amount and its currency.
    ///
    /// - Throws: ``NumberTextError``: ``NumberError/ambiguousUnit`` for a mark several currencies
    ///   use, ``NumberError/invalidNumber`` for no mark (without a default) or an unknown one.
    public func parse(_ value: String) throws -> CurrencyAmount {
        try amount(value)
    }

    /// ``parse(_:)`` with its error type.
    public func amount(_ value: String) throws(NumberTextError) -> CurrencyAmount {
        let conventions = format.conventions
        let probe = NumberParser(conventions: conventions)
        // The mark: the characters that can be no part of the number itself. The parser below
        // then reads the whole text with that currency declared, so the verdict is its own.
        let mark = String(value.filter { character in
            !(probe.isDigit(character) || probe.isDecimalSeparator(character) || probe.isGroupingSeparator(character)
              || " \t\u{A0}\u{202F}+-\u{2212}()".contains(character)
              || character.unicodeScalars.allSatisfy { conventions.minusSigns.contains($0) })
        })
        let code: String
        if mark.isEmpty {
            guard let defaultCurrencyCode else { throw NumberTextError(.number(.invalidNumber), text: value) }
            code = defaultCurrencyCode
        } else {
            switch conventions.currencySymbols.match(mark) {
            case .code(let found)?: code = found
            case .ambiguous?: throw NumberTextError(.number(.ambiguousUnit), text: value)
            case nil:
                throw probe.diagnose(.invalidNumber, in: value)
            }
        }
        let number = try NumberParser(conventions: conventions, context: NumberContext(currencyCode: code)).exactNumber(value)
        return CurrencyAmount(amount: number.decimalValue, currencyCode: code)
    }
}

extension DecimalValue: Codable {
    /// Decodes the value from its C-convention text (`"-459.67"`), exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = DecimalValue(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a decimal number")
        }
        self = value
    }

    /// Encodes the value as its C-convention text, so no digit is lost to a `Double`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
