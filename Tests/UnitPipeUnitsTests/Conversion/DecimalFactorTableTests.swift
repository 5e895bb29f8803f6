// The decimal kernel without the engine: `DecimalFactorTable` (a scanned cell's mantissa and
// exponent slot in, the nearest double or the integer of N digits out), the double-double
// `ConversionFactor` under it, and the big-integer `ExactRounding` the rare cells take. The
// oracles share no code with them: the big-integer `Reference` for shortest output, and
// 128-bit integer arithmetic (with its own tie rule) for N digits.

import Testing
import TestSupport
@testable import UnitPipeNumbers
@testable import UnitPipeUnits

/// A conversion `y = x·a/b + c/d` by its exact terms, with the catalog units that make it.
struct ExactPair: CustomStringConvertible, Sendable {
    let from: String, to: String
    let a: Int128, b: Int128, c: Int128, d: Int128

    var description: String { "\(from)->\(to)" }
    var scale: Rational { Rational(a, b) }
    var offset: Rational { Rational(c, d) }
    func matrix() throws -> FactorMatrix {
        try FactorMatrix(sources: [UnitCatalog.standard.unit(expression: from)], target: UnitCatalog.standard.unit(expression: to))
    }
}

let exactPairs = [
    ExactPair(from: "1", to: "1", a: 1, b: 1, c: 0, d: 1),
    ExactPair(from: "in", to: "cm", a: 254, b: 100, c: 0, d: 1),
    ExactPair(from: "km", to: "mi", a: 1_000_000, b: 1_609_344, c: 0, d: 1),
    ExactPair(from: "degC", to: "degF", a: 9, b: 5, c: 32, d: 1),
    ExactPair(from: "degF", to: "degC", a: 5, b: 9, c: -160, d: 9),
]

/// 10^n as an `Int128`.
private func power(_ n: Int) -> Int128 { (0..<n).reduce(1) { r, _ in r * 10 } }

/// `(±m·10^-k · a/b + c/d) · 10^n` rounded to an integer, ties by `tie` on the magnitude: the test's own rule.
private func referenceFixed(_ m: UInt64, negative: Bool, slot k: Int, _ pair: ExactPair, decimals n: Int, tie: DecimalRounding) -> Int128 {
    let numerator = (negative ? -1 : 1) * Int128(m) * pair.a * pair.d * power(n) + pair.c * pair.b * power(k + n)
    let denominator = pair.b * pair.d * power(k)
    let (q, r) = numerator.magnitude.quotientAndRemainder(dividingBy: denominator.magnitude)
    let twice = 2 * r
    let up = twice > denominator.magnitude || (twice == denominator.magnitude && (tie == .halfUp || q % 2 == 1))
    let magnitude = Int128(up ? q + 1 : q)
    return numerator < 0 ? -magnitude : magnitude
}

/// Random cells: a mantissa (small, or up to 2^53), a sign and an exponent slot.
private func cells(count: Int, seed: UInt64, maxSlot: Int = 22) -> [(m: UInt64, negative: Bool, slot: Int)] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { i in
        let m = i % 3 == 0 ? random.next() % 100_000 : random.next() % (1 << 53)
        return (m, random.next() & 1 == 1, Int(random.next() % UInt64(maxSlot + 1)))
    }
}

struct DecimalFactorTableTests {
    @Test func kernelInputIsTheSignedMantissaAndSlot() {
        func input(_ m: UInt64, _ e: Int, negative: Bool = false) -> (Double, Int32)? {
            DecimalFactorTable.kernelInput(ScannedDecimal(mantissa: m, exponent: e, isNegative: negative))
        }
        #expect(input(125, -1).map { [$0.0, Double($0.1)] } == [125, 1])
        #expect(input(3, 0, negative: true).map { [$0.0, Double($0.1)] } == [-3, 0])
        #expect(input(15, 2).map { [$0.0, Double($0.1)] } == [1500, 0])
        #expect(input(1 << 53, -22).map { [$0.0, Double($0.1)] } == [0x1p53, 22])
        #expect(input((1 << 53) + 1, 0) == nil)  // not an exact double
        #expect(input(1, -23) == nil)  // beyond the slots
        #expect(input(1 << 52, 1) == nil)  // the shifted mantissa is above 2^53
    }

    @Test(arguments: exactPairs)
    func shortestIsTheNearestDoubleOfTheExactValue(_ pair: ExactPair) throws {
        let table = DecimalFactorTable(matrix: try pair.matrix())
        // Blocks of one slot (the vectorized loop) and of mixed slots (brought to one slot first).
        for (seed, maxSlot) in [(UInt64(1), 0), (2, 3), (3, 22)] {
            let input = cells(count: 700, seed: seed, maxSlot: maxSlot)
            var values = input.map { $0.negative ? -Double($0.m) : Double($0.m) }
            let indices = input.map { Int32($0.slot) }
            values.withUnsafeMutableBufferPointer { v in
                indices.withUnsafeBufferPointer { i in _ = table.convert(v, indices: i) }
            }
            for (cell, value) in zip(input, values) {
                let x = cell.negative ? -Double(cell.m) : Double(cell.m)
                let expected = Reference.value(x, scale: Rational(pair.a, pair.b * power(cell.slot)), offset: pair.offset)
                #expect(value.bitPattern == expected.bitPattern || (value == 0 && expected == 0), "\(pair) \(x)e-\(cell.slot)")
            }
        }
    }

