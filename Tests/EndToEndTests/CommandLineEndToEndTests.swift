import Foundation
import Testing

@Suite("command line, end to end")
struct CommandLineEndToEndTests {
    /// Writes `text` as `name` into a fresh directory and returns the directory.
    private func directory(with name: String, _ text: String) throws -> URL {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        return dir
    }

    @Test func withoutColumnsTheFileIsNormalized() throws {
        let dir = try directory(with: "in.csv", "\u{FEFF}a,\"b\",c\r\n\"1\",\"x,y\",\" s\"\r\n\r\n2,\"q\"\"q\",\r\n")
        let result = try UnitPipeRunner.run(["convert", "in.csv"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "a,b,c\n1,\"x,y\",\" s\"\n2,\"q\"\"q\",\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func standardInputWithSniffedSemicolons() throws {
        let input = "id;len;note\n1;12.5;a,b\n2;-0;c\n"
        let result = try UnitPipeRunner.run(["convert", "-c", "len:ft:in"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "id;len;note\n1;150;a,b\n2;0;c\n")
    }

    @Test func tsvByExtensionAndPositionWithoutHeader() throws {
        let dir = try directory(with: "data.tsv", "1\t100\tx y\n2\t-40\t\"q\"\n")
        let result = try UnitPipeRunner.run(["convert", "data.tsv", "--no-header", "-c", "#2:degC:degF"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "1\t212\tx y\n2\t-40\tq\n")
    }

    @Test func headerOnlyAndEmptyInputs() throws {
        let headerOnly = try UnitPipeRunner.run(["convert", "-c", "d:km:m"], stdin: Data("d,e\n".utf8))
        #expect(headerOnly.status == 0)
        #expect(headerOnly.stdout == "d,e\n")
        // An empty input has no column d: exit 2. Without -c it is an empty run.
        let empty = try UnitPipeRunner.run(["convert", "-c", "d:km:m"], stdin: Data())
        #expect(empty.status == 2)
        #expect(empty.stdout == "")
        let normalized = try UnitPipeRunner.run(["convert"], stdin: Data())
        #expect(normalized.status == 0)
        #expect(normalized.stdout == "")
    }

    @Test func aSingleEmptyFieldIsWrittenQuotedSoItIsNotLost() throws {
        // One column: an empty cell (or one emptied by --on-error keep) must not become a blank
        // line, which a CSV reader (unitpipe included) skips.
        let result = try UnitPipeRunner.run(["convert", "-c", "d:km:m", "--on-error", "keep"], stdin: Data("d\n1\n\"\"\nx\n2\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "d\n1000\n\"\"\n\"\"\n2000\n")
        let again = try UnitPipeRunner.run(["convert"], stdin: Data(result.stdout.utf8))
        #expect(again.stdout == result.stdout)
    }

    @Test func onErrorKeepEmptiesTheFailedCell() throws {
        let input = "d,n\n1,a\nx,b\n,c\n"
        let result = try UnitPipeRunner.run(["convert", "-c", "d:km:m", "--on-error", "keep"], stdin: Data(input.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "d,n\n1000,a\n,b\n,c\n")
    }

    @Test func onErrorFailStopsAndLeavesTheOldOutput() throws {
        let dir = try directory(with: "in.csv", "d\n1\nbad\n3\n")
        try Data("previous\n".utf8).write(to: dir.appendingPathComponent("out.csv"))
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "--on-error", "fail", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("stopped at record 2 (line 3, column 'd'): invalid_number"))
        #expect(dir.appendingPathComponent("out.csv").text == "previous\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.sorted() == ["in.csv", "out.csv", "s.json"])
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        #expect(summary.contains("\"status\": \"failed\""))
        #expect(summary.contains("\"reason\": \"on_error_fail\""))
    }

    @Test func maxErrorsAborts() throws {
        let input = "d\nx\n1\ny\nz\n"
        let within = try UnitPipeRunner.run(["convert", "-c", "d:km:m", "--max-errors", "3"], stdin: Data(input.utf8))
        #expect(within.status == 1)
        let beyond = try UnitPipeRunner.run(["convert", "-c", "d:km:m", "--max-errors", "1"], stdin: Data(input.utf8))
        #expect(beyond.status == 2)
        #expect(beyond.stderr.contains("more than 1 row failed"))
    }

    @Test func requiredMakesEmptyAnError() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run(["convert", "-c", "d:km:m", "--required", "-e", "e.csv"], stdin: Data("d,n\n,a\n2,b\n".utf8), in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "d,n\n2000,b\n")
        let report = parseCSV(try #require(dir.appendingPathComponent("e.csv").text))
        #expect(report.count == 2)
        #expect(report[1].prefix(5) == ["1", "2", "d", "", "empty"])
    }

    @Test func decimalsRoundHalfToEven() throws {
        let result = try UnitPipeRunner.run(["convert", "-c", "v:m:m", "--decimals", "2"], stdin: Data("v\n0.125\n0.375\n2.5\n-0.001\n1e20\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "v\n0.12\n0.38\n2.50\n0.00\n100000000000000000000.00\n")
    }

    @Test func closedOutputPipeEndsQuietly() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        var text = "d\n"
        for i in 0..<200_000 { text += "\(i)\n" }
        try Data(text.utf8).write(to: dir.appendingPathComponent("big.csv"))
        let result = try UnitPipeRunner.runShell(
            "set -o pipefail; '\(UnitPipeRunner.binary.path)' convert big.csv -c d:km:m | head -n 2", in: dir)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func reportToStandardOutputRedirectedToAFileKeepsEveryLine() throws {
        // `-e /dev/stdout` with standard output redirected to a file: the report must go through
        // the same descriptor (a second open of /dev/stdout would write from offset 0 again and
        // overwrite the data rows).
        let dir = try UnitPipeRunner.temporaryDirectory()
        var text = "a,b\n"
        for i in 0..<20_000 { text += i % 1000 == 7 ? "x\(i),\(i)\n" : "\(i),\(i)\n" }
        try Data(text.utf8).write(to: dir.appendingPathComponent("in.csv"))
        let result = try UnitPipeRunner.runShell(
            "'\(UnitPipeRunner.binary.path)' convert in.csv -c a:km:m -e /dev/stdout > all.txt", in: dir)
        #expect(result.status == 1)
        let lines = try #require(dir.appendingPathComponent("all.txt").text).split(separator: "\n")
        // The header, 19,980 rows, the report's header and its 20 rows.
        #expect(lines.count == 1 + 19_980 + 1 + 20)
        #expect(lines.filter { $0.hasSuffix(",invalid_number,'x7' is not a number in locale C; fix the cell or choose the file's locale with --locale") }.count == 1)
        #expect(lines.contains("19999000,19999"))
    }

    struct UsageCase: Sendable, CustomStringConvertible {
        let arguments: [String]
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: ["convert", "--outptu", "x.csv"], message: "unknown option '--outptu'; did you mean '--output'?"),
        UsageCase(arguments: ["convrt"], message: "unknown command 'convrt'; did you mean 'convert'?"),
        UsageCase(arguments: ["convert", "-c", "distanse:km:mi"], message: "no column named 'distanse'; did you mean 'distance'?"),
        UsageCase(arguments: ["convert", "-c", "distance:kmx:mi"], message: "unknown unit 'kmx'"),
        UsageCase(arguments: ["convert", "-c", "distance:km:degC"], message: "cannot convert from 'km' [length] to 'degC' [temperature]"),
        UsageCase(arguments: ["convert", "-c", "distance"], message: "invalid value 'distance' for --column: write NAME:FROM:TO"),
        UsageCase(arguments: ["convert", "--on-error", "rejekt"], message: "invalid value 'rejekt' for --on-error: did you mean 'reject'?"),
        UsageCase(arguments: ["convert", "-c", "#9:km:mi"], message: "column #9 does not exist; the input has 2 columns"),
        UsageCase(arguments: ["convert", "-c", "distance:km:mi", "-c", "#1:m:mi"], message: "column 'distance' is selected by two -c options"),
        UsageCase(arguments: ["convert", "--decimals", "99"], message: "invalid value '99' for --decimals: use a whole number from 0 to 20"),
        UsageCase(arguments: ["convert", "-d", "x"], message: "invalid value 'x' for --delimiter"),
        UsageCase(arguments: ["convert", "-o"], message: "option '-o' needs a value"),
        UsageCase(arguments: ["sniff", "a.csv", "b.csv"], message: "unexpected argument 'b.csv'"),
        UsageCase(arguments: ["convert", "a.csv", "b.csv", "--byte-range", "0:9"], message: "a shard is a byte range of one file"),
    ])
    func usageErrorsNameTheProblemAndExit2(_ c: UsageCase) throws {
        let result = try UnitPipeRunner.run(c.arguments, stdin: Data("distance,name\n1,a\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingInputFileExits2() throws {
        let result = try UnitPipeRunner.run(["convert", "/nonexistent/trips.csv", "-c", "d:km:mi"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot open input '/nonexistent/trips.csv': No such file or directory"))
    }

    @Test func helpAndVersion() throws {
        let help = try UnitPipeRunner.run(["convert", "--help"])
        #expect(help.status == 0)
        for needle in ["Usage: unitpipe convert", "--on-error MODE", "(default: reject)", "Examples:"] {
            #expect(help.stdout.contains(needle))
        }
        let version = try UnitPipeRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("unitpipe "))
    }
}

@Suite("signals, end to end")
struct SignalEndToEndTests {
    @Test func sigtermRemovesTheTemporaryFileAndWritesAFailedSummary() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let process = Process()
        process.executableURL = UnitPipeRunner.binary
        process.arguments = ["convert", "-c", "d:km:m", "-o", "out.csv", "--summary", "s.json", "--threads", "1"]
        process.currentDirectoryURL = dir
        let input = Pipe()
        process.standardInput = input
        process.standardError = Pipe()
        try process.run()
        // A header and some rows, then the writer stays open: unitpipe blocks reading standard input.
        try input.fileHandleForWriting.write(contentsOf: Data("d\n1\n2\n".utf8))
        // Give the process time to start and block on its input, even on a loaded machine.
        Thread.sleep(forTimeInterval: 1.5)
        process.terminate()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files == ["s.json"])
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        #expect(summary.contains("\"status\": \"failed\""))
        #expect(summary.contains("terminated (SIGTERM)"))
    }
}
