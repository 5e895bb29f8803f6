import Foundation
import Testing
import TestSupport

extension SparkEndToEndTests {
    /// Runs the driver with `spark-submit --master MASTER` (default `local[2]`) and, unless
    /// `unitpipe` is nil, `--unitpipe unitpipe` (default this build's binary); returns its exit
    /// status and its log (standard error and output together: the Python driver's own lines
    /// reach either, depending on how spark-submit starts it). `environment` adds variables,
    /// `directory` is the working directory.
    static func submit(
        _ arguments: [String], master: String = "local[2]", unitpipe: String? = UnitPipeRunner.binary.path,
        conf: [String] = [], directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (Int32, String) {
        try runTool(
            "/usr/bin/env",
            ["spark-submit", "--master", master, "--conf", "spark.ui.enabled=false"]
                + conf.flatMap { ["--conf", $0] }
                + [UnitPipeRunner.packageRoot.appendingPathComponent("contrib/spark/unitpipe_spark.py").path]
                + (unitpipe.map { ["--unitpipe", $0] } ?? []) + arguments,
            in: directory, environment: environment)
    }

    /// The first line a single `unitpipe` run printed on standard error, as the driver shows it.
    static func driverLine(_ single: UnitPipeRunner.Result, command: String = "convert") -> String {
        let line = single.stderr.split(separator: "\n").first.map(String.init) ?? ""
        return "unitpipe_spark: " + line.replacingOccurrences(of: "unitpipe \(command): ", with: "") + "\n"
    }

    @Test(
        "an empty first file leaves the header and the summary's columns to the next; inputs that do not fit together fail as one run fails",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func headersAreCheckedAcrossInputs() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data().write(to: inputs.appendingPathComponent("a.csv"))
        try Data("id,km\n1,2.5\n".utf8).write(to: inputs.appendingPathComponent("b.csv"))
        try Data("id,km\n2,4\n3,x\n".utf8).write(to: inputs.appendingPathComponent("c.csv"))
        // Files a run over the directory does not read (not a table's name, or `_` first): nor does the driver.
        try Data("notes\n".utf8).write(to: inputs.appendingPathComponent("README.txt"))
        try Data().write(to: inputs.appendingPathComponent("_SUCCESS"))
        // An empty first file: the header comes from b.csv, once, as the CLI writes it.
        let out = dir.appendingPathComponent("out")
        let options = ["convert", "-c", "km:km:m"]
        let (status, stderr) = try SparkEndToEndTests.submit(["--output", out.path, inputs.path, "--"] + options)
        #expect(status == 1, "driver log:\n\(stderr.suffix(3000))")
        let single = try UnitPipeRunner.run([options[0], inputs.path] + options.dropFirst() + ["-q", "--summary", "s.json"], in: dir)
        #expect(single.status == 1)
        let parts = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("part-") }.sorted()
        let joined = try parts.reduce(into: Data()) { $0 += try Data(contentsOf: out.appendingPathComponent($1)) }
        #expect(String(decoding: joined, as: UTF8.self) == single.stdout)
        #expect(single.stdout == "id,m\n1,2500\n2,4000\n")
        // The merged summary describes the columns as the single run's does (not the empty file's none).
        func columns(_ url: URL) throws -> String {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let data = try JSONSerialization.data(withJSONObject: json["columns"] ?? NSNull(), options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        let mergedColumns = try columns(out.appendingPathComponent("summary.json"))
        #expect(mergedColumns == (try columns(dir.appendingPathComponent("s.json"))))
        #expect(mergedColumns.contains("\"name\":\"m\""), "\(mergedColumns)")

        // A header that differs: exit 2 with the single run's message, no part written.
        try Data("id,miles\n4,1\n".utf8).write(to: inputs.appendingPathComponent("d.csv"))
        let out2 = dir.appendingPathComponent("out2")
        let (status2, stderr2) = try SparkEndToEndTests.submit(["--output", out2.path, inputs.path, "--"] + options)
        let cli = try UnitPipeRunner.run([options[0], inputs.path] + options.dropFirst() + ["-q"], in: dir)
        #expect(cli.status == 2)
        #expect(status2 == 2)
        #expect(cli.stderr.contains("d.csv"), "\(cli.stderr)")
        #expect(stderr2.contains(SparkEndToEndTests.driverLine(cli)), "driver log:\n\(stderr2.suffix(3000))\nsingle run: \(cli.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out2.path).sorted() == ["summary.json"])

        // Without a header, files whose first records have different numbers of fields: exit 2 as one run.
        let plain = dir.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try Data("1,2.5\n2,4\n".utf8).write(to: plain.appendingPathComponent("a.csv"))
        try Data("3,1,x\n".utf8).write(to: plain.appendingPathComponent("b.csv"))
        let bare = ["convert", "--no-header", "-c", "#2:km:m"]
        let out3 = dir.appendingPathComponent("out3")
        let (status3, stderr3) = try SparkEndToEndTests.submit(["--output", out3.path, plain.path, "--"] + bare)
        let cli3 = try UnitPipeRunner.run([bare[0], plain.path] + bare.dropFirst() + ["-q"], in: dir)
        #expect(cli3.status == 2)
        #expect(status3 == 2)
        #expect(stderr3.contains(SparkEndToEndTests.driverLine(cli3)), "driver log:\n\(stderr3.suffix(3000))\nsingle run: \(cli3.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out3.path).sorted() == ["summary.json"])

        // A directory without a table file: the single run's sentence, before Spark starts.
        let none = dir.appendingPathComponent("none")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        try Data("notes\n".utf8).write(to: none.appendingPathComponent("README.txt"))
        let (status4, stderr4) = try SparkEndToEndTests.submit(["--output", dir.appendingPathComponent("out4").path, none.path, "--"] + options)
        let cli4 = try UnitPipeRunner.run([options[0], none.path] + options.dropFirst() + ["-q"], in: dir)
        #expect(cli4.status == 2)
        #expect(status4 == 2)
        #expect(driverLines(stderr4) == [SparkEndToEndTests.driverLine(cli4).trimmingCharacters(in: .newlines)],
                "driver log:\n\(stderr4.suffix(3000))\nsingle run: \(cli4.stderr)")
    }

    @Test(
        "validate in local[2] over a file cut into ranges gives the single run's report, rejects and summary",
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
