// Design note — the straight-line fast path, eight bytes at a time.
//
// Nearly every cell has the shape `[+-]digits[DEC digits]`, grouped or not (`23.682957`, `-4.5`,
// `12.941,488`, `1,00,000.5`), with at most 19 digits. The fast path reads exactly that shape with
// ASCII digits and the conventions' ASCII separators and answers with Clinger's fast path; for
// anything else — blanks, other signs, exponents, currency, native digits, a misplaced separator,
// more than 19 digits, a mantissa above 2^53 — it answers `nil` and the general path decides,
// errors included. So the general path stays the reference: the fast path only ever accepts cells
// the general path reads as the very same `Double` (a differential test checks this).
//
// Bytes are read as little-endian `UInt64` words, the first byte lowest, with unaligned loads
// that never reach outside the field (two overlapping loads of four or two bytes for a short
// field, the field's last eight bytes for the tail of a longer one). XOR with `0x30…` turns
// digits into their values 0…9 and `nonDigitFlags` marks every other byte; `eightDigitValue`
// converts eight digit values (zero bytes below read as leading zeros) with three
// multiplications that combine digits into pairs, pairs into quadruples and those into eight.
//
// Two tiers, cheapest first:
// 1. `parseWords`, cells of at most 16 bytes whose separators are all in the first eight:
//    the first word's separators are squeezed out one by one (the bytes below each move up by
//    one), the rest of the cell must be digits. `parse` inlines it without grouping
//    (`separators: 0`); the out-of-line path runs it again with the locale's separators.
// 2. `parseRuns`, any length: runs of up to eight digits in turn.
// Both check grouping as the general path does — the leftmost group has 1…secondary digits, a
// group followed by a separator the secondary size, the group before the decimal separator (or
// the end) the primary size — and a cell that breaks a rule falls back, so its error is the
// general path's.

extension NumberParser {
    /// Parses a cell of one to `limit` (≤ 16) bytes: an optional `+` or `-`, then digits with at
    /// most one decimal separator and, when `separators` is not empty, grouping separators, all
    /// of them among the first eight bytes; else `nil` (tier 1 of the design note).
    ///
    /// - Parameters:
    ///   - field: The cell's bytes.
    ///   - decimal: The ASCII decimal separator.
    ///   - separators: The grouping separators as a bit set of the bytes below 64; pass a literal
    ///     `0` for a copy of the function that reads ungrouped numbers only.
    ///   - primaryGroupSize: The size of the group before the decimal separator.
    ///   - secondaryGroupSize: The size of every further group, and the most digits of the leftmost one.
    ///   - limit: The longest cell tried: 16, or 0 to try none.
    /// - Returns: The cell's decimal (mantissa at most 2^53), or `nil` when the cell is not of that shape.
    @inline(__always)
    static func parseWords(_ field: UnsafeRawBufferPointer, decimal: UInt8, separators: UInt64,
                           primaryGroupSize: Int, secondaryGroupSize: Int, limit: Int) -> ScannedDecimal? {
        guard let base = field.baseAddress else { return nil }
        let count = field.count
        guard UInt(bitPattern: count &- 1) < UInt(bitPattern: limit) else { return nil }
        let first = base.load(as: UInt8.self)
        let isSigned = (first &- ASCII.plus) & 0xFD == 0  // `+` (0x2B) or `-` (0x2D)
        let mantissa: UInt64
        let fractionDigitCount: Int
        if count <= 8 {
            // One word: the body, without the sign, in the top bytes.
            let signLength = isSigned ? 1 : 0
            let length = count &- signLength
            guard length > 0, let (value, fraction) = squeezeSeparators(
                loadDigits(base + signLength, length: length), bodyStart: 8 &- length, wordEnd: base + count,
                digitsAfterWord: 0, hasOtherDigit: length > 1, decimal: decimal, separators: separators,
                primaryGroupSize: primaryGroupSize, secondaryGroupSize: secondaryGroupSize) else { return nil }
            mantissa = value
            fractionDigitCount = fraction
        } else {
            // The first eight bytes, the sign read as a leading zero, with all the separators.
            let low = (loadWord(base, at: 0) ^ asciiZeros) & (isSigned ? ~0xFF : ~0)
            let highLength = count &- 8
            guard let (leading, fraction) = squeezeSeparators(
                low, bodyStart: isSigned ? 1 : 0, wordEnd: base + 8, digitsAfterWord: highLength, hasOtherDigit: true,
                decimal: decimal, separators: separators, primaryGroupSize: primaryGroupSize,
                secondaryGroupSize: secondaryGroupSize) else { return nil }
            // The rest, digits only: the top bytes of the field's last eight (the others are
            // cleared, so they read as leading zeros and raise no flag).
            let high = (loadWord(base, at: count &- 8) ^ asciiZeros)
                & (UInt64.max &<< UInt64(truncatingIfNeeded: 64 &- 8 &* highLength))
            guard nonDigitFlags(high) == 0 else { return nil }
            mantissa = leading &* integerPowersOfTen[highLength] &+ eightDigitValue(high)
            guard mantissa <= maxExactMantissa else { return nil }
            fractionDigitCount = fraction
        }
        return ScannedDecimal(mantissa: mantissa, exponent: -fractionDigitCount, isNegative: first == ASCII.minus)
    }

