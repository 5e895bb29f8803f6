// Design note: fixed-point output is exact integer arithmetic on v = c·2^q (c < 2^53).
//
// For q < 0 the wanted integer N = round(c·10^d / 2^-q), half to even. c·10^d < 2^53·10^20 <
// 2^120 fits a UInt128 exactly, so one multiply, one shift and a comparison of the shifted-out
// bits against one half give N with no error — for every q < 0, not just a common case; when
// -q > 120 the quotient is below one half and N = 0. For 0 ≤ q ≤ 74 the value is an integer
// below 2^127, printed from a UInt128 followed by d zeros. Only larger integers (≥ 2^127,
// up to 309 digits) take the slow path: a big integer divided by 10^19 repeatedly.

extension NumberWriter {
    /// ``writeFixed(_:decimals:into:)`` without the range check on `decimals`.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - decimals: The number of fraction digits; must be in 0...20.
    ///   - buffer: Memory for at least ``maxFixedLength(decimals:)`` bytes.
    /// - Returns: The number of bytes written.
    static func uncheckedWriteFixed(_ value: Double, decimals: Int, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let fraction = bits & fractionMask
        let isNegative = bits >> 63 != 0
        if biasedExponent == 0x7FF {
            return writeNonFinite(isNaN: fraction != 0, isNegative: isNegative, into: buffer)
        }
        let c = biasedExponent == 0 ? fraction : (1 << 52) | fraction
        let q = biasedExponent == 0 ? -1074 : biasedExponent - 1075
        let tables = fastTables
        if c == 0 || q < 0 {
            let product = UInt128(c) * powerOfTen128(decimals, powersOfTen: tables.powersOfTen)
            let shift = -q
            var scaled: UInt128 = 0
            if c != 0 && shift <= 120 {
                scaled = product >> UInt128(shift)
                let remainder = product & ((1 << UInt128(shift)) &- 1)
                let half: UInt128 = 1 << UInt128(shift &- 1)
                if remainder > half || (remainder == half && scaled & 1 == 1) {
                    scaled &+= 1
                }
            }
            return writeScaled(scaled, decimals: decimals, isNegative: isNegative, into: buffer, tables: tables)
        }
        var cursor = buffer
        if isNegative {
            cursor[0] = UInt8(ascii: "-")
            cursor += 1
        }
        if q <= 74 {
            cursor += writeScaled(UInt128(c) << UInt128(q), decimals: 0, isNegative: false, into: cursor, tables: tables)
        } else {
            cursor += writeBigInteger(significand: c, exponent: q, into: cursor, tables: tables)
        }
        if decimals > 0 {
            cursor[0] = UInt8(ascii: ".")
            fill(cursor + 1, count: decimals, with: UInt8(ascii: "0"))
            cursor += 1 + decimals
        }
        return cursor - buffer
    }

    /// Returns 10^`exponent` for `exponent` in 0...20.
    @inline(__always)
    static func powerOfTen128(_ exponent: Int, powersOfTen: UnsafePointer<UInt64>) -> UInt128 {
        exponent <= 19
            ? UInt128(powersOfTen[exponent])
            : UInt128(powersOfTen[19]) * 10
    }

    /// Writes `scaled / 10^decimals` with exactly `decimals` fraction digits; returns the number of bytes written.
    ///
    /// - Parameters:
    ///   - scaled: The value times 10^decimals, below 2^127.
    ///   - decimals: The number of fraction digits, 0...20.
    ///   - isNegative: Whether to write a minus sign; ignored when `scaled` is zero.
    ///   - buffer: Memory for the output, at most 41 + `decimals` bytes.
    ///   - tables: The lookup tables.
    /// - Returns: The number of bytes written.
    @inline(__always)
    static func writeScaled(
        _ scaled: UInt128, decimals: Int, isNegative: Bool, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables
    ) -> Int {
        var cursor = buffer
        if isNegative && scaled != 0 {
            cursor[0] = UInt8(ascii: "-")
            cursor += 1
        }
        let chunk = UInt128(tables.powersOfTen[19])
        let high: UInt64
        let low: UInt64
        if scaled < chunk {
            high = 0
            low = UInt64(truncatingIfNeeded: scaled)
        } else {
            let parts = scaled.quotientAndRemainder(dividingBy: chunk)
            high = UInt64(truncatingIfNeeded: parts.quotient)
            low = UInt64(truncatingIfNeeded: parts.remainder)
        }
        let powers = tables.powersOfTen
        let digitCount = high == 0
            ? decimalDigitCount(low, powersOfTen: powers)
            : 19 &+ decimalDigitCount(high, powersOfTen: powers)
        let total = max(digitCount, decimals &+ 1)
        // With a fraction, write one byte to the right and slide the integer digits back.
        let end = cursor + total + (decimals > 0 ? 1 : 0)
        if total > 19 {
            writeDigits(low, count: 19, endingAt: end, digitPairs: tables.digitPairs)
            writeDigits(high, count: total &- 19, endingAt: end - 19, digitPairs: tables.digitPairs)
        } else {
            writeDigits(low, count: total, endingAt: end, digitPairs: tables.digitPairs)
        }
        if decimals > 0 {
            let integerCount = total &- decimals
            for index in 0..<integerCount {
                cursor[index] = cursor[index &+ 1]
            }
            cursor[integerCount] = UInt8(ascii: ".")
        }
        return end - buffer
    }

