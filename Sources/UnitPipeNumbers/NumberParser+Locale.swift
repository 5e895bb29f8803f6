// Design note — the locale path: rewrite into the C grammar, then parse it.
//
// Plain numbers with the locale's ASCII separators (`12.941,488`, `1,00,000.5`) are read first by
// the straight-line fast path (`NumberParser+FastPath.swift`); the general path below decides the
// cells it leaves, errors included. One pass over the cell's bytes in three parts:
// 1. Prefix: blanks and bidi marks (U+061C ALM, U+200E LRM, U+200F RLM) are skipped; a sign
//    (`+`, `-`, U+2212, the locale's minus), an opening parenthesis, a percent sign and a
//    currency mark (symbol or ISO code, a blank may follow it) are taken in any order, each once.
// 2. Body: ASCII or native digits, the locale's decimal separator and grouping separators, and
//    an exponent, rewritten into a stack buffer as ASCII `digits[.digits][e±digits]`. Grouping is
//    validated on the fly with O(1) state (leftmost group 1…secondary digits, middle groups
//    secondary, last group primary). A separator the locale does not use between two digits
//    (`10,000.50` in `fr_FR`) is `grouping`: never a silently different number.
// 3. Suffix: a currency mark or percent sign (blanks may precede them), a trailing minus, the
//    closing parenthesis. (Accounting forms — parentheses, trailing minus — are locale forms:
//    the C locale keeps strtod's grammar and adds only what the column context allows.)
// While rewriting, the digits also accumulate into a `UInt64`: with at most 19 digits and no
// exponent, Clinger's fast path (`exactValue`, shared with the C path) answers at once; anything
// else — more digits, exponents, inexact powers — goes as rewritten ASCII through
// `scanCLocaleGeneral`, the same Clinger / exact big-integer split as the C locale, so rounding is correct
// for every input. A percent sign moves the decimal exponent by −2 in the rewritten text (exact,
// no second rounding). Nothing allocates: the currency mark is looked up by its bytes packed into
// integers.

extension NumberConventions {
    /// Whether a scalar is a bidi mark written around signs and currency symbols (ALM, LRM, RLM).
    @inline(__always)
    static func isBidiMark(_ scalar: UInt32) -> Bool { scalar == 0x061C || scalar == 0x200E || scalar == 0x200F }

    /// Whether a scalar is a blank that is trimmed: space, tab, NBSP, narrow NBSP.
    @inline(__always)
    static func isBlank(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x09 || scalar == 0xA0 || scalar == 0x202F }

    /// Whether a scalar is a separator some locale uses between digits (`.`, `,`, `'`, `’`,
    /// U+066B, U+066C, a space-like blank): between digits, one the locale does not use is an error.
    @inline(__always)
    static func isAnySeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E, 0x2C, 0x27, 0x2019, 0x066B, 0x066C, 0x20, 0xA0, 0x202F, 0x2009: true
        default: false
        }
    }

}

extension NumberConventions.Marks {
    /// The value 0…9 of a digit (ASCII or the native set), or a value above 9 for anything else.
    @inline(__always)
    func digitValue(_ scalar: UInt32) -> UInt32 {
        let ascii = scalar &- 0x30
        if ascii < 10 { return ascii }
        return nativeZero == 0 ? 10 : scalar &- nativeZero
    }

    /// Whether a scalar separates groups in this locale.
    @inline(__always)
    func isGroupingSeparator(_ scalar: UInt32) -> Bool {
        if groupingScalar == 0 { return false }
        if scalar == groupingScalar { return true }
        if groupsWithSpaces, scalar == 0x20 || scalar == 0xA0 || scalar == 0x202F { return true }
        if groupsWithApostrophes, scalar == 0x27 || scalar == 0x2019 { return true }
        return false
    }

    /// Whether a scalar is a minus sign: `-`, U+2212 or the locale's own.
    @inline(__always)
    func isMinus(_ scalar: UInt32) -> Bool { scalar == 0x2D || scalar == 0x2212 || (extraMinusScalar != 0 && scalar == extraMinusScalar) }

    /// Whether a scalar is a percent sign: `%` or the locale's own.
    @inline(__always)
    func isPercent(_ scalar: UInt32) -> Bool { scalar == 0x25 || (extraPercentScalar != 0 && scalar == extraPercentScalar) }
}

