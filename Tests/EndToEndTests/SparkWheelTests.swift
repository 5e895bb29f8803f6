import Foundation
import Testing
import TestSupport

/// Runs `executable arguments…` in `directory`; returns its status and its output and errors together.
func runTool(_ executable: String, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let log = Pipe()
    process.standardOutput = log
    process.standardError = log
    let collected = ErrorCollector(log.fileHandleForReading)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: collected.wait(), as: UTF8.self))
}

@Suite("Spark driver, the pip package")
struct SparkWheelTests {
    @Test(
        "scripts/build-wheel's wheel installs into a fresh venv; python -m unitpipe.spark there gives the single run's bytes",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func wheelInFreshVenv() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = UnitPipeRunner.packageRoot
        let (built, wheelLog) = try runTool(
            "/usr/bin/env", ["python3", root.appendingPathComponent("scripts/build-wheel").path,
                             "--binary", UnitPipeRunner.binary.path, "--out", dir.appendingPathComponent("dist").path], in: dir)
        try #require(built == 0, "\(wheelLog)")
        let wheel = wheelLog.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try UnitPipeRunner.run(["--version"]).stdout.trimmingCharacters(in: .newlines)
            .replacingOccurrences(of: "unitpipe ", with: "")
        #expect(wheel.hasPrefix(dir.appendingPathComponent("dist/unitpipe-\(version)-py3-none-linux_").path) && wheel.hasSuffix(".whl"), "\(wheel)")

        // A fresh venv; pyspark comes from the system's site packages, unitpipe only from the wheel.
        let (made, venvLog) = try runTool("/usr/bin/env", ["python3", "-m", "venv", "--system-site-packages", "venv"], in: dir)
        try #require(made == 0, "\(venvLog)")
        let python = dir.appendingPathComponent("venv/bin/python").path
        let (installed, pipLog) = try runTool(python, ["-m", "pip", "install", "--quiet", "--no-index", "--no-deps", wheel], in: dir)
        try #require(installed == 0, "\(pipLog)")
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
}
