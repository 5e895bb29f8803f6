// Design note — the plain cell, straight to the kernel's input.
//
// Most converted cells are nothing but `[+-]digits[DEC digits]`: no blanks, no grouping, no
// exponent, no currency. `scanPlainCell` reads exactly that shape — one to sixteen bytes after
// the sign, at least one digit, at most one decimal separator (the locale's) — and answers the
// mantissa, the number of fraction digits and the sign, which is what the conversion kernel
// takes (`DecimalFactorTable`); every other cell answers `nil` and takes the full scan, which is
// unchanged. It never answers where the full scan would not answer the same decimal: a
// differential test checks it against `scanGeneral`.
//
// The body (after the sign) is read as at most two words that never overlap and never reach
// outside the cell: `low` holds its first `n − 8` bytes in its top bytes (zeros below, read as
// leading zeros), `high` its last eight (or all `n ≤ 8` in its top bytes). The digits are then
// `eightDigitValue(low) · 10^8 + eightDigitValue(high)`. A decimal separator is the one byte
// `nonDigitFlags` flags in either word; it is squeezed out as the fast path does (the bytes
// below it move up by one), which leaves seven digits in that word and fixes the multiplier.
// A single flag is exact: any byte outside ASCII is flagged itself, so a cell with one flag
// holds ASCII bytes only, where the flags are exact.

extension NumberParser {
    /// The decimal separator the plain-cell scan reads, or `nil` when these conventions have no
    /// fast path (an `auto` column, a decimal separator outside ASCII): then every cell takes
    /// the full scan.
    package var plainCellDecimal: UInt8? { hasFastPath ? fastDecimal : nil }

    /// Reads a plain cell — an optional `+` or `-`, then one to sixteen bytes of ASCII digits with
    /// at most one `decimal` among them and at least one digit — whose digits are at most 2^53.
    ///
    /// Reads no byte outside the cell. Whenever it answers, the full scan (``scan(_:)``) answers
    /// the decimal `±mantissa · 10^-fractionDigitCount`; `nil` means only that the full scan
    /// must decide.
    /// - Parameters:
    ///   - cell: The cell's bytes.
    ///   - decimal: The decimal separator, an ASCII byte that is no digit or sign (see
    ///     ``plainCellDecimal``).
    /// - Returns: The digits as an integer (at most 2^53), the number of digits after the
    ///   decimal separator (0…15) and whether the cell starts with `-`; or `nil`.
    @inlinable @inline(__always)
    package static func scanPlainCell(_ cell: UnsafeRawBufferPointer, decimal: UInt8)
        -> (mantissa: UInt64, fractionDigitCount: Int, isNegative: Bool)? {
        guard let base = cell.baseAddress else { return nil }
        let count = cell.count
        // The cell is not empty: the first byte may be read.
        guard count > 0 else { return nil }
        let first = base.load(as: UInt8.self)
        let signLength = (first &- 0x2B) & 0xFD == 0 ? 1 : 0  // `+` (0x2B) or `-` (0x2D)
        let length = count &- signLength
        guard UInt(bitPattern: length &- 1) < 16 else { return nil }
        let body = base + signLength
        let isNegative = first == 0x2D
        let decimalDigit = UInt64(decimal ^ 0x30)
        guard length > 8 else {
            // One word; at most eight digits, far below 2^53.
            var digits = loadDigits(body, length: length)
            let flags = nonDigitFlags(digits)
            guard flags != 0 else { return (eightDigitValue(digits), 0, isNegative) }
            guard let fraction = plainFractionDigitCount(digits, flags: flags, decimal: decimalDigit),
                  length > 1 else { return nil }
            digits = squeezed(digits, at: flags)
            return (eightDigitValue(digits), fraction, isNegative)
        }
        // Two words: the first `length − 8` bytes at the top of `low`, the last eight in `high`.
        let lowLength = length &- 8
        var low = (UInt64(littleEndian: body.loadUnaligned(as: UInt64.self)) ^ asciiZeros)
            &<< UInt64(truncatingIfNeeded: 64 &- 8 &* lowLength)
        var high = UInt64(littleEndian: body.loadUnaligned(fromByteOffset: lowLength, as: UInt64.self)) ^ asciiZeros
        let lowFlags = nonDigitFlags(low), highFlags = nonDigitFlags(high)
        var lowScale: UInt64 = 100_000_000
        var fractionDigitCount = 0
        if highFlags != 0 {
            guard lowFlags == 0,
                  let fraction = plainFractionDigitCount(high, flags: highFlags, decimal: decimalDigit) else { return nil }
            high = squeezed(high, at: highFlags)
            lowScale = 10_000_000
            fractionDigitCount = fraction
        } else if lowFlags != 0 {
            guard let fraction = plainFractionDigitCount(low, flags: lowFlags, decimal: decimalDigit) else { return nil }
            low = squeezed(low, at: lowFlags)
            fractionDigitCount = fraction &+ 8
        }
        let mantissa = eightDigitValue(low) &* lowScale &+ eightDigitValue(high)
        guard mantissa <= 1 << 53 else { return nil }
        return (mantissa, fractionDigitCount, isNegative)
    }

    /// The number of digits after the byte `flags` marks in a word of digit values when that
    /// byte is the only one flagged and is the decimal separator, else `nil`.
    ///
    /// - Parameters:
    ///   - digits: Bytes XORed with `0x30`, first byte lowest.
    ///   - flags: ``nonDigitFlags(_:)`` of `digits`, not zero.
    ///   - decimal: The decimal separator XORed with `0x30`.
    @inlinable @inline(__always)
    static func plainFractionDigitCount(_ digits: UInt64, flags: UInt64, decimal: UInt64) -> Int? {
        guard flags & (flags &- 1) == 0 else { return nil }
        let bit = UInt64(truncatingIfNeeded: flags.trailingZeroBitCount)
        guard (digits &>> (bit &- 7)) & 0xFF == decimal else { return nil }
        return Int(truncatingIfNeeded: 63 &- bit) &>> 3
    }

    /// The word with the byte flagged by `flag` (its one high bit) squeezed out: the bytes below
    /// it move up by one and a zero byte, a leading zero, comes in at the bottom.
    @inlinable @inline(__always)
    static func squeezed(_ digits: UInt64, at flag: UInt64) -> UInt64 {
        let through = (flag &<< 1) &- 1
        return digits ^ ((digits ^ (digits &<< 8)) & through)
    }
}
