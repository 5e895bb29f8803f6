// Design note — what a scan hands on: the decimal value of the text, not a Double.
//
// The scanners already collect a cell as `mantissa · 10^exponent`; a conversion that starts from
// the nearest Double rounds twice (text → Double, then the result), so the scan keeps the exact
// decimal and the kernel rounds once (`DecimalFactorTable`). A cell of at most 19 significant
// digits is a `ScannedDecimal` (fast_float's parsed number: mantissa, exponent, sign); a longer one
// keeps every digit in a `LongDecimal` (it allocates; such cells are rare). `NumberParser.parse`
// still answers the nearest Double: Clinger's fast path when one IEEE operation gives it, else an
// exact big-integer rounding (`ExactRounding.nearest(_:)`).

/// A decimal read from a cell with at most 19 significant digits: `±mantissa · 10^exponent`, exactly.
public struct ScannedDecimal: Hashable, Sendable {
    /// The digits as an integer (exact: at most 19 significant digits).
    public var mantissa: UInt64
    /// The power of ten; saturated far beyond any finite `Double` (±2^40).
    public var exponent: Int
    /// Whether the cell was negative (`-0` is a negative zero).
    public var isNegative: Bool

    /// Creates `±mantissa · 10^exponent`.
    public init(mantissa: UInt64, exponent: Int, isNegative: Bool) {
        self.mantissa = mantissa
        self.exponent = exponent
        self.isNegative = isNegative
    }

    /// The nearest `Double`, ties to even (infinite beyond the finite range, a signed zero below it).
    public var doubleValue: Double {
        if mantissa == 0 { return isNegative ? -0.0 : 0.0 }
        if let value = NumberParser.exactValue(mantissa: mantissa, exponent: exponent) { return isNegative ? -value : value }
        return ExactRounding.nearest(LongDecimal(self))
    }
}

/// A decimal with any number of digits, `±digits · 10^exponent`, for the exact slow path.
public struct LongDecimal: Equatable, Sendable {
    /// Whether the value is negative.
    public var isNegative: Bool
    /// The digits as an integer.
    package var digits: BigUInt
    /// The power of ten.
    public var exponent: Int

    package init(isNegative: Bool, digits: BigUInt, exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }

    /// The same value as a short decimal.
    package init(_ decimal: ScannedDecimal) {
        self.init(isNegative: decimal.isNegative, digits: BigUInt(decimal.mantissa), exponent: decimal.exponent)
    }

    /// The most significant digits kept; further digits are folded into one sticky digit (`1` when
    /// any of them is not zero), which keeps every rounding decision of a `Double`-sized result.
    static let maxDigits = 800

    /// Reads validated C-grammar bytes (`digits[.digits][e±digits]`, no sign) exactly.
    ///
    /// - Parameters:
    ///   - bytes: The validated number after its sign.
    ///   - isNegative: The sign.
    ///   - exponentShift: Added to the exponent (`-2` for a percent sign).
    init(scanning bytes: UnsafeRawBufferPointer, isNegative: Bool, exponentShift: Int = 0) {
        var digits = BigUInt(UInt64(0))
        var chunk: UInt64 = 0, chunkCount = 0, kept = 0
        var exponent = exponentShift
        var isSticky = false
        var index = 0
        var isFraction = false
        func flush() {
            guard chunkCount > 0 else { return }
            digits = digits * BigUInt(LongDecimal.powersOfTen[chunkCount]) + BigUInt(chunk)
            (chunk, chunkCount) = (0, 0)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2E {
                isFraction = true
            } else if byte &- 0x30 <= 9 {
                let digit = UInt64(byte &- 0x30)
                if kept == 0 && digit == 0 {
                    if isFraction { exponent -= 1 }
                } else if kept < LongDecimal.maxDigits {
                    chunk = chunk * 10 + digit
                    chunkCount += 1
                    kept += 1
                    if chunkCount == 19 { flush() }
                    if isFraction { exponent -= 1 }
                } else {
                    if digit != 0 { isSticky = true }
                    if !isFraction { exponent += 1 }
                }
            } else {
                break
            }
            index += 1
        }
        if isSticky {
            flush()
            chunk = 1
            chunkCount = 1
            exponent -= 1
        }
        flush()
        if index < bytes.count {
            // The exponent: e, an optional sign, digits (saturating).
            index += 1
            var isExponentNegative = false
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
                isExponentNegative = bytes[index] == 0x2D
                index += 1
            }
            var magnitude = 0
            while index < bytes.count, bytes[index] &- 0x30 <= 9 {
                if magnitude < NumberParser.exponentSaturation { magnitude = magnitude * 10 + Int(bytes[index] &- 0x30) }
                index += 1
            }
            exponent += isExponentNegative ? -magnitude : magnitude
        }
        self.init(isNegative: isNegative, digits: digits, exponent: digits.isZero ? 0 : exponent)
    }

    /// 10^0 … 10^19.
    static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(UInt64(1)) { r, _ in r * 10 } }
}

/// What one scan of a cell found: its exact decimal value, nothing, or why it is no number.
public enum NumberScan: Equatable, Sendable {
    /// A number of at most 19 significant digits.
    case decimal(ScannedDecimal)
    /// A number of more significant digits: ``NumberParser/scanLong(_:)`` reads every one of them
    /// (no payload, so a scan stays a trivial value on the hot path).
    case long
    /// The cell holds nothing but blanks.
    case empty
    /// The cell is not a number.
    case failure(NumberError)

    /// The parse result of the scan: the nearest `Double` (an infinite one is ``NumberError/overflow``).
    var parseResult: NumberParseResult {
        let value: Double
        switch self {
        case .decimal(let decimal): value = decimal.doubleValue
        case .long: preconditionFailure("a long scan is read with scanLong")
        case .empty: return .empty
        case .failure(let error): return .failure(error)
        }
        return value.isInfinite ? .failure(.overflow) : .number(value)
    }

    /// The scan with its sign flipped (a minus sign before an in-cell unit).
    package var negated: NumberScan {
        switch self {
        case .decimal(var decimal):
            decimal.isNegative.toggle()
            return .decimal(decimal)
        default:
            return self
        }
    }
}

/// How `--decimals` rounds a value halfway between two candidates (`--rounding`).
public enum DecimalRounding: String, Sendable, CaseIterable {
    /// To the even neighbour (the default): `2.675 → 2.68`, `2.665 → 2.66`.
    case halfEven = "half-even"
    /// Away from zero (spreadsheets, many invoices): `2.665 → 2.67`, `-2.665 → -2.67`.
    case halfUp = "half-up"

    // The tie rule, written once: every rounding to N digits (the kernel's certain and exact
    // paths, the big-integer path, the libraries' `ExactNumber`) breaks its ties here.

    /// Whether a magnitude exactly halfway between the integers `q` and `q + 1` rounds up to
    /// `q + 1`: always with half-up (away from zero), with half-even when `q` is odd.
    @inlinable
    public func roundsTieUp(quotientIsOdd: Bool) -> Bool {
        self == .halfUp || quotientIsOdd
    }

    /// The same rule for `Double.rounded(_:)`: `.toNearestOrEven` or `.toNearestOrAwayFromZero`.
    @inlinable
    public var floatingPointRule: FloatingPointRoundingRule {
        roundsTieUp(quotientIsOdd: false) ? .toNearestOrAwayFromZero : .toNearestOrEven
    }
}

