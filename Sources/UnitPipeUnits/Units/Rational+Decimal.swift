import UnitPipeNumbers

extension Rational {
    /// -1, 0 or 1 as the decimal `±digits · 10^exponent` is below, equal to or above this value, exactly.
    ///
    /// The comparison is done in big integers (`digits · 10^e · q` against `|p|`), for any number
    /// of digits; far outside this rational's range (Int128 parts keep it within 10^±39) the
    /// decimal's magnitude decides alone.
    /// - Parameters:
    ///   - digits: The decimal's digits 0…9, most significant first, no leading zeros (empty for zero).
    ///   - exponent: The power of ten of the last digit.
    ///   - isNegative: The decimal's sign.
    /// - Returns: The order of the decimal relative to `self`.
    public func compareDecimal(digits: [UInt8], exponent: Int, isNegative: Bool) -> Int {
        let isZero = digits.isEmpty
        let selfIsNegative = numerator < 0
        if isZero || numerator == 0 {
            if isZero && numerator == 0 { return 0 }
            if isZero { return selfIsNegative ? 1 : -1 }
            return isNegative ? -1 : 1
        }
        if isNegative != selfIsNegative { return isNegative ? -1 : 1 }
        let adjusted = digits.count + exponent
        let magnitudeOrder: Int
        if adjusted > 80 {
            magnitudeOrder = 1
        } else if adjusted < -80 {
            magnitudeOrder = -1
        } else {
            var left = BigUInt.decimal(digits) * BigUInt(UInt128(denominator.magnitude))
            var right = BigUInt(UInt128(numerator.magnitude))
            if exponent >= 0 {
                left = left * BigUInt.powerOfTen(exponent)
            } else {
                right = right * BigUInt.powerOfTen(-exponent)
            }
            magnitudeOrder = left < right ? -1 : (right < left ? 1 : 0)
        }
        return isNegative ? -magnitudeOrder : magnitudeOrder
    }
}

extension BigUInt {
    /// The integer whose decimal digits (0…9, most significant first) are `digits`.
    static func decimal(_ digits: [UInt8]) -> BigUInt {
        var value = BigUInt(UInt64(0))
        var index = 0
        // Eighteen digits at a time fit in a UInt64.
        while index < digits.count {
            let end = Swift.min(index + 18, digits.count)
            var chunk: UInt64 = 0
            for digit in digits[index..<end] { chunk = chunk * 10 + UInt64(digit) }
            value = value * BigUInt.powerOfTen(end - index) + BigUInt(chunk)
            index = end
        }
        return value
    }

    /// 10^n.
    static func powerOfTen(_ n: Int) -> BigUInt {
        var result = BigUInt(UInt64(1))
        var remaining = n
        while remaining > 0 {
            let step = Swift.min(remaining, 19)
            var factor: UInt64 = 1
            for _ in 0..<step { factor *= 10 }
            result = result * BigUInt(factor)
            remaining -= step
        }
        return result
    }
}
