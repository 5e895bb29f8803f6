import UnitPipeNumbers
import UnitPipeUnits

extension DecimalValue {
    /// -1, 0 or 1 as the value is below, equal to or above the rational `value`, exactly.
    ///
    /// - Parameter value: A rational (a bound moved into the cell's unit).
    /// - Returns: The order.
    func compare(to value: Rational) -> Int {
        value.compareDecimal(digits: digits, exponent: exponent, isNegative: isNegative)
    }

    /// The value as a rational, or `nil` when it does not fit in `Int128` parts.
    var rational: Rational? {
        guard digits.count <= 38, abs(exponent) <= 38 else { return nil }
        var numerator: Int128 = 0
        for digit in digits {
            let (shifted, overflow) = numerator.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            numerator = shifted + Int128(digit)
        }
        var power: Int128 = 1
        for _ in 0..<abs(exponent) {
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            power = next
        }
        if isNegative { numerator = -numerator }
        if exponent >= 0 {
            let (product, overflow) = numerator.multipliedReportingOverflow(by: power)
            return overflow ? nil : Rational(exactly: product, 1)
        }
        return Rational(exactly: numerator, power)
    }
}
