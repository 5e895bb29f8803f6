import UnitPipe

extension Messages {
    /// A column most of whose cells another number style reads, and the option that reads them.
    static func render(_ hint: ColumnLocaleHint) -> String {
        "column '\(hint.column)': \(hint.cells) of \(hint.nonEmptyCells) cells read as \(hint.locale)-style numbers; try --locale \(hint.locale)"
    }
}

extension Messages {
    /// A failure of a `validate` run: `validate` writes no output, only its reports, so the
    /// messages that speak of the output say what became of the reports instead.
    ///
    /// - Parameters:
    ///   - error: Why the run stopped.
    ///   - reportPath: The error report's path (`-e`), or `nil` when none is written.
    ///   - isPackage: Whether the inputs are a Data Package's resources (several inputs are then a resource's parts).
    static func renderValidate(_ error: JobError, reportPath: String?, isPackage: Bool = false) -> String {
        switch error {
        case .tooManyErrors(let limit):
            let report = reportPath.map { "\(shownReport($0)) lists the failures found up to there" } ?? "add -e FILE to see which and why"
            return "stopped: more than \(counted(limit, "row")) failed (--max-errors \(limit)); \(report)"
        case .interrupted(let signal):
            return "\(signal == 2 ? "interrupted" : "terminated") by signal \(signal); no report was written, the summary says how far the run got"
        case .inputMismatch(let mismatch) where isPackage:
            // Frictionless reads a resource's parts as one table and drops the first line of each later part.
            return render(mismatch, fix: "every part of a resource begins with the resource's header line, which is read once as the header (Frictionless drops each later part's first line, so a part without it loses a row there): add the header line to the part")
        case .inputMismatch(let mismatch):
            return render(mismatch, fix: "every input must have the same header, so their rows fit under one: validate them separately, or fix the header")
        default:
            return render(error)
        }
    }

    /// The error report as messages name it: the report on standard output, or its path.
    static func shownReport(_ path: String) -> String {
        path == "/dev/stdout" || path == "-" ? "the report on standard output" : "'\(path)'"
    }

    /// The end of `validate`'s line about invalid cells: where the report is, or how to get one.
    static func reportPointer(_ path: String?) -> String {
        guard let path else { return "; add -e FILE to see which and why" }
        return path == "/dev/stdout" || path == "-" ? "; the report is on standard output" : "; see \(path)"
    }
}
