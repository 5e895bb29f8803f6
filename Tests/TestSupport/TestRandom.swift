import Foundation

/// A small deterministic PRNG (SplitMix64), so every failing case can be reproduced from its seed.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`.
    package mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A value in `range`.
    package mutating func next(in range: ClosedRange<Int>) -> Int { range.lowerBound + next(range.count) }
}

/// `true` when `UNITPIPE_LONG_TESTS=1` asks for the millions-scale oracle runs.
package let isLongRun = ProcessInfo.processInfo.environment["UNITPIPE_LONG_TESTS"] == "1"

/// `true` when `UNITPIPE_SLOW_TESTS=1` (CI sets it) or a long run asks for the few tests that take
/// minutes on two cores (the Spark driver, compressed input and output at every thread count); the
/// default `swift test` leaves them out to stay fast.
package let isSlowRun = isLongRun || ProcessInfo.processInfo.environment["UNITPIPE_SLOW_TESTS"] == "1"
