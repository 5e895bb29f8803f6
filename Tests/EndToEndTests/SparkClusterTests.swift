import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A standalone Spark master and one worker on loopback, started for a test (`spark-class`,
/// each Java process started directly) and stopped by their process IDs.
final class LoopbackSparkCluster {
    /// `spark://127.0.0.1:PORT`.
    private(set) var master = ""
    private var processes: [Process] = []

    /// Starts the master, then a worker (2 cores, working directory `directory/worker`) whose
    /// environment is the test's with `workerEnvironment` over it; waits until it has registered.
    init(in directory: URL, workerEnvironment: [String: String]) throws {
        let environment = ProcessInfo.processInfo.environment.merging(["SPARK_LOCAL_IP": "127.0.0.1"]) { $1 }
        let masterLog = directory.appendingPathComponent("master.log")
        let masterProcess = try Self.start(
            ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", "0", "--webui-port", "0"],
            log: masterLog, environment: environment)
        processes.append(masterProcess)
        guard let line = try Self.wait(for: "Starting Spark master at ", in: masterLog),
              let url = line.split(separator: " ").last(where: { $0.hasPrefix("spark://") })
        else {
            stop()
            throw ClusterError(message: "the master did not start: \((try? String(contentsOf: masterLog, encoding: .utf8)) ?? "")")
        }
        master = String(url)
        let workerLog = directory.appendingPathComponent("worker.log")
        let work = directory.appendingPathComponent("worker")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        processes.append(try Self.start(
            ["org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "2", "--memory", "1g",
             "--webui-port", "0", "--work-dir", work.path, master],
            log: workerLog, environment: environment.merging(workerEnvironment) { $1 }))
        guard try Self.wait(for: "Successfully registered with master", in: workerLog) != nil else {
            stop()
            throw ClusterError(message: "the worker did not register: \((try? String(contentsOf: workerLog, encoding: .utf8)) ?? "")")
        }
    }

    struct ClusterError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Stops the worker, then the master (SIGTERM to each process ID, then waits).
    func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        processes = []
    }

    deinit { stop() }

    private static func start(_ arguments: [String], log: URL, environment: [String: String]) throws -> Process {
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw ClusterError(message: "cannot create \(log.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["spark-class"] + arguments
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// The first line of `log` containing `text`, waiting up to 90 s for it.
    private static func wait(for text: String, in log: URL) throws -> String? {
        for _ in 0..<900 {
            let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
            if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }
}

/// This machine's host name, as Python's `socket.gethostname()` gives it.
func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

@Suite("Spark driver, standalone cluster on loopback", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkClusterTests {
    @Test(
        "relative paths are the driver's; a binary missing on the executors is named with how to ship it",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func standaloneCluster() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The driver finds unitpipe on its PATH; the worker's PATH has no unitpipe.
        let tools = dir.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: tools.appendingPathComponent("unitpipe"), withDestinationURL: UnitPipeRunner.binary)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let workerPath = path.split(separator: ":").filter {
            !FileManager.default.isExecutableFile(atPath: "\($0)/unitpipe")
        }.joined(separator: ":")
        let cluster = try LoopbackSparkCluster(in: dir, workerEnvironment: ["PATH": workerPath])
        defer { cluster.stop() }

        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data("id,km\n1,2.5\n2,x\n".utf8).write(to: inputs.appendingPathComponent("a.csv"))
        try Data("id,km\n3,4\n".utf8).write(to: inputs.appendingPathComponent("b.csv"))
        let options = ["convert", "-c", "km:km:mi"]

        // Relative --output and inputs, from the driver's working directory; the binary shipped.
        let (status, log) = try SparkEndToEndTests.submit(
            ["--output", "out", "in", "--"] + options, master: cluster.master, directory: dir)
        #expect(status == 1, "driver log:\n\(log.suffix(3000))")
        let single = try UnitPipeRunner.run([options[0], "in"] + options.dropFirst() + ["-q", "-e", "e.csv"], in: dir)
        let out = dir.appendingPathComponent("out")
        #expect(try joinedParts(out) == Data(single.stdout.utf8))
        #expect(try Data(contentsOf: out.appendingPathComponent("errors.csv")) == Data(contentsOf: dir.appendingPathComponent("e.csv")))
        #expect(try names(in: out) == ["_SUCCESS", "errors.csv", "part-00000.csv", "part-00001.csv", "rejects.csv", "summary.json"])

        // No --unitpipe: the driver's PATH has one, the executors' has none.
        let (status2, log2) = try SparkEndToEndTests.submit(
            ["--output", "out2", "in", "--"] + options, master: cluster.master, unitpipe: nil, directory: dir,
            environment: ["PATH": tools.path + ":" + path])
        #expect(status2 == 2)
        #expect(driverLines(log2) == [
            "unitpipe_spark: the job failed: no unitpipe binary on executor \(hostName()) (none on its PATH): ship it with --unitpipe PATH (a binary built by scripts/build-static needs no Swift on the executors), or pip install the unitpipe wheel on every node",
        ], "driver log:\n\(log2.suffix(3000))")
        #expect(try names(in: dir.appendingPathComponent("out2")) == ["summary.json"])
    }
}
