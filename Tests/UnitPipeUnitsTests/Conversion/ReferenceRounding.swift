// An independent oracle for x·S + O: exact big-integer arithmetic (32-bit limbs)
// and a search over Doubles in order, comparing the exact value with the
// midpoint below each candidate. It shares no code with the library's slow path.
import UnitPipeUnits

/// A plain signed big integer for the test oracle.
struct ReferenceInteger {
    var isNegative = false
    var limbs: [UInt32] = [] // least significant first, no high zeros

    init(_ value: UInt64, negative: Bool = false) {
        var v = value
        while v != 0 { limbs.append(UInt32(truncatingIfNeeded: v)); v >>= 32 }
        isNegative = negative && !limbs.isEmpty
    }

    init(_ value: Int128) {
        var v = value.magnitude
        while v != 0 { limbs.append(UInt32(truncatingIfNeeded: v)); v >>= 32 }
        isNegative = value < 0
    }

    private init(negative: Bool, limbs: [UInt32]) {
        var l = limbs
        while l.last == 0 { l.removeLast() }
        self.limbs = l
        isNegative = negative && !l.isEmpty
    }

    var isZero: Bool { limbs.isEmpty }

    static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    static func compare(_ a: ReferenceInteger, _ b: ReferenceInteger) -> Int {
        if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
        let c = compareMagnitudes(a.limbs, b.limbs)
        return a.isNegative ? -c : c
    }

    static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        var carry: UInt64 = 0
        for i in 0..<max(a.count, b.count) {
            let s = UInt64(i < a.count ? a[i] : 0) + UInt64(i < b.count ? b[i] : 0) + carry
            out.append(UInt32(truncatingIfNeeded: s))
            carry = s >> 32
        }
        if carry != 0 { out.append(UInt32(carry)) }
        return out
    }

    /// a − b for |a| ≥ |b|.
    static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        var borrow: Int64 = 0
        for i in 0..<a.count {
            var d = Int64(a[i]) - Int64(i < b.count ? b[i] : 0) - borrow
            borrow = 0
            if d < 0 { d += 1 << 32; borrow = 1 }
            out.append(UInt32(d))
        }
        return out
    }

    static func + (a: ReferenceInteger, b: ReferenceInteger) -> ReferenceInteger {
        if a.isNegative == b.isNegative { return ReferenceInteger(negative: a.isNegative, limbs: addMagnitudes(a.limbs, b.limbs)) }
        if compareMagnitudes(a.limbs, b.limbs) >= 0 {
            return ReferenceInteger(negative: a.isNegative, limbs: subtractMagnitudes(a.limbs, b.limbs))
        }
        return ReferenceInteger(negative: b.isNegative, limbs: subtractMagnitudes(b.limbs, a.limbs))
    }

    static func * (a: ReferenceInteger, b: ReferenceInteger) -> ReferenceInteger {
        if a.isZero || b.isZero { return ReferenceInteger(0) }
        var out = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count + 1)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let t = UInt64(a.limbs[i]) * UInt64(b.limbs[j]) + out[i + j] + carry
                out[i + j] = t & 0xFFFF_FFFF
                carry = t >> 32
            }
            var k = i + b.limbs.count
            while carry != 0 {
                let t = out[k] + carry
                out[k] = t & 0xFFFF_FFFF
                carry = t >> 32
                k += 1
            }
        }
        return ReferenceInteger(negative: a.isNegative != b.isNegative, limbs: out.map { UInt32($0) })
    }

    /// Multiplies by 2^n.
    func shifted(_ n: Int) -> ReferenceInteger {
        var out = [UInt32](repeating: 0, count: n / 32)
        var carry: UInt32 = 0
        let bits = n % 32
        for limb in limbs {
            if bits == 0 { out.append(limb) } else {
                out.append(limb << UInt32(bits) | carry)
                carry = limb >> UInt32(32 - bits)
            }
        }
        if carry != 0 { out.append(carry) }
        return ReferenceInteger(negative: isNegative, limbs: out)
    }
}

