import Foundation
import Testing
import TestSupport

extension SparkEndToEndTests {
    /// Runs the driver with `spark-submit --master local[2]` and this build's binary; returns its
    /// exit status and its log (standard error and output together: the Python driver's own lines
    /// reach either, depending on how spark-submit starts it).
    static func submit(_ arguments: [String]) throws -> (Int32, String) {
        let spark = Process()
        spark.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        spark.arguments = [
            "spark-submit", "--master", "local[2]", "--conf", "spark.ui.enabled=false",
            UnitPipeRunner.packageRoot.appendingPathComponent("contrib/spark/unitpipe_spark.py").path,
            "--unitpipe", UnitPipeRunner.binary.path,
        ] + arguments
        let log = Pipe()
        spark.standardError = log
        spark.standardOutput = log
        let collected = ErrorCollector(log.fileHandleForReading)
        try spark.run()
        spark.waitUntilExit()
        return (spark.terminationStatus, String(decoding: collected.wait(), as: UTF8.self))
    }

    @Test(
        "inputs whose headers differ fail the job before any row, naming both; an empty first file leaves the header to the next",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func headersAreCheckedAcrossInputs() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data().write(to: inputs.appendingPathComponent("a.csv"))
        try Data("id,km\n1,2.5\n".utf8).write(to: inputs.appendingPathComponent("b.csv"))
        try Data("id,km\n2,4\n3,x\n".utf8).write(to: inputs.appendingPathComponent("c.csv"))
        // An empty first file: the header comes from b.csv, once, as the CLI writes it.
        let out = dir.appendingPathComponent("out")
        let options = ["convert", "-c", "km:km:m"]
        let (status, stderr) = try SparkEndToEndTests.submit(["--output", out.path, inputs.path, "--"] + options)
        #expect(status == 1, "driver log:\n\(stderr.suffix(3000))")
        let single = try UnitPipeRunner.run([options[0], inputs.path] + options.dropFirst() + ["-q"], in: dir)
        #expect(single.status == 1)
        let parts = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("part-") }.sorted()
        let joined = try parts.reduce(into: Data()) { $0 += try Data(contentsOf: out.appendingPathComponent($1)) }
        #expect(String(decoding: joined, as: UTF8.self) == single.stdout)
        #expect(single.stdout == "id,m\n1,2500\n2,4000\n")
        // A header that differs: exit 2 naming both files, no part written.
        try Data("id,miles\n4,1\n".utf8).write(to: inputs.appendingPathComponent("d.csv"))
        let out2 = dir.appendingPathComponent("out2")
        let (status2, stderr2) = try SparkEndToEndTests.submit(["--output", out2.path, inputs.path, "--"] + options)
        #expect(status2 == 2)
        let b = inputs.appendingPathComponent("b.csv").path, d = inputs.appendingPathComponent("d.csv").path
        #expect(stderr2.contains(
            "unitpipe_spark: the header of '\(d)' differs from that of '\(b)' ('id,miles' there, 'id,km' in '\(b)'); every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
            "driver log:\n\(stderr2.suffix(3000))")
        let names = try FileManager.default.contentsOfDirectory(atPath: out2.path).sorted()
        #expect(names == ["summary.json"])
        let cli = try UnitPipeRunner.run([options[0], inputs.path] + options.dropFirst() + ["-q"], in: dir)
        #expect(cli.status == 2)
    }

    @Test(
        "validate in local[2] over a planned file gives the single run's report, rejects and summary",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func localModeValidate() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var random = SplitMix64(state: 31)
        let big = dir.appendingPathComponent("big.csv")
        try Data(randomExport(&random, rows: 1200, strays: false, plainHeader: true)).write(to: big)
        let options = ["validate", "-c", "km", "--min", "km=0", "-c", "temp"]
        let out = dir.appendingPathComponent("out")
        let (status, stderr) = try SparkEndToEndTests.submit(["--output", out.path, "--split-size", "8K", big.path, "--"] + options)
        #expect(status == 1, "driver log:\n\(stderr.suffix(3000))")

        let single = try UnitPipeRunner.run(
            [options[0], big.path] + options.dropFirst() + ["-e", "e.csv", "-r", "r.csv", "--summary", "s.json", "--quiet"], in: dir)
        #expect(single.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["_SUCCESS", "errors.csv", "rejects.csv", "summary.json"])
        #expect(try Data(contentsOf: out.appendingPathComponent("errors.csv")) == Data(contentsOf: dir.appendingPathComponent("e.csv")))
        #expect(try Data(contentsOf: out.appendingPathComponent("rejects.csv")) == Data(contentsOf: dir.appendingPathComponent("r.csv")))
        func text(_ value: Any?) -> String {
            guard let value else { return "missing" }
            if let object = value as? [String: Any] { return object.keys.sorted().map { "\($0)=\(text(object[$0]))" }.joined(separator: ",") }
            return "\(value)"
        }
        func counts(_ url: URL) throws -> [String: String] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var out: [String: String] = [:]
            for key in ["status", "rows_in", "rows_valid", "rows_invalid", "bytes_in", "errors_by_code"] { out[key] = text(json[key]) }
            for (k, column) in (json["columns"] as? [[String: Any]] ?? []).enumerated() {
                for key in ["cells", "empty", "valid", "invalid", "min", "max"] { out["\(k) \(key)"] = text(column[key]) }
            }
            return out
        }
        let merged = try counts(out.appendingPathComponent("summary.json"))
        #expect(merged == (try counts(dir.appendingPathComponent("s.json"))))
        #expect(merged["rows_invalid"] != "0")
    }
}
