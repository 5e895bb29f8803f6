import Foundation
import Testing

/// Thousands of converted columns: each column's result is the one a single-column file of the
/// same cells gives (the state shared by columns of one unit pair never leaks into a column of
/// another), and the memory a run takes follows the input's bytes, not the number of columns.
@Suite("many converted columns, end to end")
struct WideInputEndToEndTests {
    /// The unit pair of column `c`: three pairs in turn, two of them with one target, so
    /// neighbouring columns differ in their source unit.
    static func pair(_ c: Int) -> (from: String, to: String) {
        [("km", "mi"), ("m", "mi"), ("km", "mi"), ("degF", "degC")][c % 4]
    }

    /// The cell of row `r`, column `c`: varied digits, signs and fraction lengths, an empty cell now and then.
    static func cell(_ r: Int, _ c: Int) -> String {
        let n = (r * 7919 + c * 104_729) % 100_003
        switch n % 7 {
        case 0: return ""
        case 1: return "-\(n % 1000).\(n % 97)"
        case 2: return "\(n)e-3"
        default: return "\(n / 100).\(n % 100)"
        }
    }

    /// Converts `columns` columns of `rows` rows at once, then each unit pair's cells as one
    /// single-column file, and requires every converted cell of the wide run to be the narrow one's.
    @Test("each of 3,000 converted columns equals the same cells converted alone", arguments: [[String](), ["--decimals", "3"]])
    func wideEqualsNarrow(extra: [String]) throws {
        let columns = 3000, rows = 6
        var wide = (0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
        for r in 0..<rows { wide += (0..<columns).map { Self.cell(r, $0) }.joined(separator: ",") + "\n" }
        let dir = try E2E.directory(with: "wide.csv", wide)
        // One -c per unit pair, each a list of its columns.
        var arguments = ["convert", "wide.csv", "-o", "out.csv", "--threads", "2"] + extra
        var narrowCells: [String: [String]] = [:]
        for group in 0..<4 {
            let members = stride(from: group, to: columns, by: 4)
            let (from, to) = Self.pair(group)
            arguments += ["-c", members.map { "#\($0 + 1)" }.joined(separator: ",") + ":\(from):\(to)"]
            let key = "\(from):\(to)"
            guard narrowCells[key] == nil else { continue }
            // The narrow file: every cell of this pair's columns, row by row, in one column (and a
            // row number beside it, so an empty cell is no blank line).
            var narrow = "x,n\n"
            var n = 0
            for r in 0..<rows {
                for c in 0..<columns where Self.pair(c) == (from, to) {
                    narrow += Self.cell(r, c) + ",\(n)\n"
                    n += 1
                }
            }
            let name = "narrow-\(group).csv"
            try Data(narrow.utf8).write(to: dir.appendingPathComponent(name))
            let result = try UnitPipeRunner.run(["convert", name, "-c", "x:\(from):\(to)", "-o", "n-\(group).csv"] + extra, in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = try #require(dir.appendingPathComponent("n-\(group).csv").text).split(separator: "\n", omittingEmptySubsequences: false)
            narrowCells[key] = lines.dropFirst().dropLast().map { String($0.split(separator: ",", omittingEmptySubsequences: false)[0]) }
            #expect(narrowCells[key]?.count == n)
        }
        let result = try UnitPipeRunner.run(arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try #require(dir.appendingPathComponent("out.csv").text).split(separator: "\n").map(String.init)
        try #require(lines.count == rows + 1, "\(result.stderr)")
        var used: [String: Int] = [:]
        var mismatches: [String] = []
        for r in 0..<rows {
            let cells = lines[r + 1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(cells.count == columns)
            for c in 0..<min(columns, cells.count) {
                let (from, to) = Self.pair(c)
                let key = "\(from):\(to)"
                let index = used[key, default: 0]
                used[key] = index + 1
                let expected = narrowCells[key].flatMap { index < $0.count ? $0[index] : nil }
                if cells[c] != expected { mismatches.append("row \(r + 1) column c\(c) (\(key)) '\(Self.cell(r, c))': \(cells[c]) vs \(expected ?? "none")") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The peak resident memory of `unitpipe arguments…`, in KiB, from `/usr/bin/time`.
    static func peakKiB(_ arguments: [String], in dir: URL) throws -> (status: Int32, kib: Int) {
        let report = dir.appendingPathComponent("rss.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, UnitPipeRunner.binary.path] + arguments
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try #require(report.text)
        let kib = try #require(Int(text.split(separator: "\n").last.map(String.init) ?? ""), "rss.txt: \(text)")
        return (process.terminationStatus, kib)
    }

    /// 20,000 converted columns of two rows take a few KiB of state per column:
    /// within 128 MiB (a factor table per column and worker, and a 1,024-row batch of buffers per
    /// column, took 545 MiB).
    @Test("20,000 converted columns stay within 128 MiB", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func manyColumnsStayWithinMemory() throws {
        let columns = 20_000
        let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<columns).map { "\($0 % 97).25" }.joined(separator: ",")
        let dir = try E2E.directory(with: "wide.csv", header + "\n" + row + "\n" + row + "\n")
        for extra in [["--threads", "1"], ["--threads", "2", "--decimals", "2"]] {
            let (status, kib) = try Self.peakKiB(["convert", "wide.csv", "-c", "#1-#-1:km:mi", "-o", "out.csv"] + extra, in: dir)
            #expect(status == 0)
            #expect(kib < 128 * 1024, "peak \(kib) KiB with \(extra)")
            let lines = try #require(dir.appendingPathComponent("out.csv").text).split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.last?.split(separator: ",", omittingEmptySubsequences: false).count == columns)
        }
    }

    /// A Table Schema of 20,000 fields and the header it describes: each field's checks take a
    /// few KiB more than a conversion; within 192 MiB (586 MiB before the verdicts were sized by
    /// the batch and the tables shared).
    @Test("a schema of 20,000 fields stays within 192 MiB", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func manyFieldsStayWithinMemory() throws {
        let columns = 20_000
        let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<columns).map { "\($0 % 97)" }.joined(separator: ",")
        let fields = (0..<columns).map { #"{"name":"c\#($0)","type":"number","constraints":{"minimum":0}}"# }.joined(separator: ",")
        let dir = try E2E.directory(with: "wide.csv", header + "\n" + row + "\n")
        try Data(#"{"fields":[\#(fields)]}"#.utf8).write(to: dir.appendingPathComponent("schema.json"))
        let (status, kib) = try Self.peakKiB(["validate", "wide.csv", "--schema", "schema.json", "--summary", "s.json"], in: dir)
        #expect(status == 0)
        #expect(kib < 192 * 1024, "peak \(kib) KiB")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any])
        #expect(summary["status"] as? String == "ok")
        #expect(summary["rows_valid"] as? Int == 1)
    }
}
