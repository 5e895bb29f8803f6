import Testing
import TestSupport
@testable import UnitPipeNumbers
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// MARK: - Helpers

/// Parses with a default parser.
private func parse(_ text: String) -> NumberParseResult { NumberParser().parse(text) }

/// Parses raw bytes, to test sequences a `String` cannot hold (cut UTF-8) and unterminated fields.
private func parse(bytes: [UInt8]) -> NumberParseResult {
    bytes.withUnsafeBytes { NumberParser().parse($0) }
}

/// Compares results bit for bit, so `-0.0` differs from `0.0`.
private func sameBits(_ lhs: NumberParseResult, _ rhs: NumberParseResult) -> Bool {
    switch (lhs, rhs) {
    case let (.number(a), .number(b)): a.bitPattern == b.bitPattern
    default: lhs == rhs
    }
}

/// The oracle: glibc `strtod` on the C locale (the test process never calls `setlocale`),
/// accepting only when it consumes the whole, non-empty string.
private func strtodOracle(_ text: String) -> NumberParseResult {
    let utf8Count = text.utf8.count
    return text.withCString { start -> NumberParseResult in
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        guard utf8Count > 0, let end, end - UnsafeMutablePointer(mutating: start) == utf8Count else {
            return .failure(.invalidNumber)
        }
        return value.isInfinite ? .failure(.overflow) : .number(value)
    }
}

// MARK: - Grammar tables

@Test(arguments: [
    ("0", 0.0), ("7", 7), ("007", 7), ("-40.5", -40.5), ("+40.5", 40.5),
    ("12941.488123", 12941.488123), (".5", 0.5), ("5.", 5), ("-.5", -0.5), ("+5.", 5),
    ("0.000", 0), ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("1e-3", 0.001), ("1e03", 1000),
    ("1.5e3", 1500), ("1.5E-03", 0.0015), (".5e1", 5), ("5.e-1", 0.5), ("1e0", 1),
    ("\u{2212}3.25", -3.25), ("\u{2212}.5", -0.5),
    ("  42  ", 42), ("\t42\t", 42), ("\u{A0}42\u{A0}", 42), ("\u{202F}1.5\u{202F}", 1.5),
    (" \u{A0}\u{202F}\t-7 \u{202F}\t\u{A0}", -7), ("\u{A0}\u{2212}1e2", -100),
    ("1e-400", 0), ("1e-999999999999999999999", 0), ("0e999999999999999999999", 0),
    ("0.0000000000000000000000000000000000000001e40", 1),
    ("1e22", 1e22), ("1e23", 1e23), ("1.5e30", 1.5e30), ("9007199254740992e15", 9007199254740992e15),
    ("123456789012345678", 123456789012345680), ("1234567890123456789", 1234567890123456768),
    ("12345678901234567890", 12345678901234567168),
    // 20 digits that wrap a UInt64 to a small value (2^64 + 5, 2·2^64 + 5) must not take the fast path.
    ("18446744073709551621", 18446744073709551616), ("36893488147419103237", 36893488147419103232),
    ("1844674407370955162.1", 1844674407370955162.1), ("1844674407370955162.1e-3", 1844674407370955162.1e-3),
    // Exponent digits that wrap an Int to a small value (2^64 + 1) must saturate, not wrap.
    ("1e-18446744073709551617", 0), ("5e-36893488147419103233", 0), ("0.1", 0.1), ("3.14159", 3.14159),
    ("9007199254740993", 9007199254740992), ("9007199254740992.5", 9007199254740992),
    ("9007199254740993.0000000000000000001", 9007199254740994),
    ("9007199254740995", 9007199254740996),
    ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown), ("2.2250738585072012e-308", 0x1p-1022),
    ("4.9406564584124654e-324", 0x1p-1074), ("2.4703282292062328e-324", 0x1p-1074),
    ("2.4703282292062327e-324", 0),
    ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ("1.7976931348623158e308", Double.greatestFiniteMagnitude),
    ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
    ("0.1000000000000000055511151231257827021181583404541015624", 0.1),
    ("0.10000000000000000555111512312578270211815834045410156250000000000000000000000001", 0.1),
    ("100000000000000000000000000000000000000000000000000000000000000e-61", 10),
    ("00000000000000000000000000000000000000000000001.5", 1.5),
    ("0.00000000000000000000000000000000000000000000015", 1.5e-46),
])
func parsesValidNumbers(text: String, expected: Double) {
    #expect(sameBits(parse(text), .number(expected)), "\(text)")
}

