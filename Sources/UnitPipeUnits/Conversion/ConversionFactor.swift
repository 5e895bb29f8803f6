import UnitPipeNumbers

// Design note: correctly rounded x·S + O.
//
// S and O are exact rationals. Rounding S to one Double and computing
// x*S + O leaves about one result in ten an ulp off, so each is stored as a
// double-double (hi + lo, each rounded once from the exact rational) and the
// fast path evaluates
//
//     p + e = x·Sh exactly          (Dekker's two-product; no FMA instruction
//                                    is assumed, so it vectorizes on baseline x86-64)
//     s + err = p + Oh exactly      (Knuth's two-sum)
//     low ≈ err + e + x·Sl + Ol,    r = RN(s + low)
//
// with a rigorous bound B on |x·S + O − (s + low)|: 2^-100·(|p| + |Oh|) covers
// the dropped x·(S − Sh − Sl) and O − Oh − Ol (each ≤ 2^-106 relative), the
// rounding of x·Sl and of the three additions (≤ 13·2^-106 together), and
// 2^-1060 covers underflow (each product loses at most 2^-1075 in the
// subnormal range). r is then certain when RN(s + (low − B)) and
// RN(s + (low + B)) both equal r: rounding is monotonic, so every value in
// the interval, the exact one included, rounds to r. When S is a Double and O
// is zero, nothing is dropped or rounded before the final addition, so B is
// only the underflow term and exact ties (x·12 halfway between two Doubles)
// are certified and broken to even by the hardware.
//
// What cannot be certified is flagged: a value within B of a midpoint (exact
// ties are common: 1.049 in → cm is exactly halfway between two Doubles), an
// exact zero reached by cancellation (handled by `zeroInput` instead),
// overflow, infinities. NaN passes through unflagged. A flagged value is
// decided exactly: when S = a/b and O = c/d have small terms (a·d, c·b, b·d
// exact Doubles) and x and r are far from overflow and underflow, the sign of
// V − M = (x·a·d + c·b − M·b·d)/(b·d) against the midpoints M on either side
// of r is the sign of a sum of six Doubles from error-free products, found
// exactly with a Shewchuk expansion (tens of nanoseconds); otherwise
// `ExactRounding` decides with big integers.

