/// A minimal arbitrary-precision unsigned integer for the exact rounding path.
///
/// Limbs are 64-bit, least significant first, with no high zero limbs (zero is
/// the empty array). Only the operations exact rounding needs are provided:
/// multiplication, shifts, comparison, addition and subtraction.
package struct BigUInt: Comparable, Sendable {
    package private(set) var limbs: [UInt64]

    package init(_ value: UInt64) {
        limbs = value == 0 ? [] : [value]
    }

    package init(_ value: UInt128) {
        limbs = [UInt64(truncatingIfNeeded: value), UInt64(truncatingIfNeeded: value >> 64)]
        normalize()
    }

    private init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    package var isZero: Bool { limbs.isEmpty }

    /// The number of significant bits (0 for zero).
    package var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// The low 64 bits.
    package var low64: UInt64 { limbs.first ?? 0 }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    package static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        guard !a.isZero, !b.isZero else { return BigUInt(UInt64(0)) }
        var result = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let (high, low) = x.multipliedFullWidth(by: y)
                let (sum1, c1) = low.addingReportingOverflow(result[i + j])
                let (sum2, c2) = sum1.addingReportingOverflow(carry)
                result[i + j] = sum2
                carry = high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
            }
            result[i + b.limbs.count] = carry
        }
        return BigUInt(limbs: result)
    }

    package static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        let count = max(a.limbs.count, b.limbs.count)
        var result = [UInt64](repeating: 0, count: count + 1)
        var carry = false
        for i in 0..<count {
            let x = i < a.limbs.count ? a.limbs[i] : 0
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (s1, c1) = x.addingReportingOverflow(y)
            let (s2, c2) = s1.addingReportingOverflow(carry ? 1 : 0)
            result[i] = s2
            carry = c1 || c2
        }
        result[count] = carry ? 1 : 0
        return BigUInt(limbs: result)
    }

    /// `a - b`; requires `a >= b`.
    package static func - (a: BigUInt, b: BigUInt) -> BigUInt {
        precondition(a >= b, "BigUInt subtraction underflow")
        var result = a.limbs
        var borrow = false
        for i in 0..<result.count {
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (d1, b1) = result[i].subtractingReportingOverflow(y)
            let (d2, b2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            result[i] = d2
            borrow = b1 || b2
        }
        return BigUInt(limbs: result)
    }

    package static func << (a: BigUInt, shift: Int) -> BigUInt {
        precondition(shift >= 0)
        guard !a.isZero, shift > 0 else { return a }
        let limbShift = shift / 64, bitShift = shift % 64
        var result = [UInt64](repeating: 0, count: a.limbs.count + limbShift + 1)
        for (i, limb) in a.limbs.enumerated() {
            result[i + limbShift] |= limb << UInt64(bitShift)
            if bitShift > 0 { result[i + limbShift + 1] |= limb >> UInt64(64 - bitShift) }
        }
        return BigUInt(limbs: result)
    }

    package static func >> (a: BigUInt, shift: Int) -> BigUInt {
        precondition(shift >= 0)
        let limbShift = shift / 64, bitShift = shift % 64
        guard limbShift < a.limbs.count else { return BigUInt(UInt64(0)) }
        var result = [UInt64](repeating: 0, count: a.limbs.count - limbShift)
        for i in 0..<result.count {
            result[i] = a.limbs[i + limbShift] >> UInt64(bitShift)
            if bitShift > 0, i + limbShift + 1 < a.limbs.count {
                result[i] |= a.limbs[i + limbShift + 1] << UInt64(64 - bitShift)
            }
        }
        return BigUInt(limbs: result)
    }

    package static func < (a: BigUInt, b: BigUInt) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for i in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
            return a.limbs[i] < b.limbs[i]
        }
        return false
    }

    /// 10^`exponent` (≥ 0).
    package static func powerOfTen(_ exponent: Int) -> BigUInt {
        precondition(exponent >= 0)
        var result = BigUInt(UInt64(1)), base = BigUInt(UInt64(10)), n = exponent
        while n > 0 {
            if n & 1 == 1 { result = result * base }
            n >>= 1
            if n > 0 { base = base * base }
        }
        return result
    }

    /// The quotient and remainder of `self / divisor` (long division, one bit at a time; for the slow path).
    package func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!divisor.isZero, "BigUInt division by zero")
        if self < divisor { return (BigUInt(UInt64(0)), self) }
        let shift = bitWidth - divisor.bitWidth
        var remainder = self
        var shifted = divisor << shift
        var quotient = [UInt64](repeating: 0, count: shift / 64 + 1)
        for bit in stride(from: shift, through: 0, by: -1) {
            if !(remainder < shifted) {
                remainder = remainder - shifted
                quotient[bit / 64] |= 1 << UInt64(bit % 64)
            }
            shifted = shifted >> 1
        }
        return (BigUInt(limbs: quotient), remainder)
    }

    /// Divides by a one-limb divisor in place and returns the remainder.
    package mutating func divide(by divisor: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        for i in stride(from: limbs.count - 1, through: 0, by: -1) {
            (limbs[i], remainder) = divisor.dividingFullWidth((remainder, limbs[i]))
        }
        normalize()
        return remainder
    }
}