@Test(arguments: ["", " ", "\t", "\u{A0}", "\u{202F}", " \t\u{A0}\u{202F}\u{A0} "])
func blankCellsAreEmpty(text: String) {
    #expect(parse(text) == .empty)
}

@Test(arguments: ["-0", "-0.0", "-.0", "\u{2212}0", "-0e10", "-0e999999999999999999999", "-1e-400",
                  "-2.4703282292062327e-324", "-" + String(repeating: "0", count: 800)])
func negativeZeroKeepsItsSign(text: String) {
    #expect(sameBits(parse(text), .number(-0.0)), "\(text)")
}

@Test(arguments: [
    ("abc", NumberError.invalidNumber), ("nan", .invalidNumber), ("NaN", .invalidNumber),
    ("inf", .invalidNumber), ("-inf", .invalidNumber), ("infinity", .invalidNumber),
    ("Infinity", .invalidNumber), ("0x1p3", .invalidNumber), ("0x10", .invalidNumber),
    ("1,5", .invalidNumber), ("1,000", .invalidNumber), ("1 000", .invalidNumber), ("1\u{A0}000", .invalidNumber),
    ("1\u{202F}000", .invalidNumber), ("1_000", .invalidNumber), ("--1", .invalidNumber), ("+-1", .invalidNumber),
    ("-+1", .invalidNumber), ("++1", .invalidNumber), ("\u{2212}\u{2212}1", .invalidNumber), ("-\u{2212}1", .invalidNumber),
    ("- 1", .invalidNumber), (".", .invalidNumber), ("-.", .invalidNumber), ("+", .invalidNumber),
    ("-", .invalidNumber), ("\u{2212}", .invalidNumber), ("e5", .invalidNumber), (".e5", .invalidNumber),
    ("-e5", .invalidNumber), ("1e", .invalidNumber), ("1E", .invalidNumber), ("1e+", .invalidNumber),
    ("1e-", .invalidNumber), ("1e1.5", .invalidNumber), ("1ee5", .invalidNumber), ("1e5e5", .invalidNumber),
    ("1e--5", .invalidNumber), ("1e\u{2212}5", .invalidNumber), ("1e 5", .invalidNumber), ("1.5f", .invalidNumber),
    ("1d", .invalidNumber), ("12abc", .invalidNumber), ("1-", .invalidNumber), ("1+", .invalidNumber),
    ("(1)", .invalidNumber), ("1%", .invalidNumber), ("$1", .invalidNumber), ("\u{0661}\u{0662}", .invalidNumber),
    ("\u{FEFF}1", .invalidNumber), ("1\u{2009}0", .invalidNumber), ("1\n", .invalidNumber), ("\r1", .invalidNumber),
    ("1\u{0}", .invalidNumber), ("١", .invalidNumber), ("1.5.x", .multipleDecimal),
    ("1.2.3", .multipleDecimal), ("1..2", .multipleDecimal), ("..", .multipleDecimal), ("1.2.", .multipleDecimal),
    ("-.1.", .multipleDecimal), (" 1.234.567 ", .multipleDecimal),
    ("1e400", .overflow), ("-1e400", .overflow), ("1.7976931348623159e308", .overflow),
    ("\u{2212}1.7976931348623159e308", .overflow), ("1e999999999999999999", .overflow),
    ("1" + String(repeating: "0", count: 309), .overflow),
    ("1e18446744073709551617", .overflow), ("1.5e36893488147419103233", .overflow), ("0.0001e313", .overflow),
])
func rejectsInvalidNumbers(text: String, expected: NumberError) {
    #expect(parse(text) == .failure(expected), "\(text)")
}

