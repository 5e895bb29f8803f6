import Foundation
import Testing

/// Signals from the outside world and standard output that cannot be written, on the real binary.
@Suite("signals and standard streams, end to end")
struct SignalAndStreamEndToEndTests {
    /// SIGHUP (a closed ssh session) and SIGQUIT stop a run as SIGTERM does: no output left,
    /// a failed summary naming the signal, exit 128 + the signal.
    @Test(arguments: [(SIGHUP, "terminated (SIGHUP)"), (SIGQUIT, "terminated (SIGQUIT)")])
    func hangupAndQuitActAsTerminate(signal: Int32, reason: String) throws {
        let (process, dir, _) = try HostileInputEndToEndTests.signalDuringLongField(signal, threads: 2)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s.json"])
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == reason)
    }

    /// Past `ulimit -f` the write fails with EFBIG (SIGXFSZ is ignored): exit 2 with a message,
    /// no output file, the summary written.
    @Test func aFileSizeLimitIsAWriteFailure() throws {
        let rows = (1...20_000).map { "\($0),\($0 % 97)\n" }.joined()
        let dir = try E2E.directory(with: "in.csv", "id,d\n" + rows)
        let result = try UnitPipeRunner.runShell(
            "ulimit -f 64; \"\(UnitPipeRunner.binary.path)\" convert in.csv -c d:km:m -o out.csv --summary s.json", in: dir)
        #expect(result.status == 2)
        #expect(String(decoding: result.stderr, as: UTF8.self) == "unitpipe convert: cannot write 'out.csv': File too large\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.csv", "s.json"])
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["detail"] as? String == "File too large")
    }

    /// A SIGTERM while the output pipe is full and nobody reads it (a write blocked in the
    /// middle of a chunk) ends the run at once.
    @Test func aSignalEndsAWriteBlockedOnAStalledPipe() throws {
        let rows = (1...200_000).map { "\($0),\($0 % 97)\n" }.joined()
        let dir = try E2E.directory(with: "in.csv", "id,d\n" + rows)
        let process = Process()
        process.executableURL = UnitPipeRunner.binary
        process.arguments = ["convert", "in.csv", "-c", "d:km:m", "--summary", "s.json"]
        process.currentDirectoryURL = dir
        let stalled = Pipe()
        process.standardOutput = stalled
        process.standardError = Pipe()
        try process.run()
        // The pipe holds 64 KiB; the output is 2.6 MB, so the run is blocked writing by now.
        usleep(1_500_000)
        #expect(process.isRunning)
        let seconds = UnitPipeRunner.send(SIGTERM, to: process)
        #expect(seconds < 2, "exit \(seconds) s after the signal")
        #expect(process.terminationStatus == 143)
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["reason"] as? String == "terminated (SIGTERM)")
        _ = stalled
    }

    /// Whichever thread is reading, a signal ends a read blocked on an input pipe that has gone
    /// quiet (still open, no more bytes): the handler passes it on to every thread of the run.
    @Test(arguments: [1, 2, 3])
    func aSignalEndsAReadBlockedOnAQuietPipe(threads: Int) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let (process, writer) = try UnitPipeRunner.start(
            ["convert", "-c", "d:km:m", "-o", "out.csv", "--summary", "s.json", "--threads", "\(threads)"], in: dir)
        try writer.write(contentsOf: Data("id,d\n".utf8))
        // Bursts of a few chunks each, so that the reading moves from thread to thread.
        for burst in 0..<8 {
            let rows = (0..<20_000).map { "\(burst * 20_000 + $0),\($0 % 97)\n" }.joined()
            try writer.write(contentsOf: Data(rows.utf8))
            usleep(20_000)
        }
        usleep(300_000)
        #expect(process.isRunning)
        let seconds = UnitPipeRunner.send(SIGTERM, to: process)
        try? writer.close()
        #expect(seconds < 2, "exit \(seconds) s after the signal")
        #expect(process.terminationStatus == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s.json"])
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["reason"] as? String == "terminated (SIGTERM)")
    }

    /// validate stopped by a signal writes no report (none is half there) and says so, not that
    /// an output was not written: it has none.
    @Test func aSignalStopsValidateWithoutAReport() throws {
        let dir = try E2E.directory(with: "in.csv", "v\n")
        let process = Process()
        process.executableURL = UnitPipeRunner.binary
        process.arguments = ["validate", "-", "-c", "v", "-e", "r.csv", "--summary", "s.json"]
        process.currentDirectoryURL = dir
        let input = Pipe()
        process.standardInput = input
        let errors = Pipe()
        process.standardError = errors
        let collector = ErrorCollector(errors.fileHandleForReading)
        try process.run()
        // A header and some rows, and standard input left open: the run waits for more.
        input.fileHandleForWriting.write(Data(("v\n" + (1...1_000).map { "\($0)\n" }.joined()).utf8))
        usleep(1_000_000)
        #expect(process.isRunning)
        _ = UnitPipeRunner.send(SIGINT, to: process)
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: collector.wait(), as: UTF8.self) == "unitpipe validate: interrupted by signal 2; no report was written, the summary says how far the run got\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.csv", "s.json"])
        try input.fileHandleForWriting.close()
    }

    /// Every command that prints fails (exit 2, one line) when standard output cannot be written;
    /// a lost plan must not look like success to the script that parses it.
    @Test func everyCommandFailsWhenStandardOutputCannotBeWritten() throws {
        let dir = try E2E.directory(with: "in.csv", "id,d\n1,5\n2,6\n")
        let binary = "\"\(UnitPipeRunner.binary.path)\""
        for command in [
            "plan in.csv --splits 2 --json", "sniff in.csv", "sniff in.csv --json", "units", "units km", "man", "completion bash",
            "--help", "convert --help", "--version",
        ] {
            let result = try UnitPipeRunner.runShell("\(binary) \(command) > /dev/full", in: dir)
            #expect(result.status == 2, "\(command)")
            #expect(String(decoding: result.stderr, as: UTF8.self) == "unitpipe: cannot write standard output: No space left on device\n", "\(command)")
        }
        let converted = try UnitPipeRunner.runShell("\(binary) convert in.csv -c d:km:m > /dev/full", in: dir)
        #expect(converted.status == 2)
        #expect(String(decoding: converted.stderr, as: UTF8.self) == "unitpipe convert: cannot write 'standard output': No space left on device\n")
        // A reader that goes away is no failure.
        let closed = try UnitPipeRunner.runShell("set -o pipefail; \(binary) units | head -1", in: dir)
        #expect(closed.status == 0)
    }
}