    @Test(arguments: exactPairs)
    func blocksOfMixedSlotsAreBroughtToOneSlotExactly(_ pair: ExactPair) throws {
        // Cells as data files hold them (0…8 fraction digits, mixed in every block), NaN rows
        // between them, over several blocks; in some blocks one product of the
        // rescale passes 2^53, and that block goes element by element from its untouched input.
        let table = DecimalFactorTable(matrix: try pair.matrix())
        var random = SplitMix64(state: 0xB10C)
        let count = 3 * FactorMatrix.blockSize + 17
        var input: [(m: UInt64, negative: Bool, slot: Int)?] = (0..<count).map { _ in
            // Below 10^7 in magnitude, so every block comes to slot 8 exactly unless told otherwise.
            let slot = random.next(9)
            return random.next(50) == 0 ? nil : (random.next() % UInt64(power(7 + slot)), random.next() & 1 == 1, slot)
        }
        input[FactorMatrix.blockSize + 5] = ((1 << 53) - 1, false, 0)  // times 10^8 from slot 0: far above 2^53
        input[FactorMatrix.blockSize + 6] = (1, true, 8)
        input[2 * FactorMatrix.blockSize + 9] = (900_719_925_474_099, false, 7)  // times 10: 2^53 − 2, still exact
        input[2 * FactorMatrix.blockSize + 10] = (3, false, 8)
        var values = input.map { cell in cell.map { $0.negative ? -Double($0.m) : Double($0.m) } ?? .nan }
        let indices = input.map { Int32($0?.slot ?? 0) }
        values.withUnsafeMutableBufferPointer { v in
            indices.withUnsafeBufferPointer { i in _ = table.convert(v, indices: i) }
        }
        for (cell, value) in zip(input, values) {
            guard let cell else {
                #expect(value.isNaN)
                continue
            }
            let x = cell.negative ? -Double(cell.m) : Double(cell.m)
            let expected = Reference.value(x, scale: Rational(pair.a, pair.b * power(cell.slot)), offset: pair.offset)
            #expect(value.bitPattern == expected.bitPattern || (value == 0 && expected == 0), "\(pair) \(x)e-\(cell.slot)")
        }
    }

    @Test(arguments: exactPairs, [DecimalRounding.halfEven, .halfUp])
    func decimalsRoundTheExactValueOnceByTheRule(_ pair: ExactPair, tie: DecimalRounding) throws {
        for decimals in [0, 2] {
            let table = DecimalFactorTable(matrix: try pair.matrix(), decimals: decimals, tie: tie)
            typealias Cell = (m: UInt64, negative: Bool, slot: Int)
            var input: [Cell] = cells(count: 600, seed: 7, maxSlot: 12).map { cell -> Cell in (cell.m % 10_000_000, cell.negative, cell.slot) }
            // Exact ties of the result: a last digit 5 just past the digits kept.
            for i in 0..<200 { input.append((UInt64(i) * 10 + 5, i % 2 == 1, decimals + 1)) }
            var values = input.map { $0.negative ? -Double($0.m) : Double($0.m) }
            let indices = input.map { Int32($0.slot) }
            var undecided = [Int32](repeating: -1, count: input.count)
            let outcome = values.withUnsafeMutableBufferPointer { v in
                indices.withUnsafeBufferPointer { i in
                    undecided.withUnsafeMutableBufferPointer { table.convertFixed(v, indices: i, undecided: $0.baseAddress!) }
                }
            }
            #expect(outcome.undecided == 0)
            for (cell, value) in zip(input, values) {
                let expected = referenceFixed(cell.m, negative: cell.negative, slot: cell.slot, pair, decimals: decimals, tie: tie)
                #expect(value == Double(expected), "\(pair) \(cell.negative ? "-" : "")\(cell.m)e-\(cell.slot) to \(decimals) digits")
            }
        }
    }
}

