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

    /// π to 42 significant digits: the continued-fraction convergent
    /// 1850401877973371917511 / 589001211171976529866 (|error| < 1.4·10⁻⁴³ relative).
    ///
    /// Numerator and denominator stay below 2^71, so `648000/π` and similar angle
    /// factors fit in `Int128`. See `UnitCatalog+Definitions.swift` for what this
    /// means for correct rounding.
    public static let pi = Rational(1_850_401_877_973_371_917_511, 589_001_211_171_976_529_866)

    /// Creates the exact value of a decimal numeral: `[+-]digits[.digits][(e|E)[+-]digits]`, e.g. `"1.602176634e-19"`.
    ///
    /// Returns `nil` for any other text and when the value does not fit.
    public init?(decimalString text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: Int128 = 0, scale = 0, digits = 0, seenPoint = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (m1, o1) = mantissa.multipliedReportingOverflow(by: 10)
            let (m2, o2) = m1.addingReportingOverflow(Int128(byte - UInt8(ascii: "0")))
            guard !(o1 || o2) else { return nil }
            mantissa = m2
            digits += 1
            if seenPoint { scale -= 1 }
        }
        guard digits > 0 else { return nil }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            guard let exponent = Int(String(decoding: bytes, as: UTF8.self)), abs(exponent) <= 76 else { return nil }
            scale += exponent
        }
        var power: Int128 = 1
        for _ in 0..<abs(scale) {
            let (p, overflow) = power.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            power = p
        }
        let signed = negative ? -mantissa : mantissa
        guard let value = scale >= 0 ? Rational(exactly: signed, 1)?.multiplied(by: Rational(power)) : Rational(exactly: signed, power)
        else { return nil }
        self = value
    }

    /// The value as a plain decimal numeral when its denominator has no prime factors but 2 and 5 (`1609.344`), otherwise `nil`.
    public var decimalString: String? {
        var d = denominator, twos = 0, fives = 0
        while d % 2 == 0 { d /= 2; twos += 1 }
        while d % 5 == 0 { d /= 5; fives += 1 }
        guard d == 1 else { return nil }
        let places = max(twos, fives)
        // numerator/denominator = numerator·(10^places/denominator) / 10^places.
        var multiplier: Int128 = 1
        for _ in 0..<(places - twos) { guard case (let m, false) = multiplier.multipliedReportingOverflow(by: 2) else { return nil }; multiplier = m }
        for _ in 0..<(places - fives) { guard case (let m, false) = multiplier.multipliedReportingOverflow(by: 5) else { return nil }; multiplier = m }
        guard case (let scaled, false) = numerator.magnitude.multipliedReportingOverflow(by: multiplier.magnitude) else { return nil }
        var digits = String(scaled)
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (numerator < 0 ? "-" : "") + digits
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
