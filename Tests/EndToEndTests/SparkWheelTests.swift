import Foundation
import Testing
import TestSupport

@Suite("Spark driver, the pip package", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkWheelTests {
    @Test(
        "scripts/build-wheel's wheel installs into a fresh venv; python -m unitpipe.spark there gives the single run's bytes",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func wheelInFreshVenv() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let python = try SparkWheelTests.installedVenv(in: dir)
        let wheels = try names(in: dir.appendingPathComponent("dist"))
        let version = try UnitPipeRunner.run(["--version"]).stdout.trimmingCharacters(in: .newlines)
            .replacingOccurrences(of: "unitpipe ", with: "")
        #expect(wheels.count == 1 && wheels[0].hasPrefix("unitpipe-\(version)-py3-none-linux_") && wheels[0].hasSuffix(".whl"), "\(wheels)")
        let (shown, versions) = try runTool(
            python, ["-c", "import unitpipe, os; from unitpipe import spark; print(unitpipe.__version__, spark.VERSION, os.access(unitpipe.binary(), os.X_OK))"],
            in: dir)
        #expect(shown == 0)
        #expect(versions == "\(version) \(version) True\n")
        let (ran, printed) = try runTool(dir.appendingPathComponent("venv/bin/unitpipe").path, ["--version"], in: dir)
        #expect(ran == 0)
        #expect(printed == "unitpipe \(version)\n")

        var random = SplitMix64(state: 28)
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for name in ["a.csv", "b.csv"] {
            try Data(randomExport(&random, rows: random.next(in: 10...40), strays: false, plainHeader: true))
                .write(to: inputs.appendingPathComponent(name))
        }
        try Data(randomExport(&random, rows: 1200, strays: false, plainHeader: true)).write(to: dir.appendingPathComponent("big.csv"))
        let options = ["convert", "-c", "km:km:mi", "-c", "temp:degC:degF"]
        let (status, log) = try runTool(
            python, ["-m", "unitpipe.spark", "--master", "local[2]", "--output", "out", "--split-size", "8K", "in", "big.csv", "--"] + options,
            in: dir)
        #expect(status == 1, "driver log:\n\(log.suffix(3000))")
        let single = try UnitPipeRunner.run([options[0], "in", "big.csv"] + options.dropFirst() + ["-q", "-e", "e.csv"], in: dir)
        let out = dir.appendingPathComponent("out")
        #expect(try joinedParts(out) == Data(single.stdout.utf8))
        #expect(try Data(contentsOf: out.appendingPathComponent("errors.csv")) == Data(contentsOf: dir.appendingPathComponent("e.csv")))
        #expect(try names(in: out).filter { $0.hasPrefix("part-") }.count > 3)
    }

    @Test(
        "unitpipe.spark.read from the installed wheel: converted columns typed (double, decimal with --decimals), the report and rejects as DataFrames",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func readDataFrame() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let python = try SparkWheelTests.installedVenv(in: dir)
        try Data("id,km,note\n1,2.5,\"a\nb\"\n2,x,\"c\r\nd\"\n3,,e\n4,1000.125,f\n5,0.0000001,g\n".utf8).write(to: dir.appendingPathComponent("typed.csv"))
        let script = """
            import json
            from pyspark.sql import SparkSession
            from unitpipe import spark
            session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false").getOrCreate())
            out = {}
            for name, extra in (("decimal", ["--decimals", "3"]), ("double", [])):
                r = spark.read(session, ["typed.csv"], ["-c", "km:km:mi"] + extra, output="df-" + name)
                out[name] = {
                    "types": [list(t) for t in r.rows.dtypes],
                    "rows": sorted([[None if v is None else repr(v) if isinstance(v, float) else str(v) for v in row] for row in r.rows.collect()]),
                    "errors": [[e["record"], e["line"], e["column"], e["code"]] for e in r.errors.collect()],
                    "rejects": [list(row) for row in r.rejects.collect()],
                    "status": r.summary["status"],
                }
            try:
                spark.read(session, "typed.csv", ["-c", "km:km:mi", "--bom"])
            except spark.ConversionFailed as error:
                out["refused"] = str(error)
            print("RESULT " + json.dumps(out))
            session.stop()
            """
        try Data(script.utf8).write(to: dir.appendingPathComponent("read.py"))
        let (status, log) = try runTool(python, ["read.py"], in: dir)
        #expect(status == 0, "\(log.suffix(3000))")
        // The line the script printed (a progress bar may share its line: look for the marker).
        let marker = try #require(log.range(of: "RESULT "), "\(log.suffix(3000))")
        let line = log[marker.upperBound...].prefix { $0 != "\n" }
        let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])

        // The single run's rows, as the DataFrame should hold them: an empty cell is a null.
        func expectedRows(_ extra: [String]) throws -> [[String?]] {
            let single = try UnitPipeRunner.run(["convert", "typed.csv", "-c", "km:km:mi", "-q"] + extra, in: dir)
            #expect(single.status == 1)
            return parseCSV(single.stdout).dropFirst().map { $0.map { $0.isEmpty ? nil : $0 } }.sorted { $0.description < $1.description }
        }
        func rows(_ name: String) -> [[String?]] {
            let value = (result[name] as? [String: Any])?["rows"] as? [[Any]] ?? []
            return value.map { $0.map { $0 as? String } }.sorted { $0.description < $1.description }
        }
        let decimal = result["decimal"] as? [String: Any] ?? [:]
        #expect(decimal["types"] as? [[String]] == [["id", "string"], ["mi", "decimal(38,3)"], ["note", "string"]])
        #expect(rows("decimal") == (try expectedRows(["--decimals", "3", "--notation", "plain"])))
        #expect(rows("decimal").count == 4)
        let double = result["double"] as? [String: Any] ?? [:]
        #expect(double["types"] as? [[String]] == [["id", "string"], ["mi", "double"], ["note", "string"]])
        // Doubles: the same values (Python's repr and unitpipe's text may spell one number differently).
        let expected = try expectedRows([])
        let got = rows("double")
        #expect(got.count == expected.count)
        for (a, b) in zip(got, expected) {
            #expect(a[0] == b[0] && a[2] == b[2])
            #expect(a[1].flatMap { Double($0) } == b[1].flatMap { Double($0) }, "\(a) \(b)")
        }
        #expect((decimal["errors"] as? [[Any]] ?? []).map { $0.map { "\($0)" } } == [["2", "4", "km", "invalid_number"]])
        #expect(decimal["rejects"] as? [[String]] == [["2", "x", "c\r\nd"]])
        #expect(decimal["status"] as? String == "rejected")
        #expect(result["refused"] as? String == "'--bom' cannot be used with read(): a byte order mark would become part of the first column's name")
    }

    /// A fresh venv in `directory` with the wheel built from this checkout installed; returns its python.
    static func installedVenv(in dir: URL) throws -> String {
        let root = UnitPipeRunner.packageRoot
        let (built, wheelLog) = try runTool(
            "/usr/bin/env", ["python3", root.appendingPathComponent("scripts/build-wheel").path,
                             "--binary", UnitPipeRunner.binary.path, "--out", dir.appendingPathComponent("dist").path], in: dir)
        try #require(built == 0, "\(wheelLog)")
        let (made, venvLog) = try runTool("/usr/bin/env", ["python3", "-m", "venv", "--system-site-packages", "venv"], in: dir)
        try #require(made == 0, "\(venvLog)")
        let python = dir.appendingPathComponent("venv/bin/python").path
        let wheel = wheelLog.trimmingCharacters(in: .whitespacesAndNewlines)
        let (installed, pipLog) = try runTool(python, ["-m", "pip", "install", "--quiet", "--no-index", "--no-deps", wheel], in: dir)
        try #require(installed == 0, "\(pipLog)")
        return python
    }
}
