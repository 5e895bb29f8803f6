// The shortest-output oracle: about 25,000 doubles (random bit patterns, short decimals with every
// number of fraction digits, powers of ten and two, the edges of the short-decimal path, subnormals,
// values around 2^53, results of km → mi and °C → °F) with the exact text `scripts/shortest-oracle.py`
// derives from Python's `repr` and the writer's documented layout, sharing no code with the writer.
// `UNITPIPE_LONG_TESTS=1` also regenerates 200,000 cases with another seed.

import Foundation
import Testing
import TestSupport
@testable import UnitPipeNumbers

@Suite("shortest output oracle")
struct ShortestOracleTests {
    struct Case {
        var bits: UInt64
        var text: Substring
        var kind: Substring
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The cases of an oracle file: `BITS TEXT KIND` lines, `#` comments.
    static func cases(_ text: String) -> [Case] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let bits = UInt64(fields[0], radix: 16) else {
                Issue.record("malformed oracle line: \(line)")
                return nil
            }
            return Case(bits: bits, text: fields[1], kind: fields[2])
        }
    }

    /// Checks every case; returns how many normal values the short-decimal path took and left.
    @discardableResult
    static func check(_ cases: [Case]) -> (short: Int, other: Int) {
        let tables = NumberWriter.tables
        var short = 0
        var other = 0
        var failures = 0
        for oracle in cases {
            let value = Double(bitPattern: oracle.bits)
            let text = NumberWriter.shortest(value)
            if text != oracle.text {
                failures += 1
                Issue.record("\(oracle.kind) \(String(oracle.bits, radix: 16)) (\(value)): wrote \(text), oracle \(oracle.text)")
                if failures >= 20 { break }
            }
            if value.isNormal {
                let field = Int(oracle.bits >> 52 & 0x7FF)
                let isShort = NumberWriter.shortDecimalDigits(value.magnitude, biasedExponent: field, tables: tables) != nil
                if isShort { short += 1 } else { other += 1 }
            }
        }
        return (short, other)
    }

    @Test("every fixture value comes out as the oracle writes it, on both paths")
    func fixtureCases() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("fixtures/shortest/oracle.tsv"), encoding: .utf8)
        let cases = Self.cases(text)
        #expect(cases.count >= 24_000)
        let (short, other) = Self.check(cases)
        // Both the short-decimal path and Schubfach write thousands of the fixture's values.
        #expect(short > 6_000, "short-decimal path: \(short)")
        #expect(other > 8_000, "Schubfach: \(other)")
    }

    @Test("a fresh oracle with another seed (UNITPIPE_LONG_TESTS=1)", .enabled(if: isLongRun))
    func generatedCases() throws {
        let file = NSTemporaryDirectory() + "unitpipe-shortest-\(UUID().uuidString).tsv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let status = try runPython([Self.root.appendingPathComponent("scripts/shortest-oracle.py").path,
                                    "--count", "200000", "--seed", "\(Int.random(in: 30...1_000_000))", "-o", file])
        try #require(status == 0)
        let cases = Self.cases(try String(contentsOfFile: file, encoding: .utf8))
        #expect(cases.count >= 150_000)
        Self.check(cases)
    }
}