@Test(arguments: [
    [0xC2], [0xC2, 0x31], [0x31, 0xC2], [0x31, 0xA0], [0xE2, 0x80], [0x31, 0xE2, 0x80],
    [0x80, 0xAF, 0x31], [0xE2, 0x88, 0x31], [0x31, 0x80, 0xAF], [0x31, 0x31, 0x80, 0xAF],
    [0x31, 0xE2, 0x81, 0xAF], [0xE2, 0x81, 0xAF, 0x31], [0xE3, 0x80, 0xAF, 0x31], [0x31, 0xE3, 0x80, 0xAF],
    [0xC3, 0xA0, 0x31], [0x31, 0xC3, 0xA0], [0x31, 0xA0], [0xA0, 0x31], [0x31, 0x31, 0xA0],
    [0xE2, 0x89, 0x92, 0x31], [0xE3, 0x88, 0x92, 0x31], [0xE2, 0x88, 0x93, 0x31], [0xE2, 0x88], [0x31, 0xFF], [0xC2, 0xA1, 0x31],
] as [[UInt8]])
func rejectsStrayBytes(bytes: [UInt8]) {
    #expect(parse(bytes: bytes) == .failure(.invalidNumber), "\(bytes)")
}

@Test(arguments: [("12345", 3, 123.0), ("1.5e10", 5, 15.0), ("-40.5", 4, -40.0), ("7 8", 1, 7.0)])
func readsOnlyTheFieldBytes(buffer: String, count: Int, expected: Double) {
    let bytes = Array(buffer.utf8)
    let result = bytes.withUnsafeBytes { NumberParser().parse(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    #expect(result == .number(expected))
}

@Test func unterminatedExponentInsideALargerBufferIsInvalid() {
    let bytes = Array("1.5e10".utf8)
    let result = bytes.withUnsafeBytes { NumberParser().parse(UnsafeRawBufferPointer(rebasing: $0[0..<4])) }
    #expect(result == .failure(.invalidNumber))
}

@Test func stringAndByteEntryPointsAgree() {
    for text in ["12941.488123", " -7 ", "", "1.2.3", "1e400", "\u{2212}0"] {
        #expect(sameBits(parse(text), parse(bytes: Array(text.utf8))), "\(text)")
    }
}

@Test func parsesFromAnEmptyBufferWithoutBaseAddress() {
    #expect(NumberParser().parse(UnsafeRawBufferPointer(start: nil, count: 0)) == .empty)
}

@Test func cConventionsUseAPeriodAndNoGrouping() {
    #expect(NumberConventions.c.decimalSeparator == ".")
    #expect(NumberConventions.c.grouping == nil)
    #expect(NumberParser().conventions == .c)
}

// MARK: - Tables behind the fast path

@Test func powerOfTenTablesAreExact() {
    #expect(NumberParser.powersOfTen.count == NumberParser.maxExactPowerOfTen + 1)
    var power: UInt64 = 1
    for exponent in 0...NumberParser.maxExactPowerOfTen {
        // 10^k = 5^k · 2^k, and 5^k < 2^53 for k ≤ 22, so this construction is exact.
        let fives = (0..<exponent).reduce(UInt64(1)) { product, _ in product * 5 }
        #expect(fives < 1 << 53)
        let exact = Double(sign: .plus, exponent: exponent, significand: Double(fives))
        #expect(NumberParser.powersOfTen[exponent] == exact, "10^\(exponent)")
        if exponent <= NumberParser.maxMantissaShift {
            #expect(NumberParser.integerPowersOfTen[exponent] == power, "10^\(exponent)")
            power *= 10
        }
    }
    #expect(NumberParser.integerPowersOfTen.count == NumberParser.maxMantissaShift + 1)
    // Every mantissa ≥ 1 shifted by one more digit would exceed 2^53.
    #expect(NumberParser.integerPowersOfTen[NumberParser.maxMantissaShift] * 10 > NumberParser.maxExactMantissa)
}

// MARK: - Correct rounding against strtod

/// Builds a random decimal string: sign, 1–40 digits with a random point, random exponent.
private func randomDecimal(_ random: inout SplitMix64) -> String {
    var text = ""
    switch random.next(4) {
    case 0: text += "-"
    case 1: text += "+"
    default: break
    }
    // Half the cases stay inside or near the fast path, half range over everything.
    let isFastShaped = random.next(2) == 0
    let digitCount = isFastShaped ? random.next(in: 1...19) : random.next(in: 1...40)
    let pointPosition = random.next(3) == 0 ? -1 : random.next(in: 0...digitCount)
    for position in 0..<digitCount {
        if position == pointPosition { text += "." }
        // Leading zeros and runs of 0/9 make halfway-like and long-zero cases more frequent.
        let digit: Int
        switch random.next(8) {
        case 0: digit = 0
        case 1: digit = 9
        default: digit = random.next(10)
        }
        text += String(digit)
    }
    if pointPosition == digitCount { text += "." }
    if random.next(4) != 0 {
        text += random.next(2) == 0 ? "e" : "E"
        let exponent = isFastShaped ? random.next(in: -30...45) : random.next(in: -350...350)
        if exponent >= 0, random.next(2) == 0 { text += "+" }
        text += String(exponent)
    }
    return text
}

@Test func randomDecimalsRoundLikeStrtod() {
    var random = SplitMix64(state: 0x5EED_0001)
    let count = isLongRun ? 5_000_000 : 200_000
    var mismatches = 0
    for _ in 0..<count {
        let text = randomDecimal(&random)
        let expected = strtodOracle(text)
        let actual = parse(text)
        if !sameBits(actual, expected) {
            mismatches += 1
            if mismatches <= 20 { Issue.record("\(text): got \(actual), strtod \(expected)") }
        }
    }
    #expect(mismatches == 0)
}

@Test func randomDoublesRoundTripThroughTheirShortestAndLongDigits() {
    var random = SplitMix64(state: 0x5EED_0002)
    let count = isLongRun ? 2_000_000 : 50_000
    for _ in 0..<count {
        let value = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF)
        guard value.isFinite else { continue }
        let shortest = "\(value)"
        #expect(sameBits(parse(shortest), .number(value)), "\(shortest)")
        let long = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String in
            _ = withVaList([value]) { vsnprintf(buffer.baseAddress, 64, "%.25e", $0) }
            return String(cString: buffer.baseAddress.unsafelyUnwrapped)
        }
        #expect(sameBits(parse(long), strtodOracle(long)), "\(long)")
    }
}

