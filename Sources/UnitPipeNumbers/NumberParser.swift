// Design note — parsing one cell: a fast path for plain numbers, then stages, after fast_float.
//
// 0. Fast path (`NumberParser+FastPath.swift`): cells of the shape `[+-]digits[.digits]`, in a
//    locale also with its ASCII decimal and grouping separators, at most 19 digits, no exponent,
//    read eight bytes at a time and answered with Clinger's fast path (stage 2). It only accepts
//    cells the stages below read as the very same `Double`; everything else — blanks, other
//    signs, exponents, misplaced separators, more digits — goes on to them, errors included.
//    Short ungrouped cells are read inline in `parse`, the rest out of line.
// 1. Trim and scan. One pass over the bytes trims blanks (space, tab, NBSP, narrow NBSP),
//    validates the C-locale grammar and collects the value as `mantissa · 10^exponent`:
//    the digits accumulate into a `UInt64` with wrapping arithmetic, which is exact as long
//    as there are at most 19 significant digits (leading zeros do not count; only when the
//    digit count exceeds 19 are they counted, so the common case pays nothing).
// 2. Clinger. When the mantissa is at most 2^53 and the power of ten is exact
//    in a `Double` (10^0…10^22), `Double(m) * 10^e` or `Double(m) / 10^-e` is a single
//    correctly rounded IEEE operation, so it is the correctly rounded result. Exponents
//    23…37 are reduced first by multiplying the mantissa by 10^(e-22) in integers while it
//    stays at most 2^53 ("extended" Clinger).
// 3. Slow path (out of line): everything else — more than 19 significant digits, large
//    exponents, huge exponent digit strings — keeps every digit (`LongDecimal`, through
//    `scanLong`) and rounds the exact ratio of big integers once (`ExactRounding.nearest`),
//    correctly for any number of digits.
//
// Stages 1–3 (`scanCLocaleGeneral`, and `scanLocalizedGeneral` for the locale forms) are the
// general path: `parseGeneral` runs them alone, the reference the fast path is tested against.
// No stage allocates on the fast path; the slow path's big integers do.

/// A byte-level parser for the numbers in CSV cells, correctly rounded to the nearest `Double`.
///
/// The parser is a value: create one per job (or per column) and call ``parse(_:)`` for
/// every cell. In the C locale the grammar is:
/// - leading and trailing ASCII space, tab, NBSP (U+00A0) and narrow NBSP (U+202F) are trimmed,
///   and a cell that is empty after trimming is ``NumberParseResult/empty``;
/// - an optional sign `+`, `-` or `−` (U+2212 MINUS SIGN);
/// - ASCII digits with at most one `.`, with digits on at least one side of it (`.5`, `5.`);
///   a second `.` in the digits is ``NumberError/multipleDecimal``;
/// - an optional exponent `e`/`E` with an optional ASCII sign and at least one digit; an
///   exponent of any length is accepted (it saturates, it never overflows an `Int`);
/// - anything else (`nan`, `inf`, hex, `1,5`, inner blanks, `--1`) is ``NumberError/invalidNumber``.
///
/// The value is the nearest `Double`, ties to even, for any number of digits — the same as
/// glibc `strtod`. A value whose magnitude rounds to infinity is ``NumberError/overflow``;
/// tiny values round to subnormals or to a signed zero, and `-0` is `-0.0`.
///
/// Every other form — a locale's separators and grouping, native digits, accounting
/// parentheses, a trailing minus, percent and currency marks — is read by the locale path
/// (`NumberParser+Locale.swift`), which rewrites the number into that C grammar.
public struct NumberParser: Sendable {
    /// The conventions the parser reads numbers in.
    public let conventions: NumberConventions
    /// What the column allows around its numbers (currency, percent).
    public let context: NumberContext
    /// Whether the C grammar alone decides every valid cell, so the fast path may answer first.
    let tryFastPathFirst: Bool
    /// Whether a cell the fast path rejects may still be valid (locale forms, currency, percent).
    let needsLocalePath: Bool
    /// The packed ISO code of ``NumberContext/currencyCode``, `0` when none.
    let declaredCurrency: UInt32
    /// The conventions' scalars, copied once so the locale path touches no reference-counted storage.
    let marks: NumberConventions.Marks
    /// Whether the fast path (`NumberParser+FastPath.swift`) may answer first: fixed conventions
    /// with an ASCII decimal separator.
    let hasFastPath: Bool
    /// The decimal separator as an ASCII byte, for the fast path.
    let fastDecimal: UInt8
    /// The longest cell the word-wise fast path tries: 16, or 0 without fast path.
    let shortLimit: Int
    /// The ASCII grouping separators the conventions accept, as a bit set of the bytes below 64
    /// (bit `b` for byte `b`), for the fast path; `0` in the C locale.
    let fastSeparators: UInt64

