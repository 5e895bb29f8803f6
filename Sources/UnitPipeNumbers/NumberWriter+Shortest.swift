// Design note: shortest round-trip digits with Schubfach (Raffaello Giulietti, "The Schubfach
// way to render doubles", 2020), written from the paper.
//
// A finite positive Double is v = c·2^q. Every real in its rounding interval R — the reals
// that read back to v, half an ulp either side (a quarter below at a power of two), closed
// when c is even — rounds to v. Pick k = ⌊log10(width of R)⌋ so R, measured in units of
// 10^k, is between 1 and 10 wide. Then R holds at most one multiple of 10 (a shorter
// candidate, tried first) and at least one of the two integers s = ⌊v/10^k⌋ and s + 1; if
// both, the closer one wins, ties to even. The three scaled bounds 4·v/10^k and
// 4·(v ± half-ulp)/10^k come from one 126-bit approximation g of 10^-k (see
// NumberWriter+Tables.swift) rounded "to odd": the paper proves that this keeps every
// comparison with the candidates exact. With no multiple of 10 in R, s and s + 1 differ only
// in the last digit, so the result is the shortest and, among the shortest, the closest — the
// same digits as Swift's `description`. The Java reference only tries the multiple of 10 when
// s ≥ 100 (Java wants two digits); one-digit output needs s ≥ 10, or the smallest subnormals
// come out as 4.9e-323 instead of 5e-323 (only subnormals have s < 100).
//
// Short-decimal path, tried first (normal v below 2^52, above about 4.5e-8): with K the largest
// number of fraction digits for which v·10^K < 2^52 throughout v's binade, R is narrower than
// 10^-K, so it holds at most one decimal with K or fewer fraction digits. D = v·10^K rounded to
// an integer is that decimal when D/10^K — one correctly rounded division, as exact as a parser
// reading the text — is v again; then it is the unique shortest decimal in R, and the result.
// This catches every value written with up to 15 significant digits (integers included) and
// many with 16, in a multiply, two additions, a division and a table entry per exponent.
//
// Fast path (normal v, not a power of two, missed by the short-decimal path): the
// three products are g times 4c·2^h and (4c ∓ 2)·2^h, so one product M = ⌊g·4c·2^h / 2^63⌋
// (4·v/10^k as an integer part and a 64-bit fraction) and H = ⌊g·2^(h+1) / 2^63⌋ (4 half-ulps
// / 10^k, same units; with g, h and k from one table entry per exponent) give the bounds as
// M ∓ H, within one unit of the exact products; the value the full algorithm rounds to odd
// from the same g is within a few units too. Every comparison Schubfach makes is of such a
// value with an even integer, so when none of the three fractions is within 2^-32 of an
// integer, each comparison has the outcome of comparing the integer part: the decisions, and
// the digits, are those of the full algorithm. Otherwise (about 0.6% of random doubles, mostly
// 2^49 ≤ v < 2^60, where 4·v/10^k is often an integer) the full algorithm runs. The fast path
// also skips the `s ≥ 10` test (s ≥ 2^52 for normal v), and since the candidates inside R are
// then the integers in (l, r] — l and r the integer parts of the bounds — it picks one in a
// few bit operations, without branches.
//
// Layout scales the significand to exactly 17 digits and turns it into ASCII in registers:
// one leading digit plus two 8-digit words built SWAR-style, least significant digit in the
// lowest byte (two multiplies per split, all lanes at once), then byte-swapped. Trailing zeros
// are a trailing-zero-bit count instead of a chain of dependent divisions, and every layout is
// a few word stores with no read-back of bytes just written (which would stall on store
// forwarding). A plain number with a fraction takes each output byte from the digits, the
// digits shifted one byte right, or the point, by per-position masks from a table. The
// short-decimal path's 15 or 16 digits are scaled to sixteen instead: two 8-digit words and no
// leading digit to split off, under the same masks.

extension NumberWriter {
    /// A decimal number `significand · 10^exponent`.
    struct ScaledDecimal: Equatable {
        /// The decimal digits, as an integer.
        var significand: UInt64
        /// The power of ten the significand is scaled by.
        var exponent: Int
    }

    /// A nonzero decimal with exactly sixteen digits, the form of the short-decimal path.
    struct SixteenDigits: Equatable {
        /// The digits, in 10^15 ..< 10^16; shorter results are padded with trailing zeros.
        var digits: UInt64
        /// The power of ten of the first digit: the value is `digits · 10^(point − 15)`.
        var point: Int

