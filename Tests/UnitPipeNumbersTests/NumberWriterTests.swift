import Foundation
import Testing
import TestSupport
@testable import UnitPipeNumbers

// Oracles: `Double.description` for the digits of the shortest form, `Double(String)` for the
// round trip, and glibc `vsnprintf("%.*f")` for fixed output. Set UNITPIPE_LONG_TESTS=1 for
// millions of random values instead of hundreds of thousands.

extension SplitMix64 {
    /// A finite `Double` with uniformly random bits.
    mutating func nextBitPattern() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isFinite { return value }
        }
    }

    /// A "human" decimal such as 12.345678 or -0.0042: up to 9 digits, a random point position.
    mutating func nextHumanDecimal() -> Double {
        let digits = Int64(next() % 1_000_000_000) >> Int64(next() % 28)
        let scale = Int(next() % 24) - 12
        let text = "\(next() & 1 == 0 ? "" : "-")\(digits)e\(scale)"
        return Double(text) ?? 0
    }
}

/// The significant digits (no leading/trailing zeros) and the exponent of the first one.
private struct SignificantDigits: Equatable, CustomStringConvertible {
    var digits: String
    var exponent: Int

    /// Parses any of the layouts `description` and `writeShortest` use: 5000.0, 0.001, 1.5e-07.
    init(_ text: String) {
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: "e", omittingEmptySubsequences: false)
        let scale = parts.count > 1 ? Int(parts[1]) ?? Int.min : 0
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(mantissa[0])
        let fraction = mantissa.count > 1 ? String(mantissa[1]) : ""
        var all = Substring(integer + fraction)
        var exponent = integer.count - 1 + scale
        while all.first == "0" {
            all = all.dropFirst()
            exponent -= 1
        }
        while all.last == "0" { all = all.dropLast() }
        if all.isEmpty {
            self.digits = "0"
            self.exponent = 0
        } else {
            self.digits = String(all)
            self.exponent = exponent
        }
    }

    var description: String { "\(digits)×10^\(exponent)" }
}

/// glibc's `%.*f`, with "-0.00" normalized to "0.00" as DESIGN §3 asks.
private func cFixed(_ value: Double, decimals: Int) -> String {
    var bytes = [CChar](repeating: 0, count: 512)
    let count = withVaList([Int32(decimals), value]) { arguments in
        bytes.withUnsafeMutableBufferPointer { buffer in
            vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
        }
    }
    var text = String(decoding: bytes[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
        text.removeFirst()
    }
    return text
}

/// Checks `shortest(value)` against the round trip and against `value.description`'s digits.
private func checkShortestAgainstOracle(_ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = NumberWriter.shortest(value)
    let expectedBits = value == 0 ? 0 : value.bitPattern
    #expect(Double(text)?.bitPattern == expectedBits, "\(text) does not read back as \(value.bitPattern)", sourceLocation: sourceLocation)
    #expect(SignificantDigits(text) == SignificantDigits(value.description),
            "\(text) vs description \(value.description)", sourceLocation: sourceLocation)
}

// MARK: - Shortest: exact layout

