import Foundation
import Synchronization
import UnitPipe
import UnitPipeCSV
import UnitPipeUnits

/// The `unitpipe` command line: dispatches to a command and returns the exit status.
public enum UnitPipeCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs the command line `arguments` (without the program name); returns the exit status.
    ///
    /// Results go to standard output, messages to standard error (file descriptors 1 and 2).
    public static func run(_ arguments: [String]) -> Int32 {
        ProcessSignals.ignoreBrokenPipe()
        // First thing, so a SIGINT/SIGTERM at any point ends the run through its cleanup.
        Interruption.install()
        let status = dispatch(arguments)
        // What a command printed and could not write (`> /dev/full`) must not look like success.
        guard let failure = Console.outputFailure else { return status }
        Console.error("unitpipe: cannot write standard output: \(failure)\n")
        return status == 0 || status == 1 ? 2 : status
    }

    /// Runs the command `arguments` name; returns its exit status.
    private static func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Console.error(rootHelp)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            guard let name = rest.first else {
                Console.out(rootHelp)
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                let error = UsageError.unknownCommand(name, suggestion: Suggestion.nearest(to: name, among: commands.map(\.name)))
                Console.error("unitpipe help: \(Messages.render(error))\nRun 'unitpipe --help' for the commands.\n")
                return 2
            }
            Console.out(command.helpText)
            return 0
        case "--version", "-V":
            Console.out("unitpipe \(version)\n")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let error: UsageError = first.hasPrefix("-")
                ? .unknownOption(first, suggestion: Suggestion.nearest(to: first, among: ["--help", "--version"]))
                : .unknownCommand(first, suggestion: Suggestion.nearest(to: first, among: commands.map(\.name)))
            Console.error("unitpipe: \(Messages.render(error))\n" + rootUsage + "Run 'unitpipe --help' for the commands.\n")
            return 2
        }
        // Before `--`, as in every option: `-h`/`--help` and `-V`/`--version` win over everything else.
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            Console.out(command.helpText)
            return 0
        }
        if options.contains("--version") || options.contains("-V") {
            Console.out("unitpipe \(version)\n")
            return 0
        }
        do {
            let parsed = try command.parse(rest)
            switch command.name {
            case ConvertCommand.spec.name: return try ConvertCommand.run(parsed)
            case ValidateCommand.spec.name: return try ValidateCommand.run(parsed)
            case SniffCommand.spec.name: return try SniffCommand.run(parsed)
            case DescribeCommand.spec.name: return try DescribeCommand.run(parsed)
            case UnitsCommand.spec.name: return try UnitsCommand.run(parsed)
            case PlanCommand.spec.name: return try PlanCommand.run(parsed)
            case InputsCommand.spec.name: return try InputsCommand.run(parsed)
            case CompletionCommand.spec.name: return try CompletionCommand.run(parsed)
            case ManCommand.spec.name: return ManCommand.run(parsed)
            default: return 2
            }
        } catch {
            // A signal while the command line was settled (a schema of millions of fields): the run
            // stops as a signal stops it, 128 + the signal, and the summary says which.
            if let signal = Interruption.signalNumber {
                if let path = summaryPath(in: rest) {
                    ConvertJob.writeUsageFailureSummary(to: path, arguments: rest, reason: JobError.interrupted(signal: signal).reason)
                }
                return 128 + signal
            }
            // A scheduler reads the summary: it says the run failed, also for a usage error.
            if let path = summaryPath(in: rest) { ConvertJob.writeUsageFailureSummary(to: path, arguments: rest) }
            Console.error(
                "unitpipe \(command.name): \(Messages.render(error))\nUsage: unitpipe \(command.name) \(command.usage)\n"
                    + "Run 'unitpipe \(command.name) --help' for every option.\n")
            return 2
        }
    }

    /// The value of `--summary FILE` (or `--summary=FILE`) on a command line that failed to parse.
    static func summaryPath(in arguments: [String]) -> String? {
        for (i, token) in arguments.enumerated() {
            if token == "--" { return nil }
            if token == "--summary", i + 1 < arguments.count { return arguments[i + 1] }
            if token.hasPrefix("--summary=") { return String(token.dropFirst("--summary=".count)) }
        }
        return nil
    }

    static let commands: [CommandSpec] = [
        ConvertCommand.spec, ValidateCommand.spec, SniffCommand.spec, DescribeCommand.spec, UnitsCommand.spec, PlanCommand.spec, InputsCommand.spec, CompletionCommand.spec, ManCommand.spec,
    ]

    static let rootUsage = "Usage: unitpipe COMMAND [INPUT] [options]\n"

    static var rootHelp: String {
        var out = "unitpipe \(version) — convert and validate the numeric columns of CSV and TSV files.\n\n"
        out += rootUsage + "\nCommands:\n"
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            out += "  " + command.name.padding(toLength: width) + command.abstract + "\n"
        }
        out += "\nRun 'unitpipe COMMAND --help' for a command's options and examples.\n"
        out += "\nExit status: 0 every row succeeded; 1 some rows were rejected (all reported); 2 trouble (usage, unreadable input, --max-errors, --on-error fail); 130/143 interrupted by SIGINT/SIGTERM.\n"
        return out
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}

/// Writes to standard output and standard error (file descriptors, not C's `stderr` global).
///
/// Tests run commands in-process and read what they printed through ``Console/capture(_:)``.
enum Console {
    static func out(_ text: String) { write(text, to: .standardOutput) }
    static func error(_ text: String) { write(text, to: .standardError) }

    /// What a captured run printed, stream by stream.
    final class Capture: @unchecked Sendable {
        // Safety: `lock` guards both strings.
        private let lock = NSLock()
        private var outText = ""
        private var errorText = ""
        var standardOutput: String { lock.withLock { outText } }
        var standardError: String { lock.withLock { errorText } }
        fileprivate func append(_ text: String, error: Bool) {
            lock.withLock { if error { errorText += text } else { outText += text } }
        }
    }

    @TaskLocal static var capture: Capture?

    /// Runs `body` with every message it prints collected instead of written.
    static func capture<T>(_ body: () throws -> T) rethrows -> (T, Capture) {
        let sink = Capture()
        let result = try $capture.withValue(sink) { try body() }
        return (result, sink)
    }

    private static func write(_ text: String, to descriptor: FileDescriptor) {
        if let capture {
            capture.append(text, error: descriptor == .standardError)
            return
        }
        let bytes = Array(text.utf8)
        let error = bytes.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) { try descriptor.writeAll(raw) } catch { return error }
            return nil
        }
        // A reader that went away (`| head`) has what it wanted; anything else is lost output.
        if let error, descriptor == .standardOutput, !error.isBrokenPipe { failure.withLock { $0 = $0 ?? error } }
    }

    private static let failure = Mutex<SystemError?>(nil)

    /// The first error writing standard output, if any (a closed pipe is none).
    static var outputFailure: SystemError? { failure.withLock { $0 } }
}