        /// The same decimal with seventeen digits.
        var seventeen: SeventeenDigits { SeventeenDigits(digits: digits &* 10, point: point) }
    }

    /// A nonzero decimal with exactly seventeen digits, the form the layout works on.
    struct SeventeenDigits: Equatable {
        /// The digits, in 10^16 ..< 10^17; shorter results are padded with trailing zeros.
        var digits: UInt64
        /// The power of ten of the first digit: the value is `digits · 10^(point − 16)`.
        var point: Int
    }

    /// The digits of a positive normal `v` that some decimal with at most K fraction digits reads back to; `nil` for the others.
    ///
    /// K is the entry of v's exponent field in ``Tables/shortScales``: v·10^K < 2^52, and at
    /// least 2^51/10. The rounding interval R of v is at most ulp(v) ≤ v·2^-52 wide, so in
    /// units of 10^-K it is narrower than 1 and holds at most one multiple D·10^-K; when
    /// D/10^K (one correctly rounded division of two exact `Double`s: D ≤ 2^52, 10^K with
    /// K ≤ 22) is v, that multiple is in R. It is then the only decimal in R with at most K
    /// fraction digits, and every other has more fraction digits at no smaller magnitude (a
    /// power of ten inside R would be that multiple), hence more digits: D·10^-K is the unique
    /// shortest, the result of Schubfach. D is v·10^K rounded to an integer by adding 2^52
    /// (spacing 1 up to 2^53); any D would be correct, this one is the multiple when there is
    /// one. 2^51/10 ≤ D ≤ 2^52 gives 15 or 16 digits.
    ///
    /// - Parameters:
    ///   - magnitude: The value, positive and normal.
    ///   - biasedExponent: Its exponent field, 1...2046.
    ///   - tables: The lookup tables.
    /// - Returns: The digits, padded to sixteen, or `nil` when no such decimal reads back to `magnitude`.
    @inline(__always)
    static func shortDecimalDigits(_ magnitude: Double, biasedExponent: Int, tables: Tables) -> SixteenDigits? {
        let entry = tables.shortScales + 2 &* biasedExponent
        // 0 where the path does not apply: the quotient is then 0/0, NaN, equal to nothing.
        let power = Double(bitPattern: entry[0])
        let biased = magnitude * power + 0x1p52
        guard (biased - 0x1p52) / power == magnitude else { return nil }
        let candidate = biased.bitPattern &- (0x1p52 as Double).bitPattern
        let hasSixteen = candidate >= 1_000_000_000_000_000
        return SixteenDigits(digits: hasSixteen ? candidate : candidate &* 10,
                             point: Int(truncatingIfNeeded: entry[1]) &+ (hasSixteen ? 1 : 0))
    }

    /// The values ``fastSchubfach(biasedExponent:significand:tables:)`` leaves to the full
    /// ``schubfach(significand:exponent:tables:)``: subnormals, powers of two and products too
    /// close to an integer.
    static func slowShortestDigits(biasedExponent: Int, fraction: UInt64, tables: Tables) -> SeventeenDigits {
        let isNormal = biasedExponent != 0
        let decimal = schubfach(significand: isNormal ? (1 << 52) | fraction : fraction,
                                exponent: isNormal ? biasedExponent - 1075 : -1074, tables: tables)
        return padded(decimal, powersOfTen: tables.powersOfTen)
    }

    /// Pads a decimal with a nonzero significand below 10^17 to seventeen digits.
    @inline(__always)
    static func padded(_ decimal: ScaledDecimal, powersOfTen: UnsafePointer<UInt64>) -> SeventeenDigits {
        let count = decimalDigitCount(decimal.significand, powersOfTen: powersOfTen)
        return SeventeenDigits(digits: decimal.significand &* powersOfTen[17 &- count],
                               point: decimal.exponent &+ count &- 1)
    }

