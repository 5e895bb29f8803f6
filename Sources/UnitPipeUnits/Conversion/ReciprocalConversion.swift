// Reciprocal units: fuel economy (`mpg`, `km/L`, dimension 1/length²) and fuel
// consumption (`L/100km`, `L/km`, an area dimensionally) measure one thing from
// two sides. A value x in one is y = K/x in the other, K = 1/(S_from·S_to) for
// the units' exact scales to their base units. No factor and offset relate
// them, so they get their own conversion: the exact rational K divided by the
// cell's exact decimal, rounded once (to the nearest double, or to N fraction
// digits), like every other conversion. Zero has no reciprocal: it is an error
// of its own, never infinity.

import UnitPipeNumbers

/// The exact conversion between units of reciprocal dimensions: `y = constant / x`.
public struct ReciprocalConversion: Sendable, Equatable {
    /// The source unit.
    public let from: UnitDefinition
    /// The target unit.
    public let to: UnitDefinition
    /// The exact `K` of `y = K/x`: `1 / (from.scale · to.scale)`.
    public let constant: Rational

    /// Relates two units of reciprocal dimensions.
    ///
    /// - Parameters:
    ///   - from: The unit values are given in (`mpg`).
    ///   - to: The unit values are wanted in (`L/100km`).
    /// - Throws: `UnitError.dimensionMismatch` when the dimensions are not reciprocal or a unit is
    ///   affine; `UnitError.factorOverflow` when `K` does not fit a `Rational`.
    public init(from: UnitDefinition, to: UnitDefinition) throws(UnitError) {
        guard from.dimension.isReciprocal(of: to.dimension), !from.isAffine, !to.isAffine else {
            throw .dimensionMismatch(from: from.symbol, fromDimension: from.dimension, to: to.symbol, toDimension: to.dimension)
        }
        guard let product = from.scale.multiplied(by: to.scale), let constant = Rational.one.divided(by: product) else {
            throw .factorOverflow(from: from.symbol, to: to.symbol)
        }
        self.from = from
        self.to = to
        self.constant = constant
    }

    /// The nearest `Double` (ties to even) to `K/x` for a finite non-zero `x`; `nil` for zero, NaN passes through.
    public func apply(_ x: Double) -> Double? {
        if x.isNaN { return x }
        if x == 0 { return nil }
        if x.isInfinite { return (x < 0) != constant.isNegative ? -0.0 : 0.0 }
        let (isNegative, m, k) = ExactRounding.decompose(x)
        // K/x = a / (b·m·2^k).
        let a = BigUInt(constant.numerator.magnitude), b = BigUInt(constant.denominator.magnitude)
        return ExactRounding.rounded((isNegative != constant.isNegative, a), over: b * BigUInt(m), timesPowerOfTwo: -k)
    }

    /// `K/t` for the decimal `t` as a signed ratio of big integers times `10^power`; `nil` for zero.
    private func ratio(_ decimal: LongDecimal, power: Int) -> (numerator: ExactRounding.Signed, denominator: BigUInt)? {
        guard !decimal.digits.isZero else { return nil }
        // K/t·10^p = a·10^(p−e) / (b·d), the power of ten on whichever side it is positive.
        let a = BigUInt(constant.numerator.magnitude), b = BigUInt(constant.denominator.magnitude)
        let shift = power - decimal.exponent
        var numerator = a, denominator = b * decimal.digits
        if shift > 0 { numerator = numerator * BigUInt.powerOfTen(shift) }
        if shift < 0 { denominator = denominator * BigUInt.powerOfTen(-shift) }
        return ((decimal.isNegative != constant.isNegative, numerator), denominator)
    }

    /// The nearest `Double` (ties to even) to `K/t` for the cell's exact decimal `t`; `nil` when `t` is zero.
    ///
    /// A `t` beyond 10^1000 gives a zero of the result's sign; one below 10^-1000 an infinity.
    package func nearest(_ decimal: LongDecimal) -> Double? {
        guard !decimal.digits.isZero else { return nil }
        let isNegative = decimal.isNegative != constant.isNegative
        guard let t = ExactRounding.clamped(decimal) else { return isNegative ? -0.0 : 0.0 }
        guard let (numerator, denominator) = ratio(t, power: 0) else { return nil }
        return ExactRounding.rounded(numerator, over: denominator, timesPowerOfTwo: 0)
    }

    /// `K/t·10^decimals` rounded to an integer by `tie`: the sign and magnitude of the result
    /// written with `decimals` fraction digits; `nil` when `t` is zero or below 10^-1000.
    package func integer(_ decimal: LongDecimal, decimals: Int, tie: DecimalRounding) -> ExactRounding.Signed? {
        guard !decimal.digits.isZero else { return nil }
        guard let t = ExactRounding.clamped(decimal) else { return (decimal.isNegative != constant.isNegative, BigUInt(UInt64(0))) }
        guard t.exponent + t.digits.bitWidth * 30_103 / 100_000 > -1000, let (numerator, denominator) = ratio(t, power: decimals) else {
            return nil
        }
        return ExactRounding.integer(numerator, over: denominator, tie: tie)
    }
}
