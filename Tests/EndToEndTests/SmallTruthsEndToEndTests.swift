import Foundation
import Testing

/// Small things a user notices: durations rounded alike, a missing option called missing, the
/// sniffed command keeping its locale, a sample of N rows, directories read by extension.
@Suite("small truths, end to end")
struct SmallTruthsEndToEndTests {
    /// A file of 20,000 rows (past the first 64 KiB) whose last rows have three fields.
    static func bigFile(in dir: URL) throws {
        var text = "id,v\n"
        for i in 0..<20_000 { text += "\(i),\(i).5\n" }
        for i in 0..<10 { text += "\(i),\(i),5\n" }
        try Data(text.utf8).write(to: dir.appendingPathComponent("big.csv"))
    }

    @Test("validate's summary and plan's scan give seconds to the millisecond, as convert's summary does")
    func seconds() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.bigFile(in: dir)
        let validate = try UnitPipeRunner.run(["validate", "big.csv", "-c", "v", "--summary", "s.json", "-q"], in: dir)
        #expect(validate.status == 1)
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        #expect(summary.wholeMatch(of: /.*"seconds": \d+\.\d{3}, .*\n/.dotMatchesNewlines()) != nil, "\(summary)")
        let plan = try UnitPipeRunner.run(["plan", "big.csv", "--splits", "2"], in: dir)
        #expect(plan.stdout.contains(/\nscanned \d+ bytes in \d+\.\d{3} s \(/), "\(plan.stdout)")
        let json = try UnitPipeRunner.run(["plan", "big.csv", "--splits", "2", "--json"], in: dir)
        #expect(json.stdout.contains(/"seconds": \d+\.\d{3}, "gb_per_s"/), "\(json.stdout)")
    }

    @Test("plan without --splits says it is missing")
    func planWithoutSplits() throws {
        let result = try UnitPipeRunner.run(["plan", "x.csv"])
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe plan: --splits is required; add it, e.g. --splits 8\nUsage: unitpipe plan INPUT --splits N [--json] [-d C] [--quote C] [--no-header] [-l ID]\nRun 'unitpipe plan --help' for every option.\n")
    }

    @Test("sniff's command keeps the locale every numeric column guessed, with or without a unit column", arguments: [
        ("id;gewicht;preis\n1;1.234,5;3,5\n2;2,25;4,75\n", "unitpipe convert de.csv -d ';' --locale de_DE"),
        ("id;gewicht_kg;preis\n1;1.234,5;3,5\n2;2,25;4,75\n", "unitpipe convert de.csv -d ';' --locale de_DE -c gewicht_kg::kg"),
        ("id,v\n1,1.5\n2,2.25\n", "unitpipe convert de.csv"),
    ])
    func sniffLocale(input: String, command: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(input.utf8).write(to: dir.appendingPathComponent("de.csv"))
        let result = try UnitPipeRunner.run(["sniff", "de.csv"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n  \(command)\n"), "\(result.stdout)")
    }

    @Test("sniff --sample-rows N profiles N data records, past the first 64 KiB if need be")
    func sampleRows() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.bigFile(in: dir)
        let head = try UnitPipeRunner.run(["sniff", "big.csv", "--json"], in: dir)
        #expect(head.stdout.contains("\"records_sampled\": 5645,"))
        let all = try UnitPipeRunner.run(["sniff", "big.csv", "--json", "--sample-rows", "30000"], in: dir)
        #expect(all.stdout.contains("\"records_sampled\": 20010, \"columns\": [{\"name\": \"id\", \"cells\": 20000,"), "\(all.stdout)")
        let few = try UnitPipeRunner.run(["sniff", "big.csv", "--json", "--sample-rows", "10"], in: dir)
        #expect(few.stdout.contains("\"records_sampled\": 10, \"columns\": [{\"name\": \"id\", \"cells\": 10,"))
        let zero = try UnitPipeRunner.run(["sniff", "big.csv", "--sample-rows", "0"], in: dir)
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("unitpipe sniff: invalid value '0' for --sample-rows: use a whole number 1 or more\n"))
    }

    @Test("a directory is read for its CSV and TSV names only: a README.txt beside them is left alone")
    func directoryByExtension() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let exports = dir.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        try Data("id,d\n1,1\n".utf8).write(to: exports.appendingPathComponent("a.csv"))
        try Data("id,d\n2,2\n".utf8).write(to: exports.appendingPathComponent("b.CSV"))
        try Data("These files come from the nightly export.\n".utf8).write(to: exports.appendingPathComponent("README.txt"))
        try Data("id,d\n3,3\n".utf8).write(to: exports.appendingPathComponent("notes.md"))
        let result = try UnitPipeRunner.run(["convert", "exports", "-c", "d:km:m"], in: dir)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "id,d\n1,1000\n2,2000\n")
    }
}
