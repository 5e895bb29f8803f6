import Foundation
import Testing
import TestSupport

/// A `;` export with a BOM, CRLF line ends, quoted multi-line fields, blank lines and cells that
/// fail (`bad`, a grouping error) — and a stretch of rows whose quoted fields hold only line ends,
/// where a range cut inside a quoted field reads as CSV in both quote states, so a guess of its
/// first record can be wrong and the driver must notice and run it again.
func quotedLineEndExport(rows: Int) -> [UInt8] {
    let kms = ["1,5", "bad", "3,25", "1.234,5", "", "1.2.3", "4"]
    var text = "\u{FEFF}id;note;km;temp\r\n"
    for i in 0..<rows {
        let km = kms[i % kms.count]
        if i % 5 < 3 || (rows / 4..<rows * 2 / 3).contains(i) {
            text += "\(i);\"\r\n\r\n\r\n\";\(km);7\r\n"
        } else if i % 5 == 3 {
            text += "\(i);\"multi\r\nline; with \"\"quotes\"\"\";\(km);-3,5\r\n"
        } else {
            text += "\(i);plain;\(km);\"x\r\ny\"\r\n"
        }
        if i % 37 == 0 { text += "\r\n" }
    }
    return Array(text.utf8)
}

@Suite("Spark driver, ranges cut without a plan", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkRangeTests {
    @Test(
        "ranges cut anywhere (inside quoted CRLF fields), checked link by link, run again where the guess was wrong and renumbered: the single run's bytes; --plan gives the same",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func cutAnywhereEqualsOneRun() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("export.csv")
        try Data(quotedLineEndExport(rows: 1200)).write(to: file)
        let options = ["convert", "-d", ";", "-l", "de_DE", "-c", "km:km:mi"]

        // The reference: one unitpipe run over the file.
        let single = try UnitPipeRunner.run(
            options + [file.path, "-o", "o.csv", "-e", "e.csv", "-r", "r.csv", "--summary", "s.json", "--quiet"], in: dir)
        #expect(single.status == 1, "\(single.stderr)")
        let report = try Data(contentsOf: dir.appendingPathComponent("e.csv"))
        #expect(String(decoding: report, as: UTF8.self).split(separator: "\n").count > 300, "errors all through the file")
        var expected = SummaryTotals()
        expected.add(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any] ?? [:])

        for (label, extra) in [("no plan", [String]()), ("plan", ["--plan"])] {
            let out = dir.appendingPathComponent("out-\(label.replacingOccurrences(of: " ", with: "-"))")
            let (status, log) = try SparkEndToEndTests.submit(["--output", out.path, "--split-size", "4K"] + extra + [file.path, "--"] + options)
            #expect(status == 1, "\(label): driver log:\n\(log.suffix(3000))")
            let parts = try names(in: out).filter { $0.hasPrefix("part-") }
            #expect(parts.count == 7, "\(label): \(parts)")
            #expect(try joinedParts(out) == Data(contentsOf: dir.appendingPathComponent("o.csv")), "\(label): output differs")
            #expect(try Data(contentsOf: out.appendingPathComponent("errors.csv")) == report, "\(label): error report differs")
            #expect(try Data(contentsOf: out.appendingPathComponent("rejects.csv")) == Data(contentsOf: dir.appendingPathComponent("r.csv")),
                    "\(label): rejects differ")
            var merged = SummaryTotals()
            merged.add(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as? [String: Any] ?? [:])
            #expect(merged == expected, "\(label): summary differs")
            let lines = driverLines(log)
            if extra.isEmpty {
                // The third range starts inside quoted line ends, in the stretch where both quote
                // states read as CSV: the guess is wrong, the second range's end says so, it runs again.
                #expect(lines.filter { $0 == "unitpipe_spark: 1 range(s) started elsewhere than guessed; running them again from the right record" }.count == 1,
                        "driver log:\n\(lines.joined(separator: "\n"))")
            } else {
                #expect(!lines.contains { $0.contains("guessed") }, "driver log:\n\(lines.joined(separator: "\n"))")
            }
        }
    }
}
