/// An exact rational number with an `Int128` numerator and denominator.
///
/// A `Rational` is always normalized: the denominator is positive and shares no
/// factor with the numerator, so equal values compare and hash equal. The
/// checked operations (`adding(_:)`, `multiplied(by:)`, …) return `nil` when an
/// exact result does not fit; the operators trap in that case, like `Int`
/// arithmetic does. Unit factors are written with them as fractions
/// (`Rational(254, 100)`), never as rounded literals.
public struct Rational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator; negative for negative values.
    public let numerator: Int128
    /// The denominator; always positive.
    public let denominator: Int128

    /// Zero.
    public static let zero = Rational(0)
    /// One.
    public static let one = Rational(1)

    /// Creates the normalized value `numerator / denominator`.
    ///
    /// - Precondition: `denominator != 0`, and the value is representable after
    ///   normalization (only `Int128.min` in a position that must be negated is not).
    public init(_ numerator: Int128, _ denominator: Int128 = 1) {
        guard let value = Rational(exactly: numerator, denominator) else {
            preconditionFailure("Rational(\(numerator), \(denominator)) is not representable")
        }
        self = value
    }

    /// Creates the normalized value `numerator / denominator`, or `nil` when the
    /// denominator is zero or the normalized value does not fit in `Int128`.
    public init?(exactly numerator: Int128, _ denominator: Int128) {
        guard denominator != 0 else { return nil }
        let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
        guard let n = Int128(signedMagnitude: numerator.magnitude / divisor, negative: (numerator < 0) != (denominator < 0)),
              let d = Int128(exactly: denominator.magnitude / divisor)
        else { return nil }
        self.numerator = n
        self.denominator = d
    }

    private init(normalizedNumerator: Int128, denominator: Int128) {
        self.numerator = normalizedNumerator
        self.denominator = denominator
    }

    /// `true` when the value is an integer.
    public var isInteger: Bool { denominator == 1 }

    /// `true` when the value is below zero.
    public var isNegative: Bool { numerator < 0 }

    /// `true` when the value is zero.
    public var isZero: Bool { numerator == 0 }

    /// The negated value, or `nil` when the numerator is `Int128.min`.
    public var negated: Rational? {
        let (n, overflow) = Int128.zero.subtractingReportingOverflow(numerator)
        return overflow ? nil : Rational(normalizedNumerator: n, denominator: denominator)
    }

    /// The exact sum, or `nil` when it does not fit.
    public func adding(_ other: Rational) -> Rational? {
        let g = Int128(Rational.gcd(denominator.magnitude, other.denominator.magnitude))
        let selfFactor = other.denominator / g
        let otherFactor = denominator / g
        let (a, o1) = numerator.multipliedReportingOverflow(by: selfFactor)
        let (b, o2) = other.numerator.multipliedReportingOverflow(by: otherFactor)
        let (n, o3) = a.addingReportingOverflow(b)
        let (d, o4) = denominator.multipliedReportingOverflow(by: selfFactor)
        guard !(o1 || o2 || o3 || o4) else { return nil }
        return Rational(exactly: n, d)
    }

    /// The exact difference, or `nil` when it does not fit.
    public func subtracting(_ other: Rational) -> Rational? {
        guard let negative = other.negated else { return nil }
        return adding(negative)
    }

    /// The exact product, or `nil` when it does not fit.
    public func multiplied(by other: Rational) -> Rational? {
        let g1 = Int128(Rational.gcd(numerator.magnitude, other.denominator.magnitude))
        let g2 = Int128(Rational.gcd(other.numerator.magnitude, denominator.magnitude))
        let (n, o1) = (numerator / g1).multipliedReportingOverflow(by: other.numerator / g2)
        let (d, o2) = (denominator / g2).multipliedReportingOverflow(by: other.denominator / g1)
        guard !(o1 || o2) else { return nil }
        return Rational(normalizedNumerator: n, denominator: d)
    }

    /// The exact quotient, or `nil` when `other` is zero or the result does not fit.
    public func divided(by other: Rational) -> Rational? {
        guard other.numerator != 0,
              let reciprocal = Rational(exactly: other.denominator, other.numerator)
        else { return nil }
        return multiplied(by: reciprocal)
    }

    /// The sum; traps when the exact result does not fit.
    public static func + (lhs: Rational, rhs: Rational) -> Rational {
        guard let result = lhs.adding(rhs) else { preconditionFailure("Rational overflow in \(lhs) + \(rhs)") }
        return result
    }

    /// The difference; traps when the exact result does not fit.
    public static func - (lhs: Rational, rhs: Rational) -> Rational {
        guard let result = lhs.subtracting(rhs) else { preconditionFailure("Rational overflow in \(lhs) - \(rhs)") }
        return result
    }

    /// The product; traps when the exact result does not fit.
    public static func * (lhs: Rational, rhs: Rational) -> Rational {
        guard let result = lhs.multiplied(by: rhs) else { preconditionFailure("Rational overflow in \(lhs) * \(rhs)") }
        return result
    }

    /// The quotient; traps on division by zero or when the exact result does not fit.
    public static func / (lhs: Rational, rhs: Rational) -> Rational {
        guard let result = lhs.divided(by: rhs) else { preconditionFailure("Rational overflow in \(lhs) / \(rhs)") }
        return result
    }

    /// The value as a `Double` when it is exactly representable as one, otherwise `nil`.
    ///
    /// Only dyadic values (power-of-two denominators) whose significant bits
    /// fit in 53 bits qualify.
    public var exactDouble: Double? {
        let d = denominator.magnitude
        guard d & (d &- 1) == 0 else { return nil }
        let m = numerator.magnitude
        guard m != 0 else { return 0 }
        let significantBits = UInt128.bitWidth - m.leadingZeroBitCount - m.trailingZeroBitCount
        guard significantBits <= Double.significandBitCount + 1 else { return nil }
        let magnitude = Double(m) / Double(d)
        return numerator < 0 ? -magnitude : magnitude
    }

    /// The value written as `numerator/denominator`, or just the numerator for integers.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}

extension Int128 {
    /// Creates the value with the given magnitude and sign, or `nil` when it does not fit.
    fileprivate init?(signedMagnitude magnitude: UInt128, negative: Bool) {
        if negative {
            if magnitude == Int128.min.magnitude {
                self = .min
                return
            }
            guard let positive = Int128(exactly: magnitude) else { return nil }
            self = -positive
        } else {
            guard let positive = Int128(exactly: magnitude) else { return nil }
            self = positive
        }
    }
}
