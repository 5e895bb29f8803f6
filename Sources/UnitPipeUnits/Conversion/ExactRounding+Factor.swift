import UnitPipeNumbers

extension ExactRounding {
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

}
