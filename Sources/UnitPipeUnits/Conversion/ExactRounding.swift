/// The exact slow path: rational values rounded to the nearest `Double` with big-integer arithmetic.
///
/// Everything here is exact: a finite `Double` is `m·2^k` with integer `m`, a
/// unit factor is a fraction of `Int128`s, so `x·S + O` is a ratio of big
/// integers, and rounding it is long division to 54 quotient bits plus a
/// sticky remainder. It runs only for the few values the fast path cannot
/// certify, and once per factor when a `FactorMatrix` is built.
enum ExactRounding {
    /// A signed big integer as sign and magnitude.
    typealias Signed = (isNegative: Bool, magnitude: BigUInt)

    /// Splits a finite `Double` into sign, integer significand and exponent: `x = ±m·2^k` exactly.
    static func decompose(_ x: Double) -> (isNegative: Bool, significand: UInt64, exponent: Int) {
        let biased = Int(x.exponentBitPattern)
        let fraction = x.significandBitPattern
        if biased == 0 { return (x.sign == .minus, fraction, -1074) }
        return (x.sign == .minus, fraction | (1 << 52), biased - 1075)
    }

    /// The correctly rounded (to nearest, ties to even) `Double` nearest to `x·scale + offset`.
    ///
    /// An exactly zero result is `+0`; a non-zero result too small for a
    /// subnormal is a zero with the result's sign; one beyond the largest
    /// finite `Double` is infinite. NaN stays NaN and an infinite `x` gives an
    /// infinity of the sign of `x·scale`.
    static func value(_ x: Double, scale: Rational, offset: Rational) -> Double {
        guard x.isFinite else { return x.isNaN || !scale.isNegative ? x : -x }
        let (isNegative, m, k) = decompose(x)
        let a = BigUInt(scale.numerator.magnitude), b = BigUInt(scale.denominator.magnitude)
        let c = BigUInt(offset.numerator.magnitude), d = BigUInt(offset.denominator.magnitude)
        // x·S + O = (±m·a·d·2^k + c·b) / (b·d), with the power of two kept aside.
        let product = BigUInt(m) * a * d, shift = c * b
        let (left, right, exponent) = k >= 0 ? (product << k, shift, 0) : (product, shift << -k, k)
        let sum = add((isNegative != scale.isNegative, left), (offset.isNegative, right))
        guard !sum.magnitude.isZero else { return 0 }
        return rounded(sum, over: b * d, timesPowerOfTwo: exponent)
    }

    /// The `Double` nearest to `numerator / denominator · 2^exponent`, ties to even.
    ///
    /// - Parameters:
    ///   - numerator: A signed, non-zero numerator.
    ///   - denominator: A positive denominator.
    ///   - exponent: The power of two that scales the quotient.
    static func rounded(_ numerator: Signed, over denominator: BigUInt, timesPowerOfTwo exponent: Int) -> Double {
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
    static func add(_ a: Signed, _ b: Signed) -> Signed {
        if a.isNegative == b.isNegative { return (a.isNegative, a.magnitude + b.magnitude) }
        return a.magnitude < b.magnitude ? (b.isNegative, b.magnitude - a.magnitude) : (a.isNegative, a.magnitude - b.magnitude)
    }
}
