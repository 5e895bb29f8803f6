import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `moto_server` on PATH and s3fs and boto3 importable, or why the object-storage test cannot run.
let objectStorageMissing: String? = {
    if let missing = sparkMissing { return missing }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    if !path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/moto_server") }) {
        return "moto_server not found (pip install 'moto[server]' s3fs boto3, or scripts/install-deps --spark)"
    }
    return nil
}()

/// An S3 API on loopback (`moto_server`), started for a test and stopped by its process ID.
final class LoopbackS3 {
    private(set) var endpoint = ""
    private var process: Process?

    init(in directory: URL) throws {
        let log = directory.appendingPathComponent("moto.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw Failure(message: "cannot create \(log.path)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["moto_server", "-H", "127.0.0.1", "-p", "0"]
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        self.process = process
        for _ in 0..<300 {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "Running on http://127.0.0.1:") {
                let port = text[range.upperBound...].prefix { $0.isNumber }
                endpoint = "http://127.0.0.1:\(port)"
                return
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw Failure(message: "moto_server did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The environment that points boto3 and s3fs at this server.
    var environment: [String: String] {
        ["AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_DEFAULT_REGION": "us-east-1"]
    }

    /// Runs a Python snippet with boto3's client as `s3`; returns what it printed.
    func python(_ code: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import boto3, sys\ns3 = boto3.client('s3')\n" + code]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let collected = ErrorCollector(errors.fileHandleForReading)
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = String(decoding: collected.wait(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failure(message: "python failed: \(err)") }
        return String(decoding: out, as: UTF8.self)
    }

    /// Stops the server: SIGKILL to its process ID (a child of the test process inherits a
    /// signal mask that blocks SIGTERM, and Python never unblocks it; the server keeps nothing).
    func stop() {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        process = nil
    }

    deinit { stop() }
}

@Suite("Spark driver, object storage (S3 API on loopback)", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkObjectStorageTests {
    @Test(
        "s3:// inputs (small files, a big one in ranges) to an s3:// DIR: the single run's bytes, a commit without rename, a failed run's DIR reused",
        .enabled(if: objectStorageMissing == nil, "skipped: \(objectStorageMissing ?? "")"))
    func s3ToS3() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s3 = try LoopbackS3(in: dir)
        defer { s3.stop() }
        // The same files locally (for the single run) and in a bucket.
        var random = SplitMix64(state: 77)
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data().write(to: inputs.appendingPathComponent("a.csv"))
        for name in ["b.csv", "c.csv", "d.csv"] {
            try Data(randomExport(&random, rows: random.next(in: 20...400), strays: false, plainHeader: true))
                .write(to: inputs.appendingPathComponent(name))
        }
        // Big enough to be cut into ranges, some past the first MiB a range task copies with its range.
        let big = randomExport(&random, rows: 64000, strays: false, plainHeader: true)
        #expect(big.count > 1400 << 10, "\(big.count) bytes")
        try Data(big).write(to: inputs.appendingPathComponent("e.csv"))
        _ = try s3.python("""
            for bucket in ("src", "dst"):
                s3.create_bucket(Bucket=bucket)
            for name in ("a.csv", "b.csv", "c.csv", "d.csv", "e.csv"):
                s3.upload_file("in/" + name, "src", "exports/" + name)
            """, in: dir)
        let options = ["convert", "-c", "km:km:mi", "-c", "temp:degC:degF"]

        // A failing command: exit 2, one line, and only a summary left in the bucket.
        let (failed, failedLog) = try SparkEndToEndTests.submit(
            ["--output", "s3://dst/converted", "s3://src/exports/", "--", "convert", "-c", "miles:km:mi"], environment: s3.environment)
        #expect(failed == 2)
        #expect(driverLines(failedLog).count == 1 && driverLines(failedLog)[0].hasPrefix("unitpipe_spark: the job failed: unitpipe failed (exit 2) on s3://src/exports/"),
                "driver log:\n\(failedLog.suffix(3000))")
        let leftAfterFailure = try s3.python("print(sorted(o['Key'] for o in s3.list_objects_v2(Bucket='dst')['Contents']))", in: dir)
        #expect(leftAfterFailure == "['converted/summary.json']\n", "driver log:\n\(failedLog.suffix(3000))")

        // The same DIR again with the right command.
        let (status, log) = try SparkEndToEndTests.submit(
            ["--output", "s3://dst/converted", "--split-size", "256K", "s3://src/exports/", "--"] + options, environment: s3.environment)
        #expect(status == 1, "driver log:\n\(log.suffix(3000))")
        let fetched = dir.appendingPathComponent("fetched")
        try FileManager.default.createDirectory(at: fetched, withIntermediateDirectories: true)
        let keys = try s3.python("""
            keys = sorted(o['Key'] for o in s3.list_objects_v2(Bucket='dst')['Contents'])
            for key in keys:
                s3.download_file('dst', key, 'fetched/' + key.split('/')[-1])
            print(' '.join(keys))
            """, in: dir)
        let partCount = try names(in: fetched).filter { $0.hasPrefix("part-") }.count
        let parts = (0..<partCount).map { String(format: "converted/part-%05d.csv", $0) }
        #expect(parts.count > 8, "the big file was split: \(keys)")
        #expect(keys == (["converted/_SUCCESS", "converted/errors.csv"] + parts + ["converted/rejects.csv", "converted/summary.json"]).joined(separator: " ") + "\n")

        let single = try UnitPipeRunner.run(
            [options[0], "in"] + options.dropFirst() + ["-q", "-o", "o.csv", "-e", "e.csv", "-r", "r.csv"], in: dir)
        #expect(single.status == 1)
        #expect(try joinedParts(fetched) == Data(contentsOf: dir.appendingPathComponent("o.csv")))
        #expect(try Data(contentsOf: fetched.appendingPathComponent("rejects.csv")) == Data(contentsOf: dir.appendingPathComponent("r.csv")))
        // The report names each file by its URL where the single run names its path.
        let report = try String(contentsOf: fetched.appendingPathComponent("errors.csv"), encoding: .utf8)
        #expect(report.replacingOccurrences(of: "\ns3://src/exports/", with: "\nin/")
                == (try String(contentsOf: dir.appendingPathComponent("e.csv"), encoding: .utf8)))
        #expect(report.contains("\ns3://src/exports/b.csv,"))
    }

    @Test(
        "unitpipe.spark.read with an s3:// output: the rows typed, the report and the rejects, as one run gives them",
        .enabled(if: objectStorageMissing == nil, "skipped: \(objectStorageMissing ?? "")"))
    func readToS3() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s3 = try LoopbackS3(in: dir)
        defer { s3.stop() }
        try Data("id,km,note\n1,2.5,\"a\nb\"\n2,x,\"c\r\nd\"\n3,,e\n4,1000.125,f\n".utf8).write(to: dir.appendingPathComponent("typed.csv"))
        _ = try s3.python("""
            for bucket in ("src", "dst"):
                s3.create_bucket(Bucket=bucket)
            s3.upload_file("typed.csv", "src", "in/typed.csv")
            """, in: dir)
        let script = """
            import json, sys
            sys.path.insert(0, \(String(reflecting: UnitPipeRunner.packageRoot.appendingPathComponent("contrib/spark").path)))
            from pyspark.sql import SparkSession
            import unitpipe_spark as spark
            session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false").getOrCreate())
            r = spark.read(session, ["s3://src/in/typed.csv"], ["-c", "km:km:mi", "--decimals", "3"], output="s3://dst/df",
                           unitpipe=\(String(reflecting: UnitPipeRunner.binary.path)))
            out = {"types": [list(t) for t in r.rows.dtypes],
                   "rows": sorted([[None if v is None else str(v) for v in row] for row in r.rows.collect()]),
                   "errors": [[e["record"], e["line"], e["column"], e["code"]] for e in r.errors.collect()],
                   "rejects": [list(row) for row in r.rejects.collect()], "status": r.summary["status"]}
            print("RESULT " + json.dumps(out))
            session.stop()
            """
        try Data(script.utf8).write(to: dir.appendingPathComponent("read.py"))
        let (status, log) = try runTool("/usr/bin/env", ["python3", "read.py"], in: dir, environment: s3.environment)
        #expect(status == 0, "\(log.suffix(3000))")
        let marker = try #require(log.range(of: "RESULT "), "\(log.suffix(3000))")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(log[marker.upperBound...].prefix { $0 != "\n" }.utf8)) as? [String: Any])
        #expect(result["types"] as? [[String]] == [["id", "string"], ["mi", "decimal(38,3)"], ["note", "string"]])
        let single = try UnitPipeRunner.run(["convert", "typed.csv", "-c", "km:km:mi", "--decimals", "3", "--notation", "plain", "-q"], in: dir)
        let expected = parseCSV(single.stdout).dropFirst().map { $0.map { $0.isEmpty ? nil : $0 } }.sorted { $0.description < $1.description }
        let rows = (result["rows"] as? [[Any]] ?? []).map { $0.map { $0 as? String } }.sorted { $0.description < $1.description }
        #expect(rows == expected)
        #expect(rows.count == 3)
        #expect((result["errors"] as? [[Any]] ?? []).map { $0.map { "\($0)" } } == [["2", "4", "km", "invalid_number"]])
        #expect(result["rejects"] as? [[String]] == [["2", "x", "c\r\nd"]])
        #expect(result["status"] as? String == "rejected")
        #expect(try s3.python("print(sorted(o['Key'] for o in s3.list_objects_v2(Bucket='dst')['Contents']))", in: dir)
                == "['df/_SUCCESS', 'df/errors.csv', 'df/part-00000.csv', 'df/rejects.csv', 'df/summary.json']\n")
    }
}
