import UnitPipe
import UnitPipeNumbers
import UnitPipeUnits
import UnitPipeCSV

extension Messages {
    static func render(_ error: JobError) -> String {
        switch error {
        case .input(let error):
            return render(error)
        case .outputPath(let error):
            return render(error)
        case .output(let error):
            switch error {
            case .cannotCreate(let path, let cause): return "cannot create '\(path)': \(cause); check that its directory exists and is writable"
            case .cannotWrite(let path, let cause): return "cannot write '\(path)': \(cause)"
            case .isDirectory(let path): return "output '\(path)' is a directory; give a file name"
            case .closedPipe: return "standard output was closed"
            case .unsafeLink(let path, let problem): return render(problem, at: "output '\(path)'")
            }
        case .unknownColumn(let name, let suggestion, let available):
            var text = "no column named '\(name)'"
            // A bare number: positions are written #N.
            text += suggestion.map { $0.hasPrefix("#") && !available.contains($0) ? "; did you mean \($0)?" : "; did you mean '\($0)'?" } ?? "."
            let shown = available.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
            return text + " The header has: \(shown)\(available.count > 12 ? ", …" : ""). Use the exact name or #N"
        case .ambiguousColumn(let name, let positions):
            return "the header names \(positions.count) columns '\(name)' (positions \(positions.map(String.init).joined(separator: ", "))); select one by position, e.g. #\(positions.last ?? 1)"
        case .columnOutOfRange(let n, let count):
            return "column #\(n) does not exist; the input has \(count) column\(count == 1 ? "" : "s")"
        case .defaultLocaleMisreads(let misreading):
            return render(misreading)
        case .emptyInput(let hasSchema):
            let what = hasSchema ? "no header to check against the schema" : "no header, so no column that -c names"
            return "the input is empty: it has \(what); check that the right file was given (an empty input is an empty run only without -c and --schema, or with --no-header)"
        case .headerNamesNoUnit(let name):
            return "the header '\(name)' names no unit, so FROM cannot be left empty; write it: -c '\(name):km:mi'"
        case .headerUnitContradicts(let column, let headerUnit, let from, let to):
            return "the header '\(column)' says the column is in \(headerUnit), but -c gives FROM '\(from)'; "
                + "to convert from the header's unit write -c '\(column)::\(to)'; if the header is wrong, name the output column: -c '\(column):\(from):\(to)=NEWNAME'"
        case .duplicateOutputName(let name, let column):
            return "renaming column '\(column)' to '\(name)' would give the output two columns named '\(name)'; choose another name with =NEWNAME"
        case .emptyRange(let range, let count):
            return "the range \(range) selects no column of the input's \(counted(count, "column")): its first position comes after its last"
        case .outputColumnTwice(let name):
            return "column '\(name)' is listed twice by --select; list each column once (the output cannot hold two columns of one name)"
        case .convertedColumnDropped(let name, let option):
            return "column '\(name)' is converted (-c) but \(option) leaves it out of the output; drop the -c or keep the column"
        case .noOutputColumn:
            return "--select and --exclude leave no column in the output; keep at least one"
        case .renamedTwice(let name):
            return "column '\(name)' is renamed twice (by two --rename, or by --rename and -c …=NEWNAME); rename it once"
        case .duplicateRename(let name, let column):
            return "--rename would name column '\(column)' '\(name)', giving the output two columns named '\(name)'; choose another name"
        case .renameWithoutHeader:
            return "--rename renames header columns, and with --no-header the output has no header; drop --rename or --no-header"
        case .columnSelectedTwice(let name):
            return "column '\(name)' is selected by two -c options; convert each column once"
        case .unit(let error):
            return render(error)
        case .unitExpression(let error):
            return render(error)
        case .locale(let error):
            return render(error)
        case .rates(let error):
            return render(error)
        case .currencyNeedsRates(let code):
            return "'\(code)' is a currency: give its exchange rates with --rates FILE (the ECB's eurofxref.csv, or a 'currency,rate_per_XXX' file)"
        case .currencyNotInRates(let code):
            return "the rates file (--rates) quotes no rate for '\(code)'; add a line '\(code),RATE' or use a file that quotes it (run 'unitpipe units --rates FILE' to list its currencies)"
        case .invalidUnitColumn(let name):
            return "column '\(name)' cannot hold units: it is converted itself, or it is the unit column of another -c; give each value column its own unit column"
        case .unitColumnWithoutUnit(let name):
            return "the first 64 KiB of the input name no known unit in column '\(name)', so its dimension is not known; give the unit bounds are in: -c NAME:@\(name):UNIT"
        case .tooManyErrors(let limit):
            return "stopped: more than \(counted(limit, "row")) failed (--max-errors \(limit)); the output was not written. See the error report (-e) for the failures"
        case .interrupted(let signal):
            return "\(signal == 2 ? "interrupted" : "terminated") by signal \(signal); the output was not written, the summary says how far the run got"
        case .standardInputTwice:
            return "'-' (standard input) is named more than once among the inputs; standard input can be read only once"
        case .directoryWithoutFiles(let path):
            return "directory '\(path)' holds no file to read: its files are read when their names end in .csv, .tsv or .tab (also .gz or .zst); names starting with '.' or '_' are skipped, subdirectories are not entered. Name the files on the command line to read others"
        case .inputMismatch(let mismatch):
            return render(mismatch)
        case .stoppedAtError(let cell):
            let place = cell.column.isEmpty ? "" : ", column '\(cell.column)'"
            return "stopped at record \(cell.record) (line \(cell.line)\(place)): \(cell.code.rawValue): \(cell.message) (--on-error fail); the output was not written"
        }
    }

