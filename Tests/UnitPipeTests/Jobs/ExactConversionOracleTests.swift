// The exact-conversion oracle: thousands of decimal texts in every pair class (terminating and
// non-terminating factors, offsets, expressions, currencies at decimal rates, percent, @COLUMN
// and in-cell units), several locales and digit sets and `--output-locale`, converted by the
// real job (chunk reader, parser, kernel, writer) and compared with results computed by
// `scripts/exact-oracle.py` with Python's `fractions` from the unit definitions alone: the
// nearest double of the exact value, and 2 fraction digits half to even and half up. Any path
// that converted the parsed double instead of the text's decimal fails here (about a quarter of
// such results are an ulp off). `UNITPIPE_LONG_TESTS=1` regenerates 20 times as many cases with
// another seed.

import Foundation
import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeNumbers

@Suite("exact conversion oracle")
struct ExactConversionOracleTests {
    struct Case {
        var text: String
        var unit: String?
        var shortest: String
        var halfEven: String
        var halfUp: String
    }

    struct Group {
        var id: String, from: String, to: String, locale: String
        var outputLocale: String?, rates: String?
        var cases: [Case] = []
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func groups(_ text: String) -> [Group] {
        var groups: [Group] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if parts[0] == "@" {
                groups.append(Group(id: parts[1], from: parts[2], to: parts[3], locale: parts[4],
                                    outputLocale: parts[5] == "-" ? nil : parts[5], rates: parts[6] == "-" ? nil : parts[6]))
            } else {
                groups[groups.count - 1].cases.append(Case(text: parts[0], unit: parts[1] == "-" ? nil : parts[1],
                                                           shortest: parts[2], halfEven: parts[3], halfUp: parts[4]))
            }
        }
        return groups
    }

    /// The fields of one output line (quotes removed).
    static func fields(_ line: Substring) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        for c in line {
            if c == "\"" { quoted.toggle() } else if c == ",", !quoted { fields.append(field); field = "" } else { field.append(c) }
        }
        return fields + [field]
    }

    /// A number written in an output locale, back in the C form (`1.234,5` → `1234.5`).
    static func normalized(_ text: String, outputLocale: String?) -> String {
        guard outputLocale != nil else { return text }
        return text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
    }

    /// Runs one group through a job and returns the converted column, in row order.
    static func run(_ group: Group, decimals: Int?, rounding: DecimalRounding, chunkSize: Int = 4096, threads: Int? = nil) throws -> [String] {
        var input = group.from == "@u" ? "id,v,u\n" : "id,v\n"
        for (i, c) in group.cases.enumerated() {
            input += "\(i),\"\(c.text)\"" + (group.from == "@u" ? ",\(c.unit ?? "")" : "") + "\n"
        }
        let result = try runJob(input) { options in
            options.columns = [ColumnSpec(column: .name("v"), from: group.from, to: group.to)]
            options.delimiter = UInt8(ascii: ",")
            options.locale = group.locale
            options.outputLocale = group.outputLocale
            options.ratesPath = group.rates.map { root.appendingPathComponent("fixtures/rates/\($0)").path }
            options.decimals = decimals
            options.rounding = rounding
            options.chunkSize = chunkSize
            if let threads { options.threads = threads }
        }
        #expect(result.failure == nil, "\(group.id): \(String(describing: result.failure))")
        #expect(result.summary.rowsRejected == 0, "\(group.id): \(result.errors.prefix(600))")
        return result.output.split(separator: "\n").dropFirst().map { fields($0)[1] }
    }

    static func check(_ groups: [Group]) throws {
        var ties = 0
        for group in groups {
            let shortest = try run(group, decimals: nil, rounding: .halfEven)
            let halfEven = try run(group, decimals: 2, rounding: .halfEven)
            let halfUp = try run(group, decimals: 2, rounding: .halfUp)
            try #require(shortest.count == group.cases.count && halfEven.count == group.cases.count && halfUp.count == group.cases.count,
                         "\(group.id): \(shortest.count) rows out of \(group.cases.count)")
            var failures = 0
            for (i, c) in group.cases.enumerated() {
                let written = normalized(shortest[i], outputLocale: group.outputLocale)
                let even = normalized(halfEven[i], outputLocale: group.outputLocale)
                let up = normalized(halfUp[i], outputLocale: group.outputLocale)
                if c.halfEven != c.halfUp { ties += 1 }
                guard Double(written) == Double(c.shortest), even == c.halfEven, up == c.halfUp else {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("\(group.id) \(group.locale) '\(c.text)' \(c.unit ?? ""): wrote \(written), \(even), \(up); exact \(c.shortest), \(c.halfEven), \(c.halfUp)")
                    }
                    continue
                }
            }
            #expect(failures == 0, "\(group.id): \(failures) of \(group.cases.count) cases differ from the exact results")
        }
        // The fixture holds exact ties of the second decimal (where half to even and half up differ).
        #expect(ties > 100)
    }

    @Test("every pair class, locale and digit set converts exactly and rounds once")
    func fixtureCases() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("fixtures/exact/oracle.tsv"), encoding: .utf8)
        let groups = Self.groups(text)
        #expect(groups.count >= 20)
        #expect(groups.reduce(0) { $0 + $1.cases.count } >= 10_000)
        try Self.check(groups)
    }

    @Test("plain cells read through tiny chunks and several threads convert as through large ones")
    func plainCellsThroughTheChunkReader() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("fixtures/exact/oracle.tsv"), encoding: .utf8)
        let groups = Self.groups(text).filter { $0.id.hasPrefix("plain-") }
        try #require(groups.count >= 3)
        for group in groups {
            let reference = try Self.run(group, decimals: nil, rounding: .halfEven)
            for (chunkSize, threads) in [(1, 1), (7, 2), (1000, 2)] {
                let shortest = try Self.run(group, decimals: nil, rounding: .halfEven, chunkSize: chunkSize, threads: threads)
                #expect(shortest == reference, "\(group.id): chunks of \(chunkSize) bytes, \(threads) threads")
            }
            for (i, c) in group.cases.enumerated() where Double(reference[i]) != Double(c.shortest) {
                Issue.record("\(group.id) '\(c.text)': wrote \(reference[i]), exact \(c.shortest)")
            }
        }
    }

    @Test("many more generated cases (UNITPIPE_LONG_TESTS=1)", .enabled(if: isLongRun))
    func generatedCases() throws {
        let file = NSTemporaryDirectory() + "unitpipe-oracle-\(UUID().uuidString).tsv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let status = try runPython([Self.root.appendingPathComponent("scripts/exact-oracle.py").path,
                                    "--count", "10000", "--seed", "\(Int.random(in: 10...1_000_000))", "-o", file])
        try #require(status == 0)
        try Self.check(Self.groups(String(contentsOfFile: file, encoding: .utf8)))
    }
}
