import UnitPipeNumbers

// Design note — the exact slow path from the decimal text.
//
// A converted value is the exact rational t·S·10^p + O·10^q, where t = ±n·2^k·10^e is the cell's
// decimal (k = 0) or a Double (e = 0), S = a/b and O = c/d the exact factor and offset, and p, q
// the powers of ten a decimal factor table folds in (`DecimalFactorTable`: the cell's exponent,
// and `--decimals N`). With every power of ten moved into one denominator it is a ratio of big
// integers, rounded once: to the nearest Double (`rounded(_:over:timesPowerOfTwo:)`) or to an
// integer, half to even or half away from zero, for N fraction digits. Exponents far beyond any
// finite result are clamped first (the result is infinite, or the term is a sticky tiny value of
// the same sign), so no power of ten grows past a few thousand bits.

extension ExactRounding {
    /// The exact `±n·2^k·10^e · scale·10^p + offset·10^q` as a signed numerator, a positive
    /// denominator and a power of two that scales their quotient.
    static func evaluate(isNegative: Bool, magnitude n: BigUInt, powerOfTwo k: Int, powerOfTen e: Int,
                         scale: Rational, offset: Rational, scalePower p: Int, offsetPower q: Int)
        -> (numerator: Signed, denominator: BigUInt, powerOfTwo: Int) {
        let a = BigUInt(scale.numerator.magnitude), b = BigUInt(scale.denominator.magnitude)
        let c = BigUInt(offset.numerator.magnitude), d = BigUInt(offset.denominator.magnitude)
        let hasProduct = !n.isZero && !a.isZero, hasShift = !c.isZero
        let e1 = hasProduct ? e + p : 0, e2 = hasShift ? q : 0
        let base = min(0, e1, e2)
        var product = hasProduct ? n * a * d : BigUInt(UInt64(0))
        if hasProduct, e1 > base { product = product * BigUInt.powerOfTen(e1 - base) }
        var shift = c * b
        if hasShift, e2 > base { shift = shift * BigUInt.powerOfTen(e2 - base) }
        var denominator = b * d
        if base < 0 { denominator = denominator * BigUInt.powerOfTen(-base) }
        var exponent = 0
        if k >= 0 {
            product = product << k
        } else {
            shift = shift << -k
            exponent = k
        }
        let sum = add((isNegative != scale.isNegative, product), (offset.isNegative, shift))
        return (sum, denominator, exponent)
    }

    /// The nearest `Double` (ties to even) to `t·scale·10^p + offset·10^q` for a decimal `t`.
    ///
    /// An exact zero is `+0` (a zero `t` with no offset keeps its sign: `-0` as written).
    package static func nearest(_ decimal: LongDecimal, scale: Rational, offset: Rational, scalePower p: Int = 0, offsetPower q: Int = 0) -> Double {
        guard let t = clamped(decimal) else {
            let isNegative = decimal.isNegative != scale.isNegative
            return scale.isZero ? offset.exactDouble ?? 0 : (isNegative ? -Double.infinity : .infinity)
        }
        if t.digits.isZero && offset.isZero && scale == .one && p == 0 { return t.isNegative ? -0.0 : 0.0 }
        let (sum, denominator, exponent) = evaluate(isNegative: t.isNegative, magnitude: t.digits, powerOfTwo: 0, powerOfTen: t.exponent,
                                                    scale: scale, offset: offset, scalePower: p, offsetPower: q)
        guard !sum.magnitude.isZero else { return 0 }
        return rounded(sum, over: denominator, timesPowerOfTwo: exponent)
    }

    /// `t·scale·10^p + offset·10^q` rounded to an integer, for `t` a decimal: the magnitude and sign.
    ///
    /// `nil` when the value is beyond 10^1000.
    package static func integer(_ decimal: LongDecimal, scale: Rational, offset: Rational, scalePower p: Int, offsetPower q: Int,
                        tie: DecimalRounding) -> Signed? {
        guard let t = clamped(decimal) else { return nil }
        let (sum, denominator, _) = evaluate(isNegative: t.isNegative, magnitude: t.digits, powerOfTwo: 0, powerOfTen: t.exponent,
                                             scale: scale, offset: offset, scalePower: p, offsetPower: q)
        return integer(sum, over: denominator, tie: tie)
    }

    /// `numerator / denominator` rounded to an integer by `tie` (half to even, or half away from zero).
    static func integer(_ numerator: Signed, over denominator: BigUInt, tie: DecimalRounding) -> Signed {
        let (quotient, remainder) = numerator.magnitude.quotientAndRemainder(dividingBy: denominator)
        let twice = remainder << 1
        var roundsUp = denominator < twice
        if !roundsUp, !(twice < denominator), !remainder.isZero {
            roundsUp = tie.roundsTieUp(quotientIsOdd: quotient.low64 & 1 == 1)
        }
        return (numerator.isNegative, roundsUp ? quotient + BigUInt(UInt64(1)) : quotient)
    }

    /// The nearest `Double` to `x·scale·10^p + offset·10^q`, ties to even, for a finite `Double` `x`.
    static func value(_ x: Double, scale: Rational, offset: Rational, scalePower p: Int, offsetPower q: Int) -> Double {
        guard x.isFinite else { return x.isNaN || !scale.isNegative ? x : -x }
        let (isNegative, m, k) = decompose(x)
        let (sum, denominator, exponent) = evaluate(isNegative: isNegative, magnitude: BigUInt(m), powerOfTwo: k, powerOfTen: 0,
                                                    scale: scale, offset: offset, scalePower: p, offsetPower: q)
        guard !sum.magnitude.isZero else { return 0 }
        return rounded(sum, over: denominator, timesPowerOfTwo: exponent)
    }
}

extension Rational {
    /// `self · 10^exponent`, or `nil` when it does not fit.
    func timesPowerOfTen(_ exponent: Int) -> Rational? {
        guard exponent != 0 else { return self }
        guard exponent.magnitude <= 38 else { return isZero ? self : nil }
        var power: Int128 = 1
        for _ in 0..<exponent.magnitude { power *= 10 }
        return exponent > 0 ? multiplied(by: Rational(power)) : divided(by: Rational(power))
    }
}