    /// Creates a parser for numbers written in the given conventions, in a column of the given context.
    ///
    /// - Parameters:
    ///   - conventions: How numbers are written; defaults to the C locale.
    ///   - context: What the column allows; defaults to ``NumberContext/plain``.
    public init(conventions: NumberConventions = .c, context: NumberContext = .plain) {
        // Everything comes from the trivially copyable scalars first, before the conventions are
        // stored: the compiler then moves them in without a second copy (`parseUndecided` makes
        // a parser per cell).
        let marks = conventions.marks
        let isFixed = conventions.mode == .fixed
        (hasFastPath, fastSeparators) = Self.fastPathSettings(marks, isFixed: isFixed)
        fastDecimal = UInt8(truncatingIfNeeded: marks.decimalScalar)
        shortLimit = hasFastPath ? 16 : 0
        self.marks = marks
        self.conventions = conventions
        self.context = context
        // With `.` as decimal separator and ASCII digits, whatever the C grammar accepts means the
        // same in the locale (grouping is optional), so the C scan answers first and only cells
        // it rejects take the locale path.
        tryFastPathFirst = marks.decimalScalar == 0x2E && isFixed
        declaredCurrency = context.packedCurrency
        needsLocalePath = !(conventions.isCLocale && context == .plain)
    }

    /// Whether the fast path applies to conventions, and the grouping separators it reads.
    ///
    /// The fast path reads ASCII digits, `+`, `-` and ASCII separators, and only ever accepts
    /// cells the general path reads as the same number. (No allocation here: `parseUndecided`
    /// makes a parser per cell.)
    /// - Parameters:
    ///   - marks: The conventions' scalars.
    ///   - isFixed: Whether the conventions are fixed (not an undecided `auto` column).
    /// - Returns: Whether the decimal separator is ASCII (and no digit or sign), and the grouping
    ///   separators below 64 as a bit set (bit `b` for byte `b`), never the decimal separator.
    @inline(__always)
    static func fastPathSettings(_ marks: NumberConventions.Marks, isFixed: Bool) -> (Bool, UInt64) {
        let decimal = marks.decimalScalar
        // The bytes below 64 that can never be separators: the digits, `+` and `-`.
        let reserved: UInt64 = 0x03FF << 48 | 1 << 0x2B | 1 << 0x2D
        let hasFastPath = isFixed && decimal < 0x80 && (decimal >= 64 || reserved >> UInt64(decimal) & 1 == 0)
        let grouping = marks.groupingScalar
        guard grouping != 0 else { return (hasFastPath, 0) }
        var separators: UInt64 = grouping < 64 ? 1 << UInt64(grouping) : 0
        if marks.groupsWithSpaces { separators |= 1 << 0x20 }
        if marks.groupsWithApostrophes { separators |= 1 << 0x27 }
        // The decimal separator is tested first, as in the general path: it is never a separator.
        if decimal < 64 { separators &= ~(1 << UInt64(decimal)) }
        return (hasFastPath, separators & ~reserved)
    }

    /// Parses one CSV cell given as its raw UTF-8 field bytes (not NUL-terminated).
    ///
    /// - Parameter field: The bytes of the field, quotes already removed.
    /// - Returns: The correctly rounded number, ``NumberParseResult/empty`` for a blank cell,
    ///   or the reason the cell is not a number.
    public func parse(_ field: UnsafeRawBufferPointer) -> NumberParseResult {
        let result = scan(field)
        if case .long = result, let long = scanLong(field) { return Self.parseResult(long) }
        return result.parseResult
    }

    /// The nearest `Double` of a long decimal (an infinite one is ``NumberError/overflow``).
    static func parseResult(_ long: LongDecimal) -> NumberParseResult {
        let value = ExactRounding.nearest(long)
        return value.isInfinite ? .failure(.overflow) : .number(value)
    }

