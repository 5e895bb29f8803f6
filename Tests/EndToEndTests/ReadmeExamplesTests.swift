import Foundation
import Testing

/// Every `unitpipe` command in the README's `sh` blocks runs, as written, on the bundled fixtures,
/// and prints the output lines the README shows after it (`# line` right below the command).
@Suite("README examples")
struct ReadmeExamplesTests {
    struct Example: CustomStringConvertible {
        var command: String
        var expectedLines: [String]
        var description: String { command }
    }

    /// The commands of the README's `sh` blocks (continuation lines joined) with the `# ` lines right after each.
    static let examples: [Example] = {
        let readme = (try? String(contentsOf: UnitPipeRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var examples: [Example] = []
        var inBlock = false
        var pending = ""
        var lastWasCommand = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                lastWasCommand = false
                continue
            }
            guard inBlock else { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let full = pending + line
            pending = ""
            if full.hasPrefix("unitpipe ") || full.contains("| unitpipe ") {
                examples.append(Example(command: full, expectedLines: []))
                lastWasCommand = true
            } else if lastWasCommand, full.hasPrefix("# "), !full.hasPrefix("# …") {
                examples[examples.count - 1].expectedLines.append(String(full.dropFirst(2)))
            } else {
                lastWasCommand = false
            }
        }
        return examples
    }()

    @Test("the README has examples of every command")
    func examplesExist() {
        for command in ["convert", "sniff", "units"] {
            #expect(Self.examples.contains { $0.command.contains("unitpipe \(command) ") }, "no 'unitpipe \(command)' example")
        }
        #expect(Self.examples.count >= 15)
    }

    @Test("each example runs on the fixtures", arguments: examples)
    func runs(_ example: Example) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("fixtures"), withDestinationURL: UnitPipeRunner.packageRoot.appendingPathComponent("fixtures"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; " + example.command]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = UnitPipeRunner.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collected = ErrorCollector(errors.fileHandleForReading)
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: collected.wait(), as: UTF8.self)
        process.waitUntilExit()
        // The fixtures hold rows meant to fail (exit 1); a usage error or trouble is exit 2.
        #expect(process.terminationStatus <= 1, "\(example.command): \(err)")
        #expect(!err.contains("Usage:"), "\(example.command): \(err)")
        let lines = Set(out.split(separator: "\n").map(String.init))
        for expected in example.expectedLines {
            #expect(lines.contains(expected), "\(example.command) did not print '\(expected)'")
        }
    }
}
