import Foundation
import Testing
import TestSupport

/// The lines the driver itself printed (`unitpipe_spark: …`), out of spark-submit's log.
func driverLines(_ log: String) -> [String] {
    log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("unitpipe_spark: ") }
}

/// The names in a directory, sorted.
func names(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// The output parts of a driver's DIR, concatenated in name order.
func joinedParts(_ directory: URL) throws -> Data {
    try names(in: directory).filter { $0.hasPrefix("part-") }
        .reduce(into: Data()) { $0 += try Data(contentsOf: directory.appendingPathComponent($1)) }
}

@Suite("Spark driver, failures", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkDriverFaultTests {
    @Test(
        "a usage error after '--' ends the job on the driver, before Spark starts, with unitpipe's own line",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func usageErrorBeforeSpark() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.csv")
        try Data("id,km\n1,2\n".utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        let options = ["convert", "-c", "km:km:mi", "--rounding", "half-up"]
        let single = try UnitPipeRunner.run([options[0], input.path] + options.dropFirst(), in: dir)
        #expect(single.status == 2)
        let (status, log) = try SparkEndToEndTests.submit(["--output", out.path, input.path, "--"] + options)
        #expect(status == 2)
        let reason = single.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(reason.hasPrefix("unitpipe convert: "), "\(single.stderr)")
        // The driver's one line, and no Spark session was started (the JVM of spark-submit may warn first).
        #expect(driverLines(log) == ["unitpipe_spark: \(reason)"], "driver log:\n\(log.suffix(3000))")
        #expect(!log.contains("SparkContext"), "driver log:\n\(log.suffix(3000))")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(
        "a failed job exits 2 with one line and leaves DIR as a rerun can use it; --unitpipe takes a file:// URL",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func failedJobLeavesDirectoryReusable() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.csv")
        try Data("id,km\n1,2\n2,x\n3,4.5\n".utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        // Arguments that parse but name no column of the file: every task fails with exit 2.
        let wrong = ["convert", "-c", "miles:km:mi"]
        let single = try UnitPipeRunner.run([wrong[0], input.path] + wrong.dropFirst(), in: dir)
        #expect(single.status == 2)
        let (status, log) = try SparkEndToEndTests.submit(["--output", out.path, input.path, "--"] + wrong)
        #expect(status == 2)
        let reason = single.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(driverLines(log) == ["unitpipe_spark: the job failed: unitpipe failed (exit 2) on \(input.path): \(reason)"],
                "driver log:\n\(log.suffix(3000))")
        // No traceback of the driver itself (the executors' are Spark's log).
        #expect(!log.contains("in <module>"), "driver log:\n\(log.suffix(3000))")
        #expect(try names(in: out) == ["summary.json"])
        #expect(try String(contentsOf: out.appendingPathComponent("summary.json"), encoding: .utf8)
                == "{\"status\": \"failed\", \"reason\": \"task failed\"}\n")

        // The same DIR, the right command, the binary named by a file:// URL: the single run's bytes.
        let right = ["convert", "-c", "km:km:mi"]
        let (status2, log2) = try SparkEndToEndTests.submit(
            ["--output", out.path, input.path, "--"] + right, unitpipe: "file://" + UnitPipeRunner.binary.path)
        #expect(status2 == 1, "driver log:\n\(log2.suffix(3000))")
        let good = try UnitPipeRunner.run([right[0], input.path] + right.dropFirst() + ["-q"], in: dir)
        #expect(try joinedParts(out) == Data(good.stdout.utf8))
        #expect(try names(in: out) == ["_SUCCESS", "errors.csv", "part-00000.csv", "rejects.csv", "summary.json"])

        // A finished run's DIR is not reused.
        let (status3, log3) = try SparkEndToEndTests.submit(["--output", out.path, input.path, "--"] + right)
        #expect(status3 == 2)
        #expect(driverLines(log3) == ["unitpipe_spark: output directory '\(out.path)' holds a finished run (_SUCCESS); give a new or empty directory"])
        #expect(!log3.contains("SparkContext"))
    }

    @Test(
        "an unreachable master: exit 2 with one line, at once, DIR reusable",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func unreachableMaster() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.csv")
        try Data("id,km\n1,2\n".utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        let started = Date()
        let (status, log) = try SparkEndToEndTests.submit(
            ["--output", out.path, input.path, "--", "convert", "-c", "km:km:mi"], master: "spark://127.0.0.1:1")
        #expect(status == 2)
        #expect(driverLines(log) == [
            "unitpipe_spark: cannot reach the Spark master spark://127.0.0.1:1 (no answer on its port); start it, or give the right --master",
        ], "driver log:\n\(log.suffix(3000))")
        // No traceback of the driver itself (the executors' are Spark's log).
        #expect(!log.contains("in <module>"), "driver log:\n\(log.suffix(3000))")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(try names(in: out) == ["summary.json"])
    }

    @Test(
        "each task's unitpipe runs with --threads spark.task.cpus (seen where unitpipe refuses the value)",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func threadsFromTaskCPUs() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.csv")
        try Data("id,km\n1,2\n".utf8).write(to: input)
        let options = ["convert", "-c", "km:km:mi"]
        // 300 slots of 300 CPUs each: unitpipe takes at most 256 threads, so the value it was given shows.
        let single = try UnitPipeRunner.run([options[0], input.path, "--threads", "300"] + options.dropFirst(), in: dir)
        let reason = single.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(reason == "unitpipe convert: invalid value '300' for --threads: use a whole number from 1 to 256")
        let (status, log) = try SparkEndToEndTests.submit(
            ["--output", dir.appendingPathComponent("out").path, input.path, "--"] + options,
            master: "local[300]", conf: ["spark.task.cpus=300"])
        #expect(status == 2)
        #expect(driverLines(log) == ["unitpipe_spark: the job failed: unitpipe failed (exit 2) on \(input.path): \(reason)"],
                "driver log:\n\(log.suffix(3000))")
        // Given after '--', the command's own --threads wins.
        let (status2, log2) = try SparkEndToEndTests.submit(
            ["--output", dir.appendingPathComponent("out2").path, input.path, "--"] + options + ["--threads", "1"],
            master: "local[300]", conf: ["spark.task.cpus=300"])
        #expect(status2 == 0, "driver log:\n\(log2.suffix(3000))")
    }

    @Test(
        "with --plan, plan's warning (quote parity undecided) is shown; the output still equals one run",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func planWarningIsShown() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "id,km\n"
        for k in 1...1200 { text += k == 600 ? "\(k),x\"y\n" : "\(k),\(k % 97).5\n" }
        let big = dir.appendingPathComponent("big.csv")
        try Data(text.utf8).write(to: big)
        let splits = (text.utf8.count + 4095) / 4096
        let plan = try UnitPipeRunner.run(["plan", big.path, "--splits", "\(splits)", "--json"], in: dir)
        #expect(plan.status == 0)
        #expect(plan.stderr.hasPrefix("unitpipe plan: "), "\(plan.stderr)")
        let out = dir.appendingPathComponent("out")
        let options = ["convert", "-c", "km:km:mi"]
        let (status, log) = try SparkEndToEndTests.submit(["--output", out.path, "--split-size", "4K", "--plan", big.path, "--"] + options)
        #expect(status == 1, "driver log:\n\(log.suffix(3000))")
        #expect(driverLines(log).first == "unitpipe_spark: " + plan.stderr.trimmingCharacters(in: .newlines), "driver log:\n\(log.suffix(3000))")
        let single = try UnitPipeRunner.run([options[0], big.path] + options.dropFirst() + ["-q"], in: dir)
        #expect(try joinedParts(out) == Data(single.stdout.utf8))
        #expect(try names(in: out).filter { $0.hasPrefix("part-") }.count > 1)
    }
}
