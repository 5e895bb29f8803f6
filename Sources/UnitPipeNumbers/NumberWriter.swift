/// Writes `Double` values as ASCII bytes in the normalized output forms of DESIGN §3.
///
/// Two forms exist: ``writeShortest(_:into:)``, the shortest digits that read back to the same
/// `Double` (plain notation for 1e-6 ≤ |x| < 1e16, exponent notation outside), and
/// ``writeFixed(_:decimals:into:)``, exactly `decimals` fraction digits of the exact binary
/// value rounded half to even. Both write into caller-owned memory, never allocate on the
/// common path, and are exact for every finite `Double`. `-0` and results that round to zero
/// print without a minus sign; non-finite values print as `nan`, `inf` and `-inf`.
public enum NumberWriter {
    /// Bytes `writeShortest` may write at most.
    ///
    /// The longest actual output is 25 bytes (`-0.0000012345678901234567`); the extra room
    /// lets callers reserve a round size.
    public static let maxShortestLength: Int = 32

    /// Upper bound of bytes `writeFixed` writes for `decimals` (0...20).
    ///
    /// A sign, at most 309 integer digits (`Double.greatestFiniteMagnitude` ≈ 1.8e308), a
    /// point and the fraction digits.
    ///
    /// - Parameter decimals: The number of fraction digits, 0...20.
    /// - Returns: The buffer size that `writeFixed(_:decimals:into:)` never exceeds.
    public static func maxFixedLength(decimals: Int) -> Int {
        1 + 309 + 1 + min(max(0, decimals), maxFixedDecimals)
    }

    /// Writes the normalized shortest round-trip form of `value`; returns the number of bytes written.
    ///
    /// The digits are the shortest that read back to `value`, the one closest to the exact
    /// value when several qualify (the digits of `value.description`); see DESIGN §3 for the
    /// layout. Does not allocate.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - buffer: Memory for at least ``maxShortestLength`` bytes.
    /// - Returns: The number of bytes written, at most 25.
    public static func writeShortest(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        // Zero, subnormals, infinities and NaN in one test.
        if UInt(bitPattern: biasedExponent &- 1) >= 0x7FE {
            return writeUnusualShortest(bits, into: buffer)
        }
        guard let tables = publishedTables else {
            return writeShortestPublishingTables(value, into: buffer)
        }
        // The common path calls other functions only in tail position.
        // The minus sign always goes out; a positive number's first byte overwrites it.
        buffer[0] = UInt8(ascii: "-")
        let signLength = Int(truncatingIfNeeded: bits >> 63)
        if let short = shortDecimalDigits(Double(bitPattern: bits & ~(1 << 63)), biasedExponent: biasedExponent, tables: tables) {
            if UInt(bitPattern: short.point) < 16 {
                return signLength &+ layOutWithPoint(short, into: buffer + signLength, tables: tables)
            }
            return writeOutsideIntegers(short.seventeen, signLength: signLength, into: buffer, tables: tables)
        }
        let fraction = bits & fractionMask
        guard fraction != 0,  // not a power of two
              let digits = fastSchubfach(biasedExponent: biasedExponent, significand: (1 << 52) | fraction, tables: tables) else {
            return writeSlowShortest(bits, into: buffer)
        }
        if UInt(bitPattern: digits.point) < 16 {
            return signLength &+ layOutWithPoint(digits, into: buffer + signLength, tables: tables)
        }
        return writeOutsideIntegers(digits, signLength: signLength, into: buffer, tables: tables)
    }

    /// Writes `value` with exactly `decimals` fraction digits, rounding the exact binary value half to even.
    ///
    /// Plain notation always: large values print every integer digit of their exact binary
    /// value. A result whose digits are all zero prints without a minus sign. Values of
    /// magnitude below 2^127 take an exact 128-bit path that does not allocate; larger ones
    /// take an exact big-integer path.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - decimals: The number of fraction digits, 0...20 (a precondition).
    ///   - buffer: Memory for at least ``maxFixedLength(decimals:)`` bytes.
    /// - Returns: The number of bytes written.
    static func writeFixed(_ value: Double, decimals: Int, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        precondition((0...maxFixedDecimals).contains(decimals), "decimals must be in 0...20")
        return uncheckedWriteFixed(value, decimals: decimals, into: buffer)
    }

    /// Returns the normalized shortest round-trip form of `value` as a `String`.
    ///
    /// - Parameter value: The number to format.
    /// - Returns: The bytes ``writeShortest(_:into:)`` writes.
    public static func shortest(_ value: Double) -> String {
        String(unsafeUninitializedCapacity: maxShortestLength) { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            return writeShortest(value, into: base)
        }
    }