    /// Reads a cell every digit of which matters (a ``NumberScan/long`` scan) exactly, through the
    /// general path; `nil` for any other cell.
    ///
    /// - Parameter field: The bytes of the field.
    /// - Returns: The cell's decimal with every digit, or `nil`.
    public func scanLong(_ field: UnsafeRawBufferPointer) -> LongDecimal? {
        var long: LongDecimal?
        guard case .long = withUnsafeMutablePointer(to: &long, { scanGeneral(field, long: $0) }) else { return nil }
        return long
    }

    /// Scans one cell into its exact decimal value (one scan: the fast path, else the general path).
    ///
    /// - Parameter field: The bytes of the field, quotes already removed.
    /// - Returns: The cell's decimal, empty, or the reason the cell is not a number.
    @inline(__always)
    public func scan(_ field: UnsafeRawBufferPointer) -> NumberScan {
        // Short ungrouped cells inline (`separators: 0` leaves out the grouping code), everything
        // else in one tail call, which keeps this function small.
        if let value = Self.parseWords(field, decimal: fastDecimal, separators: 0, primaryGroupSize: 0,
                                       secondaryGroupSize: 0, limit: shortLimit) {
            return .decimal(value)
        }
        return scanOutOfLine(field)
    }

    /// ``scan(_:)`` that also keeps every digit of a ``NumberScan/long`` cell, read by the same
    /// scan: the column stages hand the decimal on instead of reading the cell's text again.
    ///
    /// - Parameters:
    ///   - field: The bytes of the field, quotes already removed.
    ///   - long: Where a long scan leaves the cell's decimal (untouched by any other scan).
    /// - Returns: The cell's decimal, empty, or the reason the cell is not a number.
    @inline(__always)
    package func scan(_ field: UnsafeRawBufferPointer, keepingDigitsIn long: UnsafeMutablePointer<LongDecimal?>) -> NumberScan {
        if let value = Self.parseWords(field, decimal: fastDecimal, separators: 0, primaryGroupSize: 0,
                                       secondaryGroupSize: 0, limit: shortLimit) {
            return .decimal(value)
        }
        return scanOutOfLine(field, long: long)
    }

    /// The rest of ``scan(_:)``: the fast path for grouped and long cells, then the general path.
    @inline(never)
    func scanOutOfLine(_ field: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil) -> NumberScan {
        if let value = parseGroupedOrLong(field) { return .decimal(value) }
        return scanGeneral(field, long: long)
    }

    /// The fast path alone, every tier of it as ``scan(_:)`` tries them: the decimal of a plain
    /// cell, else `nil` (see `NumberParser+FastPath.swift`).
    ///
    /// Whenever it answers, ``scanGeneral(_:)`` answers the same decimal.
    /// - Parameter field: The bytes of the field.
    /// - Returns: The decimal, or `nil` when the general path must decide.
    func parseFast(_ field: UnsafeRawBufferPointer) -> ScannedDecimal? {
        Self.parseWords(field, decimal: fastDecimal, separators: 0, primaryGroupSize: 0, secondaryGroupSize: 0,
                        limit: shortLimit) ?? parseGroupedOrLong(field)
    }

    /// The fast path's tiers after the inline one: short grouped cells word by word (when the
    /// conventions group), then any plain cell by runs of digits.
    @inline(__always)
    func parseGroupedOrLong(_ field: UnsafeRawBufferPointer) -> ScannedDecimal? {
        guard hasFastPath else { return nil }
        if fastSeparators != 0, let value = Self.parseWords(
            field, decimal: fastDecimal, separators: fastSeparators, primaryGroupSize: marks.primaryGroupSize,
            secondaryGroupSize: marks.secondaryGroupSize, limit: shortLimit) {
            return value
        }
        return Self.parseRuns(field, decimal: fastDecimal, separators: fastSeparators,
                              primaryGroupSize: marks.primaryGroupSize, secondaryGroupSize: marks.secondaryGroupSize)
    }

    /// The same result as ``parse(_:)`` from the general paths alone, no fast path tried: the
    /// reference the fast path is tested against.
    ///
    /// - Parameter field: The bytes of the field.
    /// - Returns: The correctly rounded number, empty, or the reason the cell is not a number.
    func parseGeneral(_ field: UnsafeRawBufferPointer) -> NumberParseResult {
        var long: LongDecimal?
        let result = withUnsafeMutablePointer(to: &long) { scanGeneral(field, long: $0) }
        if case .long = result, let long { return Self.parseResult(long) }
        return result.parseResult
    }

