// Design note: all lookup tables live in one immutable, never-freed allocation made at first
// use, so the hot paths pay one `swift_once` check per call and then plain pointer loads —
// no array bounds checks, no reference counting.
//
// The 126-bit approximations of powers of ten that the shortest algorithm
// multiplies by are computed once, at first use, with exact big-integer arithmetic — never
// typed in. Entry e holds g(e) = ⌊10^e · 2^-r⌋ + 1, where r = ⌊e·log2(10)⌋ − 125 puts g in
// [2^125, 2^126), split into its high 63 bits g1 and low 63 bits g0 (Giulietti, "The
// Schubfach way to render doubles", 2020, §9). The floor-of-log helpers below are the
// usual fixed-point multiply-and-shift forms; tests check them against exact powers.

extension NumberWriter {
    /// Smallest decimal exponent k the shortest algorithm produces for a finite `Double`.
    static var minDecimalExponent: Int { -324 }
    /// Largest decimal exponent k the shortest algorithm produces for a finite `Double`.
    static var maxDecimalExponent: Int { 292 }

    /// The lookup tables of the writers, built once at first use.
    static let tables = Tables()

    /// Immutable lookup tables behind raw pointers, allocated once and never freed.
    ///
    /// `@unchecked Sendable` is sound: the memory is written only in `init`, before the value
    /// is published through `static let`, and only read afterwards.
    struct Tables: @unchecked Sendable {
        /// The 200 bytes `"00" "01" … "99"`: the two ASCII digits of n start at `2 * n`.
        let digitPairs: UnsafePointer<UInt8>
        /// 10^0 through 10^19, every power of ten a `UInt64` holds.
        let powersOfTen: UnsafePointer<UInt64>
        /// The (g1, g0) pairs of ``NumberWriter/exactScaledPowerOfTen(_:powersOfTen:)`` for e = -k, laid out as
        /// `[g1(eMin), g0(eMin), g1(eMin+1), …]`; index with `2 * (maxDecimalExponent - k)`.
        let scaledPowersOfTen: UnsafePointer<UInt64>
        /// The number of `UInt64` in ``scaledPowersOfTen``.
        let scaledPowersOfTenCount: Int

        /// Computes every table.
        init() {
            let pairs = UnsafeMutablePointer<UInt8>.allocate(capacity: 200)
            for n in 0..<100 {
                pairs[2 * n] = UInt8(ascii: "0") + UInt8(n / 10)
                pairs[2 * n + 1] = UInt8(ascii: "0") + UInt8(n % 10)
            }
            digitPairs = UnsafePointer(pairs)

            let powers = UnsafeMutablePointer<UInt64>.allocate(capacity: 20)
            var power: UInt64 = 1
            for index in 0..<20 {
                powers[index] = power
                power = index < 19 ? power * 10 : power
            }
            powersOfTen = UnsafePointer(powers)

            let scaled = makePowerTable(powersOfTen: powersOfTen)
            let table = UnsafeMutablePointer<UInt64>.allocate(capacity: scaled.count)
            table.initialize(from: scaled, count: scaled.count)
            scaledPowersOfTen = UnsafePointer(table)
            scaledPowersOfTenCount = scaled.count
        }
    }

    /// Computes ⌊e · log10(2)⌋ exactly for |e| ≤ 5456721.
    @inline(__always)
    static func floorLog10Pow2(_ e: Int) -> Int {
        (e &* 661_971_961_083) >> 41
    }

    /// Computes ⌊log10(3/4 · 2^e)⌋ exactly for |e| ≤ 5456721.
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int {
        (e &* 661_971_961_083 &- 274_743_187_321) >> 41
    }

    /// Computes ⌊e · log2(10)⌋ exactly for |e| ≤ 1838394.
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int {
        (e &* 913_124_641_741) >> 38
    }

    /// Returns g(e) = ⌊10^e · 2^-r⌋ + 1 with r = ⌊e·log2(10)⌋ − 125, computed exactly.
    ///
    /// - Parameters:
    ///   - e: A power of ten in `-maxDecimalExponent...-minDecimalExponent`.
    /// - Returns: The 126-bit value g, in [2^125, 2^126).
    ///   - powersOfTen: 10^0 through 10^19.
    static func exactScaledPowerOfTen(_ e: Int, powersOfTen: UnsafePointer<UInt64>) -> UInt128 {
        let r = floorLog2Pow10(e) - 125
        var value: BigUInt
        if e >= 0 {
            value = BigUInt(power: 10, exponent: e)
            if r >= 0 {
                value.shiftRight(by: r)
            } else {
                value.shiftLeft(by: -r)
            }
        } else {
            // 10^e · 2^-r = 2^-r / 10^-e with -r > 0; floor(floor(x/a)/b) = floor(x/(ab)).
            value = BigUInt(1)
            value.shiftLeft(by: -r)
            var remaining = -e
            while remaining > 0 {
                let step = min(remaining, 19)
                value.divide(by: powersOfTen[step])
                remaining -= step
            }
        }
        value.add(1)
        return value.low128
    }

    /// Builds ``Tables/scaledPowersOfTen`` from ``exactScaledPowerOfTen(_:powersOfTen:)``.
    static func makePowerTable(powersOfTen: UnsafePointer<UInt64>) -> [UInt64] {
        let mask63: UInt128 = (1 << 63) - 1
        var table = [UInt64]()
        table.reserveCapacity(2 * (maxDecimalExponent - minDecimalExponent + 1))
        for e in -maxDecimalExponent ... -minDecimalExponent {
            let g = exactScaledPowerOfTen(e, powersOfTen: powersOfTen)
            table.append(UInt64(truncatingIfNeeded: g >> 63))
            table.append(UInt64(truncatingIfNeeded: g & mask63))
        }
        return table
    }
}
