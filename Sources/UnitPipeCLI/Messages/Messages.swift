import UnitPipe
import UnitPipeUnits
import UnitPipeCSV

// Design note — one voice.
//
// Errors below the command line are values; the libraries word their own as plain sentences (for
// apps) and the error report's rows are worded by the engine's `FailureRenderer`, whose fixes that
// depend on how the tool runs are `FailureHint` values. This folder is the one place the command
// line words what stops a run and those fixes, one file per domain (usage, the run, inputs,
// outputs, units, rates, validation, the report's failures): a library's sentence as a clause,
// then the hint that names the option to give.

/// Renders errors as the one-line messages users see: the problem, then the fix.
enum Messages {
    static func render(_ error: any Error) -> String {
        switch error {
        case let error as UsageError: return render(error)
        case let error as JobError: return render(error)
        case let error as UnitError: return render(error)
        default: return String(describing: error)
        }
    }

    /// `first` and `second` as two sentences: a period between them unless `first` already ends one (`…?`).
    static func sentences(_ first: String, _ second: String) -> String {
        first.last.map { ".?!".contains($0) } == true ? "\(first) \(second)" : "\(first). \(second)"
    }

    /// `1 row`, `2 rows`: a count with its noun in the right number.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// An input as messages name it: `'path'`, or standard input.
    static func shownInput(_ name: String) -> String { name == "-" ? "standard input" : "'\(name)'" }

    /// A delimiter as messages name it: `','`, `';'`, `tab`.
    static func shownDelimiter(_ byte: UInt8) -> String { byte == 9 ? "tab" : "'\(String(UnicodeScalar(byte)))'" }

    /// `text` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789-_./+,:@".unicodeScalars.contains($0) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
