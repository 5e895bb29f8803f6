import Foundation
import Testing

/// `--progress`: drawn in place on a terminal and erased, plain lines when forced into a pipe, absent otherwise.
@Suite("progress display, end to end")
struct ProgressEndToEndTests {
    static func makeInput(in dir: URL) throws {
        var text = "id,distance\n"
        for i in 1...30_000 { text += "\(i),\(Double(i) / 4)\n" }
        try text.write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
    }

    /// Runs unitpipe with standard error on a pseudo-terminal (Python's `pty`); returns what the terminal got.
    static func runOnTerminal(_ arguments: [String], in dir: URL) throws -> (status: Int32, terminal: String) {
        let script = """
            import os, pty, subprocess, sys
            master, slave = pty.openpty()
            p = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
            os.close(slave)
            out = b""
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            sys.stdout.buffer.write(out)
            sys.exit(p.wait())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, UnitPipeRunner.binary.path] + arguments
        process.currentDirectoryURL = dir
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func onATerminalTheLineIsRedrawnInPlaceAndErased() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.makeInput(in: dir)
        let result = try Self.runOnTerminal(["convert", "in.csv", "-c", "distance:km:mi", "-o", "out.csv"], in: dir)
        #expect(result.status == 0)
        #expect(result.terminal.hasPrefix("\runitpipe: "), "\(result.terminal.debugDescription)")
        #expect(result.terminal.contains(" MB of "))
        #expect(result.terminal.hasSuffix("\r\u{1B}[K"), "erased at the end")
        #expect(!result.terminal.contains("\n"), "redrawn in place, never a new line")
        let off = try Self.runOnTerminal(["convert", "in.csv", "-c", "distance:km:mi", "-o", "out.csv", "--no-progress"], in: dir)
        #expect(off.status == 0)
        #expect(off.terminal.isEmpty)
    }

    @Test func inAPipeOnlyWhenAskedAndThenAsPlainLines() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.makeInput(in: dir)
        let quiet = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-o", "out.csv"], in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let forced = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-o", "out.csv", "--progress"], in: dir)
        #expect(forced.status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("in.csv").path)[.size] as? Int)
        let lines = forced.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "every line ends with a line feed")
        #expect(!forced.stderr.contains("\r") && !forced.stderr.contains("\u{1B}"))
        let last = try #require(lines.dropLast().last)
        let megabytes = (size + 50_000) / 100_000
        #expect(last.hasPrefix("unitpipe: \(megabytes / 10).\(megabytes % 10) MB of \(megabytes / 10).\(megabytes % 10) MB (100%), 30000 rows"), "\(last)")
        // A compressed input counts its stored bytes: the percentage and the time left follow them.
        _ = try UnitPipeRunner.runShell("gzip -c in.csv > in.csv.gz", in: dir)
        let gzSize = try #require(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("in.csv.gz").path)[.size] as? Int)
        let compressed = try UnitPipeRunner.run(["convert", "in.csv.gz", "-o", "out3.csv", "--progress"], in: dir)
        let gzTenths = (gzSize + 50_000) / 100_000
        let gzMB = "\(gzTenths / 10).\(gzTenths % 10) MB"
        #expect(compressed.stderr.split(separator: "\n").last?.hasPrefix("unitpipe: \(gzMB) of \(gzMB) (100%), 30000 rows") == true, "\(compressed.stderr)")
        // Standard input of unknown size: bytes and rows, no percentage.
        let piped = try UnitPipeRunner.run(["convert", "-", "-o", "out2.csv", "--progress"], stdin: try Data(contentsOf: dir.appendingPathComponent("in.csv")), in: dir)
        #expect(piped.stderr.split(separator: "\n").last?.hasPrefix("unitpipe: \(megabytes / 10).\(megabytes % 10) MB, 30000 rows") == true, "\(piped.stderr)")
    }

    @Test func validateShowsTheSameProgress() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.makeInput(in: dir)
        let terminal = try Self.runOnTerminal(["validate", "in.csv", "-c", "distance"], in: dir)
        #expect(terminal.status == 0)
        #expect(terminal.terminal.hasPrefix("\runitpipe: "), "\(terminal.terminal.debugDescription)")
        #expect(terminal.terminal.hasSuffix("\r\u{1B}[K"), "erased at the end")
        #expect(!terminal.terminal.contains("\n"), "redrawn in place, never a new line")
        let off = try Self.runOnTerminal(["validate", "in.csv", "-c", "distance", "--progress", "--no-progress"], in: dir)
        #expect(off.status == 0)
        #expect(off.terminal.isEmpty)
        let quiet = try UnitPipeRunner.run(["validate", "in.csv", "-c", "distance"], in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let forced = try UnitPipeRunner.run(["validate", "in.csv", "-c", "distance", "--progress"], in: dir)
        #expect(forced.status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("in.csv").path)[.size] as? Int)
        let tenths = (size + 50_000) / 100_000
        let megabytes = "\(tenths / 10).\(tenths % 10) MB"
        #expect(!forced.stderr.contains("\r") && !forced.stderr.contains("\u{1B}"))
        #expect(forced.stderr.split(separator: "\n").last?.hasPrefix("unitpipe: \(megabytes) of \(megabytes) (100%), 30000 rows") == true, "\(forced.stderr)")
    }
}
