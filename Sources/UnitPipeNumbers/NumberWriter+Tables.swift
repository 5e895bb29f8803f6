// Design note: all lookup tables live in one immutable, never-freed allocation made at first
// use — no array bounds checks, no reference counting. Hot paths reach it through
// `fastTables`: one load of a statically initialized atomic holding its address (published
// after the `static let` has built it), then loads at fixed offsets; only calls before the
// first publication pay the `swift_once` of the `static let`.
//
// The 126-bit approximations of powers of ten that the shortest algorithm
// multiplies by are computed once, at first use, with exact big-integer arithmetic — never
// typed in. Entry e holds g(e) = ⌊10^e · 2^-r⌋ + 1, where r = ⌊e·log2(10)⌋ − 125 puts g in
// [2^125, 2^126), split into its high 63 bits g1 and low 63 bits g0 (Giulietti, "The
// Schubfach way to render doubles", 2020, §9). The floor-of-log helpers below are the
// usual fixed-point multiply-and-shift forms; tests check them against exact powers.
//
// The table is built in one pass per sign of e, never from scratch per entry: 10^e by repeated
// multiplication for e ≥ 0, and ⌊2^S / 10^n⌋ for one large S by repeated division for e = -n
// (⌊⌊x/a⌋/b⌋ = ⌊x/(ab)⌋, so every step stays exact); g is then a 126-bit window of that integer.
//
// The fast shortest path looks up everything that depends only on the binary exponent in one
// 32-byte entry per exponent field: g for k = ⌊q·log10(2)⌋, the half-ulp term H (see
// NumberWriter+Shortest.swift), the shift h + 2 and k itself — 64 KiB, of which real data
// touches a few lines. The short-decimal path has a 16-byte entry per exponent field: 10^K as
// a `Double` and 14 − K.

import Synchronization

extension NumberWriter {
    /// Smallest decimal exponent k the shortest algorithm produces for a finite `Double`.
    static var minDecimalExponent: Int { -324 }
    /// Largest decimal exponent k the shortest algorithm produces for a finite `Double`.
    static var maxDecimalExponent: Int { 292 }

    /// The lookup tables of the writers, built once at first use.
    static let tables = Tables()

    /// The address of ``tables`` once published, 0 before.
    static let publishedTablesAddress = Atomic<UInt>(0)

    /// ``tables``, read through ``publishedTablesAddress``.
    @inline(__always)
    static var fastTables: Tables {
        if let published = publishedTables {
            return published
        }
        return publishTables()
    }

    /// ``tables`` once published, `nil` before: one atomic load.
    @inline(__always)
    static var publishedTables: Tables? {
        UnsafeRawPointer(bitPattern: publishedTablesAddress.load(ordering: .acquiring)).map { Tables(base: $0) }
    }

    /// Builds ``tables`` if needed and publishes their address for ``fastTables``.
    @inline(never)
    static func publishTables() -> Tables {
        let built = tables
        publishedTablesAddress.store(UInt(bitPattern: built.base), ordering: .releasing)
        return built
    }

    /// Immutable lookup tables in one allocation, made once and never freed.
    ///
    /// `@unchecked Sendable` is sound: the memory is written only in `init`, before the value
    /// is published through `static let` (and then, with release ordering, its address), and
    /// only read afterwards.
    struct Tables: @unchecked Sendable {
        /// The start of the allocation; every table sits at a fixed offset from it.
        fileprivate let base: UnsafeRawPointer

        /// The tables of an allocation that `init()` has filled.
        fileprivate init(base: UnsafeRawPointer) {
            self.base = base
        }

        /// The number of `UInt64` in ``scaledPowersOfTen``.
        var scaledPowersOfTenCount: Int { 2 * (maxDecimalExponent - minDecimalExponent + 1) }

        /// For plain numbers with the leading digit at 10^p, p = 0...15, eight words at `8 * p`
        /// (bytes of a word: little-endian): which bytes 0...15 come from the unshifted digits
        /// (before the point, 2 words), which from the digits shifted one byte right (after it,
        /// 2 words), the point in place (2 words), then for bytes 16...17 the shifted-digit mask
        /// and the point.
        var plainMasks: UnsafePointer<UInt64> { words(at: Self.plainMasksOffset) }

