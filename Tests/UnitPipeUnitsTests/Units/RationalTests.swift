import Testing
import UnitPipeUnits

@Suite struct RationalTests {
    @Test("normalizes sign and common factors", arguments: [
        (Rational(1609344, 1000), "201168/125"), (Rational(6, -4), "-3/2"), (Rational(-6, -4), "3/2"),
        (Rational(0, -7), "0"), (Rational(12), "12"),
    ])
    func normalization(value: Rational, description: String) {
        #expect(value.description == description)
        #expect(value.denominator > 0)
    }

    @Test func arithmetic() {
        #expect(Rational(1, 3) + Rational(1, 6) == Rational(1, 2))
        #expect(Rational(1, 3) - Rational(1, 2) == Rational(-1, 6))
        #expect(Rational(254, 100) * Rational(12) == Rational(762, 25))
        #expect(Rational(5, 9) / Rational(10, 3) == Rational(1, 6))
        #expect(Rational(3, 4).divided(by: .zero) == nil)
        #expect(Rational(1, 3).negated == Rational(-1, 3))
    }

    @Test func overflowIsDetected() {
        let big = Rational(Int128.max)
        #expect(big.adding(.one) == nil)
        #expect(big.multiplied(by: Rational(2)) == nil)
        #expect(Rational(1, Int128.max).divided(by: big) == nil)
        #expect(Rational(Int128.min).negated == nil)
        #expect(Rational(exactly: Int128.min, -1) == nil)
        #expect(Rational(1, Int128.max).adding(Rational(1, Int128.max - 1)) == nil)
        // Cross-reduction keeps results that fit even when naive products would not.
        #expect(big.multiplied(by: Rational(1, Int128.max)) == .one)
        #expect(big.subtracting(big) == .zero)
    }

    @Test("exactDouble only for dyadic values of at most 53 significant bits", arguments: [
        (Rational(3, 4), 0.75), (Rational(-5), -5), (Rational(1, 3), nil), (Rational(1 << 53 + 1), nil),
        (Rational(1 << 60), 0x1p60), (Rational(1, 1 << 100), 0x1p-100),
    ] as [(Rational, Double?)])
    func exactDouble(value: Rational, expected: Double?) {
        #expect(value.exactDouble == expected)
    }
}
