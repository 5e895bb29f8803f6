/// The exact decimal value of a number's text, as the parser reads it (separators, signs,
/// percent and currency marks applied): `±digits · 10^exponent` with every digit.
///
/// Rounding happens once, when you ask: ``doubleValue`` is the nearest `Double` (as `strtod`),
/// ``rounded(fractionDigits:rule:)`` gives exactly N fraction digits from the text, and a unit
/// conversion converts this value, not a `Double`. A text of at most 19 significant digits is
/// held without allocating.
public struct ExactNumber: Sendable, Equatable, CustomStringConvertible {
    enum Storage: Sendable, Equatable {
        case short(ScannedDecimal)
        case long(LongDecimal)
    }

    let storage: Storage

    /// Whether two numbers have the same value (`0.50` equals `0.5`; `-0` equals `0`).
    public static func == (lhs: ExactNumber, rhs: ExactNumber) -> Bool {
        if case .short(let a) = lhs.storage, case .short(let b) = rhs.storage {
            let (x, y) = (normalized(a), normalized(b))
            return x.mantissa == 0 ? y.mantissa == 0 : x == y
        }
        return lhs.decimalValue == rhs.decimalValue
    }

    /// The decimal with no trailing zeros in its mantissa.
    static func normalized(_ decimal: ScannedDecimal) -> ScannedDecimal {
        var result = decimal
        while result.mantissa != 0, result.mantissa % 10 == 0 {
            result.mantissa /= 10
            result.exponent += 1
        }
        return result
    }

    /// The value of a scanned decimal (at most 19 significant digits).
    public init(_ decimal: ScannedDecimal) {
        storage = .short(decimal)
    }

    /// The value of a decimal of any length.
    public init(_ value: DecimalValue) {
        var mantissa: UInt64 = 0
        if value.digits.count <= 19 {
            for digit in value.digits { mantissa = mantissa * 10 + UInt64(digit) }
            storage = .short(ScannedDecimal(mantissa: mantissa, exponent: value.exponent, isNegative: value.isNegative))
            return
        }
        var digits = BigUInt(UInt64(0))
        for digit in value.digits { digits = digits * BigUInt(UInt64(10)) + BigUInt(UInt64(digit)) }
        storage = .long(LongDecimal(isNegative: value.isNegative, digits: digits, exponent: value.exponent))
    }

    init(long: LongDecimal) {
        storage = .long(long)
    }

    /// The value of C-convention text (`-273.15`, `1.5e3`), or `nil` when it is not one.
    public init?(_ text: some StringProtocol) {
        guard let value = DecimalValue(text) else { return nil }
        self.init(value)
    }

    /// The scanned decimal, when the value has at most 19 significant digits.
    public var scannedDecimal: ScannedDecimal? {
        if case .short(let decimal) = storage { return decimal }
        return nil
    }

    /// The value as the engine's long decimal (every digit).
    package var longDecimal: LongDecimal {
        switch storage {
        case .short(let decimal): LongDecimal(decimal)
        case .long(let long): long
        }
    }

    /// Whether the value is negative (`-0` included).
    public var isNegative: Bool {
        switch storage {
        case .short(let decimal): decimal.isNegative
        case .long(let long): long.isNegative
        }
    }

    /// The nearest `Double`, ties to even: infinite beyond the finite range, a signed zero below it.
    public var doubleValue: Double {
        switch storage {
        case .short(let decimal): decimal.doubleValue
        case .long(let long): ExactRounding.nearest(long)
        }
    }

    /// The value as a ``DecimalValue`` (allocates its digits).
    public var decimalValue: DecimalValue {
        switch storage {
        case .short(let decimal): DecimalValue(scanned: decimal)
        case .long(let long): DecimalValue(long: long)
        }
    }

    /// The value in the C convention (``DecimalValue/description``).
    public var description: String { decimalValue.description }

