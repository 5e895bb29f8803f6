import Foundation

extension ExactNumber {
    /// The exact value of a `Foundation.Decimal`; `nil` for NaN.
    public init?(_ decimal: Foundation.Decimal) {
        guard !decimal.isNaN else { return nil }
        guard let value = DecimalValue(decimal.description) else { return nil }
        self.init(value)
    }

    /// The value as a `Foundation.Decimal`, exactly; `nil` when it has more than 38 significant
    /// digits or an exponent outside `Decimal`'s range (−128…127), where `Decimal` would round.
    public var foundationDecimal: Foundation.Decimal? {
        decimalValue.foundationDecimal
    }
}

extension DecimalValue {
    /// The value as a `Foundation.Decimal`, exactly; `nil` when `Decimal` cannot hold it.
    public var foundationDecimal: Foundation.Decimal? {
        if isZero { return Foundation.Decimal(0) }
        guard digits.count <= 38, (-128...127).contains(exponent) else { return nil }
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        guard let significand = Foundation.Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return Foundation.Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
    }
}

extension RoundedDecimal {
    /// The value as a `Foundation.Decimal`, exactly (`scaled` has at most 20 digits).
    public var foundationDecimal: Foundation.Decimal {
        Foundation.Decimal(sign: isNegative ? .minus : .plus, exponent: -fractionDigits, significand: Foundation.Decimal(scaled))
    }
}