    /// The value of the digits in a word once its separators are squeezed out, and the number of
    /// digits after the decimal separator in the cell; `nil` unless the word holds digits with
    /// grouping separators where the group sizes allow them and at most one decimal separator,
    /// with nothing but digits after it.
    ///
    /// The separators are taken from the lowest up; each is squeezed out by moving the bytes below
    /// it up by one byte (a zero, a leading zero, comes in at the bottom), which leaves the places
    /// of the separators above it unchanged. Only ASCII separators are accepted, and they carry
    /// into no other byte, so each next flag of ``nonDigitFlags(_:)`` is exact (see there).
    /// - Parameters:
    ///   - digits: Eight bytes as digit values (see ``loadDigits(_:length:)``), first byte lowest,
    ///     zero bytes (leading zeros) below `bodyStart`.
    ///   - bodyStart: The position of the first byte of the number's body in the word.
    ///   - wordEnd: The address just after the word's last byte in the cell, to read separators.
    ///   - digitsAfterWord: The number of digits that follow the word in the cell.
    ///   - hasOtherDigit: Whether the cell has a digit besides a decimal separator.
    ///   - decimal: The ASCII decimal separator.
    ///   - separators: The grouping separators as a bit set of the bytes below 64.
    ///   - primaryGroupSize: The size of the group before the decimal separator.
    ///   - secondaryGroupSize: The size of every further group, and the most digits of the leftmost one.
    /// - Returns: The value of the digits and the count of fraction digits, or `nil`.
    @inline(__always)
    static func squeezeSeparators(_ digits: UInt64, bodyStart: Int, wordEnd: UnsafeRawPointer, digitsAfterWord: Int,
                                  hasOtherDigit: Bool, decimal: UInt8, separators: UInt64, primaryGroupSize: Int,
                                  secondaryGroupSize: Int) -> (mantissa: UInt64, fractionDigitCount: Int)? {
        var flags = nonDigitFlags(digits)
        if flags == 0 { return (eightDigitValue(digits), 0) }
        var squeezed = digits
        var groupStart = bodyStart
        var groupCount = 0
        var fractionDigitCount = -1
        repeat {
            let lowest = flags & (0 &- flags)
            let position = lowest.trailingZeroBitCount &>> 3
            let byte = wordEnd.load(fromByteOffset: position &- 8, as: UInt8.self)
            let run = position &- groupStart
            if byte == decimal {
                // Only digits after the decimal separator; before it, the last group or some digit.
                guard flags == lowest, groupCount == 0 ? hasOtherDigit : run == primaryGroupSize else { return nil }
                fractionDigitCount = 7 &- position &+ digitsAfterWord
            } else {
                guard isSeparator(byte, separators),
                      groupCount == 0 ? run >= 1 && run <= secondaryGroupSize : run == secondaryGroupSize
                else { return nil }
                groupCount &+= 1
            }
            squeezed = Self.squeezed(squeezed, at: lowest)
            flags ^= lowest
            groupStart = position &+ 1
        } while flags != 0
        if fractionDigitCount < 0 {
            // No decimal separator: the last group runs to the end of the cell.
            guard groupCount == 0 || 8 &- groupStart &+ digitsAfterWord == primaryGroupSize else { return nil }
            fractionDigitCount = 0
        }
        return (eightDigitValue(squeezed), fractionDigitCount)
    }

