// The contract oracle: `scripts/contract-oracle.py` generates messy CSV files from a seed (five
// number styles with grouping, accounting negatives, U+2212, exponents and blanks; in-cell,
// per-row and header units; null markers; text in numeric cells; bytes that are not UTF-8 in the
// header and the body; quoted delimiters and line ends; empty and header-only inputs; files
// without --locale that the default-locale guard must stop or must leave alone), runs the built
// binary on each (`convert`, or `validate` for a quarter), and checks every cell against its own
// reference of the documented contract, which shares no code with the implementation: each
// converted cell is the exactly rounded value or its row is rejected with the reference's code;
// no non-empty cell comes out empty unless it is a declared null; pass-through bytes, header
// included, are unchanged; the rejects hold the records as written; exit status and summary
// agree. The default run checks 400 files (one process each); `UNITPIPE_LONG_TESTS=1` checks
// 6,000, with files of up to 2,000 rows (millions of cells). Two wrapped
// binaries, one that empties a cell and one that changes a header byte, show the oracle fails
// when the contract is broken.

import Foundation
import Testing
import TestSupport

@Suite("contract oracle")
struct ContractOracleTests {
    /// Runs the oracle script with `arguments` against `binary`; its exit status and output.
    static func oracle(_ arguments: [String], binary: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", UnitPipeRunner.packageRoot.appendingPathComponent("scripts/contract-oracle.py").path]
            + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["UNITPIPE_BIN": binary]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The seed: `UNITPIPE_ORACLE_SEED`, else a fixed one (a new one per long run).
    static func seed(default value: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment["UNITPIPE_ORACLE_SEED"], let seed = Int(text) { return seed }
        return value
    }

    @Test("generated files agree with the reference, cell by cell")
    func generatedFiles() throws {
        let seed = Self.seed(default: 20_261_203)
        let result = try Self.oracle(["--seed", "\(seed)", "--files", "400", "--jobs", "2"], binary: UnitPipeRunner.binary.path)
        try #require(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("contract-oracle: seed \(seed): 400 files, "), "\(result.output)")
    }

    @Test("6,000 files, up to 2,000 rows each (UNITPIPE_LONG_TESTS=1)", .enabled(if: isLongRun))
    func manyFiles() throws {
        let seed = Self.seed(default: Int.random(in: 1...1_000_000_000))
        let result = try Self.oracle(["--seed", "\(seed)", "--files", "6000", "--jobs", "2", "--long"],
                                     binary: UnitPipeRunner.binary.path)
        #expect(result.status == 0, "seed \(seed): \(result.output)")
    }

    /// The oracle's output on a few files for a binary that runs the real one, then applies `edit`
    /// (a sed script) to its output file.
    static func oracleOnWrapped(_ edit: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unitpipe-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("unitpipe").path
        let script = """
            #!/bin/bash
            "\(UnitPipeRunner.binary.path)" "$@"
            status=$?
            while [ $# -gt 0 ]; do
                if [ "$1" = -o ] && [ -f "$2" ]; then sed -i '\(edit)' "$2"; fi
                shift
            done
            exit $status
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return try oracle(["--seed", "7", "--files", "40", "--jobs", "1"], binary: path)
    }

    @Test("a binary that changes a header byte is caught")
    func changedHeaderByte() throws {
        // The first header field's last byte becomes '?'.
        let result = try Self.oracleOnWrapped("1s/^\\([^,;|\\t]*\\)[^,;|\\t]/\\1?/")
        #expect(result.status == 1)
        #expect(result.output.contains("pass-through header bytes must be unchanged"), "\(result.output)")
    }

    @Test("a binary that empties a converted cell is caught")
    func emptiedCell() throws {
        // Every data line's last field, when it is a number, is emptied.
        let result = try Self.oracleOnWrapped("2,$s/\\([,;|\\t]\\)[0-9][0-9.e+-]*$/\\1/")
        #expect(result.status == 1)
        #expect(result.output.contains("came out ''") || result.output.contains("came out empty"), "\(result.output)")
    }
}
