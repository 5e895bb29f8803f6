import Foundation
import Testing
import TestSupport

/// `-o FILE.gz` / `-o FILE.zst` (and the reports named so): compressed by the workers, one member
/// (frame) per chunk, byte-identical for every thread count, decoded by the system's gzip and zstd.
@Suite("compressed output, end to end")
struct CompressedOutputEndToEndTests {
    /// Runs `command` in `dir` and returns its standard output; fails the test when it fails.
    static func shell(_ command: String, in dir: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = dir
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        let errors = ErrorCollector(errorPipe.fileHandleForReading)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.wait()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(command): \(String(decoding: err, as: UTF8.self))")
        return String(decoding: out, as: UTF8.self)
    }

    /// The gzip members of `file`, counted by Python's zlib (independent of unitpipe).
    static func gzipMembers(_ file: String, in dir: URL) throws -> Int {
        let count = try shell("""
            python3 - \(file) <<'EOF'
            import sys, zlib
            data, n = open(sys.argv[1], 'rb').read(), 0
            while data:
                d = zlib.decompressobj(31)
                d.decompress(data)
                assert d.eof
                data, n = d.unused_data, n + 1
            print(n)
            EOF
            """, in: dir)
        return Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The zstd frames of `file`, as `zstd -l` counts them.
    static func zstdFrames(_ file: String, in dir: URL) throws -> Int {
        let listing = try shell("zstd -l \(file) | tail -n 1", in: dir)
        return Int(listing.split(separator: " ").first ?? "") ?? -1
    }

    @Test(.enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
    func gzipAndZstdOutputDecodeToThePlainOutputAndAreTheSameForEveryThreadCount() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        // About 1.1 MB: several chunks, so several members; quoted newlines and failing rows.
        try CompressedInputEndToEndTests.generatedCSV(rows: 50_000).write(
            to: dir.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        let plain = try UnitPipeRunner.run(
            ["convert", "data.csv", "-c", "distance:km:mi", "-o", "plain.csv", "-r", "plain-rejects.csv", "-e", "plain-errors.csv",
             "--threads", "1"], in: dir)
        #expect(plain.status == 1)
        var firstRun: [String: Data] = [:]
        for threads in [1, 2] {
            for (out, rejects, errors) in [("out.csv.gz", "rejects.csv.zst", "errors.csv.gz"), ("out.csv.zst", "rejects.csv.gz", "errors.csv.zst")] {
                let result = try UnitPipeRunner.run(
                    ["convert", "data.csv", "-c", "distance:km:mi", "-o", out, "-r", rejects, "-e", errors,
                     "--threads", "\(threads)"], in: dir)
                #expect(result.status == 1)
                #expect(result.stderr == plain.stderr.replacingOccurrences(of: "plain-errors.csv", with: errors))
                for (file, expected) in [(out, "plain.csv"), (rejects, "plain-rejects.csv"), (errors, "plain-errors.csv")] {
                    let tool = file.hasSuffix(".gz") ? "gzip" : "zstd"
                    // cmp exits 1 (failing the shell) unless the decoded bytes are the plain file's.
                    _ = try Self.shell("\(tool) -dc \(file) | cmp - \(expected)", in: dir)
                    let bytes = try Data(contentsOf: dir.appendingPathComponent(file))
                    if let first = firstRun[file] {
                        #expect(bytes == first, "\(file) with \(threads) threads differs from 1 thread")
                    } else {
                        firstRun[file] = bytes
                    }
                }
            }
        }
        // The header's member (frame), then one per chunk: the files are concatenations, which the
        // tools read whole.
        #expect(try Self.gzipMembers("out.csv.gz", in: dir) > 2)
        #expect(try Self.zstdFrames("out.csv.zst", in: dir) > 2)
        // unitpipe reads its own compressed output back (by its magic bytes), the same as the plain one.
        let back = try UnitPipeRunner.run(["convert", "out.csv.gz", "-o", "back.csv"], in: dir)
        #expect(back.status == 0)
        _ = try Self.shell("cmp back.csv plain.csv && cat out.csv.gz out.csv.gz | gzip -dc | cmp - <(cat plain.csv plain.csv)", in: dir)
    }

    @Test func emptyAndHeaderOnlyRunsWriteValidCompressedFiles() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data().write(to: dir.appendingPathComponent("empty.csv"))
        try "id,distance\n".write(to: dir.appendingPathComponent("header.csv"), atomically: true, encoding: .utf8)
        for name in ["empty", "header"] {
            for ext in ["gz", "zst"] {
                // An empty input converts nothing only without -c (with it, the column is missing: exit 2).
                let columns = name == "empty" ? [] : ["-c", "distance:km:mi"]
                let result = try UnitPipeRunner.run(
                    ["convert", "\(name).csv", "-o", "\(name).out.\(ext)", "-r", "\(name).rejects.\(ext)",
                     "--summary", "\(name).json.\(ext)"] + columns, in: dir)
                #expect(result.status == 0, "\(result.stderr)")
                let tool = ext == "gz" ? "gzip" : "zstd"
                let output = try Self.shell("\(tool) -dc \(name).out.\(ext)", in: dir)
                let rejects = try Self.shell("\(tool) -dc \(name).rejects.\(ext)", in: dir)
                #expect(output == (name == "empty" ? "" : "id,distance\n"))
                #expect(rejects == (name == "empty" ? "" : "id,distance\n"))
                #expect(try Self.shell("\(tool) -dc \(name).json.\(ext)", in: dir).contains("\"status\": \"ok\""))
            }
        }
    }

    @Test func standardOutputAndOtherNamesAreNeverCompressed() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try "id,distance\n1,5\n".write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let toStdout = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:m"], in: dir)
        #expect(toStdout.stdout == "id,distance\n1,5000\n")
        let dash = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:m", "-o", "-"], in: dir)
        #expect(dash.stdout == "id,distance\n1,5000\n")
        // Only the last extension counts: `.gz.csv` is plain, `.GZ` is gzip.
        for (name, isGzip) in [("out.gz.csv", false), ("OUT.CSV.GZ", true)] {
            _ = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:m", "-o", name], in: dir)
            let bytes = try Data(contentsOf: dir.appendingPathComponent(name))
            #expect((bytes.prefix(2) == Data([0x1F, 0x8B])) == isGzip, "\(name)")
        }
    }
}