/// The precomputed fast-path data of one source → target pair, plus its exact factors for the slow path.
///
/// A factor may fold powers of ten in: it evaluates `x·S·10^p + O·10^q`, which is how a cell's
/// decimal exponent (`x` is then the cell's integer mantissa) and `--decimals N` reach the kernel
/// (`DecimalFactorTable`). `scale` and `offset` are then the effective `S·10^p` and `O·10^q`
/// when those fit a `Rational`, with `p = q = 0`; otherwise the original ones and the powers.
package struct ConversionFactor: Sendable {
    /// The exact scale `S` (times `10^scalePower`).
    package let scale: Rational
    /// The exact offset `O` (times `10^offsetPower`).
    package let offset: Rational
    /// The powers of ten that scale `scale` and `offset` when the products do not fit a `Rational`.
    let scalePower: Int, offsetPower: Int
    /// `S·10^p` rounded once, and the exact remainder rounded once.
    let scaleHi: Double, scaleLo: Double
    /// `scaleHi` split into two 26-bit halves for Dekker's product.
    let scaleHiHead: Double, scaleHiTail: Double
    /// `O·10^q` rounded once, and the exact remainder rounded once.
    let offsetHi: Double, offsetLo: Double
    /// The relative part of the error bound: 0 when S is a `Double` and O is zero, else 2^-100.
    let boundFactor: Double
    /// The input whose exact result is zero, when it is a `Double` (`32` for degF → degC); NaN otherwise.
    let zeroInput: Double
    /// For the exact midpoint test, `a·d`, `c·b` and `b·d` of `S = a/b`, `O = c/d` as exact `Double`s; NaN when too large.
    let midpointTerms: (ad: Double, cb: Double, bd: Double)
    /// `true` when `x * scaleHi` alone is the correctly rounded result: S is a `Double` with |S| ≥ 1 and O is zero.
    let isPlainProduct: Bool

    /// Veltkamp's splitting constant 2^27 + 1.
    private static let splitter: Double = 134_217_729
    /// The absolute error bound that covers underflow in the products.
    private static let underflowBound: Double = 0x1p-1060

    /// Prepares the pair `y = x·scale·10^scalePower + offset·10^offsetPower`.
    init(scale originalScale: Rational, offset originalOffset: Rational, scalePower: Int = 0, offsetPower: Int = 0) {
        let effectiveScale = originalScale.timesPowerOfTen(scalePower)
        let effectiveOffset = originalOffset.timesPowerOfTen(offsetPower)
        let scale: Rational, offset: Rational
        if let effectiveScale, let effectiveOffset {
            (scale, offset, self.scalePower, self.offsetPower) = (effectiveScale, effectiveOffset, 0, 0)
        } else {
            (scale, offset, self.scalePower, self.offsetPower) = (originalScale, originalOffset, scalePower, offsetPower)
        }
        self.scale = scale
        self.offset = offset
        let s = DoubleDouble(scale, timesPowerOfTen: self.scalePower), o = DoubleDouble(offset, timesPowerOfTen: self.offsetPower)
        (scaleHi, scaleLo, offsetHi, offsetLo) = (s.hi, s.lo, o.hi, o.lo)
        let gamma = s.hi * ConversionFactor.splitter
        scaleHiHead = gamma - (gamma - s.hi)
        scaleHiTail = s.hi - scaleHiHead
        let isScaleExact = s.isExact && s.hi.isFinite
        boundFactor = isScaleExact && offset.isZero ? 0 : 0x1p-100
        isPlainProduct = isScaleExact && offset.isZero && s.hi.magnitude >= 1
        func small(_ x: Rational?) -> Double {
            guard let x, let value = x.exactDouble, value.magnitude < 0x1p53 else { return .nan }
            return value
        }
        guard let effectiveScale, let effectiveOffset else {
            zeroInput = .nan
            midpointTerms = (.nan, .nan, .nan)
            return
        }
        let root = effectiveOffset.negated.flatMap { $0.divided(by: effectiveScale) }
        zeroInput = root?.exactDouble ?? .nan
        let a = Rational(effectiveScale.numerator), b = Rational(effectiveScale.denominator)
        let c = Rational(effectiveOffset.numerator), d = Rational(effectiveOffset.denominator)
        midpointTerms = (small(a.multiplied(by: d)), small(c.multiplied(by: b)), small(b.multiplied(by: d)))
    }

    /// Evaluates `x·S + O` in double-double arithmetic and says whether the rounded result is certain.
    ///
    /// - Returns: The result, and a flag: 0 when the result is the correctly
    ///   rounded value (always for NaN), 1 when `exactValue(_:)` must decide.
    @inline(__always)
    func fastValue(_ x: Double) -> (value: Double, needsExact: UInt64) {
        ConversionFactor.fastValue(x, scaleHi: scaleHi, scaleLo: scaleLo, head: scaleHiHead, tail: scaleHiTail,
                                   offsetHi: offsetHi, offsetLo: offsetLo, boundFactor: boundFactor, zeroInput: zeroInput)
    }

    /// `fastValue(_:)` on the factor's parts passed as plain `Double`s, for the kernel's loops.
    @inline(__always)
    static func fastValue(_ x: Double, scaleHi: Double, scaleLo: Double, head scaleHiHead: Double, tail scaleHiTail: Double,
                          offsetHi: Double, offsetLo: Double, boundFactor: Double, zeroInput: Double)
        -> (value: Double, needsExact: UInt64) {
        let p = x * scaleHi
        let gamma = x * splitter
        let xHead = gamma - (gamma - x)
        let xTail = x - xHead
        let e = ((xHead * scaleHiHead - p) + xHead * scaleHiTail + xTail * scaleHiHead) + xTail * scaleHiTail
        let t = x * scaleLo
        let s = p + offsetHi
        let v = s - p
        let err = (p - (s - v)) + (offsetHi - v)
        let low = ((err + e) + t) + offsetLo
        let bound = boundFactor * (p.magnitude + offsetHi.magnitude) + underflowBound
        let above = s + (low + bound)
        let below = s + (low - bound)
        let isZero = x == zeroInput
        // Branch-free (no short-circuit operators; 64-bit flags beside 64-bit values), so the loops that inline this vectorize.
        return (isZero ? 0 : above, certaintyFlag(above: above, below: below, isZero: isZero, x: x))
    }

    /// The flag of the fast paths: 0 when the rounded ends of the bracket agree (then the
    /// rounding of every value between them, `s + low` and the exact value included, is that
    /// one), when the exact result is the zero `zeroInput` gives, or for NaN; else 1.
    ///
    /// Rounding is monotonic, so `below ≤ RN(s + low) ≤ above`: one comparison of the ends
    /// decides what comparing each with `RN(s + low)` would, and `above` is then the result.
    @inline(__always)
    static func certaintyFlag(above: Double, below: Double, isZero: Bool, x: Double) -> UInt64 {
        (above == below ? 0 : 1) & (isZero ? 0 : 1) & (x == x ? 1 : 0)
    }

    /// `s + low` of ``fastValue(_:)``: the nearest `Double` of the double-double evaluation,
    /// whose neighbours the exact path weighs.
    func estimate(_ x: Double) -> Double {
        let p = x * scaleHi
        let (s, err) = ConversionFactor.twoSum(p, offsetHi)
        let low = ((err + ConversionFactor.twoProduct(x, scaleHi).error) + x * scaleLo) + offsetLo
        return s + low
    }

    /// `x·S + O` rounded to an integer by `tie`, evaluated in double-double, and whether that is certain.
    ///
    /// The evaluation is that of ``fastValue(_:)`` (the same bound `B` on the distance of `s + low`
    /// from the exact value); the nearest integer `n` of `s + low` is certain when the exact value is
    /// within half an integer of it, i.e. `|s − n + low| + B` stays below one half (with `2^-50` for
    /// the rounding of that difference). Then the tie rule cannot matter. Values of magnitude 2^52
    /// and more, and every tie, are left to the exact path. NaN passes through unflagged.
    @inline(__always)
    func fixedValue(_ x: Double, tie: DecimalRounding) -> (value: Double, needsExact: Bool) {
        let p = x * scaleHi
        let (e, t) = (ConversionFactor.twoProduct(x, scaleHi).error, x * scaleLo)
        let (s, err) = ConversionFactor.twoSum(p, offsetHi)
        let low = ((err + e) + t) + offsetLo
        let r = s + low
        guard !r.isNaN else { return (r, false) }
        guard r.magnitude < 0x1p52 else { return (r, true) }
        let n = r.rounded(tie.floatingPointRule)
        let distance = ((s - n) + low).magnitude
        let bound = boundFactor * (p.magnitude + offsetHi.magnitude) + ConversionFactor.underflowBound + 0x1p-50
        return (n, !(distance + bound < 0.5))
    }

    /// `x·S + O` rounded to an integer by `tie`, decided exactly without allocating when the
    /// factor's terms are small (the midpoint test of ``exactValue(_:)`` against `n ± 1/2`), else `nil`.
    ///
    /// - Parameters:
    ///   - x: The input, an integer of magnitude below 2^53.
    ///   - candidate: ``fixedValue(_:tie:)``'s integer, within one half (plus the tiny bound) of the exact value.
    ///   - tie: How a value halfway between two integers rounds.
    func exactFixedValue(_ x: Double, candidate n: Double, tie: DecimalRounding) -> Double? {
        let (ad, cb, bd) = midpointTerms
        let safe = 0x1p-900...0x1p900
        guard !(ad.isNaN || cb.isNaN || bd.isNaN), n.magnitude < 0x1p51, x == 0 || safe.contains(x.magnitude) else { return nil }
        let (xad, xadError) = ConversionFactor.twoProduct(x, ad)
        /// The sign of x·a·d + c·b − m·b·d: of the exact value minus `m`.
        func sign(against m: Double) -> Double {
            let (mbd, mbdError) = ConversionFactor.twoProduct(m, bd)
            return ConversionFactor.exactSign(SIMD8(xad, xadError, cb, -mbd, -mbdError, 0, 0, 0))
        }
        /// The tie between `lower` and `lower + 1`, broken on the magnitude (`lower` is an integer).
        func broken(_ lower: Double) -> Double {
            let isNegative = lower + 0.5 < 0
            // The magnitude lies halfway between q and q + 1.
            let q = isNegative ? -(lower + 1) : lower
            let up = tie.roundsTieUp(quotientIsOdd: q.truncatingRemainder(dividingBy: 2) != 0)
            return isNegative ? (up ? lower : lower + 1) : (up ? lower + 1 : lower)
        }
        let below = sign(against: n - 0.5)
        if below < 0 { return n - 1 }
        if below == 0 { return broken(n - 1) }
        let above = sign(against: n + 0.5)
        if above > 0 { return n + 1 }
        if above == 0 { return broken(n) }
        return n
    }

    /// `true` when `O` is zero, so the kernel can use `fastLinearValue(_:)`.
    var isLinear: Bool { offset.isZero }

    /// `fastValue(_:)` for a zero offset, with the terms that are zero then left out (fewer operations per element).
    ///
    /// With `Oh = Ol = 0` the two-sum of the general path is exact with no
    /// error, so `s = p`, `err = 0` and the bound is `boundFactor·|p| + 2^-1060`:
    /// the result and flag are bit for bit those of `fastValue(_:)`.
    @inline(__always)
    static func fastLinearValue(_ x: Double, scaleHi: Double, scaleLo: Double, head scaleHiHead: Double, tail scaleHiTail: Double,
                                boundFactor: Double) -> (value: Double, needsExact: UInt64) {
        let p = x * scaleHi
        let gamma = x * splitter
        let xHead = gamma - (gamma - x)
        let xTail = x - xHead
        let e = ((xHead * scaleHiHead - p) + xHead * scaleHiTail + xTail * scaleHiHead) + xTail * scaleHiTail
        let low = e + x * scaleLo
        let bound = boundFactor * p.magnitude + underflowBound
        let above = p + (low + bound)
        let below = p + (low - bound)
        let isZero = x == 0
        return (isZero ? 0 : above, certaintyFlag(above: above, below: below, isZero: isZero, x: x))
    }

    /// The correctly rounded `x·S + O`, computed exactly; for values the fast path could not certify.
    func exactValue(_ x: Double) -> Double {
        let r = x == zeroInput ? 0 : estimate(x)
        let safe = 0x1p-900...0x1p900
        let (ad, cb, bd) = midpointTerms
        guard !(ad.isNaN || cb.isNaN || bd.isNaN), safe.contains(r.magnitude), x == 0 || safe.contains(x.magnitude) else {
            return ExactRounding.value(x, scale: scale, offset: offset, scalePower: scalePower, offsetPower: offsetPower)
        }
        // |V − (s + low)| ≤ B ≪ ulp, so V lies between the midpoints below and above r, give or take B.
        let below = r.nextDown, above = r.nextUp
        let (xad, xadError) = ConversionFactor.twoProduct(x, ad)
        // An exact zero reached by cancellation: the sign of x·a·d + c·b.
        if ConversionFactor.exactSign(SIMD8(xad, xadError, cb, 0, 0, 0, 0, 0)) == 0 { return 0 }
        let (rbd, rbdError) = ConversionFactor.twoProduct(r, bd)
        // The sign of x·a·d + c·b − (r + half)·b·d, i.e. of V minus the midpoint r + half.
        func signAgainstMidpoint(_ half: Double) -> Double {
            ConversionFactor.exactSign(SIMD8(xad, xadError, cb, -rbd, -rbdError, -(half * bd), 0, 0))
        }
        let belowMidpoint = signAgainstMidpoint((below - r) / 2)
        if belowMidpoint < 0 { return below }
        if belowMidpoint == 0 { return below.significandBitPattern & 1 == 0 ? below : r }
        let aboveMidpoint = signAgainstMidpoint((above - r) / 2)
        if aboveMidpoint > 0 { return above }
        if aboveMidpoint == 0 { return r.significandBitPattern & 1 == 0 ? r : above }
        return r
    }

    /// Dekker's exact product: `a·b = product + error` when nothing overflows or underflows.
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
        let product = a * b
        let aGamma = a * splitter, bGamma = b * splitter
        let aHead = aGamma - (aGamma - a), aTail = a - aHead
        let bHead = bGamma - (bGamma - b), bTail = b - bHead
        return (product, ((aHead * bHead - product) + aHead * bTail + aTail * bHead) + aTail * bTail)
    }

    /// Knuth's exact sum: `a + b = sum + error` when nothing overflows.
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let sum = a + b
        let v = sum - a
        return (sum, (a - (sum - v)) + (b - v))
    }

    /// The sign (−1, 0 or 1) of the exact sum of eight `Double`s, from a non-overlapping expansion (Shewchuk's grow-expansion).
    ///
    /// Exact as long as no partial sum overflows.
    static func exactSign(_ terms: SIMD8<Double>) -> Double {
        var expansion = SIMD8<Double>.zero
        for count in 0..<terms.scalarCount {
            var carry = terms[count]
            for i in 0..<count {
                (carry, expansion[i]) = twoSum(carry, expansion[i])
            }
            expansion[count] = carry
        }
        for i in stride(from: terms.scalarCount - 1, through: 0, by: -1) where expansion[i] != 0 {
            return expansion[i] < 0 ? -1 : 1
        }
        return 0
    }

    /// The correctly rounded `x·S + O`: the fast path, or the exact path when the fast one is uncertain.
    @inline(__always)
    func value(_ x: Double) -> Double {
        let (r, needsExact) = fastValue(x)
        return needsExact == 0 ? r : exactValue(x)
    }
}