/// Strings over the grammar's own alphabet: the parser accepts exactly what strtod consumes whole.
@Test func randomGrammarStringsMatchStrtodAcceptance() {
    let alphabet = Array("0123456789.eE+-")
    var random = SplitMix64(state: 0x5EED_0003)
    let count = isLongRun ? 2_000_000 : 100_000
    for _ in 0..<count {
        let text = String((0..<random.next(in: 1...8)).map { _ in alphabet[random.next(alphabet.count)] })
        let expected = strtodOracle(text)
        let actual = parse(text)
        if case .number = expected {
            #expect(sameBits(actual, expected), "\(text)")
        } else if case .failure(.overflow) = expected {
            #expect(actual == expected, "\(text)")
        } else {
            #expect(actual == .failure(.invalidNumber) || actual == .failure(.multipleDecimal), "\(text)")
        }
    }
}

// MARK: - Halfway points with many digits

/// An unsigned integer in base 10^9 limbs (least significant first), just enough to write
/// the exact decimal value of `m · 2^k`.
private struct DecimalInteger {
    var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % 1_000_000_000)
            rest /= 1_000_000_000
        } while rest > 0
    }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % 1_000_000_000
            carry = product / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }

    var digits: [UInt8] {
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text.utf8.map { $0 - UInt8(ascii: "0") }
    }
}

/// The exact decimal digits of `m · 2^k` as `(digits, exponent)`, meaning `digits · 10^exponent`.
private func exactDecimal(_ m: UInt64, timesPowerOfTwo k: Int) -> (digits: [UInt8], exponent: Int) {
    var number = DecimalInteger(m)
    // m · 2^k = m · 5^-k · 10^k when k < 0.
    for _ in 0..<abs(k) { number.multiply(by: k < 0 ? 5 : 2) }
    return (number.digits, min(k, 0))
}