    /// The value rounded once to exactly `fractionDigits` fraction digits.
    ///
    /// - Parameters:
    ///   - fractionDigits: 0...``RoundedDecimal/maxFractionDigits``.
    ///   - rule: How a value halfway between two candidates rounds; half to even by default.
    /// - Returns: The rounded value (`2.675` → `2.68`, `2.665` → `2.66`; half-up: `2.67`).
    /// - Throws: ``RoundingError/fractionDigitsOutOfRange(_:)``, or ``RoundingError/tooLarge(fractionDigits:)``
    ///   when the value times 10^`fractionDigits` does not fit 64 bits.
    public func rounded(fractionDigits: Int, rule: DecimalRounding = .halfEven) throws(RoundingError) -> RoundedDecimal {
        guard (0...RoundedDecimal.maxFractionDigits).contains(fractionDigits) else { throw .fractionDigitsOutOfRange(fractionDigits) }
        switch storage {
        case .short(let decimal):
            if let result = Self.roundedShort(decimal, fractionDigits: fractionDigits, rule: rule) { return result }
            return try Self.roundedLong(LongDecimal(decimal), fractionDigits: fractionDigits, rule: rule)
        case .long(let long):
            return try Self.roundedLong(long, fractionDigits: fractionDigits, rule: rule)
        }
    }

    /// 10^0 … 10^19.
    static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(UInt64(1)) { r, _ in r * 10 } }

    /// The allocation-free rounding of a short decimal; `nil` when 64-bit integers do not decide it.
    static func roundedShort(_ decimal: ScannedDecimal, fractionDigits: Int, rule: DecimalRounding) -> RoundedDecimal? {
        let shift = decimal.exponent + fractionDigits
        let m = decimal.mantissa
        if m == 0 { return RoundedDecimal(unchecked: false, scaled: 0, fractionDigits: fractionDigits) }
        if shift >= 0 {
            guard shift < ExactNumber.powersOfTen.count else { return nil }
            let (scaled, overflow) = m.multipliedReportingOverflow(by: ExactNumber.powersOfTen[shift])
            guard !overflow else { return nil }
            return RoundedDecimal(unchecked: decimal.isNegative, scaled: scaled, fractionDigits: fractionDigits)
        }
        // m < 2^64 < 10^20: beyond 20 digits dropped, the value is below one half of the last place.
        guard -shift < ExactNumber.powersOfTen.count else {
            return RoundedDecimal(unchecked: decimal.isNegative, scaled: 0, fractionDigits: fractionDigits)
        }
        let divisor = ExactNumber.powersOfTen[-shift]
        let (quotient, remainder) = m.quotientAndRemainder(dividingBy: divisor)
        let half = divisor / 2 // divisor is a power of ten ≥ 10: even
        let roundsUp = remainder > half || (remainder == half && rule.roundsTieUp(quotientIsOdd: quotient & 1 == 1))
        return RoundedDecimal(unchecked: decimal.isNegative, scaled: roundsUp ? quotient + 1 : quotient,
                              fractionDigits: fractionDigits)
    }

    /// The exact rounding of any decimal through big integers.
    static func roundedLong(_ long: LongDecimal, fractionDigits: Int, rule: DecimalRounding) throws(RoundingError) -> RoundedDecimal {
        guard let t = ExactRounding.clamped(long) else { throw .tooLarge(fractionDigits: fractionDigits) }
        let shift = t.exponent + fractionDigits
        let magnitude: BigUInt
        if shift >= 0 {
            magnitude = t.digits * BigUInt.powerOfTen(shift)
        } else {
            let divisor = BigUInt.powerOfTen(-shift)
            let (quotient, remainder) = t.digits.quotientAndRemainder(dividingBy: divisor)
            let twice = remainder << 1
            var roundsUp = divisor < twice
            if !roundsUp, !(twice < divisor), !remainder.isZero {
                roundsUp = rule.roundsTieUp(quotientIsOdd: quotient.low64 & 1 == 1)
            }
            magnitude = roundsUp ? quotient + BigUInt(UInt64(1)) : quotient
        }
        guard magnitude.bitWidth <= 64 else { throw .tooLarge(fractionDigits: fractionDigits) }
        return RoundedDecimal(unchecked: t.isNegative, scaled: magnitude.low64, fractionDigits: fractionDigits)
    }
}
