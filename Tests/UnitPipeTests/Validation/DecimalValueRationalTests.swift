import Testing
import UnitPipeNumbers
import UnitPipeUnits
@testable import UnitPipe

@Suite struct DecimalValueRationalTests {
    /// Random decimals ordered as the same values are ordered as `Rational`s (Int128 cross products,
    /// another implementation), and compared against rationals.
    @Test func ordersAsRationals() throws {
        var generator = SystemRandomNumberGenerator()
        func random() -> (String, Rational) {
            let mantissa = Int64.random(in: -99_999_999...99_999_999, using: &generator)
            let scale = Int.random(in: 0...9, using: &generator)
            var power: Int128 = 1
            for _ in 0..<scale { power *= 10 }
            let magnitude = String(mantissa.magnitude)
            let padded = String(repeating: "0", count: max(0, scale + 1 - magnitude.count)) + magnitude
            let split = padded.index(padded.endIndex, offsetBy: -scale)
            let text = (mantissa < 0 ? "-" : "") + padded[..<split] + (scale > 0 ? "." + padded[split...] : "")
            return (text, Rational(Int128(mantissa), power))
        }
        for _ in 0..<5_000 {
            let (a, ra) = random(), (b, rb) = random()
            let x = try #require(DecimalValue(a)), y = try #require(DecimalValue(b))
            let expected = ra == rb ? 0 : ((ra - rb).isNegative ? -1 : 1)
            #expect((x < y ? -1 : (y < x ? 1 : 0)) == expected, "\(a) vs \(b)")
            #expect(x.compare(to: rb) == expected, "\(a) vs \(rb)")
            #expect(x.rational == ra)
        }
    }
}
