import Foundation

/// Runs the built `unitpipe` binary, as a user would, and captures what it did.
struct UnitPipeRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root (two levels above this file's folder).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `unitpipe` binary: `UNITPIPE_BIN`, or the one built beside this test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["UNITPIPE_BIN"] { return URL(fileURLWithPath: path) }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("unitpipe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/unitpipe")
    }()

    /// A path inside the fixtures folder.
    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }

    /// Runs `unitpipe arguments…` in `directory`, feeding `stdin`.
    /// `environment` adds variables to the test's own environment.
    static func run(
        _ arguments: [String], stdin: Data = Data(), in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        // A child that exits before reading its input must not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let collectedErrors = ErrorCollector(errors.fileHandleForReading)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = collectedErrors.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a bash script in `directory` (for pipes and redirections), discarding its standard
    /// output; returns its exit status and standard error.
    static func runShell(_ script: String, in directory: URL) throws -> (status: Int32, stderr: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    /// Starts `unitpipe arguments…` in `directory` reading standard input from a pipe the caller
    /// writes (its standard error discarded); returns the process and the pipe's writing end.
    static func start(_ arguments: [String], in directory: URL) throws -> (process: Process, input: FileHandle) {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let input = Pipe()
        process.standardInput = input
        process.standardError = Pipe()
        try process.run()
        return (process, input.fileHandleForWriting)
    }

    /// Sends `signal` to a running `process` and waits for it to exit, at most `limit` (then
    /// kills it); returns the seconds from the signal to the exit.
    static func send(_ signal: Int32, to process: Process, waitingAtMost limit: Duration = .seconds(10)) -> Double {
        let sent = ContinuousClock.now
        kill(process.processIdentifier, signal)
        while process.isRunning && ContinuousClock.now < sent + limit { usleep(10_000) }
        let seconds = (ContinuousClock.now - sent) / .seconds(1)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return seconds
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unitpipe-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reads a pipe to its end on another thread, so neither pipe fills up and blocks the child.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

extension URL {
    /// The file's text (UTF-8), or nil when it does not exist.
    var text: String? { try? String(contentsOf: self, encoding: .utf8) }
}

/// A plain RFC 4180 reader for checking outputs (independent of the libcsv reader under test).
func parseCSV(_ text: String, delimiter: Character = ",") -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var inQuotes = false
    var chars = Array(text)[...]
    while let ch = chars.popFirst() {
        if inQuotes {
            if ch == "\"" {
                if chars.first == "\"" {
                    field.append("\"")
                    chars.removeFirst()
                } else {
                    inQuotes = false
                }
            } else {
                field.append(ch)
            }
        } else if ch == "\"" {
            inQuotes = true
        } else if ch == delimiter {
            record.append(field)
            field = ""
        } else if ch == "\n" {
            record.append(field)
            records.append(record)
            record = []
            field = ""
        } else {
            field.append(ch)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}
