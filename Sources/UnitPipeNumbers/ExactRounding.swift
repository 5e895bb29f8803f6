/// The exact slow path: ratios of big integers rounded to the nearest `Double`.
///
/// Everything here is exact: a finite `Double` is `m·2^k` with integer `m`, a
/// decimal `d·10^e` and a unit factor (fractions of `Int128`s) are ratios of big
/// integers, so a converted value is one too, and rounding it is long division to 54 quotient bits plus a
/// sticky remainder. It runs only for the few values the fast paths cannot
/// certify, and once per factor when a `FactorMatrix` is built. (The unit
/// factors' part is in `UnitPipeUnits`.)
package enum ExactRounding {
    /// A signed big integer as sign and magnitude.
    package typealias Signed = (isNegative: Bool, magnitude: BigUInt)

    /// Splits a finite `Double` into sign, integer significand and exponent: `x = ±m·2^k` exactly.
    package static func decompose(_ x: Double) -> (isNegative: Bool, significand: UInt64, exponent: Int) {
        let biased = Int(x.exponentBitPattern)
        let fraction = x.significandBitPattern
        if biased == 0 { return (x.sign == .minus, fraction, -1074) }
        return (x.sign == .minus, fraction | (1 << 52), biased - 1075)
    }

    /// The `Double` nearest to `numerator / denominator · 2^exponent`, ties to even.
    ///
    /// - Parameters:
    ///   - numerator: A signed, non-zero numerator.
    ///   - denominator: A positive denominator.
    ///   - exponent: The power of two that scales the quotient.
    package static func rounded(_ numerator: Signed, over denominator: BigUInt, timesPowerOfTwo exponent: Int) -> Double {
        let n = numerator.magnitude
        // floor(log2(n/d)) is bitWidth(n) − bitWidth(d) or one less.
        var e = n.bitWidth - denominator.bitWidth
        let isAtLeast = e >= 0 ? !(n < denominator << e) : !(n << -e < denominator)
        if !isAtLeast { e -= 1 }
        e += exponent
        let sign: FloatingPointSign = numerator.isNegative ? .minus : .plus
        guard e <= Double.greatestFiniteMagnitude.exponent else { return Double(sign: sign, exponent: 0, significand: .infinity) }
        guard e >= -1076 else { return Double(sign: sign, exponent: 0, significand: 0) }
        // Quotient in units of half the result's ulp: q = floor(n/d · 2^(exponent − ulp + 1)) < 2^54.
        let ulpExponent = max(e - 52, -1074)
        let shift = exponent - ulpExponent + 1
        var remainder = shift >= 0 ? n << shift : n
        var divisor = (shift >= 0 ? denominator : denominator << -shift) << 53
        var q: UInt64 = 0
        for bit in stride(from: 53, through: 0, by: -1) {
            if !(remainder < divisor) {
                remainder = remainder - divisor
                q |= 1 << UInt64(bit)
            }
            divisor = divisor >> 1
        }
        var significand = q >> 1
        if q & 1 == 1, !remainder.isZero || significand & 1 == 1 { significand += 1 }
        return make(sign: sign, significand: significand, ulpExponent: ulpExponent)
    }

    /// The `Double` `±significand·2^ulpExponent`, which must be representable or beyond the finite range.
    private static func make(sign: FloatingPointSign, significand: UInt64, ulpExponent: Int) -> Double {
        var m = significand, u = ulpExponent
        if m == 1 << 53 { (m, u) = (1 << 52, u + 1) }
        let bits: UInt64
        if m < 1 << 52 {
            bits = m // subnormal or zero: u is −1074
        } else {
            let biased = u + 1075
            guard biased < 2047 else { return Double(sign: sign, exponent: 0, significand: .infinity) }
            bits = UInt64(biased) << 52 | (m & ((1 << 52) - 1))
        }
        let magnitude = Double(bitPattern: bits)
        return sign == .minus ? -magnitude : magnitude
    }

    /// The exact signed sum of two signed big integers.
    package static func add(_ a: Signed, _ b: Signed) -> Signed {
        if a.isNegative == b.isNegative { return (a.isNegative, a.magnitude + b.magnitude) }
        return a.magnitude < b.magnitude ? (b.isNegative, b.magnitude - a.magnitude) : (a.isNegative, a.magnitude - b.magnitude)
    }

    /// The nearest `Double` to a decimal, ties to even (`-0` stays `-0`; infinite beyond the finite range).
    package static func nearest(_ decimal: LongDecimal) -> Double {
        guard let t = clamped(decimal) else { return decimal.isNegative ? -.infinity : .infinity }
        if t.digits.isZero { return t.isNegative ? -0.0 : 0.0 }
        let power = BigUInt.powerOfTen(abs(t.exponent))
        let (numerator, denominator) = t.exponent >= 0 ? (t.digits * power, BigUInt(UInt64(1))) : (t.digits, power)
        return rounded((t.isNegative, numerator), over: denominator, timesPowerOfTwo: 0)
    }

    /// A decimal with its exponent clamped to where it still matters: `nil` when its magnitude is
    /// beyond 10^1000 (every result is then infinite), a sticky `±10^-1100` when below 10^-1000.
    package static func clamped(_ decimal: LongDecimal) -> LongDecimal? {
        guard !decimal.digits.isZero else { return decimal }
        let magnitude = decimal.exponent + decimal.digits.bitWidth * 30_103 / 100_000
        if magnitude > 1000 { return nil }
        if magnitude < -1000 { return LongDecimal(isNegative: decimal.isNegative, digits: BigUInt(UInt64(1)), exponent: -1100) }
        return decimal
    }
}