enum Reference {
    /// A Double as an exact integer count of 2^-1074; infinities count as ±2^1024.
    static func units(_ d: Double) -> ReferenceInteger {
        if d.isInfinite { return ReferenceInteger(1, negative: d < 0).shifted(1024 + 1074) }
        let bits = d.magnitude.bitPattern
        let exponentField = Int(bits >> 52)
        let fraction = bits & ((1 << 52) - 1)
        let magnitude = exponentField == 0
            ? ReferenceInteger(fraction)
            : ReferenceInteger(fraction | 1 << 52).shifted(exponentField - 1)
        return ReferenceInteger(negative: d < 0, magnitude)
    }

    /// Doubles in order as integers: ±bit pattern of the magnitude.
    static func key(_ d: Double) -> Int64 {
        let k = Int64(bitPattern: d.magnitude.bitPattern)
        return d < 0 ? -k : k
    }

    static func double(_ key: Int64) -> Double {
        let d = Double(bitPattern: UInt64(key.magnitude))
        return key < 0 ? -d : d
    }

    /// The correctly rounded x·scale + offset, ties to even; an exactly zero value is +0.
    static func value(_ x: Double, scale: Rational, offset: Rational) -> Double {
        if x.isNaN { return x }
        if x.isInfinite { return scale.numerator < 0 ? -x : x }
        let a = ReferenceInteger(scale.numerator), b = ReferenceInteger(scale.denominator)
        let c = ReferenceInteger(offset.numerator), d = ReferenceInteger(offset.denominator)
        // 2·V·2^1074 = twiceN / den
        let twiceN = (units(x) * a * d + (c * b).shifted(1074)).shifted(1)
        let den = b * d
        if twiceN.isZero { return 0 }
        let minKey = key(-.infinity), maxKey = key(.infinity)
        // Is V at or above the midpoint between the Double of `k` and the one below it?
        func isAtOrAboveLowerMidpoint(_ k: Int64) -> Int {
            if k <= minKey { return 1 }
            let midpointTwice = units(double(k)) + units(double(k - 1))
            return ReferenceInteger.compare(twiceN, midpointTwice * den)
        }
        // Gallop from a naive estimate, then bisect: the answer is the last key whose lower midpoint V reaches.
        let naive = x * (Double(scale.numerator) / Double(scale.denominator)) + Double(offset.numerator) / Double(offset.denominator)
        var guess = naive.isNaN ? 0 : key(naive)
        guess = min(max(guess, minKey), maxKey)
        var low: Int64, high: Int64 // V reaches the lower midpoint of low, not of high
        var step: Int64 = 1
        if isAtOrAboveLowerMidpoint(guess) >= 0 {
            low = guess
            while true {
                let next = min(low + step, maxKey + 1)
                if next > maxKey || isAtOrAboveLowerMidpoint(next) < 0 { high = next; break }
                low = next
                step *= 2
            }
        } else {
            high = guess
            while true {
                let next = max(high - step, minKey)
                if isAtOrAboveLowerMidpoint(next) >= 0 { low = next; break }
                high = next
                step *= 2
            }
        }
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if isAtOrAboveLowerMidpoint(mid) >= 0 { low = mid } else { high = mid }
        }
        var result = double(low)
        if isAtOrAboveLowerMidpoint(low) == 0 {
            let below = double(low - 1)
            if below.significandBitPattern & 1 == 0, !result.isInfinite || below.isInfinite { result = below }
        }
        if result == 0 { return twiceN.isNegative ? -0.0 : 0.0 }
        return result
    }
}

extension ReferenceInteger {
    fileprivate init(negative: Bool, _ magnitude: ReferenceInteger) {
        self.init(negative: negative, limbs: magnitude.limbs)
    }
}