    /// Returns `value` with exactly `decimals` fraction digits as a `String`, rounded once from the
    /// `Double`'s exact binary value, half to even (`2.675` is `2.67` here, because the `Double`
    /// is 2.67499…; ``fixed(_:decimals:rule:parser:)`` rounds the text `2.675` to `2.68`).
    ///
    /// - Parameters:
    ///   - value: The number to format.
    ///   - decimals: The number of fraction digits, 0...20.
    /// - Returns: The digits (`-1234.50`; `nan`, `inf` and `-inf` for values that are not finite),
    ///   or `nil` when `decimals` is outside 0...20.
    public static func fixed(_ value: Double, decimals: Int) -> String? {
        guard (0...maxFixedDecimals).contains(decimals) else { return nil }
        return String(unsafeUninitializedCapacity: maxFixedLength(decimals: decimals)) { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            return writeFixed(value, decimals: decimals, into: base)
        }
    }
}

// MARK: - Shared pieces

extension NumberWriter {
    /// The largest `decimals` that ``writeFixed(_:decimals:into:)`` accepts.
    static var maxFixedDecimals: Int { 20 }

    /// The 52 stored fraction bits of a `Double`.
    static var fractionMask: UInt64 { (1 << 52) - 1 }

    /// ``writeShortest(_:into:)`` for the bits of a zero, a subnormal, an infinity or a NaN.
    @inline(never)
    static func writeUnusualShortest(_ bits: UInt64, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let fraction = bits & fractionMask
        if bits >> 52 & 0x7FF == 0x7FF {
            return writeNonFinite(isNaN: fraction != 0, isNegative: bits >> 63 != 0, into: buffer)
        }
        if fraction == 0 {
            buffer[0] = UInt8(ascii: "0")
            return 1
        }
        return writeSlowShortest(bits, into: buffer)
    }

    /// ``writeShortest(_:into:)`` for a positive or negative subnormal or normal `Double` by the
    /// full Schubfach algorithm: the values the fast paths leave.
    @inline(never)
    static func writeSlowShortest(_ bits: UInt64, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        buffer[0] = UInt8(ascii: "-")
        let signLength = Int(truncatingIfNeeded: bits >> 63)
        let tables = fastTables
        let digits = slowShortestDigits(biasedExponent: Int(truncatingIfNeeded: bits >> 52 & 0x7FF),
                                        fraction: bits & fractionMask, tables: tables)
        return signLength &+ layOutShortest(digits, into: buffer + signLength, tables: tables)
    }

    /// ``writeShortest(_:into:)`` after the sign, for a leading digit outside 10^0 through 10^15.
    @inline(never)
    static func writeOutsideIntegers(
        _ digits: SeventeenDigits, signLength: Int, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables
    ) -> Int {
        signLength &+ layOutOutsideIntegers(digits, into: buffer + signLength, tables: tables)
    }

    /// ``writeShortest(_:into:)`` for the first call, which builds the tables.
    @inline(never)
    static func writeShortestPublishingTables(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        _ = publishTables()
        return writeShortest(value, into: buffer)
    }

    /// Writes `nan`, `inf` or `-inf`; returns the number of bytes written.
    static func writeNonFinite(isNaN: Bool, isNegative: Bool, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var cursor = buffer
        if isNaN {
            cursor[0] = UInt8(ascii: "n")
            cursor[1] = UInt8(ascii: "a")
            cursor[2] = UInt8(ascii: "n")
            return 3
        }
        if isNegative {
            cursor[0] = UInt8(ascii: "-")
            cursor += 1
        }
        cursor[0] = UInt8(ascii: "i")
        cursor[1] = UInt8(ascii: "n")
        cursor[2] = UInt8(ascii: "f")
        return cursor - buffer + 3
    }

