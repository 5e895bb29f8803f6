import Foundation
import Testing

/// A signal during the set-up before the first record (a Table Schema of a million fields being
/// read) ends the run within moments, as a signal during the records does: 128 + the signal, every
/// earlier output untouched, no temporary file, and the summary saying so.
@Suite("signals during set-up, end to end")
struct SetupSignalEndToEndTests {
    @Test("SIGTERM while a schema of a million fields is parsed ends the run at once")
    func sigtermDuringSchemaParsing() throws {
        let fields = (0..<1_000_000).map { #"{"name":"c\#($0)","type":"number"}"# }.joined(separator: ",")
        let dir = try E2E.directory(with: "in.csv", "c0,c1\n1,2\n")
        try Data(#"{"fields":[\#(fields)]}"#.utf8).write(to: dir.appendingPathComponent("schema.json"))
        for name in ["e.csv", "r.csv"] { try Data("earlier \(name)\n".utf8).write(to: dir.appendingPathComponent(name)) }
        let process = Process()
        process.executableURL = UnitPipeRunner.binary
        process.arguments = ["validate", "in.csv", "--schema", "schema.json", "-e", "e.csv", "-r", "r.csv", "--summary", "s.json"]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Reading the 35 MB schema takes moments; parsing it, many seconds without the checks.
        usleep(1_000_000)
        #expect(process.isRunning)
        let seconds = UnitPipeRunner.send(SIGTERM, to: process, waitingAtMost: .seconds(60))
        #expect(seconds < 3, "exit \(seconds) s after the signal")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any])
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == "terminated (SIGTERM)")
        #expect(dir.appendingPathComponent("e.csv").text == "earlier e.csv\n")
        #expect(dir.appendingPathComponent("r.csv").text == "earlier r.csv\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["e.csv", "in.csv", "r.csv", "s.json", "schema.json"])
    }
}
