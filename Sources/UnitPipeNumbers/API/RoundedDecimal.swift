// Design note — rounding the text, not a Double.
//
// `2.675` is 2.67499999999999982236431605997495353221893310546875 as a Double, so rounding the
// Double to two digits gives 2.67 although the text is a tie that half-even rounds to 2.68. A
// `RoundedDecimal` is made from the exact decimal value of the text (`ExactNumber`): the digits
// `±m·10^e` scaled to `10^N` in integers, the dropped part compared with one half, ties broken
// by the rule. For at most 19 significant digits this is `UInt64` arithmetic and allocates
// nothing; longer texts take the big-integer path.

/// A decimal with a fixed number of fraction digits: `±scaled / 10^fractionDigits`, exactly.
///
/// Made by rounding an exact value once (``ExactNumber/rounded(fractionDigits:rule:)``, or a unit
/// conversion's fixed result). `description` is the plain text with exactly `fractionDigits`
/// fraction digits (`2.68`, `-459.67`, `110.00`); a zero has no minus sign.
public struct RoundedDecimal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the value is below zero (never set when `scaled` is 0).
    public let isNegative: Bool
    /// The magnitude times 10^``fractionDigits``.
    public let scaled: UInt64
    /// The number of fraction digits, 0...``RoundedDecimal/maxFractionDigits``.
    public let fractionDigits: Int

    /// The largest number of fraction digits a rounded decimal holds.
    public static let maxFractionDigits = 18

    /// Creates `±scaled / 10^fractionDigits`.
    ///
    /// - Parameters:
    ///   - isNegative: The sign (ignored for zero).
    ///   - scaled: The magnitude times 10^`fractionDigits`.
    ///   - fractionDigits: 0...``maxFractionDigits``.
    /// - Throws: ``RoundingError/fractionDigitsOutOfRange(_:)``.
    public init(isNegative: Bool, scaled: UInt64, fractionDigits: Int) throws(RoundingError) {
        guard (0...Self.maxFractionDigits).contains(fractionDigits) else { throw .fractionDigitsOutOfRange(fractionDigits) }
        self.init(unchecked: isNegative, scaled: scaled, fractionDigits: fractionDigits)
    }

    init(unchecked isNegative: Bool, scaled: UInt64, fractionDigits: Int) {
        self.isNegative = isNegative && scaled != 0
        self.scaled = scaled
        self.fractionDigits = fractionDigits
    }

    /// The digits as written: `-459.67`, `110.00`, `0`.
    public var description: String {
        var digits = String(scaled)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits + 1 - digits.count) + digits
        }
        if fractionDigits > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits)) }
        return isNegative ? "-" + digits : digits
    }

    /// The exact value.
    public var exactNumber: ExactNumber {
        ExactNumber(ScannedDecimal(mantissa: scaled, exponent: -fractionDigits, isNegative: isNegative))
    }

    /// The nearest `Double`, ties to even.
    public var doubleValue: Double { exactNumber.doubleValue }

    /// The exact value as a ``DecimalValue``.
    public var decimalValue: DecimalValue { exactNumber.decimalValue }
}

extension DecimalRounding: Codable {}

/// Why a value could not be rounded to a fixed number of fraction digits.
public enum RoundingError: Error, Sendable, Hashable {
    /// The number of fraction digits is outside 0...``RoundedDecimal/maxFractionDigits``.
    case fractionDigitsOutOfRange(Int)
    /// The value times 10^`fractionDigits` does not fit in 64 bits.
    case tooLarge(fractionDigits: Int)
}
