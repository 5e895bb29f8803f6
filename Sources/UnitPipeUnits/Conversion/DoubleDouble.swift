import UnitPipeNumbers

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
    /// Whether `hi` alone is the exact value.
    let isExact: Bool

    /// Creates the double-double nearest to an exact rational, rounding each part once.
    ///
    /// A value beyond the finite `Double` range gives an infinite `hi` and a zero `lo`.
    public init(_ value: Rational) {
        self.init(value, timesPowerOfTen: 0)
    }

    /// Creates the double-double nearest to `value · 10^exponent`, rounding each part once.
    init(_ value: Rational, timesPowerOfTen exponent: Int) {
        let (n, d, _) = ExactRounding.evaluate(isNegative: false, magnitude: BigUInt(UInt64(1)), powerOfTwo: 0, powerOfTen: 0,
                                               scale: value, offset: .zero, scalePower: exponent, offsetPower: 0)
        guard !n.magnitude.isZero else {
            (hi, lo, isExact) = (0, 0, true)
            return
        }
        hi = ExactRounding.rounded(n, over: d, timesPowerOfTwo: 0)
        guard hi.isFinite, hi != 0 else {
            (lo, isExact) = (0, false)
            return
        }
        // value − hi = (n − M·d·2^q) / d, with the power of two 2^q kept aside when q < 0.
        let (isNegative, m, q) = ExactRounding.decompose(hi)
        let hiTimesD = BigUInt(m) * d
        let (left, right, powerOfTwo) = q >= 0 ? (n.magnitude, hiTimesD << q, 0) : (n.magnitude << -q, hiTimesD, q)
        let difference = ExactRounding.add((n.isNegative, left), (!isNegative, right))
        isExact = difference.magnitude.isZero
        lo = isExact ? 0 : ExactRounding.rounded(difference, over: d, timesPowerOfTwo: powerOfTwo)
    }
}