        /// Per exponent field 1...2046 of a normal `Double` (q = field − 1075), four words at
        /// `4 * field`: g1 and g0 of g(-k) for k = ⌊q·log10(2)⌋, the low word of
        /// H = ⌊g / 2^(62 − h)⌋ with h = q + ⌊-k·log2(10)⌋ + 2, and a word of H's high word
        /// (bits 0...7), h + 2 (bits 8...15) and k + 15 (bits 24..., signed). Field 0 is all zeros.
        var exponentEntries: UnsafePointer<UInt64> { words(at: Self.exponentEntriesOffset) }

        /// Per exponent field 1...2046 of a normal `Double` (q = field − 1075), two words at
        /// `2 * field` for the short-decimal path: the bits of the `Double` 10^K and 14 − K as
        /// an `Int64`, where K = ⌊(-q − 1)·log10(2)⌋ is the largest K with 2^(q+53)·10^K ≤ 2^52,
        /// so that v·10^K < 2^52 for every v of the field. Both words are 0 where no such
        /// K in 0...22 exists (q ≥ 0, or v below about 4.5e-8) and for field 0.
        var shortScales: UnsafePointer<UInt64> { words(at: Self.shortScalesOffset) }

        /// The (g1, g0) pairs of ``NumberWriter/exactScaledPowerOfTen(_:powersOfTen:)`` for e = -k, laid out as
        /// `[g1(eMin), g0(eMin), g1(eMin+1), …]`; index with `2 * (maxDecimalExponent - k)`.
        var scaledPowersOfTen: UnsafePointer<UInt64> { words(at: Self.scaledPowersOfTenOffset) }

        /// 10^0 through 10^19, every power of ten a `UInt64` holds.
        var powersOfTen: UnsafePointer<UInt64> { words(at: Self.powersOfTenOffset) }

        /// The 200 bytes `"00" "01" … "99"`: the two ASCII digits of n start at `2 * n`.
        var digitPairs: UnsafePointer<UInt8> {
            (base + 8 * Self.digitPairsOffset).assumingMemoryBound(to: UInt8.self)
        }

        // The layout of the allocation: where each table starts, in words from `base`.

        /// ``plainMasks``: 16 entries of 8 words.
        private static var plainMasksOffset: Int { 0 }
        /// ``exponentEntries``: 2047 entries of 4 words.
        private static var exponentEntriesOffset: Int { plainMasksOffset + 8 * 16 }
        /// ``scaledPowersOfTen``: ``scaledPowersOfTenCount`` words.
        private static var scaledPowersOfTenOffset: Int { exponentEntriesOffset + 4 * 2047 }
        /// ``powersOfTen``: 20 words.
        private static var powersOfTenOffset: Int {
            scaledPowersOfTenOffset + 2 * (maxDecimalExponent - minDecimalExponent + 1)
        }
        /// ``shortScales``: 2047 entries of 2 words.
        private static var shortScalesOffset: Int { powersOfTenOffset + 20 }
        /// ``digitPairs``: 200 bytes.
        private static var digitPairsOffset: Int { shortScalesOffset + 2 * 2047 }
        /// The size of the allocation in bytes.
        private static var byteCount: Int { 8 * digitPairsOffset + 200 }

        /// The words from `index` on.
        private func words(at index: Int) -> UnsafePointer<UInt64> {
            (base + 8 * index).assumingMemoryBound(to: UInt64.self)
        }

        /// Computes every table.
        init() {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.byteCount, alignment: 64)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
            base = UnsafeRawPointer(memory)

            let pairs = UnsafeMutablePointer(mutating: digitPairs)
            for n in 0..<100 {
                pairs[2 * n] = UInt8(ascii: "0") + UInt8(n / 10)
                pairs[2 * n + 1] = UInt8(ascii: "0") + UInt8(n % 10)
            }

            let powers = UnsafeMutablePointer(mutating: powersOfTen)
            var power: UInt64 = 1
            for index in 0..<20 {
                powers[index] = power
                power = index < 19 ? power * 10 : power
            }

            let scaled = makePowerTable(powersOfTen: powersOfTen)
            UnsafeMutablePointer(mutating: scaledPowersOfTen).update(from: scaled, count: scaled.count)