struct ConversionFactorTests {
    @Test(arguments: exactPairs)
    func aCertifiedFastValueIsTheExactOne(_ pair: ExactPair) {
        for slot in [0, 2, 9] {
            let factor = ConversionFactor(scale: pair.scale, offset: pair.offset, scalePower: -slot, offsetPower: 0)
            for cell in cells(count: 400, seed: UInt64(slot) + 11, maxSlot: 0) {
                let x = cell.negative ? -Double(cell.m) : Double(cell.m)
                let expected = Reference.value(x, scale: Rational(pair.a, pair.b * power(slot)), offset: pair.offset)
                let (fast, needsExact) = factor.fastValue(x)
                if needsExact == 0 { #expect(fast == expected, "\(pair) fast \(x)e-\(slot)") }
                #expect(factor.exactValue(x) == expected, "\(pair) exact \(x)e-\(slot)")
            }
        }
    }

    @Test func exactTiesAreBrokenOnTheMagnitude() {
        // 2.5 and -2.5 (x = ±25 at slot 1), 3.5 and -3.5: to an integer by each rule.
        let factor = ConversionFactor(scale: Rational(1), offset: Rational(0), scalePower: -1, offsetPower: 0)
        let cases: [(x: Double, even: Double, up: Double)] = [(25, 2, 3), (-25, -2, -3), (35, 4, 4), (-35, -4, -4), (5, 0, 1), (-5, 0, -1)]
        for (x, even, up) in cases {
            for (tie, expected) in [(DecimalRounding.halfEven, even), (.halfUp, up)] {
                let (n, needsExact) = factor.fixedValue(x, tie: tie)
                #expect(needsExact, "a tie is never certain from the double evaluation: \(x)")
                #expect(factor.exactFixedValue(x, candidate: n, tie: tie) == expected, "\(x)e-1 \(tie)")
            }
        }
    }
}

struct ExactRoundingTests {
    /// A decimal's digits as a big integer.
    private func digits(_ text: String) -> BigUInt {
        text.utf8.reduce(BigUInt(UInt64(0))) { $0 * BigUInt(UInt64(10)) + BigUInt(UInt64($1 - 48)) }
    }

    @Test func nearestIsStrtodForAnyNumberOfDigits() {
        var random = SplitMix64(state: 5)
        for i in 0..<2_000 {
            let count = 20 + Int(random.next() % 40)
            var text = String(1 + random.next() % 9)
            for _ in 1..<count { text += String(random.next() % 10) }
            var exponent = Int(random.next() % 700) - 350
            // An odd integer between 2^53 and 2^54 lies halfway between two doubles: exactly (ties to
            // even), or with a last digit 1 just above.
            if i % 4 < 2 {
                let odd = UInt64(1 << 53) + 2 * (random.next() % (1 << 52)) + 1
                text = String(odd) + String(repeating: "0", count: count - 17) + (i % 4 == 0 ? "0" : "1")
                exponent = 16 - text.count
            }
            let negative = i % 2 == 1
            let decimal = LongDecimal(isNegative: negative, digits: digits(text), exponent: exponent)
            let expected = Double((negative ? "-" : "") + text + "e\(exponent)")
            #expect(ExactRounding.nearest(decimal) == expected, "\(negative ? "-" : "")\(text)e\(exponent)")
        }
    }

    @Test func roundedRatiosTieToEven() {
        // 2^53 + 1 and 2^53 + 3 lie halfway between doubles.
        let one = BigUInt(UInt64(1))
        let cases: [(numerator: UInt64, expected: Double)] = [((1 << 53) + 1, 0x1p53), ((1 << 53) + 3, 0x1p53 + 4), ((1 << 54) + 2, 0x1p54)]
        for (numerator, expected) in cases {
            let positive = ExactRounding.rounded((false, BigUInt(numerator)), over: one, timesPowerOfTwo: 0)
            let negative = ExactRounding.rounded((true, BigUInt(numerator)), over: one, timesPowerOfTwo: 0)
            #expect(positive == expected)
            #expect(negative == -expected)
        }
        let third: Double = 1.0 / 3
        #expect(ExactRounding.rounded((false, one), over: BigUInt(UInt64(3)), timesPowerOfTwo: 0) == third)
    }

    @Test(arguments: [DecimalRounding.halfEven, .halfUp])
    func bigIntegerTiesFollowTheRule(tie: DecimalRounding) {
        var random = SplitMix64(state: 9)
        for i in 0..<500 {
            // q has 20 to 38 digits; the value is exactly q + 1/2, or just below or above it.
            let high = UInt128(random.next()) << 64
            let q: UInt128 = (high | UInt128(random.next())) >> (1 + random.next() % 60)
            let nudge = [0, -1, 1][i % 3]
            let fraction = UInt64(500 + nudge)
            let scaled = BigUInt(q) * BigUInt(UInt64(1000)) + BigUInt(fraction)
            let negative = i % 2 == 1
            let decimal = LongDecimal(isNegative: negative, digits: scaled, exponent: -3)
            let up = nudge > 0 || (nudge == 0 && (tie == .halfUp || q % 2 == 1))
            let result = ExactRounding.integer(decimal, scale: Rational(1), offset: Rational(0), scalePower: 0, offsetPower: 0, tie: tie)
            #expect(result?.isNegative == negative)
            #expect(result?.magnitude == BigUInt(up ? q + 1 : q), "\(negative ? "-" : "")\(q).\(fraction) \(tie)")
        }
    }
}
