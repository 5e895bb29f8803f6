// libFuzzer entry point for unitpipe's fuzz targets, built by scripts/fuzz (not by SwiftPM):
// the library's modules are compiled with `swiftc -sanitize=fuzzer,address -enable-testing` and
// linked with these files into one binary. UNITPIPE_FUZZ_TARGET picks the target:
// `reader` (records identical for every chunking), `number` (an accepted number equals the exact
// value of its normalized text, in several locales), `pipeline` (the row invariant and identical
// results for one and two threads) or `expression` (the unit-expression parser: no trap, one
// answer, the same through a column's resolver). A violated invariant aborts, so libFuzzer keeps the input.

#if canImport(Glibc)
import Glibc
#endif

/// The target chosen by UNITPIPE_FUZZ_TARGET, read once.
let fuzzTarget: String = {
    guard let value = getenv("UNITPIPE_FUZZ_TARGET") else { return "" }
    return String(cString: value)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    switch fuzzTarget {
    case "reader": ReaderFuzz.run(bytes)
    case "number": NumberFuzz.run(bytes)
    case "pipeline": PipelineFuzz.run(bytes)
    case "expression": ExpressionFuzz.run(bytes)
    default: fuzzFailure("set UNITPIPE_FUZZ_TARGET to reader, number, pipeline or expression")
    }
    return 0
}

/// Reports a broken invariant on standard error and aborts (libFuzzer saves the input as a crash).
func fuzzFailure(_ message: String) -> Never {
    let text = Array("fuzz invariant broken: \(message)\n".utf8)
    text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

/// A small deterministic generator (SplitMix64) seeded from the input, for chunk sizes.
struct FuzzRandom {
    private var state: UInt64

    init(seed bytes: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `1...limit`.
    mutating func size(upTo limit: Int) -> Int { Int(next() % UInt64(max(1, limit))) + 1 }
}