/// Writes `digits · 10^exponent` in scientific notation, `d.ddd…e±x`.
private func scientific(_ digits: [UInt8], exponent: Int) -> String {
    var text = String(digits[0])
    if digits.count > 1 { text += "." + digits.dropFirst().map(String.init).joined() }
    return text + "e" + String(exponent + digits.count - 1)
}

/// A positive finite double and its neighbour above, and the three decimal strings at,
/// just above and just below the exact midpoint between them (about 800 digits each).
private func halfwayCases(below value: Double) -> [(text: String, expected: NumberParseResult)] {
    let significand: UInt64
    let binaryExponent: Int
    if value == 0 || value.isSubnormal {
        significand = value.significandBitPattern
        binaryExponent = -1074
    } else {
        significand = value.significandBitPattern | 1 << 52
        binaryExponent = Int(value.exponentBitPattern) - 1075
    }
    let lower = NumberParseResult.number(value)
    let upper = value == .greatestFiniteMagnitude ? NumberParseResult.failure(.overflow) : .number(value.nextUp)
    let tie = significand % 2 == 0 ? lower : upper
    let (digits, exponent) = exactDecimal(2 * significand + 1, timesPowerOfTwo: binaryExponent - 1)
    let padding = max(1, 800 - digits.count)

    let above = digits + [UInt8](repeating: 0, count: padding - 1) + [1]
    var below = digits
    var index = below.count - 1
    while below[index] == 0 {
        below[index] = 9
        index -= 1
    }
    below[index] -= 1
    below += [UInt8](repeating: 9, count: padding)
    return [
        (scientific(digits, exponent: exponent), tie),
        (scientific(above, exponent: exponent - padding), upper),
        (scientific(below, exponent: exponent - padding), lower),
    ]
}

private let halfwayAnchors: [Double] = [
    0, .leastNonzeroMagnitude, 0x1p-1073, 0x1.8p-1070, Double.leastNormalMagnitude.nextDown,
    .leastNormalMagnitude, 1e-300, 0.1, 0.3, 1, 1.5, 2, 10, 12941.488123, 0x1p53, 0x1p53 + 2,
    1e22, 1e23, 0x1.fffffffffffffp100, 1e300, Double.greatestFiniteMagnitude.nextDown, .greatestFiniteMagnitude,
]

@Test(arguments: halfwayAnchors)
func longDigitStringsAroundHalfwayPointsRoundToNearestEven(value: Double) {
    for (text, expected) in halfwayCases(below: value) {
        #expect(sameBits(parse(text), expected), "\(value): \(text.prefix(40))… (\(text.utf8.count) bytes)")
        #expect(sameBits(parse("-" + text), negated(expected)))
        #expect(sameBits(parse(text), strtodOracle(text)))
    }
}

@Test func randomHalfwayPointsRoundToNearestEven() {
    var random = SplitMix64(state: 0x5EED_0004)
    let count = isLongRun ? 20_000 : 300
    for _ in 0..<count {
        let value = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF)
        guard value.isFinite else { continue }
        for (text, expected) in halfwayCases(below: value) {
            #expect(sameBits(parse(text), expected), "\(value): \(text.prefix(40))…")
        }
    }
}

private func negated(_ result: NumberParseResult) -> NumberParseResult {
    if case .number(let value) = result { return .number(-value) }
    return result
}

@Test func halfwayConstructionMatchesKnownMidpoints() {
    // Guards the test helper itself: the midpoint above 2^53 is 2^53 + 1.
    #expect(halfwayCases(below: 0x1p53)[0].text == "9.007199254740993e15")
    // …and the midpoint above zero is 2^-1075, whose 751 significant digits start 2.4703282292062327208…
    let tiny = halfwayCases(below: 0)[0].text
    #expect(tiny.hasPrefix("2.4703282292062327208"))
    #expect(tiny.hasSuffix("e-324"))
}