    /// Returns the number of decimal digits of `value` (0 for 0).
    ///
    /// - Parameters:
    ///   - value: The number to measure.
    ///   - powersOfTen: 10^0 through 10^19 (``Tables/powersOfTen``).
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64, powersOfTen: UnsafePointer<UInt64>) -> Int {
        let bitCount = 64 - (value | 1).leadingZeroBitCount
        let guess = (bitCount &* 1233) >> 12
        return guess &+ (value >= powersOfTen[guess] ? 1 : 0)
    }

    /// Writes the lowest `count` decimal digits of `value`, left-padded with zeros, so they end just before `end`.
    ///
    /// Works from the right, two digits per table lookup; eight-digit chunks are split off
    /// first so that most of the work happens in independent 32-bit steps.
    ///
    /// - Parameters:
    ///   - value: The number whose digits to write; digits beyond `count` are dropped.
    ///   - count: The number of bytes to write.
    ///   - end: One past the last byte to write.
    ///   - digitPairs: The 200-byte table ``Tables/digitPairs``.
    @inline(__always)
    static func writeDigits(
        _ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>, digitPairs: UnsafePointer<UInt8>
    ) {
        let pairs = UnsafeRawPointer(digitPairs)
        var cursor = UnsafeMutableRawPointer(end)
        var remaining = count
        var rest = value
        while remaining >= 8 {
            let chunk = UInt32(truncatingIfNeeded: rest % 100_000_000)
            rest /= 100_000_000
            let high = chunk / 10_000
            let low = chunk % 10_000
            cursor -= 8
            cursor.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(high / 100) &* 2, as: UInt16.self), as: UInt16.self)
            cursor.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(high % 100) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
            cursor.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(low / 100) &* 2, as: UInt16.self), toByteOffset: 4, as: UInt16.self)
            cursor.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(low % 100) &* 2, as: UInt16.self), toByteOffset: 6, as: UInt16.self)
            remaining &-= 8
        }
        var small = UInt32(truncatingIfNeeded: rest % 100_000_000)
        while remaining >= 2 {
            let pair = Int(small % 100)
            small /= 100
            cursor -= 2
            cursor.storeBytes(of: pairs.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
            remaining &-= 2
        }
        if remaining == 1 {
            cursor -= 1
            cursor.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small % 10), as: UInt8.self)
        }
    }

    /// Writes `count` copies of `byte` starting at `start`.
    @inline(__always)
    static func fill(_ start: UnsafeMutablePointer<UInt8>, count: Int, with byte: UInt8) {
        if count > 0 { start.update(repeating: byte, count: count) }
    }

    /// Eight ASCII zeros as one little-endian word.
    static var asciiZeros: UInt64 { 0x3030_3030_3030_3030 }
}

extension NumberWriter {
    /// Bytes ``writeShortestPlain(_:into:)`` may write at most (`-0.` and 323 zeros before the 17
    /// digits of the smallest subnormal, or 309 integer digits).
    public static let maxPlainLength: Int = 352

    /// Writes the shortest round-trip digits of `value` in plain notation, never with an exponent
    /// (`1e+22` is `10000000000000000000000`, `1.5e-07` is `0.00000015`); returns the byte count.
    ///
    /// The digits are those of ``writeShortest(_:into:)``; only their layout differs outside
    /// 1e-6 ≤ |x| < 1e16.
    /// - Parameters:
    ///   - value: The number to write.
    ///   - buffer: Memory for at least ``maxPlainLength`` bytes.
    /// - Returns: The number of bytes written.
    public static func writeShortestPlain(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let count = writeShortest(value, into: buffer)
        guard value.isFinite, count > 4, buffer[count - 4] == UInt8(ascii: "e") || buffer[count - 5] == UInt8(ascii: "e") else {
            return count
        }
        return layOutPlain(buffer, count: count)
    }

    /// Rewrites exponent notation in `buffer[0..<count]` (`-1.25e-07`) in plain notation.
    @inline(never)
    static func layOutPlain(_ buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var digits: [UInt8] = []
        var index = 0
        let isNegative = buffer[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        while buffer[index] != UInt8(ascii: "e") {
            if buffer[index] != UInt8(ascii: ".") { digits.append(buffer[index]) }
            index += 1
        }
        let isExponentNegative = buffer[index + 1] == UInt8(ascii: "-")
        var exponent = 0
        for i in (index + 2)..<count { exponent = exponent * 10 + Int(buffer[i] - UInt8(ascii: "0")) }
        if isExponentNegative { exponent = -exponent }
        // The number of integer digits: the first digit is the units digit times 10^exponent.
        let point = exponent + 1
        var text: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
        if point <= 0 {
            text += [UInt8(ascii: "0"), UInt8(ascii: ".")] + [UInt8](repeating: UInt8(ascii: "0"), count: -point) + digits
        } else if point >= digits.count {
            text += digits + [UInt8](repeating: UInt8(ascii: "0"), count: point - digits.count)
        } else {
            text += digits[..<point] + [UInt8(ascii: ".")] + digits[point...]
        }
        buffer.update(from: text, count: text.count)
        return text.count
    }
}
