import Foundation

// Design note — Foundation's shapes over the strict parser.
//
// `LocaleNumberFormat` is a `ParseableFormatStyle`, so it plugs into `Double.formatted(_:)`,
// `Double(_:strategy:)` and SwiftUI's `TextField(value:format:)`. Formatting writes the shortest
// digits that read back to the value (or N fraction digits, rounded from those digits, so 2.675
// shows as 2.68), then the locale's minus, digits, grouping and decimal separator. Parsing is the
// strict parser: grouping optional but whole, one decimal separator, no trailing garbage — where
// `NumberFormatter` reads `12a` as 12 and `1,2,3` as 1.2 in de_DE. Styles are values, stored and
// compared by locale identifier and options; the conventions are rebuilt when decoded.

/// A number format in a locale's conventions with strict parsing: a `ParseableFormatStyle` for
/// `Double`.
///
/// ```swift
/// let de = try LocaleNumberFormat(localeIdentifier: "de_DE")
/// 1234.5.formatted(de)                             // "1.234,5"
/// try Double("1.234,56", strategy: de.parseStrategy) // 1234.56
/// TextField("Amount", value: $amount, format: de)
/// ```
public struct LocaleNumberFormat: ParseableFormatStyle, Sendable {
    public typealias FormatInput = Double
    public typealias FormatOutput = String

    /// The locale identifier the conventions were built from (`de_DE`, `C`).
    public let localeIdentifier: String
    /// The conventions numbers are written and read in.
    public let conventions: NumberConventions
    /// Fraction digits to write, or `nil` (the default) for the shortest digits that read back.
    public private(set) var fractionDigits: Int?
    /// How fixed fraction digits break ties; half to even by default.
    public private(set) var rule: DecimalRounding = .halfEven
    /// Whether output groups digits as the locale does; `true` by default.
    public private(set) var isGrouped = true

    /// A format in the conventions of a locale identifier (`de_DE`, `de-CH`, `C`).
    ///
    /// - Parameter localeIdentifier: The locale identifier.
    /// - Throws: ``NumberConventionsError``.
    public init(localeIdentifier: String) throws(NumberConventionsError) {
        conventions = try NumberConventions(localeIdentifier: localeIdentifier)
        self.localeIdentifier = localeIdentifier
    }

    /// A format in the conventions of a `Locale` (its region override honoured).
    ///
    /// - Parameter locale: The locale.
    /// - Throws: ``NumberConventionsError``.
    public init(locale: Locale) throws(NumberConventionsError) {
        conventions = try NumberConventions(locale: locale)
        localeIdentifier = conventions.identifier
    }

    /// The same format writing exactly `digits` fraction digits (0...``RoundedDecimal/maxFractionDigits``,
    /// clamped), ties broken by `rule`.
    public func fractionDigits(_ digits: Int, rule: DecimalRounding = .halfEven) -> LocaleNumberFormat {
        var copy = self
        copy.fractionDigits = min(max(digits, 0), RoundedDecimal.maxFractionDigits)
        copy.rule = rule
        return copy
    }

    /// The same format with or without digit grouping in its output (input may group either way).
    public func grouping(_ isGrouped: Bool) -> LocaleNumberFormat {
        var copy = self
        copy.isGrouped = isGrouped
        return copy
    }

    /// The value written in the locale: `-1.234,5` in `de_DE`, `12,34,567.8` in `en_IN`;
    /// `NaN`, `∞` and `-∞` for values that are not finite.
    public func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        var ascii = NumberWriter.shortest(value)
        if let fractionDigits {
            if let number = ExactNumber(ascii), let rounded = try? number.rounded(fractionDigits: fractionDigits, rule: rule) {
                ascii = rounded.description
            } else {
                ascii = NumberWriter.fixed(value, decimals: fractionDigits) ?? ascii
            }
        }
        return write(ascii)
    }

    /// A rounded decimal written in the locale (its own fraction digits kept).
    public func format(_ value: RoundedDecimal) -> String {
        write(value.description)
    }

    /// Localizes normalized ASCII digits, without grouping when the format does not group.
    func write(_ ascii: String) -> String {
        let text = conventions.localized(ascii)
        guard !isGrouped, let grouping = conventions.grouping else { return text }
        return String(text.unicodeScalars.filter { $0 != grouping.separator }.map(Character.init))
    }

    /// The strict parser of this format's conventions.
    public var parseStrategy: LocaleNumberParseStrategy {
        LocaleNumberParseStrategy(format: self)
    }
}

/// The strict parse strategy of a ``LocaleNumberFormat``: text in the locale's conventions to the
/// nearest `Double`, or a ``NumberTextError`` that names the problem and its position.
public struct LocaleNumberParseStrategy: ParseStrategy, Sendable {
    /// The format whose conventions are read.
    public let format: LocaleNumberFormat

    public typealias ParseInput = String
    public typealias ParseOutput = Double

    /// The nearest `Double` to the text's exact value.
    ///
    /// - Throws: ``NumberTextError`` (blank text included: a blank field is no number, never 0).
    public func parse(_ value: String) throws -> Double {
        try NumberParser(conventions: format.conventions).value(value)
    }

    /// The text's exact value, for rounding or converting once.
    ///
    /// - Throws: ``NumberTextError``.
    public func exactNumber(_ value: String) throws(NumberTextError) -> ExactNumber {
        try NumberParser(conventions: format.conventions).exactNumber(value)
    }
}

extension LocaleNumberFormat: Codable, Hashable {
    enum CodingKeys: String, CodingKey { case localeIdentifier, fractionDigits, rule, isGrouped }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(localeIdentifier: container.decode(String.self, forKey: .localeIdentifier))
        fractionDigits = try container.decodeIfPresent(Int.self, forKey: .fractionDigits)
        rule = try container.decode(DecimalRounding.self, forKey: .rule)
        isGrouped = try container.decode(Bool.self, forKey: .isGrouped)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(localeIdentifier, forKey: .localeIdentifier)
        try container.encodeIfPresent(fractionDigits, forKey: .fractionDigits)
        try container.encode(rule, forKey: .rule)
        try container.encode(isGrouped, forKey: .isGrouped)
    }

    public static func == (lhs: LocaleNumberFormat, rhs: LocaleNumberFormat) -> Bool {
        lhs.conventions == rhs.conventions && lhs.fractionDigits == rhs.fractionDigits && lhs.rule == rhs.rule
            && lhs.isGrouped == rhs.isGrouped
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(conventions.identifier)
        hasher.combine(fractionDigits)
        hasher.combine(rule)
        hasher.combine(isGrouped)
    }
}

extension LocaleNumberParseStrategy: Codable, Hashable {}

extension FormatStyle where Self == LocaleNumberFormat {
    /// The strict number format of a locale: `1234.5.formatted(.localeNumber(Locale(identifier: "de_DE")))`.
    ///
    /// A locale whose numbers cannot be modelled gets the C convention (check
    /// ``LocaleNumberFormat/localeIdentifier``); use ``LocaleNumberFormat/init(locale:)`` to be told instead.
    public static func localeNumber(_ locale: Locale) -> LocaleNumberFormat {
        (try? LocaleNumberFormat(locale: locale)) ?? .c
    }
}

extension LocaleNumberFormat {
    /// The C convention: `.` as decimal separator, no grouping.
    public static let c = LocaleNumberFormat(conventions: .c)

    /// A format over conventions already built.
    public init(conventions: NumberConventions) {
        self.conventions = conventions
        localeIdentifier = conventions.identifier
    }
}
