import Foundation
@testable import UnitPipeCLI

/// Runs the command line in-process, through the same entry point as the binary, with what it
/// prints captured. Paths in arguments and messages are written `$D/…` for the run's directory.
struct CLIHarness {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var directory: URL

        /// A file the run wrote into its directory.
        func file(_ name: String) -> String? {
            try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
    }

    /// The package's `fixtures/` folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures")

    /// Writes `files` into a fresh directory, runs `unitpipe arguments…` and returns what happened.
    ///
    /// `$D` in an argument is the directory, `$F` the fixtures folder; in the captured text both are written back as `$D` and `$F`.
    static func run(_ arguments: [String], files: [String: String] = [:]) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unitpipe-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "$D", with: directory.path).replacingOccurrences(of: "$F", with: fixtures.path)
        }
        let (status, capture) = Console.capture { UnitPipeCommand.run(resolved) }
        func unresolved(_ text: String) -> String {
            text.replacingOccurrences(of: directory.path, with: "$D").replacingOccurrences(of: fixtures.path, with: "$F")
        }
        return Result(status: status, stdout: unresolved(capture.standardOutput), stderr: unresolved(capture.standardError), directory: directory)
    }
}