    static func render(_ misreading: DefaultLocaleMisreading) -> String {
        let cells = misreading.examples.map { "'\($0.cell)'" }.joined(separator: " and ")
        let decimals = misreading.examples.map(\.asDecimal).joined(separator: " and ")
        let thousands = misreading.examples.map(\.asThousands).joined(separator: " and ")
        let evidence = switch misreading.evidence {
        case .semicolonDelimiter: "this ;-separated file"
        case .decimalComma(let cell, let column): "this file, which writes decimal commas ('\(cell)' in column '\(column)'),"
        }
        return "column '\(misreading.column)' holds \(cells), which the default locale C reads as \(decimals), but "
            + "\(evidence) likely means the grouped thousands \(thousands); give --locale de_DE (or the file's locale) "
            + "to read thousands, or --locale C to read decimals"
    }

    /// - Parameter fix: What the message ends with: why the headers must agree and how to proceed.
    static func render(_ mismatch: InputMismatch,
                       fix: String = "every input must have the same header, so their rows fit under one: convert them separately, or fix the header") -> String {
        let file = shownInput(mismatch.file), reference = shownInput(mismatch.reference)
        let difference: String
        switch mismatch.difference {
        case .delimiter(let found, let expected):
            difference = "\(file) is read with delimiter \(shownDelimiter(found)) and \(reference) with \(shownDelimiter(expected)); give -d to read both the same way"
        case .name(let position, let found, let expected):
            difference = "the header of \(file) differs from that of \(reference): column \(position) is '\(found)' there and '\(expected)' in \(reference)"
        case .columnCount(let found, let expected, let first):
            let side = found > expected ? file : reference
            difference = "the header of \(file) has \(counted(found, "column")) and that of \(reference) \(expected); column \(min(found, expected) + 1), '\(first)', is only in \(side)"
        case .fieldCount(let found, let expected):
            difference = "the first record of \(file) has \(counted(found, "field")) and that of \(reference) \(expected) (--no-header)"
        }
        return difference + "; " + fix
    }

    static func render(_ warning: JobWarning) -> String {
        switch warning {
        case .headerLooksLikeData(let fields):
            var shown = fields.prefix(6).joined(separator: ",")
            if fields.count > 6 { shown += ",…" }
            return "the first row (\(shown)) holds numbers, so it may be data rather than a header; it was used as the header. If the file has no header, add --no-header"
        case .duplicateRatesDate(let date, let lines):
            return "the rates file has \(lines.count) rows for \(date) (lines \(lines.map(String.init).joined(separator: ", "))); the first (line \(lines.first ?? 0)) is used. Remove the others"
        case .streamEndsWithoutLineEnd(let input):
            return "\(input == "standard input" ? input : "input '\(input)'") ended without a line end after its last record, which was read as it is; if its writer stopped early, that record is cut short"
        }
    }

    /// The line after a run in which rows failed: how many, and where to look.
    static func outcomeLine(_ summary: ConvertSummary, errorsPath: String?) -> String {
        var parts: [String] = []
        if summary.rowsRejected > 0 || summary.cellsEmptied == nil {
            parts.append("\(summary.rowsRejected) of \(counted(summary.rowsIn, "row")) rejected")
        }
        if let emptied = summary.cellsEmptied, emptied > 0 { parts.append("\(counted(emptied, "cell")) emptied (--on-error keep)") }
        return parts.joined(separator: ", ") + (errorsPath.map { "; see \($0)" } ?? "; add -e FILE to see which and why")
    }
}
