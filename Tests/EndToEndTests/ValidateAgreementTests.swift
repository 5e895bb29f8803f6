import Foundation
import Testing

/// `validate` and `convert` agree: for the same column specs, a row `validate` passes is never
/// rejected by `convert`, and every row `convert` rejects is reported by `validate` — over a dirty
/// file from the benchmark generator, with more kinds of bad and tricky cells mixed in.
@Suite("validate agrees with convert")
struct ValidateAgreementTests {
    /// Cells put into the numeric columns of some rows: valid and invalid, units, signs, grouping.
    static let trickyCells = [
        "12 km", "5 m", "7 s", "12 mi", "4 parsec", "1e400", "1e300", "-0", "1.5e3", "(5)", "5-", "\u{0661}\u{0662}",
        "1 234", "+.5", ".", "5.", "0x10", " 7 ", "\u{2212}3", "1.234.567", "12.3.4", "abc", "", "nan", "inf", "1e",
        "5 km/h", "3 degF", "-40 degC", "0.1", "1,5", "US$5",
    ]

    /// Writes the generator's dirty task A file with tricky cells in distance_km and temp_c.
    static func makeDirtyFile(in dir: URL, rows: Int) throws {
        let script = """
            import csv, random, subprocess, sys
            subprocess.run([sys.executable, \(pythonString(UnitPipeRunner.packageRoot.appendingPathComponent("bench/generate.py").path)),
                            '--rows', '\(rows)', '--task', 'A', '--dirty', '0.05', '--seed', '7', '-o', 'base.csv'],
                           check=True, stderr=subprocess.DEVNULL)
            tricky = \(pythonList(trickyCells))
            rng = random.Random(11)
            with open('base.csv', newline='') as f, open('dirty.csv', 'w', newline='') as out:
                writer = csv.writer(out, lineterminator='\\n')
                for i, row in enumerate(csv.reader(f)):
                    if i > 0 and len(row) == 8:
                        for col in (2, 3):
                            if rng.random() < 0.04:
                                row[col] = rng.choice(tricky)
                    writer.writerow(row)
            """
        try Data(script.utf8).write(to: dir.appendingPathComponent("make.py"))
        let result = try UnitPipeRunner.runShell("python3 make.py", in: dir)
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    }

    static func pythonString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func pythonList(_ texts: [String]) -> String {
        "[" + texts.map { "'" + $0.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04x", $0.value) }.joined() + "'" }
            .joined(separator: ", ") + "]"
    }

    /// The record numbers of an error report's cell and row failures (header problems left out).
    static func reportedRecords(_ report: String) -> Set<Int> {
        Set(parseCSV(report).dropFirst().compactMap { $0.first.flatMap(Int.init) }.filter { $0 > 0 })
    }

    @Test(arguments: [
        (["-c", "distance_km", "-c", "temp_c"], ["-c", "distance_km:km:mi", "-c", "temp_c:degC:degF"]),
        (["-c", "distance_km:km", "-c", "temp_c:degC"], ["-c", "distance_km:*km:km", "-c", "temp_c:*degC:degC"]),
        (["-c", "distance_km", "-c", "temp_c", "--required"], ["-c", "distance_km:km:km", "-c", "temp_c:degC:degC", "--required"]),
    ])
    func sameRowsFail(validate: [String], convert: [String]) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.makeDirtyFile(in: dir, rows: 10_000)
        let validated = try UnitPipeRunner.run(["validate", "dirty.csv", "-e", "v.errors.csv", "-r", "v.rejects.csv", "--threads", "2"] + validate, in: dir)
        let converted = try UnitPipeRunner.run(["convert", "dirty.csv", "-o", "out.csv", "-e", "c.errors.csv", "-r", "c.rejects.csv", "--threads", "2"] + convert, in: dir)
        #expect(validated.status == 1 && converted.status == 1)
        let validateReport = try #require(dir.appendingPathComponent("v.errors.csv").text)
        let convertReport = try #require(dir.appendingPathComponent("c.errors.csv").text)
        let reported = Self.reportedRecords(validateReport)
        let rejected = Self.reportedRecords(convertReport)
        #expect(reported.count > 250)
        // Every row convert rejects is reported by validate …
        #expect(rejected.subtracting(reported).sorted().prefix(10) == [])
        // … and a row validate passes is never rejected by convert: here the two sets are equal.
        #expect(reported.subtracting(rejected).sorted().prefix(10) == [])
        // The invalid rows are the rejected rows, byte for byte.
        #expect(dir.appendingPathComponent("v.rejects.csv").text == dir.appendingPathComponent("c.rejects.csv").text)
        // Cell by cell, the codes agree as well.
        let codes = { (report: String) in parseCSV(report).dropFirst().map { [$0[0], $0[2], $0[4]] } }
        let (v, c) = (codes(validateReport), codes(convertReport))
        let firstDifference = zip(v, c).first { $0 != $1 }
        #expect(v.count == c.count && firstDifference == nil, "first difference: \(String(describing: firstDifference))")
    }
}