    /// The same scan as ``scan(_:)`` from the general paths alone.
    ///
    /// - Parameters:
    ///   - field: The bytes of the field.
    ///   - long: Where a ``NumberScan/long`` scan leaves every digit, or `nil` to skip reading them.
    /// - Returns: The cell's decimal, empty, or the reason the cell is not a number.
    @inline(never)
    func scanGeneral(_ field: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil) -> NumberScan {
        if tryFastPathFirst {
            let result = Self.scanCLocaleGeneral(field, long: long)
            if needsLocalePath, case .failure(.invalidNumber) = result { return scanLocalizedGeneral(field, long: long) }
            return result
        }
        return scanLocalizedGeneral(field, long: long)
    }

    /// Parses one cell in the C grammar alone, every form of it: the general path of the C
    /// locale, and the final stage of every locale.
    ///
    /// - Parameter field: The bytes of the field.
    /// - Returns: The cell's decimal, empty, or the reason the cell is not a C number.
    @inline(never)
    static func scanCLocaleGeneral(_ field: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil) -> NumberScan {
        var start = 0
        var end = field.count
        // Trim leading blanks.
        while start < end {
            let byte = field[start]
            if byte == ASCII.space || byte == ASCII.tab {
                start += 1
            } else if byte == 0xC2, end - start >= 2, field[start + 1] == 0xA0 {
                start += 2
            } else if byte == 0xE2, end - start >= 3, field[start + 1] == 0x80, field[start + 2] == 0xAF {
                start += 3
            } else {
                break
            }
        }
        // Trim trailing blanks.
        while end > start {
            let byte = field[end - 1]
            if byte == ASCII.space || byte == ASCII.tab {
                end -= 1
            } else if byte == 0xA0, end - start >= 2, field[end - 2] == 0xC2 {
                end -= 2
            } else if byte == 0xAF, end - start >= 3, field[end - 2] == 0x80, field[end - 3] == 0xE2 {
                end -= 3
            } else {
                break
            }
        }
        if start == end { return .empty }

        // Sign.
        var index = start
        var isNegative = false
        let first = field[index]
        if first == ASCII.plus {
            index += 1
        } else if first == ASCII.minus {
            isNegative = true
            index += 1
        } else if first == 0xE2, end - index >= 3, field[index + 1] == 0x88, field[index + 2] == 0x92 {
            isNegative = true
            index += 3
        }
        let bodyStart = index

        // Integer digits.
        var mantissa: UInt64 = 0
        while index < end {
            let digit = field[index] &- ASCII.zero
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigitCount = index - bodyStart

        // Fraction digits.
        var fractionDigitCount = 0
        if index < end, field[index] == ASCII.period {
            index += 1
            let fractionStart = index
            while index < end {
                let digit = field[index] &- ASCII.zero
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigitCount = index - fractionStart
            if index < end, field[index] == ASCII.period { return .failure(.multipleDecimal) }
        }
        let digitCount = integerDigitCount + fractionDigitCount
        if digitCount == 0 { return .failure(.invalidNumber) }

        // Exponent.
        var explicitExponent = 0
        if index < end, field[index] | 0x20 == ASCII.lowercaseE {
            index += 1
            var isExponentNegative = false
            if index < end, field[index] == ASCII.plus || field[index] == ASCII.minus {
                isExponentNegative = field[index] == ASCII.minus
                index += 1
            }
            let exponentStart = index
            var magnitude = 0
            while index < end {
                let digit = field[index] &- ASCII.zero
                if digit > 9 { break }
                if magnitude < Self.exponentSaturation { magnitude = magnitude * 10 + Int(digit) }
                index += 1
            }
            if index == exponentStart { return .failure(.invalidNumber) }
            if index != end { return .failure(.invalidNumber) }
            if magnitude >= Self.exponentSaturation {
                // Far beyond any finite value: the exponent saturates.
                long?.pointee = LongDecimal(scanning: UnsafeRawBufferPointer(rebasing: field[bodyStart..<end]), isNegative: isNegative)
                return .long
            }
            explicitExponent = isExponentNegative ? -magnitude : magnitude
        }
        if index != end { return .failure(.invalidNumber) }

        if digitCount > Self.maxExactDigits,
           Self.significantDigitCount(field, digits: bodyStart..<index, digitCount: digitCount) > Self.maxExactDigits {
            long?.pointee = LongDecimal(scanning: UnsafeRawBufferPointer(rebasing: field[bodyStart..<end]), isNegative: isNegative)
            return .long
        }
        if mantissa == 0 { return .decimal(ScannedDecimal(mantissa: 0, exponent: 0, isNegative: isNegative)) }
        return .decimal(ScannedDecimal(mantissa: mantissa, exponent: explicitExponent - fractionDigitCount, isNegative: isNegative))
    }

    /// Parses a number given as a `String`, with the same semantics as the byte-level entry point.
    ///
    /// - Parameter text: The cell's text.
    /// - Returns: The same result as parsing the string's UTF-8 bytes.
    public func parse(_ text: String) -> NumberParseResult {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }
}

extension NumberParser {
    /// The most significant digits a `UInt64` mantissa holds exactly (10^19 − 1 < 2^64).
    static let maxExactDigits = 19
    /// The largest integer every smaller integer of which a `Double` represents exactly: 2^53.
    static let maxExactMantissa: UInt64 = 1 << 53
    /// The largest power of ten a `Double` represents exactly (5^22 < 2^53).
    static let maxExactPowerOfTen = 22
    /// The most decimal digits an exponent can move into a mantissa of at least 1 that stays ≤ 2^53.
    static let maxMantissaShift = 15
    /// The exponent magnitude at which digit accumulation stops; far beyond any finite `Double`.
    static let exponentSaturation = 1 << 40

    /// The exact powers 10^0 … 10^22 as `Double`s (each literal is exactly representable).
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The powers 10^0 … 10^15 as integers, for moving exponent digits into the mantissa.
    package static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000, 10_000_000_000, 100_000_000_000, 1_000_000_000_000,
        10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    ]

    /// The correctly rounded `mantissa · 10^exponent` when one IEEE operation gives it (Clinger's
    /// fast path, extended by moving up to 15 exponent digits into the mantissa), else `nil`.
    ///
    /// - Parameters:
    ///   - mantissa: The exact decimal mantissa (at most 19 significant digits were accumulated).
    ///   - exponent: The power of ten.
    /// - Returns: The value, or `nil` when the slow path must decide.
    @inline(__always)
    static func exactValue(mantissa: UInt64, exponent: Int) -> Double? {
        guard mantissa <= maxExactMantissa else { return nil }
        if exponent >= 0 {
            if exponent <= maxExactPowerOfTen { return Double(mantissa) * powersOfTen[exponent] }
            if exponent <= maxExactPowerOfTen + maxMantissaShift {
                let (shifted, overflow) = mantissa.multipliedReportingOverflow(
                    by: integerPowersOfTen[exponent - maxExactPowerOfTen])
                if !overflow, shifted <= maxExactMantissa { return Double(shifted) * powersOfTen[maxExactPowerOfTen] }
            }
            return nil
        }
        if exponent >= -maxExactPowerOfTen { return Double(mantissa) / powersOfTen[-exponent] }
        return nil
    }

    /// Counts the digits from the first non-zero digit on, skipping the decimal point.
    ///
    /// Called only when there are more than 19 digits in all, to decide whether the
    /// wrapping mantissa is still exact (leading zeros add nothing to it).
    /// - Parameters:
    ///   - field: The cell's bytes.
    ///   - digits: The range of the digits and the optional `.`, sign and exponent excluded.
    ///   - digitCount: The number of digits in that range.
    /// - Returns: The number of significant digits.
    static func significantDigitCount(_ field: UnsafeRawBufferPointer, digits: Range<Int>, digitCount: Int) -> Int {
        var count = digitCount
        for index in digits {
            let byte = field[index]
            if byte == ASCII.zero {
                count -= 1
            } else if byte != ASCII.period {
                break
            }
        }
        return count
    }
}

extension NumberParser {
    /// The ASCII bytes the number grammar uses.
    enum ASCII {
        static let tab = UInt8(ascii: "\t")
        static let space = UInt8(ascii: " ")
        static let plus = UInt8(ascii: "+")
        static let minus = UInt8(ascii: "-")
        static let period = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0")
        static let lowercaseE = UInt8(ascii: "e")
    }
}