    /// Schubfach for a normal v = c·2^q that is not a power of two, from one product with g; `nil` when that cannot decide.
    ///
    /// See the design note: the bounds come from 4·v/10^k and the half-ulp term, both as
    /// integer + 64-bit fraction; each decision is the integer part's, and it is the decision
    /// of ``schubfach(significand:exponent:tables:)`` whenever no fraction lies within 2^-32 of
    /// an integer.
    ///
    /// - Parameters:
    ///   - biasedExponent: The stored exponent field, 1...2046 for q = biasedExponent − 1075; for 0
    ///     (a subnormal) the entry is zero, so M = 0 is an integer and the result is `nil`.
    ///   - c: The integer significand with the implicit bit, 2^52 < c < 2^53.
    ///   - tables: The lookup tables.
    /// - Returns: The shortest, closest decimal in the rounding interval of v, or `nil`.
    @inline(__always)
    static func fastSchubfach(biasedExponent: Int, significand c: UInt64, tables: Tables) -> SeventeenDigits? {
        let entry = tables.exponentEntries + 4 &* biasedExponent
        let g1 = entry[0]
        let g0 = entry[1]
        let packed = entry[3]
        // x = 4c·2^h, below 2^60: the shift h + 2 is byte 1 of the packed word.
        let x = c &<< UInt64(UnsafeRawPointer(entry).load(fromByteOffset: 25, as: UInt8.self))
        // M = ⌊g·x / 2^63⌋ = g1·x + ⌊g0·x / 2^63⌋: 4·v/10^k with a 64-bit fraction.
        let low = g0.multipliedFullWidth(by: x)
        let high = g1.multipliedFullWidth(by: x)
        let middle = (UInt128(high.high) << 64 | UInt128(high.low)) &+ UInt128(low.high << 1 | low.low >> 63)
        // H = ⌊g / 2^(62 − h)⌋ = ⌊g·2^(h+1) / 2^63⌋: 4 half-ulps / 10^k in the same units.
        let halfUlp = UInt128(packed & 0xFF) << 64 | UInt128(entry[2])
        let lower = middle &- halfUlp
        let upper = middle &+ halfUlp
        let margin: UInt64 = 1 << 32
        let middleFraction = UInt64(truncatingIfNeeded: middle) &+ margin
        let lowerFraction = UInt64(truncatingIfNeeded: lower) &+ margin
        let upperFraction = UInt64(truncatingIfNeeded: upper) &+ margin
        guard middleFraction >= 2 &* margin && lowerFraction >= 2 &* margin && upperFraction >= 2 &* margin else {
            return nil
        }
        // In units of 10^k: s = ⌊v⌋, l and r the integer parts of the bounds. The full
        // algorithm's tests "n clears the lower bound" and "n is within the upper bound" become
        // l < n and n ≤ r, so the candidates inside are the integers in (l, r]. That range is
        // under 10 wide and holds s or s + 1 (l ≤ s ≤ r ≤ s + 5), so the full algorithm's pair
        // sp10, tp10 has a member inside exactly when the largest multiple of 10 up to r is
        // above l, and it is that multiple; else s or s + 1 is inside, and s + 1 wins when s is
        // not inside or when both are and s + 1 is closer: 4·v/10^k − 4s ≥ 2 (no ties here).
        // Bit arithmetic, not selects: the compiler turns those into branches that mispredict
        // on mixed data.
        let vb = UInt64(truncatingIfNeeded: middle >> 64)
        let s = vb >> 2
        let l = UInt64(truncatingIfNeeded: lower >> 66)
        let r = UInt64(truncatingIfNeeded: upper >> 66)
        let r10 = r / 10 &* 10
        let sIsOut = UInt64(s <= l ? 1 : 0)
        let tIsIn = UInt64(s < r ? 1 : 0)
        let longer = s &+ (sIsOut | tIsIn & vb >> 1 & 1)
        let m = longer ^ (longer ^ r10) & (0 &- UInt64(r10 > l ? 1 : 0))
        let hasSeventeen = m >= 10_000_000_000_000_000
        let point = Int(truncatingIfNeeded: Int64(bitPattern: packed) >> 24)  // k + 15
        return SeventeenDigits(digits: hasSeventeen ? m : m &* 10, point: point &+ (hasSeventeen ? 1 : 0))
    }

