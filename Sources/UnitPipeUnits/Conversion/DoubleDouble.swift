/// An unevaluated sum `hi + lo` of two `Double`s: about 106 significant bits.
///
/// Built from an exact `Rational`, each part is rounded once from the exact
/// value: `hi` is the `Double` nearest to the rational and `lo` the `Double`
/// nearest to the exact remainder `rational − hi`.
public struct DoubleDouble: Hashable, Sendable {
    /// The leading part: the `Double` nearest to the value.
    public let hi: Double
    /// The trailing part: the `Double` nearest to `value − hi`.
    public let lo: Double

    /// Creates the double-double nearest to an exact rational, rounding each part once.
    ///
    /// A value beyond the finite `Double` range gives an infinite `hi` and a zero `lo`.
    public init(_ value: Rational) {
        hi = ExactRounding.value(1, scale: value, offset: .zero)
        guard hi.isFinite, hi != 0 else {
            lo = 0
            return
        }
        // value − hi = (n − M·d·2^q) / d, with the power of two 2^q kept aside when q < 0.
        let (isNegative, m, q) = ExactRounding.decompose(hi)
        let n = BigUInt(value.numerator.magnitude), d = BigUInt(value.denominator.magnitude)
        let hiTimesD = BigUInt(m) * d
        let (left, right, exponent) = q >= 0 ? (n, hiTimesD << q, 0) : (n << -q, hiTimesD, q)
        let difference = ExactRounding.add((value.isNegative, left), (!isNegative, right))
        lo = difference.magnitude.isZero ? 0 : ExactRounding.rounded(difference, over: d, timesPowerOfTwo: exponent)
    }
}