    /// The `length` (1…8) bytes at `start` as digit values in the top bytes of a word (the last
    /// byte highest), zero bytes below them; reads no byte outside `start[0..<length]`.
    ///
    /// Each ASCII digit becomes its value 0…9 (XOR with `0x30`); other bytes become something
    /// else that ``nonDigitFlags(_:)`` flags. The zero bytes below read as leading zeros.
    /// Inlinable: the column stage's plain-cell scan (``scanPlainCell``) runs it in its loop.
    @inlinable @inline(__always)
    static func loadDigits(_ start: UnsafeRawPointer, length: Int) -> UInt64 {
        let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* length)
        let word: UInt64
        if length >= 4 {
            // Two overlapping loads: the first four bytes, and the last four in the top half.
            let low = UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)))
            word = high &<< 32 | low &<< shift
        } else if length >= 2 {
            let low = UInt64(UInt16(littleEndian: start.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: start.loadUnaligned(fromByteOffset: length &- 2, as: UInt16.self)))
            word = high &<< 48 | low &<< shift
        } else {
            word = UInt64(start.load(as: UInt8.self)) &<< 56
        }
        return word ^ (asciiZeros &<< shift)
    }

    /// 10^`exponent` for 0…22, exact.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        powersOfTen.withUnsafeBufferPointer { $0[exponent] }
    }

    /// Parses `[+-]digits[(SEP group)*][DEC digits]` with ASCII digits and separators, else `nil`
    /// (tier 2 of the design note).
    ///
    /// The digits — at most 19, the mantissa at most 2^53 — are read eight bytes at a time; the
    /// value is `mantissa / 10^fractionDigits`, one correctly rounded IEEE division (Clinger).
    /// `nil` means only that the general path must decide (see the design note above).
    /// - Parameters:
    ///   - field: The cell's bytes.
    ///   - decimal: The ASCII decimal separator.
    ///   - separators: Bit `b` set for every ASCII byte `b < 64` that separates groups; `0` when
    ///     the locale never groups (the C locale).
    ///   - primaryGroupSize: The size of the group before the decimal separator.
    ///   - secondaryGroupSize: The size of every further group, and the most digits of the leftmost one.
    /// - Returns: The cell's decimal (mantissa at most 2^53), or `nil` when the cell is not of that shape.
    @inline(__always)
    static func parseRuns(_ field: UnsafeRawBufferPointer, decimal: UInt8, separators: UInt64,
                          primaryGroupSize: Int, secondaryGroupSize: Int) -> ScannedDecimal? {
        let count = field.count
        guard count > 0, let base = field.baseAddress else { return nil }
        let first = base.load(as: UInt8.self)
        let isNegative = first == ASCII.minus
        var index = isNegative || first == ASCII.plus ? 1 : 0
        var mantissa: UInt64 = 0

        // Integer digits.
        var integerDigitCount = 0
        var run = 0
        repeat {
            run = accumulateRun(base, count: count, at: &index, into: &mantissa)
            integerDigitCount &+= run
        } while run == 8 && integerDigitCount <= maxExactDigits

        // Groups, then the fraction.
        var fractionDigitCount = 0
        if index < count {
            var byte = base.load(fromByteOffset: index, as: UInt8.self)
            if isSeparator(byte, separators) {
                guard integerDigitCount >= 1, integerDigitCount <= secondaryGroupSize else { return nil }
                while true {
                    index &+= 1
                    let group = accumulateRun(base, count: count, at: &index, into: &mantissa)
                    integerDigitCount &+= group
                    if index < count {
                        byte = base.load(fromByteOffset: index, as: UInt8.self)
                        if isSeparator(byte, separators) {
                            guard group == secondaryGroupSize else { return nil }
                            continue
                        }
                    }
                    guard group == primaryGroupSize else { return nil }
                    break
                }
            }
            if index < count {
                guard byte == decimal else { return nil }
                index &+= 1
                repeat {
                    run = accumulateRun(base, count: count, at: &index, into: &mantissa)
                    fractionDigitCount &+= run
                } while run == 8 && fractionDigitCount <= maxExactDigits
                guard index == count else { return nil }
            }
        }

        let digitCount = integerDigitCount &+ fractionDigitCount
        guard digitCount >= 1, digitCount <= maxExactDigits, mantissa <= maxExactMantissa else { return nil }
        return ScannedDecimal(mantissa: mantissa, exponent: -fractionDigitCount, isNegative: isNegative)
    }

    /// Whether `byte` is one of the separators given as a bit set of the bytes below 64.
    @inline(__always)
    static func isSeparator(_ byte: UInt8, _ separators: UInt64) -> Bool {
        byte < 64 && (separators &>> UInt64(byte)) & 1 != 0
    }

    /// Reads the run of up to eight digits at `index`, appends it to `mantissa` (wrapping) and
    /// moves `index` past it.
    ///
    /// - Returns: The number of digits in the run, 0…8.
    @inline(__always)
    static func accumulateRun(_ base: UnsafeRawPointer, count: Int, at index: inout Int,
                              into mantissa: inout UInt64) -> Int {
        let digits = loadRest(base, at: index, count: count) ^ asciiZeros
        let run = nonDigitFlags(digits).trailingZeroBitCount &>> 3
        // The run moves to the top of the word: the bytes after it fall off, zeros come in below.
        mantissa = mantissa &* integerPowersOfTen[run] &+ eightDigitValue(digits << UInt64(truncatingIfNeeded: 64 &- 8 &* run))
        index &+= run
        return run
    }

    /// `0x30` in every byte: XOR with it turns ASCII digits into their values.
    @inlinable static var asciiZeros: UInt64 { 0x3030_3030_3030_3030 }

    /// The eight bytes at `index`, first byte lowest.
    @inline(__always)
    static func loadWord(_ base: UnsafeRawPointer, at index: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The bytes from `index` to the end of the field (at most eight), first byte lowest, the
    /// missing high bytes zero; reads no byte outside `base[0..<count]`.
    @inline(__always)
    static func loadRest(_ base: UnsafeRawPointer, at index: Int, count: Int) -> UInt64 {
        let remaining = count &- index
        if remaining >= 8 { return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) }
        if remaining <= 0 { return 0 }
        if count >= 8 {
            let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return last &>> UInt64(truncatingIfNeeded: 8 &* (8 &- remaining))
        }
        if remaining >= 4 {
            let low = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high &<< UInt64(truncatingIfNeeded: 8 &* (remaining &- 4))
        }
        if remaining >= 2 {
            let low = UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return low | high &<< UInt64(truncatingIfNeeded: 8 &* (remaining &- 2))
        }
        return UInt64(base.load(fromByteOffset: index, as: UInt8.self))
    }

    /// The high bit of the bytes of `digits` (bytes XORed with `0x30`) that were no ASCII digits:
    /// exact up to and including the lowest such byte, and past any ASCII byte that is no digit.
    ///
    /// A digit is now a byte 0…9, and `b + 0x76` stays below 0x80 exactly for the bytes `b ≤ 9`.
    /// A byte at or above 0x8A carries into the next byte, which may then be flagged wrongly, but
    /// such a byte is flagged itself (its own high bit), so wrong flags only ever lie above a true
    /// one that is not ASCII. Callers use the lowest flag, and the next one only when the lowest
    /// is an ASCII separator.
    @inlinable @inline(__always)
    static func nonDigitFlags(_ digits: UInt64) -> UInt64 {
        (digits | (digits &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
    }

    /// The value of eight digits given as byte values 0…9 (zero bytes read as `0`), the first
    /// digit in the lowest byte.
    ///
    /// Multiplying by `1 + 10·2^8` adds ten times each byte to the next one up: the odd bytes then
    /// hold two-digit values (≤ 99, no carry), which the shift and mask keep as 16-bit lanes. The
    /// same step with `1 + 100·2^16` gives four-digit values (≤ 9999) in 32-bit lanes, and with
    /// `1 + 10000·2^32` the eight-digit value (< 2^32) in the top half.
    @inlinable @inline(__always)
    static func eightDigitValue(_ digits: UInt64) -> UInt64 {
        let pairs = (digits &* (1 + 10 << 8)) &>> 8 & 0x00FF_00FF_00FF_00FF
        let quads = (pairs &* (1 + 100 << 16)) &>> 16 & 0x0000_FFFF_0000_FFFF
        return (quads &* (1 + 10_000 << 32)) &>> 32
    }
}
