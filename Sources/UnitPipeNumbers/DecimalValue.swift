// Design note — bounds are compared as decimals, never as doubles.
//
// A bound of `0.1` and a cell of `0.1` are equal; through a double both would be
// 0.1000000000000000055…, and a cell of `0.10000000000000001` would be equal too. So a bound
// and a cell's value are kept as their exact decimal digits: a sign, the significant digits
// (no leading or trailing zeros) and the power of ten of the last one. Comparing two of them
// is comparing signs, then magnitudes (the position of the first digit), then digits —
// exact at any length and any exponent.

/// An exact decimal number of any length: `sign · digits · 10^exponent`.
public struct DecimalValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whether the value is below zero (never set for zero).
    public let isNegative: Bool
    /// The significant digits, 0…9 each, most significant first, with no leading or trailing
    /// zeros; empty for zero.
    public let digits: [UInt8]
    /// The power of ten of the last digit (0 for zero).
    public let exponent: Int

    /// Zero.
    public static let zero = DecimalValue(isNegative: false, digits: [], exponent: 0)

    /// Creates the value from digits in any form: leading and trailing zeros are dropped.
    ///
    /// - Parameters:
    ///   - isNegative: The sign (ignored for zero).
    ///   - digits: Decimal digits 0…9, most significant first.
    ///   - exponent: The power of ten of the last digit.
    public init(isNegative: Bool, digits: some Collection<UInt8>, exponent: Int) {
        var kept = Array(digits.drop(while: { $0 == 0 }))
        var exponent = exponent
        while let last = kept.last, last == 0 {
            kept.removeLast()
            exponent += 1
        }
        self.isNegative = isNegative && !kept.isEmpty
        self.digits = kept
        self.exponent = kept.isEmpty ? 0 : exponent
    }

    /// The value of a C-convention numeral: `[+-]digits[.digits][(e|E)[+-]digits]` (`0.1`, `-5`,
    /// `.5`, `1.5e-3`), with digits on at least one side of the point; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var index = 0
        var isNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var digits: [UInt8] = []
        var fractionCount = 0
        var hasPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits.append(byte - UInt8(ascii: "0"))
                if hasPoint { fractionCount += 1 }
            } else if byte == UInt8(ascii: "."), !hasPoint {
                hasPoint = true
            } else {
                break
            }
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var isExponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                isExponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                // Beyond a million digits of exponent nothing compares differently.
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard index > start else { return nil }
            if isExponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        self.init(isNegative: isNegative, digits: digits, exponent: exponent - fractionCount)
    }

    /// Whether the value is zero.
    public var isZero: Bool { digits.isEmpty }

    /// Whether the value is a whole number (`5`, `5.0`, `1e3`; not `5.5`).
    public var isInteger: Bool { exponent >= 0 }

    /// The power of ten just above the first digit: 1 for `5`, 3 for `123.4`, -1 for `0.05`.
    /// Two non-zero magnitudes with different adjusted exponents compare by it alone.
    public var adjustedExponent: Int { digits.count + exponent }

    /// The value with the sign flipped.
    public var negated: DecimalValue { DecimalValue(isNegative: !isNegative, digits: digits, exponent: exponent) }

    /// The value in the C convention, plain notation when it is short (`1234.5`, `-0.001`, `0`),
    /// else `1.2345e+20`.
    public var description: String {
        if digits.isEmpty { return "0" }
        let sign = isNegative ? "-" : ""
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        if exponent >= 0 {
            if adjustedExponent <= 21 { return sign + text + String(repeating: "0", count: exponent) }
        } else if adjustedExponent > 0 {
            let split = text.index(text.startIndex, offsetBy: adjustedExponent)
            return sign + text[..<split] + "." + text[split...]
        } else if adjustedExponent > -6 {
            return sign + "0." + String(repeating: "0", count: -adjustedExponent) + text
        }
        let mantissa = text.count == 1 ? text : String(text.prefix(1)) + "." + text.dropFirst()
        let power = adjustedExponent - 1
        return sign + mantissa + "e" + (power < 0 ? "-" : "+") + String(power.magnitude)
    }

    public static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeOrder = compareMagnitudes(lhs, rhs)
        return lhs.isNegative ? magnitudeOrder > 0 : magnitudeOrder < 0
    }

    /// -1, 0 or 1 as |lhs| is below, equal to or above |rhs|.
    static func compareMagnitudes(_ lhs: DecimalValue, _ rhs: DecimalValue) -> Int {
        if lhs.isZero || rhs.isZero { return lhs.isZero ? (rhs.isZero ? 0 : -1) : 1 }
        if lhs.adjustedExponent != rhs.adjustedExponent { return lhs.adjustedExponent < rhs.adjustedExponent ? -1 : 1 }
        for (a, b) in zip(lhs.digits, rhs.digits) where a != b { return a < b ? -1 : 1 }
        return lhs.digits.count == rhs.digits.count ? 0 : (lhs.digits.count < rhs.digits.count ? -1 : 1)
    }
}
