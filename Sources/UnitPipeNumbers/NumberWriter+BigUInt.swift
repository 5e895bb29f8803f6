extension NumberWriter {
    /// A minimal arbitrary-precision unsigned integer for exact table generation and the fixed slow path.
    ///
    /// Limbs are little-endian 64-bit words with no most significant zero limbs (zero has no
    /// limbs). Only the handful of operations `NumberWriter` needs exist; none of them is on a
    /// hot path, so clarity wins over speed here.
    struct BigUInt: Comparable {
        /// The little-endian 64-bit words of the value, without high zero words.
        private(set) var limbs: [UInt64]

        /// Creates a big integer equal to `value`.
        init(_ value: UInt64) {
            limbs = value == 0 ? [] : [value]
        }

        /// Creates `base` raised to `exponent` (≥ 0) by repeated multiplication.
        init(power base: UInt64, exponent: Int) {
            self.init(1)
            for _ in 0..<max(0, exponent) {
                multiply(by: base)
            }
        }

        /// Whether the value is zero.
        var isZero: Bool { limbs.isEmpty }

        /// The number of significant bits (0 for zero).
        var bitWidth: Int {
            guard let top = limbs.last else { return 0 }
            return limbs.count * 64 - top.leadingZeroBitCount
        }

        /// The value modulo 2^128.
        var low128: UInt128 {
            let low = limbs.first ?? 0
            let high = limbs.count > 1 ? limbs[1] : 0
            return UInt128(high) << 64 | UInt128(low)
        }

        /// The value divided by 2^`start` (start ≥ 0), rounded down, modulo 2^128: 128 bits from bit `start` on.
        func bits(from start: Int) -> UInt128 {
            let word = start / 64
            let shift = start % 64
            func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }
            let low = UInt128(limb(word + 1)) << 64 | UInt128(limb(word))
            guard shift > 0 else { return low }
            return low >> UInt128(shift) | UInt128(limb(word + 2)) << UInt128(128 - shift)
        }

        /// Multiplies the value by `factor` in place.
        mutating func multiply(by factor: UInt64) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index].multipliedFullWidth(by: factor)
                let (low, overflow) = product.low.addingReportingOverflow(carry)
                limbs[index] = low
                carry = product.high &+ (overflow ? 1 : 0)
            }
            if carry != 0 { limbs.append(carry) }
            normalize()
        }

        /// Adds `addend` to the value in place.
        mutating func add(_ addend: UInt64) {
            var carry = addend
            var index = 0
            while carry != 0 {
                if index == limbs.count {
                    limbs.append(carry)
                    return
                }
                let (sum, overflow) = limbs[index].addingReportingOverflow(carry)
                limbs[index] = sum
                carry = overflow ? 1 : 0
                index += 1
            }
        }

        /// Divides the value by `divisor` (> 0) in place, rounding down; returns the remainder.
        @discardableResult
        mutating func divide(by divisor: UInt64) -> UInt64 {
            var remainder: UInt64 = 0
            for index in limbs.indices.reversed() {
                let (quotient, rest) = divisor.dividingFullWidth((high: remainder, low: limbs[index]))
                limbs[index] = quotient
                remainder = rest
            }
            normalize()
            return remainder
        }

        /// Multiplies the value by 2^`count` (count ≥ 0) in place.
        mutating func shiftLeft(by count: Int) {
            guard !isZero, count > 0 else { return }
            let words = count / 64
            let bits = count % 64
            var result = [UInt64](repeating: 0, count: words)
            var carry: UInt64 = 0
            for limb in limbs {
                result.append(bits == 0 ? limb : (limb << bits) | carry)
                carry = bits == 0 ? 0 : limb >> (64 - bits)
            }
            if carry != 0 { result.append(carry) }
            limbs = result
        }

        /// Divides the value by 2^`count` (count ≥ 0) in place, rounding down.
        mutating func shiftRight(by count: Int) {
            guard count > 0 else { return }
            let words = count / 64
            let bits = count % 64
            guard words < limbs.count else {
                limbs = []
                return
            }
            var result = [UInt64]()
            result.reserveCapacity(limbs.count - words)
            for index in words..<limbs.count {
                let high = index + 1 < limbs.count ? limbs[index + 1] : 0
                result.append(bits == 0 ? limbs[index] : (limbs[index] >> bits) | (high << (64 - bits)))
            }
            limbs = result
            normalize()
        }

        /// Orders big integers by value.
        static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
            if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
            for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
                return lhs.limbs[index] < rhs.limbs[index]
            }
            return false
        }

        /// Removes most significant zero limbs.
        private mutating func normalize() {
            while limbs.last == 0 { limbs.removeLast() }
        }
    }
}