    /// Runs Schubfach on v = c·2^q with c > 0.
    ///
    /// - Parameters:
    ///   - c: The integer significand, below 2^53.
    ///   - q: The binary exponent, -1074...971.
    ///   - tables: The lookup tables.
    /// - Returns: The shortest, closest decimal in the rounding interval of v.
    @inline(__always)
    static func schubfach(significand c: UInt64, exponent q: Int, tables: Tables) -> ScaledDecimal {
        let isOdd = c & 1
        let scaled = c << 2
        let upper = scaled + 2
        let lower: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            lower = scaled - 2
            k = floorLog10Pow2(q)
        } else {
            // At a power of two the ulp below is half the ulp above.
            lower = scaled - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q + floorLog2Pow10(-k) + 2
        let index = 2 &* (maxDecimalExponent &- k)
        let g1 = tables.scaledPowersOfTen[index]
        let g0 = tables.scaledPowersOfTen[index &+ 1]
        let vb = roundToOdd(g1, g0, scaled << UInt64(h))
        let vbl = roundToOdd(g1, g0, lower << UInt64(h))
        let vbr = roundToOdd(g1, g0, upper << UInt64(h))

        let s = vb >> 2
        if s >= 10 {
            let tenths = s / 10
            let sp10 = tenths &* 10
            let tp10 = sp10 &+ 10
            let isLowInside = vbl &+ isOdd <= sp10 << 2
            let isHighInside = (tp10 << 2) &+ isOdd <= vbr
            if isLowInside != isHighInside {
                return ScaledDecimal(significand: isLowInside ? tenths : tenths &+ 1, exponent: k &+ 1)
            }
        }
        let t = s &+ 1
        let isLowInside = vbl &+ isOdd <= s << 2
        let isHighInside = (t << 2) &+ isOdd <= vbr
        if isLowInside != isHighInside {
            return ScaledDecimal(significand: isLowInside ? s : t, exponent: k)
        }
        // Both candidates round-trip: take the closer, ties to even. vb is 4·v/10^k rounded to odd.
        let middle = (s &+ t) << 1
        let isLowCloser = vb < middle || (vb == middle && s & 1 == 0)
        return ScaledDecimal(significand: isLowCloser ? s : t, exponent: k)
    }

