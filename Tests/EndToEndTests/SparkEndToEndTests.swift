import Foundation
import Testing
import TestSupport

/// `spark-submit` and `java` on PATH, or why the Spark tests cannot run.
let sparkMissing: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    func onPath(_ name: String) -> Bool {
        path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
    if !onPath("spark-submit") { return "spark-submit not found (pip install pyspark, or scripts/install-deps --spark)" }
    if !onPath("java") && ProcessInfo.processInfo.environment["JAVA_HOME"] == nil {
        return "java not found (apt-get install default-jre-headless, or scripts/install-deps --spark)"
    }
    return nil
}()

/// Runs `executable arguments…` (in `directory`, with `environment` over the test's own);
/// returns its status and its output and errors together.
func runTool(
    _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let log = Pipe()
    process.standardOutput = log
    process.standardError = log
    let collected = ErrorCollector(log.fileHandleForReading)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: collected.wait(), as: UTF8.self))
}

@Suite("Spark driver, end to end", .enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"))
struct SparkEndToEndTests {
    @Test(
        "local[2] over a directory and a big file cut into ranges gives the single-machine bytes",
        .enabled(if: sparkMissing == nil, "skipped: \(sparkMissing ?? "")"))
    func localMode() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var random = SplitMix64(state: 12)
        // Three small files (whole tasks) in a directory, then one file big enough to be planned.
        var files: [URL] = []
        for name in ["a.csv", "b.csv", "c.csv"] {
            let file = inputs.appendingPathComponent(name)
            try Data(randomExport(&random, rows: random.next(in: 10...40), strays: false, plainHeader: true)).write(to: file)
            files.append(file)
        }
        let big = dir.appendingPathComponent("big.csv")
        try Data(randomExport(&random, rows: 1500, strays: false, plainHeader: true)).write(to: big)
        files.append(big)
        let options = ["convert", "-c", "km:km:mi", "-c", "temp:degC:degF"]
        let out = dir.appendingPathComponent("out")
        let (status, stderr) = try SparkEndToEndTests.submit(
            ["--output", out.path, "--split-size", "8K", inputs.path, big.path, "--"] + options)
        #expect(status == 1, "driver log:\n\(stderr.suffix(3000))")

        // One single-machine run over the same inputs: the header once, each file's rows, the report with a file column.
        let single = try UnitPipeRunner.run(
            [options[0], inputs.path, big.path] + options.dropFirst()
                + ["-o", "o.csv", "-e", "e.csv", "-r", "r.csv", "--summary", "s.json", "--quiet"], in: dir)
        #expect(single.status == 1, "\(single.stderr)")
        let output = try Data(contentsOf: dir.appendingPathComponent("o.csv"))
        let report = try Data(contentsOf: dir.appendingPathComponent("e.csv"))
        let rejects = try Data(contentsOf: dir.appendingPathComponent("r.csv"))
        #expect(report.starts(with: Data("file,record,line,column,value,code,message\n\(files[0].path),".utf8)))
        #expect(String(decoding: report, as: UTF8.self).contains("\n\(big.path),"))
        var totals = SummaryTotals()
        totals.add(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any] ?? [:])
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let parts = names.filter { $0.hasPrefix("part-") }
        #expect(parts.count > files.count, "the big file was split: \(names)")
        #expect(names == ["_SUCCESS", "errors.csv"] + parts + ["rejects.csv", "summary.json"])
        let joined = try parts.reduce(into: Data()) { $0 += try Data(contentsOf: out.appendingPathComponent($1)) }
        #expect(joined == output)
        #expect(try Data(contentsOf: out.appendingPathComponent("errors.csv")) == report)
        #expect(try Data(contentsOf: out.appendingPathComponent("rejects.csv")) == rejects)
        var merged = SummaryTotals()
        merged.add(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as? [String: Any] ?? [:])
        #expect(merged == totals)
    }
}
