import Foundation
import Testing

/// Every `unitpipe` command in the `sh` blocks of the README and of `docs/*.md` runs, as written, on
/// the bundled fixtures, and prints the output lines the page shows after it (`# line` right below
/// the command).
@Suite("README and docs examples")
struct ReadmeExamplesTests {
    struct Example: CustomStringConvertible {
        var page: String
        var command: String
        var expectedLines: [String]
        var description: String { "\(page): \(command)" }
    }

    /// The pages whose examples run: the README, then every Markdown file of `docs/`, by name.
    static let pages: [String] = {
        let docs = UnitPipeRunner.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let examples: [Example] = pages.flatMap { examples(in: $0) }

    /// The commands of a page's `sh` blocks (continuation lines joined) with the `# ` lines right after each.
    static func examples(in page: String) -> [Example] {
        let text = (try? String(contentsOf: UnitPipeRunner.packageRoot.appendingPathComponent(page), encoding: .utf8)) ?? ""
        var examples: [Example] = []
        var inBlock = false
        var pending = ""
        var lastWasCommand = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
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
                examples.append(Example(page: page, command: full, expectedLines: []))
                lastWasCommand = true
            } else if lastWasCommand, full.hasPrefix("# "), !full.hasPrefix("# …") {
                examples[examples.count - 1].expectedLines.append(String(full.dropFirst(2)))
            } else {
                lastWasCommand = false
            }
        }
        return examples
    }

    @Test("the README's tour and the docs have examples of every command")
    func examplesExist() {
        let readme = Self.examples.filter { $0.page == "README.md" }
        for command in ["convert", "validate", "sniff", "units"] {
            #expect(readme.contains { $0.command.contains("unitpipe \(command) ") }, "no 'unitpipe \(command)' example in the README")
        }
        #expect((5...12).contains(readme.count), "the README's tour has \(readme.count) commands")
        for page in ["docs/guide.md", "docs/unattended.md", "docs/validate.md", "docs/cluster.md"] {
            #expect(Self.pages.contains(page), "\(page) is missing")
            #expect(Self.examples.contains { $0.page == page }, "\(page) has no example that runs")
        }
        #expect(Self.examples.count >= 30)
    }

    /// The `sh` blocks that are whole scripts (they start with `#!/usr/bin/env bash`), with their page.
    static let scripts: [Example] = pages.flatMap { page -> [Example] in
        let text = (try? String(contentsOf: UnitPipeRunner.packageRoot.appendingPathComponent(page), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "```sh\n").dropFirst().compactMap { block in
            guard block.hasPrefix("#!/usr/bin/env bash\n"), let end = block.range(of: "```") else { return nil }
            return Example(page: page, command: String(block[..<end.lowerBound]), expectedLines: [])
        }
    }

    @Test("each example runs on the fixtures", arguments: examples)
    func runs(_ example: Example) throws {
        let result = try Self.run("set -o pipefail; " + example.command)
        // The fixtures hold rows meant to fail (exit 1); a usage error or trouble is exit 2.
        #expect(result.status <= 1, "\(example): \(result.errors)")
        #expect(!result.errors.contains("Usage:"), "\(example): \(result.errors)")
        let lines = Set(result.output.split(separator: "\n").map(String.init))
        for expected in example.expectedLines {
            #expect(lines.contains(expected), "\(example) did not print '\(expected)'")
        }
    }

    @Test("each whole script runs to the end and exits 0", arguments: scripts)
    func scriptRuns(_ script: Example) throws {
        let result = try Self.run(script.command)
        #expect(result.status == 0, "\(script): \(result.errors)")
    }

    @Test("the pages hold a worked script")
    func scriptsExist() {
        #expect(Self.scripts.contains { $0.page == "docs/unattended.md" && $0.command.contains("set -euo pipefail") })
    }

    /// Runs `script` with bash in a fresh directory that sees the fixtures, the built `unitpipe` first on PATH.
    static func run(_ script: String) throws -> (status: Int32, output: String, errors: String) {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("fixtures"), withDestinationURL: UnitPipeRunner.packageRoot.appendingPathComponent("fixtures"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
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
        return (process.terminationStatus, out, err)
    }
}