            let entries = UnsafeMutablePointer(mutating: exponentEntries)
            for field in 1...2046 {
                let q = field - 1075
                let k = floorLog10Pow2(q)
                let h = q + floorLog2Pow10(-k) + 2
                let g1 = scaledPowersOfTen[2 * (maxDecimalExponent - k)]
                let g0 = scaledPowersOfTen[2 * (maxDecimalExponent - k) + 1]
                entries[4 * field] = g1
                entries[4 * field + 1] = g0
                entries[4 * field + 2] = g1 << UInt64(h + 1) | g0 >> UInt64(62 - h)
                entries[4 * field + 3] = g1 >> UInt64(63 - h) | UInt64(h + 2) << 8
                    | UInt64(bitPattern: Int64(k + 15)) << 24
            }

            let scales = UnsafeMutablePointer(mutating: shortScales)
            for field in 1...2046 {
                let q = field - 1075
                let decimals = q <= -1 ? floorLog10Pow2(-q - 1) : -1
                guard (0...22).contains(decimals) else { continue }
                var power = 1.0
                for _ in 0..<decimals { power *= 10 }  // exact: 10^22 < 2^53 · 2^22
                scales[2 * field] = power.bitPattern
                scales[2 * field + 1] = UInt64(bitPattern: Int64(14 - decimals))
            }

            let masks = UnsafeMutablePointer(mutating: plainMasks)
            for point in 0..<16 {
                let entry = masks + 8 * point
                for byte in 0..<18 {
                    let word = byte / 8
                    let shift = UInt64(8 * (byte % 8))
                    if byte <= point {
                        entry[word] |= 0xFF << shift  // an integer digit (byte < 16 here)
                    } else if byte == point + 1 {
                        entry[byte < 16 ? 4 + word : 7] |= UInt64(UInt8(ascii: ".")) << shift
                    } else {
                        entry[byte < 16 ? 2 + word : 6] |= 0xFF << shift  // a fraction digit
                    }
                }
            }
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

    /// Returns g(e) = ⌊10^e · 2^-r⌋ + 1 with r = ⌊e·log2(10)⌋ − 125, computed exactly from scratch
    /// (the reference that tests hold ``makePowerTable(powersOfTen:)`` to).
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

    /// Builds ``Tables/scaledPowersOfTen``: the values of ``exactScaledPowerOfTen(_:powersOfTen:)``
    /// for every e, from one running product and one running quotient.
    ///
    /// For e ≥ 0, g − 1 is 10^e shifted right by r (or left by -r, while 10^e < 2^128). For
    /// e = -n < 0, g − 1 = ⌊2^-r / 10^n⌋ = ⌊⌊2^S / 10^n⌋ / 2^(S + r)⌋ for any S ≥ -r, and
    /// ⌊2^S / 10^n⌋ is ⌊2^S / 10^(n−1)⌋ divided by 10, rounded down.
    static func makePowerTable(powersOfTen: UnsafePointer<UInt64>) -> [UInt64] {
        let mask63: UInt128 = (1 << 63) - 1
        let count = maxDecimalExponent - minDecimalExponent + 1
        var values = [UInt128](repeating: 0, count: count)
        // Index of e in `values`: e + maxDecimalExponent.
        var power = BigUInt(1)
        for e in 0 ... -minDecimalExponent {
            let r = floorLog2Pow10(e) - 125
            values[e + maxDecimalExponent] = (r >= 0 ? power.bits(from: r) : power.low128 << UInt128(-r)) + 1
            power.multiply(by: 10)
        }
        // S: at least -r for the smallest e, -r = 125 − ⌊e·log2(10)⌋.
        let s = 125 - floorLog2Pow10(-maxDecimalExponent)
        var quotient = BigUInt(1)
        quotient.shiftLeft(by: s)
        for n in 1...maxDecimalExponent {
            _ = quotient.divide(by: 10)
            let r = floorLog2Pow10(-n) - 125
            values[maxDecimalExponent - n] = quotient.bits(from: s + r) + 1
        }
        var table = [UInt64]()
        table.reserveCapacity(2 * count)
        for g in values {
            table.append(UInt64(truncatingIfNeeded: g >> 63))
            table.append(UInt64(truncatingIfNeeded: g & mask63))
        }
        return table
    }
}