/// Value and exact expected shortest output.
private let shortestCases: [(Double, String)] = [
    // Zero, signs, integers, no trailing ".0".
    (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-1.0, "-1"), (10.0, "10"), (100.0, "100"),
    (5000.0, "5000"), (-5000.0, "-5000"), (0.5, "0.5"), (12.25, "12.25"), (-12.25, "-12.25"),
    (0.1, "0.1"), (0.3, "0.3"), (0.1 + 0.2, "0.30000000000000004"), (123.456, "123.456"),
    (8.041208, "8.041208"), (55.4, "55.4"), (12345.678901, "12345.678901"),
    (1.0000000000000002, "1.0000000000000002"), (4.35, "4.35"),
    // Lower plain boundary at 1e-6.
    (1e-6, "0.000001"), (-1e-6, "-0.000001"), (0.000001234, "0.000001234"),
    (1.2345678901234567e-6, "0.0000012345678901234567"),
    (-1.2345678901234567e-6, "-0.0000012345678901234567"),
    (9.999999999999999e-07, "0.000001"),  // that literal is 1e-6 itself
    ((1e-6).nextDown, "9.999999999999997e-07"), (1e-7, "1e-07"), (1.5e-07, "1.5e-07"),
    (0.00001, "0.00001"), (0.0001, "0.0001"),
    // Upper plain boundary at 1e16.
    (9999999999999998.0, "9999999999999998"), (-9999999999999998.0, "-9999999999999998"),
    (1e15, "1000000000000000"), (123456789012345.6, "123456789012345.6"),
    (1e15 + 0.25, "1000000000000000.2"), (9007199254740992.0, "9007199254740992"),
    (9007199254740991.0, "9007199254740991"), (1e16, "1e+16"), (-1e16, "-1e+16"),
    (1.2345e16, "1.2345e+16"), (2.5e20, "2.5e+20"), (9.223372036854776e18, "9.223372036854776e+18"),
    (1e22, "1e+22"), (1e23, "1e+23"), (1e100, "1e+100"), (1e-100, "1e-100"), (-1e-100, "-1e-100"),
    // Extremes and subnormals.
    (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    (-Double.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
    (Double.leastNormalMagnitude, "2.2250738585072014e-308"),
    (Double.leastNormalMagnitude.nextDown, "2.225073858507201e-308"),
    (Double.leastNonzeroMagnitude, "5e-324"), (-Double.leastNonzeroMagnitude, "-5e-324"),
    (2 * Double.leastNonzeroMagnitude, "1e-323"), (3 * Double.leastNonzeroMagnitude, "1.5e-323"),
    (0x1p-1030, "8.691694759794e-311"), (1e308, "1e+308"),
    // Not finite: should never reach the writer, but it is total.
    (Double.nan, "nan"), (-Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
]

@Test(arguments: shortestCases)
func shortestLayout(value: Double, expected: String) {
    #expect(NumberWriter.shortest(value) == expected)
}

@Test func shortestPowersOfTen() {
    for exponent in -323...308 {
        guard let value = Double("1e\(exponent)") else {
            Issue.record("1e\(exponent) does not parse")
            continue
        }
        let expected: String
        switch exponent {
        case ..<(-6): expected = "1e-\(String(-exponent).count < 2 ? "0" : "")\(-exponent)"
        case -6 ..< 0: expected = "0." + String(repeating: "0", count: -exponent - 1) + "1"
        case 0 ..< 16: expected = "1" + String(repeating: "0", count: exponent)
        default: expected = "1e+\(exponent)"
        }
        #expect(NumberWriter.shortest(value) == expected)
        #expect(NumberWriter.shortest(-value) == "-" + expected)
        checkShortestAgainstOracle(value.nextUp)
        checkShortestAgainstOracle(value.nextDown)
    }
}

@Test func shortestStaysWithinTheBufferAndReportsItsLength() {
    // Word stores may reach past the returned length, never past maxShortestLength.
    let capacity = NumberWriter.maxShortestLength + 8
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: 0xAA, count: capacity)
    var rng = SplitMix64(state: 7)
    var longest = 0
    for round in 0..<30_000 {
        let magnitude = switch round % 3 {
        case 0: rng.nextBitPattern().magnitude
        case 1: rng.nextHumanDecimal().magnitude
        default: Double(rng.next() >> 11) * 0x1p-53 * [1e-6, 1e-3, 1, 1e7, 1e15][Int(rng.next() % 5)]
        }
        let value = -magnitude  // a sign makes every output one byte longer
        let count = NumberWriter.writeShortest(value, into: buffer)
        longest = max(longest, count)
        #expect(count == NumberWriter.shortest(value).utf8.count)
        #expect(buffer[NumberWriter.maxShortestLength] == 0xAA, "overrun writing \(value)")
    }
    #expect(NumberWriter.writeShortest(-1.2345678901234567e-6, into: buffer) == 25)
    #expect(NumberWriter.writeShortest(-1234567.8901234567, into: buffer) == 19)
    #expect(buffer[NumberWriter.maxShortestLength] == 0xAA)
    #expect(longest <= 25)
}

@Test(arguments: [0, 1, 9, 10, 99, 100, 1234, 10_000, 12_345_678, 50_000_000, 90_000_001, 99_999_999] as [UInt32])
func digitBytesSpellEightDigits(value: UInt32) {
    let word = NumberWriter.digitBytes(value) | NumberWriter.asciiZeros
    let text = withUnsafeBytes(of: word.littleEndian) { String(decoding: $0, as: UTF8.self) }
    let plain = String(value)
    #expect(text == String(repeating: "0", count: 8 - plain.count) + plain)
}

@Test func digitBytesMatchDivisionOnRandomValues() {
    var rng = SplitMix64(state: 99)
    // Random values, then both ends of every run of values with the same first four digits:
    // the quotient by 10^4 is a multiply-and-shift that is monotone in the value, so it is
    // right on a whole run when it is right on both ends.
    var values: [UInt32] = (0..<20_000).map { _ in UInt32(rng.next() % 100_000_000) }
    for run in 0..<UInt32(10_000) {
        values.append(run * 10_000)
        values.append(run * 10_000 + 9_999)
    }
    for value in values {
        var expected: UInt64 = 0
        var rest = value
        for index in (0..<8).reversed() {
            expected |= UInt64(rest % 10) << (8 * index)
            rest /= 10
        }
        #expect(NumberWriter.digitBytes(value) == expected)
    }
}

// MARK: - Shortest: against the oracle

/// Random bit patterns and random human decimals; eight parallel slices with their own seeds.
@Test(arguments: 0..<8)
func shortestMatchesDescriptionOnRandomValues(slice: Int) {
    var rng = SplitMix64(state: 0x5EED_0000 + UInt64(slice))
    let perKind = isLongRun ? 400_000 : 12_500  // × 3 kinds × 8 slices
    for _ in 0..<perKind {
        checkShortestAgainstOracle(rng.nextBitPattern())
        checkShortestAgainstOracle(rng.nextHumanDecimal())
        // Doubles with few significant bits stress the "closest of several" choice and integers.
        let sparse = Double(sign: .plus, exponent: Int(rng.next() % 2098) - 1074,
                            significand: 1 + Double(rng.next() % 1024) / 1024)
        checkShortestAgainstOracle(sparse)
    }
}

@Test func shortestMatchesDescriptionOnSubnormalsAndPowersOfTwo() {
    // Every subnormal up to 2^14 ulps, where the interval holds few integers.
    for ulps in 1...16_384 {
        checkShortestAgainstOracle(Double(bitPattern: UInt64(ulps)))
    }
    // Every power of two (the asymmetric interval) and its neighbours.
    for exponentField in 1...2046 {
        let power = Double(bitPattern: UInt64(exponentField) << 52)
        checkShortestAgainstOracle(power)
        checkShortestAgainstOracle(power.nextUp)
        checkShortestAgainstOracle(power.nextDown)
    }
}

// MARK: - Shortest: edges of the fast paths against a reference layout

/// The DESIGN §3 layout built from `Double.description`'s digits: an oracle for the whole output
/// of `shortest`, not only its digits.
private func referenceShortest(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == 0 { return "0" }
    let parsed = SignificantDigits(value.description)
    let digits = parsed.digits
    let point = parsed.exponent
    let sign = value < 0 ? "-" : ""
    if point >= -6 && point < 16 {
        if point < 0 { return sign + "0." + String(repeating: "0", count: -point - 1) + digits }
        if digits.count <= point + 1 { return sign + digits + String(repeating: "0", count: point + 1 - digits.count) }
        return sign + digits.prefix(point + 1) + "." + digits.dropFirst(point + 1)
    }
    let mantissa = digits.count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
    let magnitude = abs(point)
    return sign + mantissa + "e" + (point < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + String(magnitude)
}

/// Checks `shortest` against ``referenceShortest(_:)`` for `value`, its negation and `steps` neighbours each way.
private func checkShortestAgainstReference(_ value: Double, steps: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
    var below = value
    var above = value
    var values = [value]
    for _ in 0..<steps {
        below = below.nextDown
        above = above.nextUp
        values += [below, above]
    }
    for candidate in values where candidate.isFinite {
        for signed in [candidate, -candidate] {
            let text = NumberWriter.shortest(signed)
            let expected = referenceShortest(signed)
            #expect(text == expected, "\(signed.bitPattern)", sourceLocation: sourceLocation)
        }
    }
}

@Test func shortestMatchesReferenceAtPowersOfTenIntegerLimitsAndExtremes() {
    for exponent in -8...18 {
        guard let power = Double("1e\(exponent)") else { continue }
        checkShortestAgainstReference(power, steps: 4)
    }
    // Integers near 2^52, 2^53 and 2^54: the exact-integer path ends at 2^52, Schubfach's
    // fast path refuses every integer of [2^52, 2^53).
    for bits in [52, 53, 54] {
        let power = Double(sign: .plus, exponent: bits, significand: 1)
        checkShortestAgainstReference(power, steps: 80)
        for offset in -70...70 { checkShortestAgainstReference(power + Double(offset)) }
    }
    // Small integers, random integers of every size below 2^54, powers of two (the slow path).
    for integer in 0..<5_000 { checkShortestAgainstReference(Double(integer)) }
    var rng = SplitMix64(state: 0x1_2E6E)
    for _ in 0..<5_000 { checkShortestAgainstReference(Double(rng.next() >> UInt64(10 + rng.next(54)))) }
    for exponent in -80...80 {
        checkShortestAgainstReference(Double(sign: .plus, exponent: exponent, significand: 1), steps: 1)
    }
    // The plain/exponent boundaries and the widest plain numbers.
    checkShortestAgainstReference(1e16, steps: 60)
    checkShortestAgainstReference(1e15, steps: 60)
    checkShortestAgainstReference(1e-6, steps: 60)
    checkShortestAgainstReference(9_999_999_999_999_998, steps: 8)
    checkShortestAgainstReference(123_456_789_012_345.67, steps: 8)
    checkShortestAgainstReference(0.000_001_234_567_890_123_456_7, steps: 8)
    // Zero, the extremes and the subnormals at both ends.
    checkShortestAgainstReference(0)
    checkShortestAgainstReference(Double.greatestFiniteMagnitude, steps: 8)
    checkShortestAgainstReference(Double.leastNormalMagnitude, steps: 2_000)
    checkShortestAgainstReference(Double.leastNonzeroMagnitude, steps: 2_000)
    #expect(NumberWriter.shortest(-0.0) == "0")
}

/// Every digit count at every decimal point position of the plain range and just outside it.
@Test(arguments: 1...17)
func shortestMatchesReferenceForEveryDigitCountAndPoint(count: Int) {
    var rng = SplitMix64(state: 0xD161_7500 + UInt64(count))
    for point in -8...17 {
        for round in 0..<60 {
            // A nonzero first digit; the last digit nonzero half the time, 0 or 9 in runs the rest.
            var digits = String(1 + rng.next(9))
            for index in 1..<count {
                let digit = round % 4 == 1 ? 9 : round % 4 == 2 && index > count / 2 ? 0 : rng.next(10)
                digits += String(digit)
            }
            let mantissa = digits.count > 1 ? digits.prefix(1) + "." + digits.dropFirst() : digits
            guard let value = Double("\(mantissa)e\(point)") else {
                Issue.record("\(mantissa)e\(point) does not parse")
                continue
            }
            checkShortestAgainstReference(value, steps: round % 8 == 0 ? 1 : 0)
        }
    }
}

@Test func fastSchubfachDecidesLikeTheFullAlgorithm() {
    let tables = NumberWriter.tables
    var fastCount = 0
    var total = 0
    func check(_ c: UInt64, _ q: Int) {
        guard c > 1 << 52 && c < 1 << 53 else { return }
        total += 1
        guard let fast = NumberWriter.fastSchubfach(biasedExponent: q + 1075, significand: c, tables: tables) else { return }
        fastCount += 1
        let full = NumberWriter.padded(NumberWriter.schubfach(significand: c, exponent: q, tables: tables),
                                       powersOfTen: tables.powersOfTen)
        #expect(fast == full, "c = \(c), q = \(q)")
    }
    var rng = SplitMix64(state: 0xFA57)
    for _ in 0..<200_000 {
        check((1 << 52) | rng.next() >> 12, rng.next(in: -1074...971))
    }
    // Subnormals (exponent field 0) are always refused.
    for _ in 0..<1_000 {
        #expect(NumberWriter.fastSchubfach(biasedExponent: 0, significand: (1 << 52) | rng.next() >> 12, tables: tables) == nil)
    }
    // The fast path refuses few random values: mostly those with -3 ≤ q ≤ 3, where 4·v/10^k
    // is always an integer (about 0.4% of exponents), and a share of the next few exponents.
    #expect(fastCount * 100 > total * 99, "\(fastCount) of \(total)")
    // Products at or next to an integer: 4·v/10^k and the bounds are integers when 5^k divides
    // c's scaled neighbours (q > 0) or when -q is small; every exponent, many significands.
    for q in -64...200 {
        let k = NumberWriter.floorLog10Pow2(q)
        var step: UInt64 = 1
        for _ in 0..<max(0, min(k, 22)) { step *= 5 }
        for _ in 0..<40 {
            let base = ((1 << 52) + rng.next() >> 12 % (1 << 52)) / step * step
            for delta in [0, 1, 2, 3] as [UInt64] {
                check(base &+ delta, q)
                check(base &- delta, q)
                check(base / 2 &* 2 &+ delta, q)
            }
        }
    }
}

/// Significands whose 4·v/10^k or bound (2c ∓ 1)·2^q/10^k has a fraction of chosen size, most
/// around the 2^-32 margin of the fast path: for -74 ≤ q ≤ -4 these are c·5^e/2^n and
/// (2c ∓ 1)·5^e/2^(n+1) (e = -k), so solving a congruence modulo 2^n picks the fraction.
@Test func fastSchubfachDecidesLikeTheFullAlgorithmNearItsMargin() {
    let tables = NumberWriter.tables
    var rng = SplitMix64(state: 0x3A26_1400)
    var checked = 0
    for q in -74 ... -4 {
        let e = -NumberWriter.floorLog10Pow2(q)
        let n = -(q + e + 2)
        guard n > 0 else { continue }
        var power: UInt64 = 1
        for _ in 0..<e { power &*= 5 }
        var inverse: UInt64 = 1  // power · inverse ≡ 1 (mod 2^64), by Newton's iteration
        for _ in 0..<6 { inverse &*= 2 &- power &* inverse }
        let modulus: UInt64 = 1 << UInt64(n)
        var residues: [Int64] = [1, 2, 3, 5]
        for j in max(0, n - 36)...max(0, n - 28) {
            residues += [Int64(1) << Int64(j) - 1, Int64(1) << Int64(j), Int64(1) << Int64(j) + 1]
        }
        for residue in residues.flatMap({ [$0, -$0] }) {
            let target = UInt64(bitPattern: residue) &* inverse
            // c·5^e ≡ r, 2c − 1 ≡ r/5^e, 2c + 1 ≡ r/5^e (mod 2^n or 2^(n+1)).
            for c0 in [target, (target &+ 1) >> 1, (target &- 1) >> 1] {
                let base = (1 << 52) + rng.next() >> 12 % (1 << 52)
                let c = base - base % modulus + c0 % modulus
                guard c > 1 << 52 && c < 1 << 53 else { continue }
                checked += 1
                let full = NumberWriter.padded(NumberWriter.schubfach(significand: c, exponent: q, tables: tables),
                                               powersOfTen: tables.powersOfTen)
                if let fast = NumberWriter.fastSchubfach(biasedExponent: q + 1075, significand: c, tables: tables) {
                    #expect(fast == full, "c = \(c), q = \(q), residue \(residue)")
                }
            }
        }
    }
    #expect(checked > 5_000)
}

@Test func exponentEntriesHoldTheTermsOfTheirExponent() {
    let tables = NumberWriter.tables
    for biasedExponent in 1...2046 {
        let q = biasedExponent - 1075
        let k = NumberWriter.floorLog10Pow2(q)
        let h = q + NumberWriter.floorLog2Pow10(-k) + 2
        // The fast path shifts c by h + 2 and needs x = 4c·2^h below 2^60.
        #expect((2...5).contains(h), "q = \(q): h = \(h)")
        let index = 2 * (NumberWriter.maxDecimalExponent - k)
        let g = UInt128(tables.scaledPowersOfTen[index]) << 63 | UInt128(tables.scaledPowersOfTen[index + 1])
        let halfUlp = g >> UInt128(62 - h)
        let entry = tables.exponentEntries + 4 * biasedExponent
        #expect(UInt128(entry[0]) << 63 | UInt128(entry[1]) == g)
        #expect(UInt128(entry[3] & 0xFF) << 64 | UInt128(entry[2]) == halfUlp)
        #expect(halfUlp >> 64 < 0x100)
        #expect(entry[3] >> 8 & 0xFF == UInt64(h + 2))
        #expect(Int(Int64(bitPattern: entry[3]) >> 24) == k + 15)
        #expect(entry[3] >> 16 & 0xFF == 0)
    }
}

// MARK: - Fixed: exact layout and rounding

/// Value, decimals and exact expected fixed output.
private let fixedCases: [(Double, Int, String)] = [
    (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.5, 0, "2"), (3.5, 0, "4"), (0.5, 0, "0"),
    (1.5, 0, "2"), (-1.5, 0, "-2"), (-2.5, 0, "-2"), (-0.5, 0, "0"), (-0.0, 2, "0.00"),
    (-0.0, 0, "0"), (0.0, 0, "0"), (0.0, 3, "0.000"), (-0.001, 2, "0.00"), (-0.004, 2, "0.00"),
    (-0.005, 2, "-0.01"), (0.1, 20, "0.10000000000000000555"), (0.1, 1, "0.1"), (0.1, 0, "0"),
    (1.005, 2, "1.00"), (2.675, 2, "2.67"), (9.995, 2, "9.99"), (123.456, 0, "123"),
    (123.456, 5, "123.45600"), (-123.456, 2, "-123.46"), (5000, 2, "5000.00"),
    (1e-20, 20, "0.00000000000000000001"), (Double.leastNonzeroMagnitude, 20, "0.00000000000000000000"),
    (-Double.leastNonzeroMagnitude, 3, "0.000"), (0.95, 1, "0.9"), (0.96, 1, "1.0"), (99.5, 0, "100"),
    (1e22, 2, "10000000000000000000000.00"), (1e23, 0, "99999999999999991611392"),
    (0x1p70, 1, "1180591620717411303424.0"),
    (0x1p127, 0, "170141183460469231731687303715884105728"),
    (0x1p128, 2, "340282366920938463463374607431768211456.00"),
    (-0x1p128, 0, "-340282366920938463463374607431768211456"),
    (Double.greatestFiniteMagnitude, 0,
     "17976931348623157081452742373170435679807056752584499659891747680315726078002853876058955"
     + "86327668781715404589535143824642343213268894641827684675467035375169860499105765512820762"
     + "45490090389328944075868508455133942304583236903222948165808559332123348274797826204144723"
     + "168738177180919299881250404026184124858368"),
    (Double.nan, 2, "nan"), (Double.infinity, 2, "inf"), (-Double.infinity, 0, "-inf"),
]

@Test(arguments: fixedCases)
func fixedLayout(value: Double, decimals: Int, expected: String) {
    #expect(NumberWriter.fixed(value, decimals: decimals) == expected)
}

@Test func fixedLongestOutputFitsTheBound() {
    for decimals in 0...20 {
        let text = NumberWriter.fixed(-Double.greatestFiniteMagnitude, decimals: decimals) ?? ""
        #expect(text.utf8.count == NumberWriter.maxFixedLength(decimals: decimals) - (decimals == 0 ? 1 : 0))
    }
}

// MARK: - Fixed: against glibc

/// Random bit patterns (every magnitude, both paths) and human decimals with random `decimals`.
@Test(arguments: 0..<4)
func fixedMatchesSnprintfOnRandomValues(slice: Int) {
    var rng = SplitMix64(state: 0xF1DE_0000 + UInt64(slice))
    let count = (isLongRun ? 1_000_000 : 12_000) / 4
    for _ in 0..<count {
        let decimals = Int(rng.next() % 21)
        let humanValue = rng.nextHumanDecimal()
        #expect(NumberWriter.fixed(humanValue, decimals: decimals) == cFixed(humanValue, decimals: decimals))
        // Bit patterns scaled toward the interesting range, and some raw ones.
        var value = rng.nextBitPattern()
        if rng.next() % 4 != 0 {
            value = Double(sign: value.sign, exponent: Int(rng.next() % 200) - 100, significand: 1 + Double(rng.next() >> 12) * 0x1p-52)
        }
        #expect(NumberWriter.fixed(value, decimals: decimals) == cFixed(value, decimals: decimals))
    }
}

/// Exact ties: value·10^d = n + 1/2 exactly means value = odd / 2^(d+1).
@Test(arguments: 0...20)
func fixedRoundsExactTiesHalfToEven(decimals: Int) {
    var rng = SplitMix64(state: 0x7135 + UInt64(decimals))
    for _ in 0..<500 {
        let odd = (rng.next() >> UInt64(11 + rng.next() % 40)) | 1
        let value = Double(odd) / Double(sign: .plus, exponent: decimals + 1, significand: 1)
        for signed in [value, -value] {
            #expect(NumberWriter.fixed(signed, decimals: decimals) == cFixed(signed, decimals: decimals))
        }
    }
}

// MARK: - Tables

@Test func digitPairTableSpellsEveryPair() {
    let table = UnsafeBufferPointer(start: NumberWriter.tables.digitPairs, count: 200)
    for n in 0..<100 {
        let pair = String(decoding: table[2 * n ..< 2 * n + 2], as: UTF8.self)
        #expect(pair == (n < 10 ? "0\(n)" : "\(n)"))
    }
}

@Test func fastTablesAreTheTables() {
    #expect(NumberWriter.fastTables.powersOfTen == NumberWriter.tables.powersOfTen)
    #expect(NumberWriter.fastTables.exponentEntries == NumberWriter.tables.exponentEntries)
}

@Test func powersOfTenTableIsExact() {
    var power: UInt64 = 1
    for exponent in 0...19 {
        #expect(NumberWriter.tables.powersOfTen[exponent] == power)
        if exponent < 19 { power *= 10 }
    }
}

@Test func floorLogHelpersAreExactOverTheUsedRange() {
    // |q·log10(2) − k| ≥ 4e-4 for |q| ≤ 2200, far above Double's error, so Double is an oracle here.
    for q in -2200...2200 {
        #expect(NumberWriter.floorLog10Pow2(q) == Int((Double(q) * log10(2.0)).rounded(.down)))
        if q != 0 {
            #expect(NumberWriter.floorLog10ThreeQuartersPow2(q)
                    == Int((log10(0.75) + Double(q) * log10(2.0)).rounded(.down)))
        }
    }
    for e in -400...400 {
        #expect(NumberWriter.floorLog2Pow10(e) == Int((Double(e) * log2(10.0)).rounded(.down)))
    }
}

@Test func powerTableBracketsEveryPowerOfTen() {
    let entries = NumberWriter.maxDecimalExponent - NumberWriter.minDecimalExponent + 1
    #expect(NumberWriter.tables.scaledPowersOfTenCount == 2 * entries)
    // g − 1 ≤ 10^e·2^-r < g, checked by clearing denominators with big integers:
    // x ≤ 10^e·2^-r  ⟺  x·2^max(r,0)·10^max(−e,0) ≤ 10^max(e,0)·2^max(−r,0).
    func big(_ value: UInt128) -> NumberWriter.BigUInt {
        var result = NumberWriter.BigUInt(UInt64(truncatingIfNeeded: value >> 64))
        result.shiftLeft(by: 64)
        result.add(UInt64(truncatingIfNeeded: value))
        return result
    }
    for e in -NumberWriter.maxDecimalExponent ... -NumberWriter.minDecimalExponent {
        let index = 2 * (e + NumberWriter.maxDecimalExponent)
        let g1 = NumberWriter.tables.scaledPowersOfTen[index]
        let g0 = NumberWriter.tables.scaledPowersOfTen[index + 1]
        #expect(g0 >> 63 == 0)
        let g = UInt128(g1) << 63 | UInt128(g0)
        #expect(g >> 125 == 1, "g(\(e)) not in [2^125, 2^126)")
        let r = NumberWriter.floorLog2Pow10(e) - 125
        func left(_ x: UInt128) -> NumberWriter.BigUInt {
            var value = big(x)
            value.shiftLeft(by: max(r, 0))
            for _ in 0 ..< max(-e, 0) { value.multiply(by: 10) }
            return value
        }
        var right = NumberWriter.BigUInt(power: 10, exponent: max(e, 0))
        right.shiftLeft(by: max(-r, 0))
        #expect(left(g - 1) <= right, "g(\(e)) − 1 is above 10^e·2^-r")
        #expect(right < left(g), "g(\(e)) is not above 10^e·2^-r")
    }
}

// MARK: - Short-decimal path

/// Random decimals of 1...17 significant digits with 0...22 fraction digits (and their neighbours
/// one ulp up): whenever the short-decimal path answers, its digits are Schubfach's, and it answers
/// for the decimals of at most 15 digits in its range.
@Test func shortDecimalPathDecidesLikeTheFullAlgorithm() {
    let tables = NumberWriter.tables
    var rng = SplitMix64(state: 0x5D16_1715)
    var powers: [Double] = [1]
    for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
    var integerPowers: [UInt64] = [1]
    for _ in 1...17 { integerPowers.append(integerPowers[integerPowers.count - 1] * 10) }
    let count = isLongRun ? 100_000_000 : 3_000_000
    var answered = 0
    var fifteen = 0
    var fifteenAnswered = 0
    var failures = 0
    for round in 0..<count {
        let digits = 1 + rng.next(17)
        let low = integerPowers[digits - 1]
        var decimal = low + rng.next() % (integerPowers[digits] - low)
        if round % 3 == 0 { decimal = decimal / 10 * 10 + 1 + rng.next() % 9 }  // last digit nonzero
        let decimals = rng.next(23)
        // Double(decimal) is exact below 2^53, and one division rounds correctly: the double of the decimal.
        var value = Double(decimal) / powers[decimals]
        let isNeighbour = round % 4 == 3
        if isNeighbour { value = value.nextUp }
        guard value.isNormal else { continue }
        let bits = value.bitPattern
        let field = Int(bits >> 52)
        let fast = NumberWriter.shortDecimalDigits(value, biasedExponent: field, tables: tables)
        let isCovered = !isNeighbour && decimal < 1 << 53 && digits <= 15 && value >= 1e-7 && value < 0x1p51
        if isCovered {
            fifteen += 1
            if fast != nil { fifteenAnswered += 1 }
        }
        guard let fast else { continue }
        answered += 1
        let full = NumberWriter.padded(
            NumberWriter.schubfach(significand: (1 << 52) | bits & NumberWriter.fractionMask, exponent: field - 1075, tables: tables),
            powersOfTen: tables.powersOfTen)
        if fast.seventeen != full {
            failures += 1
            Issue.record("\(value) (bits \(String(bits, radix: 16))): short path \(fast), Schubfach \(full)")
            if failures >= 10 { break }
        }
    }
    #expect(answered * 3 > count, "\(answered) of \(count)")
    // Only D = v·10^K in [2^51, 2^52) may miss (its product can round to the wrong integer).
    #expect(fifteenAnswered * 1000 >= fifteen * 999, "\(fifteenAnswered) of \(fifteen)")
}

/// Random normal doubles with exponents where the path applies: its answers are Schubfach's.
@Test func shortDecimalPathDecidesLikeTheFullAlgorithmOnRandomBits() {
    let tables = NumberWriter.tables
    var rng = SplitMix64(state: 0xB175_5D16)
    for round in 0..<200_000 {
        let field = 1075 - 80 + rng.next(80)  // 2^-28 ≤ v < 2^53
        var fraction = rng.next() >> 12
        if round % 2 == 0 { fraction &= ~UInt64(0) << UInt64(rng.next(52)) }  // trailing zero bits: nearer to short decimals
        let value = Double(bitPattern: UInt64(field) << 52 | fraction)
        guard let fast = NumberWriter.shortDecimalDigits(value, biasedExponent: field, tables: tables) else { continue }
        let full = NumberWriter.padded(
            NumberWriter.schubfach(significand: (1 << 52) | fraction, exponent: field - 1075, tables: tables),
            powersOfTen: tables.powersOfTen)
        #expect(fast.seventeen == full, "\(value)")
    }
}

@Test func shortScalesHoldTheLargestScaleOfTheirExponent() {
    let tables = NumberWriter.tables
    var applicable = 0
    for field in 1...2046 {
        let q = field - 1075
        let entry = tables.shortScales + 2 * field
        // K: 10^K ≤ 2^(-q-1) < 10^(K+1), exactly, for K in 0...22; else both words are zero.
        var decimals = -1
        if q <= -1 && -q - 1 < 127 {
            let bound = UInt128(1) << UInt128(-q - 1)
            var power: UInt128 = 1
            decimals = 0
            while decimals <= 22 && power * 10 <= bound {
                power *= 10
                decimals += 1
            }
        }
        guard (0...22).contains(decimals) else {
            #expect(entry[0] == 0 && entry[1] == 0, "field \(field)")
            continue
        }
        applicable += 1
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        #expect(Double(bitPattern: entry[0]) == scale, "field \(field)")
        #expect(Int64(bitPattern: entry[1]) == Int64(14 - decimals), "field \(field)")
    }
    #expect(applicable == 77)  // -77 ≤ q ≤ -1
}

@Test func scaledPowersOfTenAreTheExactValues() {
    let tables = NumberWriter.tables
    for e in -NumberWriter.maxDecimalExponent ... -NumberWriter.minDecimalExponent {
        let index = 2 * (e + NumberWriter.maxDecimalExponent)
        let g = UInt128(tables.scaledPowersOfTen[index]) << 63 | UInt128(tables.scaledPowersOfTen[index + 1])
        #expect(g == NumberWriter.exactScaledPowerOfTen(e, powersOfTen: tables.powersOfTen), "e = \(e)")
    }
}