    /// Writes the digits of the integer c·2^q exactly; returns the number of bytes written.
    ///
    /// The slow path for integers of any size: a big integer divided by 10^19 repeatedly.
    /// Allocates.
    ///
    /// - Parameters:
    ///   - c: The integer significand, below 2^53.
    ///   - q: The binary exponent, ≥ 0.
    ///   - buffer: Memory for at least 309 bytes.
    ///   - tables: The lookup tables.
    /// - Returns: The number of bytes written.
    static func writeBigInteger(
        significand c: UInt64, exponent q: Int, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables
    ) -> Int {
        var value = BigUInt(c)
        value.shiftLeft(by: q)
        var chunks = [UInt64]()
        while !value.isZero {
            chunks.append(value.divide(by: tables.powersOfTen[19]))
        }
        guard let leading = chunks.last else {
            buffer[0] = UInt8(ascii: "0")
            return 1
        }
        var cursor = buffer
        let leadingCount = decimalDigitCount(leading, powersOfTen: tables.powersOfTen)
        writeDigits(leading, count: leadingCount, endingAt: cursor + leadingCount, digitPairs: tables.digitPairs)
        cursor += leadingCount
        for chunk in chunks.dropLast().reversed() {
            writeDigits(chunk, count: 19, endingAt: cursor + 19, digitPairs: tables.digitPairs)
            cursor += 19
        }
        return cursor - buffer
    }
}

extension NumberWriter {
    /// Writes an integer given as a `Double`, the value times 10^`decimals`, with exactly
    /// `decimals` fraction digits (`26750` with 2 → `267.50`); a zero prints without a minus sign.
    ///
    /// - Parameters:
    ///   - scaled: An integer of magnitude below 2^64.
    ///   - decimals: The number of fraction digits, 0...20.
    ///   - buffer: Memory for at least ``maxFixedLength(decimals:)`` bytes.
    /// - Returns: The number of bytes written.
    package static func writeScaledInteger(_ scaled: Double, decimals: Int, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        writeScaled(UInt128(UInt64(scaled.magnitude)), decimals: decimals, isNegative: scaled < 0, into: buffer, tables: fastTables)
    }

    /// The text of a big integer, the value times 10^`decimals`, with exactly `decimals` fraction digits.
    ///
    /// The slow path of exact fixed output (allocates).
    package static func scaledIntegerText(isNegative: Bool, magnitude: UnitPipeNumbers.BigUInt, decimals: Int) -> [UInt8] {
        var rest = magnitude
        var digits: [UInt8] = []
        let chunk: UInt64 = 10_000_000_000_000_000_000
        while !rest.isZero {
            var part = rest.divide(by: chunk)
            for _ in 0..<19 {
                digits.append(UInt8(ascii: "0") + UInt8(part % 10))
                part /= 10
            }
        }
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let isZero = digits.allSatisfy { $0 == UInt8(ascii: "0") }
        while digits.count < decimals + 1 { digits.append(UInt8(ascii: "0")) }
        var text: [UInt8] = isNegative && !isZero ? [UInt8(ascii: "-")] : []
        text.append(contentsOf: digits[decimals...].reversed())
        if decimals > 0 {
            text.append(UInt8(ascii: "."))
            text.append(contentsOf: digits[..<decimals].reversed())
        }
        return text
    }
}