    /// Returns ⌊g·cp / 2^127⌋ rounded to odd, where g = g1·2^63 + g0.
    ///
    /// The sticky bit considers only bits 64...126 of the product; the paper shows the error of
    /// g never reaches them, so an exact integer stays even and anything else becomes odd.
    @inline(__always)
    static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let mask63: UInt64 = (1 << 63) - 1
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let floor = y.high &+ (z >> 63)
        return floor | (((z & mask63) &+ mask63) >> 63)
    }

    /// Writes a positive decimal in the DESIGN §3 layout; returns the number of bytes written.
    ///
    /// Plain notation when the exponent x of the leading digit is in -6...15, otherwise
    /// `d[.ddd]e±XX`. Trailing zeros of the significand never show after a point.
    ///
    /// - Parameters:
    ///   - decimal: The digits to write.
    ///   - buffer: Memory for at least 25 bytes (word stores may reach past the result).
    ///   - tables: The lookup tables.
    /// - Returns: The number of bytes written, at most 24.
    @inline(__always)
    static func layOutShortest(_ decimal: SeventeenDigits, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables) -> Int {
        if UInt(bitPattern: decimal.point) < 16 {
            return layOutWithPoint(decimal, into: buffer, tables: tables)
        }
        return layOutOutsideIntegers(decimal, into: buffer, tables: tables)
    }

    /// ``layOutShortest(_:into:tables:)`` for a leading digit at 10^0 through 10^15: 5000, 12.25.
    @inline(__always)
    static func layOutWithPoint(_ decimal: SeventeenDigits, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables) -> Int {
        let point = decimal.point
        let text = digitText(decimal.digits)
        let raw = UnsafeMutableRawPointer(buffer)
        // The 17 digits as bytes 0...16 (digits) and shifted one byte right (shifted): the
        // integer digits come from the first, the fraction digits from the second, with the
        // point between them; the masks for this point position pick the bytes.
        let digits0 = text.leadingByte | text.high << 8
        let digits1 = text.high >> 56 | text.low << 8
        if text.significant <= point &+ 1 {
            // 5000: only the integer digits, the padding zeros included. (Taking the masked
            // path below for these too saves instructions but measures slower.)
            raw.storeBytes(of: digits0, as: UInt64.self)
            raw.storeBytes(of: digits1, toByteOffset: 8, as: UInt64.self)
            return point &+ 1
        }
        let shifted0 = digits0 << 8
        let shifted1 = digits1 << 8 | digits0 >> 56
        let shifted2 = text.low >> 48
        let masks = tables.plainMasks + 8 &* point
        raw.storeBytes(of: digits0 & masks[0] | shifted0 & masks[2] | masks[4], as: UInt64.self)
        raw.storeBytes(of: digits1 & masks[1] | shifted1 & masks[3] | masks[5], toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: UInt16(truncatingIfNeeded: shifted2 & masks[6] | masks[7]), toByteOffset: 16, as: UInt16.self)
        return text.significant &+ 1
    }

    /// ``layOutWithPoint(_:into:tables:)`` for sixteen digits: no leading digit to split off, the
    /// two 8-digit words are the digits as they are, and the same masks pick the bytes (byte 17,
    /// past the result, gets a zero).
    @inline(__always)
    static func layOutWithPoint(_ decimal: SixteenDigits, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables) -> Int {
        let point = decimal.point
        let upper = decimal.digits / 100_000_000
        let high = reversedDigitBytes(UInt32(truncatingIfNeeded: upper))
        let low = reversedDigitBytes(UInt32(truncatingIfNeeded: decimal.digits &- upper &* 100_000_000))
        let lowZeroBits = low.trailingZeroBitCount
        let highZeroBits = high.trailingZeroBitCount & (0 &- lowZeroBits >> 6)
        let significant = 16 &- (lowZeroBits &+ highZeroBits) >> 3
        let digits0 = high.byteSwapped | asciiZeros
        let digits1 = low.byteSwapped | asciiZeros
        let raw = UnsafeMutableRawPointer(buffer)
        if significant <= point &+ 1 {
            raw.storeBytes(of: digits0, as: UInt64.self)
            raw.storeBytes(of: digits1, toByteOffset: 8, as: UInt64.self)
            return point &+ 1
        }
        let shifted0 = digits0 << 8
        let shifted1 = digits1 << 8 | digits0 >> 56
        let shifted2 = digits1 >> 56
        let masks = tables.plainMasks + 8 &* point
        raw.storeBytes(of: digits0 & masks[0] | shifted0 & masks[2] | masks[4], as: UInt64.self)
        raw.storeBytes(of: digits1 & masks[1] | shifted1 & masks[3] | masks[5], toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: UInt16(truncatingIfNeeded: shifted2 & masks[6] | masks[7]), toByteOffset: 16, as: UInt16.self)
        return significant &+ 1
    }

    /// The ASCII digits of a seventeen-digit significand, in three parts, and how many are significant.
    struct DigitText {
        /// The first digit in ASCII.
        var leadingByte: UInt64
        /// The next eight digits in ASCII, first digit in the lowest byte.
        var high: UInt64
        /// The last eight digits in ASCII, likewise.
        var low: UInt64
        /// The number of digits up to the last nonzero one, 1...17.
        var significant: Int
    }

    /// Spells the seventeen digits of `digits` (10^16 ..< 10^17) in ASCII.
    @inline(__always)
    static func digitText(_ digits: UInt64) -> DigitText {
        // d0 (1...9), then high and low, eight digits each.
        let upper = digits / 100_000_000
        let leading = UInt32(truncatingIfNeeded: upper) / 100_000_000
        let high = reversedDigitBytes(UInt32(truncatingIfNeeded: upper) &- leading &* 100_000_000)
        let low = reversedDigitBytes(UInt32(truncatingIfNeeded: digits &- upper &* 100_000_000))
        // Trailing zero digits: zero bytes at the bottom of low, then of high (64 bits each for 0).
        let lowZeroBits = low.trailingZeroBitCount
        let highZeroBits = high.trailingZeroBitCount & (0 &- lowZeroBits >> 6)
        return DigitText(leadingByte: UInt64(leading) | UInt64(UInt8(ascii: "0")),
                         high: high.byteSwapped | asciiZeros, low: low.byteSwapped | asciiZeros,
                         significant: 17 &- (lowZeroBits &+ highZeroBits) >> 3)
    }

    /// ``layOutShortest(_:into:tables:)`` for a leading digit outside 10^0 through 10^15, kept out of line.
    @inline(never)
    static func layOutOutsideIntegers(_ decimal: SeventeenDigits, into buffer: UnsafeMutablePointer<UInt8>, tables: Tables) -> Int {
        let point = decimal.point
        let text = digitText(decimal.digits)
        let leadingByte = text.leadingByte
        let highText = text.high
        let lowText = text.low
        let significant = text.significant
        let raw = UnsafeMutableRawPointer(buffer)
        if point < 0 && point >= -6 {
            // 0.000123: "0." and up to five zeros in one word, then the digits.
            raw.storeBytes(of: asciiZeros & ~0xFF00 | UInt64(UInt8(ascii: ".")) << 8, as: UInt64.self)
            let start = 1 &- point
            raw.storeBytes(of: UInt8(truncatingIfNeeded: leadingByte), toByteOffset: start, as: UInt8.self)
            raw.storeBytes(of: highText, toByteOffset: start &+ 1, as: UInt64.self)
            raw.storeBytes(of: lowText, toByteOffset: start &+ 9, as: UInt64.self)
            return start &+ significant
        }
        return layOutExponential(leadingByte: leadingByte, highText: highText, lowText: lowText,
                                 significant: significant, point: point, into: buffer, tables: tables)
    }

    /// The exponent notation of ``layOutShortest(_:into:tables:)``, kept out of line: 1.5e-07.
    ///
    /// - Parameters:
    ///   - leadingByte: The first digit in ASCII.
    ///   - highText: The next eight digits in ASCII, first digit in the lowest byte.
    ///   - lowText: The last eight digits in ASCII, likewise.
    ///   - significant: The number of digits up to the last nonzero one, 1...17.
    ///   - point: The power of ten of the first digit, outside -6...15.
    ///   - buffer: Memory for at least 25 bytes.
    ///   - tables: The lookup tables.
    /// - Returns: The number of bytes written.
    @inline(never)
    static func layOutExponential(
        leadingByte: UInt64, highText: UInt64, lowText: UInt64, significant: Int, point: Int,
        into buffer: UnsafeMutablePointer<UInt8>, tables: Tables
    ) -> Int {
        // The first digit, a point when more follow, the rest, then the exponent.
        let raw = UnsafeMutableRawPointer(buffer)
        raw.storeBytes(of: UInt16(truncatingIfNeeded: leadingByte) | UInt16(UInt8(ascii: ".")) << 8, as: UInt16.self)
        raw.storeBytes(of: highText, toByteOffset: 2, as: UInt64.self)
        raw.storeBytes(of: lowText, toByteOffset: 10, as: UInt64.self)
        var length = significant == 1 ? 1 : significant &+ 1
        let magnitude = point < 0 ? -point : point
        raw.storeBytes(
            of: UInt16(UInt8(ascii: "e")) | UInt16(point < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")) << 8,
            toByteOffset: length, as: UInt16.self)
        length &+= 2
        let exponentCount = magnitude >= 100 ? 3 : 2
        writeDigits(UInt64(magnitude), count: exponentCount, endingAt: buffer + length + exponentCount,
                    digitPairs: tables.digitPairs)
        return length &+ exponentCount
    }

    /// Returns the eight decimal digits of `value` (< 10^8) as byte values 0...9, least significant in the lowest byte.
    ///
    /// SWAR: split into two 4-digit lanes, each lane into two 2-digit lanes, each of those into
    /// two digits. Each step finds the quotients q of all lanes with one multiply (x·10486 >> 20
    /// is x / 100 for x < 10^4, and x·103 >> 10 is x / 10 for x < 100) and then, with the
    /// less significant part staying in the low half of each lane, needs one more:
    /// x + q·(2^w − d) = (x − q·d) + q·2^w. `byteSwapped` puts the most significant digit first;
    /// the number of trailing zero digits is `trailingZeroBitCount / 8`.
    @inline(__always)
    static func reversedDigitBytes(_ value: UInt32) -> UInt64 {
        let x = UInt64(value)
        // x / 10^4 by a multiplier that fits an instruction's 32-bit immediate (no register to
        // hold it): 109951163 / 2^40 exceeds 1/10^4 by less than 2.1e-13, too little to carry
        // any x < 10^8 past the next multiple of 10^4.
        let tenThousands = (x &* 109_951_163) >> 40
        let fours = x &- tenThousands &* 10_000 | tenThousands << 32
        let hundreds = ((fours &* 10_486) >> 20) & 0x0000_007F_0000_007F
        let twos = fours &+ hundreds &* (1 << 16 - 100)
        let tens = ((twos &* 103) >> 10) & 0x000F_000F_000F_000F
        return twos &+ tens &* (1 << 8 - 10)
    }

    /// Returns the eight decimal digits of `value` (< 10^8) as byte values 0...9, most significant in the lowest byte.
    @inline(__always)
    static func digitBytes(_ value: UInt32) -> UInt64 {
        reversedDigitBytes(value).byteSwapped
    }
}
