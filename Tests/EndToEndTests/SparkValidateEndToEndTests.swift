import Foundation
import Testing
import TestSupport

extension SparkEndToEndTests {
    /// Runs the driver with `spark-submit --master local[2]` and this build's binary; returns its
    /// exit status and standard error.
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
        spark.standardOutput = Pipe()
        let collected = ErrorCollector(log.fileHandleForReading)
        try spark.run()
        spark.waitUntilExit()
        return (spark.terminationStatus, String(decoding: collected.wait(), as: UTF8.self))
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