/// Decodes the UTF-8 scalar at `index` (before `end`); malformed bytes decode as U+FFFFFFFF of length 1.
@inline(__always)
func decodeScalar(_ bytes: UnsafeRawBufferPointer, _ index: Int, _ end: Int) -> (scalar: UInt32, length: Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let invalid = (UInt32.max, 1)
    if lead >= 0xC2, lead <= 0xDF, index + 1 < end {
        let b1 = bytes[index + 1]
        guard b1 & 0xC0 == 0x80 else { return invalid }
        return (UInt32(lead & 0x1F) << 6 | UInt32(b1 & 0x3F), 2)
    }
    if lead >= 0xE0, lead <= 0xEF, index + 2 < end {
        let b1 = bytes[index + 1], b2 = bytes[index + 2]
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return invalid }
        let value = UInt32(lead & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
        return value >= 0x800 ? (value, 3) : invalid
    }
    if lead >= 0xF0, lead <= 0xF4, index + 3 < end {
        let b1 = bytes[index + 1], b2 = bytes[index + 2], b3 = bytes[index + 3]
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return invalid }
        let value = UInt32(lead & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
        return value >= 0x10000 ? (value, 4) : invalid
    }
    return invalid
}

/// Decodes the UTF-8 scalar that ends just before `end` (after `start`).
@inline(__always)
func decodeScalarBackward(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (scalar: UInt32, length: Int) {
    var index = end - 1
    while index > start, end - index < 4, bytes[index] & 0xC0 == 0x80 { index -= 1 }
    let decoded = decodeScalar(bytes, index, end)
    return index + decoded.length == end ? decoded : (UInt32.max, 1)
}

extension NumberParser {
    /// The sign the affixes gave the number.
    private enum Sign {
        case none, plus, minus
    }

    /// Parses a cell with the locale's conventions and the column's context, with the general path
    /// alone (see the design note).
    @inline(never)
    func scanLocalizedGeneral(_ field: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil) -> NumberScan {
        if conventions.mode == .undecided { return scanUndecided(field, long: long) }
        var start = 0
        var end = field.count
        while start < end {
            let (scalar, length) = decodeScalar(field, start, end)
            guard NumberConventions.isBlank(scalar) || NumberConventions.isBidiMark(scalar) else { break }
            start += length
        }
        while end > start {
            let (scalar, length) = decodeScalarBackward(field, start, end)
            guard NumberConventions.isBlank(scalar) || NumberConventions.isBidiMark(scalar) else { break }
            end -= length
        }
        if start == end { return .empty }

        // 1. Prefix.
        var sign = Sign.none
        var hasParenthesis = false
        var hasPercent = false
        var hasCurrency = false
        var mayBeBlank = false
        var index = start
        while index < end {
            let (scalar, length) = decodeScalar(field, index, end)
            if marks.digitValue(scalar) <= 9 { break }
            if scalar == marks.decimalScalar, startsWithDigit(field, index + length, end) { break }
            if NumberConventions.isBidiMark(scalar) {
                index += length
                continue
            }
            if NumberConventions.isBlank(scalar) {
                guard mayBeBlank else { return .failure(.invalidNumber) }
                index += length
                continue
            }
            mayBeBlank = false
            if scalar == 0x2B || marks.isMinus(scalar) {
                guard sign == .none, !hasParenthesis else { return .failure(.invalidNumber) }
                sign = scalar == 0x2B ? .plus : .minus
            } else if scalar == 0x28 {
                guard marks.allowsAccountingSigns, sign == .none, !hasParenthesis else { return .failure(.invalidNumber) }
                hasParenthesis = true
            } else if marks.isPercent(scalar) {
                guard !hasPercent else { return .failure(.invalidNumber) }
                hasPercent = true
                mayBeBlank = true
            } else {
                let markEnd = self.markEnd(field, index, end)
                guard markEnd > index, !hasCurrency else { return .failure(.invalidNumber) }
                if let failure = currencyFailure(field, index..<markEnd) { return .failure(failure) }
                hasCurrency = true
                mayBeBlank = true
                index = markEnd
                continue
            }
            index += length
        }
        if index == end { return .failure(.invalidNumber) }

        // 2. Body, rewritten as ASCII behind one byte reserved for the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - index + 32) { buffer -> NumberScan in
            guard let base = buffer.baseAddress else { return .failure(.invalidNumber) }
            var count = 1
            var digitCount = 0
            var mantissa: UInt64 = 0
            var fractionDigitCount = 0
            var hasDecimal = false
            var separatorCount = 0
            var run = 0
            var leftmostGroup = 0
            var lastGroup = -1
            var middleGroupsMatch = true
            var exponentStart = -1
            body: while index < end {
                let byte = field[index]
                var scalar = UInt32(byte)
                var length = 1
                if byte >= 0x80 { (scalar, length) = decodeScalar(field, index, end) }
                let digit = marks.digitValue(scalar)
                if digit <= 9 {
                    base[count] = UInt8(truncatingIfNeeded: digit) &+ NumberParser.ASCII.zero
                    count += 1
                    digitCount += 1
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if hasDecimal { fractionDigitCount += 1 } else { run += 1 }
                    index += length
                    continue
                }
                if scalar == marks.decimalScalar {
                    if hasDecimal { return .failure(.multipleDecimal) }
                    hasDecimal = true
                    lastGroup = run
                    base[count] = NumberParser.ASCII.period
                    count += 1
                    index += length
                    continue
                }
                let isDigitNext = startsWithDigit(field, index + length, end)
                if marks.isGroupingSeparator(scalar) {
                    if isDigitNext {
                        if hasDecimal || run == 0 { return .failure(.grouping) }
                        if separatorCount == 0 {
                            leftmostGroup = run
                        } else if run != marks.secondaryGroupSize {
                            middleGroupsMatch = false
                        }
                        separatorCount += 1
                        run = 0
                        index += length
                        continue
                    }
                    if NumberConventions.isBlank(scalar) { break body }
                    return .failure(.grouping)
                }
                if isDigitNext, NumberConventions.isAnySeparator(scalar) {
                    return .failure(marks.groupingScalar == 0 ? .invalidNumber : .grouping)
                }
                if scalar | 0x20 == UInt32(NumberParser.ASCII.lowercaseE), digitCount > 0 {
                    var next = index + 1
                    var exponentSign: UInt8 = 0
                    if next < end, field[next] == NumberParser.ASCII.plus || field[next] == NumberParser.ASCII.minus {
                        exponentSign = field[next]
                        next += 1
                    }
                    guard startsWithDigit(field, next, end) else { break body }
                    if lastGroup < 0 { lastGroup = run }
                    base[count] = NumberParser.ASCII.lowercaseE
                    count += 1
                    exponentStart = count
                    if exponentSign != 0 {
                        base[count] = exponentSign
                        count += 1
                    }
                    index = next
                    while index < end {
                        let (scalar, length) = decodeScalar(field, index, end)
                        let digit = marks.digitValue(scalar)
                        if digit > 9 { break }
                        base[count] = UInt8(truncatingIfNeeded: digit) &+ NumberParser.ASCII.zero
                        count += 1
                        index += length
                    }
                    break body
                }
                break body
            }
            if digitCount == 0 { return .failure(.invalidNumber) }
            if separatorCount > 0 {
                if lastGroup < 0 { lastGroup = run }
                guard middleGroupsMatch, lastGroup == marks.primaryGroupSize,
                      leftmostGroup <= marks.secondaryGroupSize else { return .failure(.grouping) }
            }

            // 3. Suffix.
            var hasClosingParenthesis = false
            var hasTrailingMinus = false
            var afterBlank = false
            while index < end {
                let (scalar, length) = decodeScalar(field, index, end)
                if NumberConventions.isBidiMark(scalar) {
                    index += length
                    continue
                }
                if NumberConventions.isBlank(scalar) {
                    afterBlank = true
                    index += length
                    continue
                }
                if hasClosingParenthesis || hasTrailingMinus { return .failure(.invalidNumber) }
                if marks.isMinus(scalar) {
                    guard marks.allowsAccountingSigns, sign == .none, !hasParenthesis, !afterBlank else { return .failure(.invalidNumber) }
                    sign = .minus
                    hasTrailingMinus = true
                } else if scalar == 0x29 {
                    guard hasParenthesis, !afterBlank else { return .failure(.invalidNumber) }
                    hasClosingParenthesis = true
                } else if marks.isPercent(scalar) {
                    guard !hasPercent else { return .failure(.invalidNumber) }
                    hasPercent = true
                } else {
                    let markEnd = self.markEnd(field, index, end)
                    guard markEnd > index, !hasCurrency else { return .failure(.invalidNumber) }
                    if let failure = currencyFailure(field, index..<markEnd) { return .failure(failure) }
                    hasCurrency = true
                    afterBlank = false
                    index = markEnd
                    continue
                }
                afterBlank = false
                index += length
            }
            if hasParenthesis != hasClosingParenthesis { return .failure(.invalidNumber) }
            if hasPercent {
                guard context.allowsPercent, !hasCurrency else { return .failure(.invalidNumber) }
            }
            let isNegative = sign == .minus || hasParenthesis
            // Fast path: at most 19 digits (so the mantissa is exact) and no exponent.
            if exponentStart < 0, digitCount <= NumberParser.maxExactDigits {
                let exponent = mantissa == 0 ? 0 : -fractionDigitCount - (hasPercent ? 2 : 0)
                return .decimal(ScannedDecimal(mantissa: mantissa, exponent: exponent, isNegative: isNegative))
            }
            if hasPercent { count = Self.shiftExponent(base, count: count, exponentStart: exponentStart, by: -2) }
            if isNegative { base[0] = NumberParser.ASCII.minus }
            let offset = isNegative ? 0 : 1
            return Self.scanCLocaleGeneral(UnsafeRawBufferPointer(start: base + offset, count: count - offset), long: long)
        }
    }

    /// Whether the scalar at `index` is a digit of the conventions.
    @inline(__always)
    private func startsWithDigit(_ field: UnsafeRawBufferPointer, _ index: Int, _ end: Int) -> Bool {
        index < end && marks.digitValue(decodeScalar(field, index, end).scalar) <= 9
    }

    /// The end of a currency mark starting at `index`: up to a digit, blank, bidi mark, sign,
    /// parenthesis, percent sign or a decimal separator before a digit.
    private func markEnd(_ field: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end {
            let (scalar, length) = decodeScalar(field, index, end)
            if marks.digitValue(scalar) <= 9 || NumberConventions.isBlank(scalar)
                || NumberConventions.isBidiMark(scalar) || scalar == 0x2B || marks.isMinus(scalar)
                || scalar == 0x28 || scalar == 0x29 || marks.isPercent(scalar) { break }
            if scalar == marks.decimalScalar, startsWithDigit(field, index + length, end) { break }
            index += length
        }
        return index
    }

    /// Checks a currency mark against the column: `nil` when it names the declared currency.
    private func currencyFailure(_ field: UnsafeRawBufferPointer, _ mark: Range<Int>) -> NumberError? {
        guard declaredCurrency != 0 else { return .invalidNumber }
        switch conventions.currencySymbols.entry(for: field, in: mark) {
        case .code(let code)?: return code == declaredCurrency ? nil : .unitMismatch
        case .ambiguous?: return .ambiguousUnit
        case nil: return .invalidNumber
        }
    }

    /// Adds `shift` to the decimal exponent of rewritten ASCII (`12.5` → `12.5e-2`, `1e5` → `1e3`).
    ///
    /// An exponent beyond ±2^40 is left as it is: the value is 0 or overflows either way.
    /// - Returns: The new byte count.
    static func shiftExponent(_ base: UnsafeMutablePointer<UInt8>, count: Int, exponentStart: Int, by shift: Int) -> Int {
        var exponent = 0
        var position = count
        if exponentStart >= 0 {
            var index = exponentStart
            var isNegative = false
            if base[index] == ASCII.minus || base[index] == ASCII.plus {
                isNegative = base[index] == ASCII.minus
                index += 1
            }
            while index < count {
                if exponent < exponentSaturation { exponent = exponent * 10 + Int(base[index] &- ASCII.zero) }
                index += 1
            }
            if exponent >= exponentSaturation { return count }
            exponent = isNegative ? -exponent : exponent
            position = exponentStart
        } else {
            base[position] = ASCII.lowercaseE
            position += 1
        }
        exponent += shift
        if exponent < 0 {
            base[position] = ASCII.minus
            position += 1
        }
        var magnitude = exponent.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var digitCount = 0
        withUnsafeMutableBytes(of: &digits) { digitBytes in
            repeat {
                digitBytes[digitCount] = UInt8(truncatingIfNeeded: magnitude % 10) &+ ASCII.zero
                magnitude /= 10
                digitCount += 1
            } while magnitude > 0
            for offset in 0..<digitCount {
                base[position] = digitBytes[digitCount - 1 - offset]
                position += 1
            }
        }
        return position
    }
}
