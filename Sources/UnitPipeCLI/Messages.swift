import UnitPipe
import UnitPipeUnits
import UnitPipeCSV

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

    static func render(_ error: UsageError) -> String {
        switch error {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let option, let valueName):
            return "option '\(option)' needs a value: \(option) \(valueName)"
        case .missingOption(let option, let example):
            return "\(option) is required; add it, e.g. \(example)"
        case .repeatedOption(let option):
            return "option '\(option)' was given twice; give it once"
        case .unexpectedArgument(let token):
            return "unexpected argument '\(token)'; give one INPUT file (or '-' for standard input)"
        case .missingArgument(let name, let expected):
            return "give \(name): one of " + expected.joined(separator: ", ")
        case .invalidValue(let option, let value, let reason):
            return "invalid value '\(value)' for \(option): \(reason)"
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
            return sentences(error.message, "Run 'unitpipe units' to list the units")
        case .locale(let error):
            switch error {
            case .unknownLocale(let id) where id.lowercased() == "auto":
                // `--locale auto` is valid, so this is `--output-locale auto`.
                return "--output-locale needs a locale identifier such as de_DE, fr_FR or en_IN; 'auto' only applies to reading (--locale auto)"
            case .unknownLocale(let id):
                return "unknown locale '\(id)'; give an identifier such as de_DE, fr_FR, en_IN, 'C' for '.' decimals without grouping, or 'auto'"
            case .unsupportedLocale(let id):
                return "locale '\(id)' writes numbers in a way unitpipe cannot read safely; choose a related locale or 'C'"
            }
        case .rates(let error):
            return error.message
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

    static func render(_ mismatch: InputMismatch) -> String {
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
        return difference + "; every input must have the same header, so their rows fit under one: convert them separately, or fix the header"
    }

    /// An input as messages name it: `'path'`, or standard input.
    private static func shownInput(_ name: String) -> String { name == "-" ? "standard input" : "'\(name)'" }

    /// A delimiter as messages name it: `','`, `';'`, `tab`.
    private static func shownDelimiter(_ byte: UInt8) -> String { byte == 9 ? "tab" : "'\(String(UnicodeScalar(byte)))'" }

    static func render(_ error: OutputPathError) -> String {
        switch error {
        case .sameAsInput(let role, let path):
            let named = path == "standard output" ? "standard output (\(role.rawValue) not given) is redirected to" : "\(role.rawValue) '\(path)' is"
            return "\(named) the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards"
        case .sameFile(let first, let second, let path):
            return "\(first.rawValue) and \(second.rawValue) both name '\(path)' (the same file); give each output a file of its own"
        case .missingDirectory(let role, let path, let directory):
            return "\(role.rawValue) '\(path)': directory '\(directory)' does not exist; create it first or choose another path"
        case .notADirectory(let role, let path, let directory):
            return "\(role.rawValue) '\(path)': '\(directory)' is a file, not a directory; choose another path"
        case .notWritable(let role, let path, let cause):
            return "\(role.rawValue) '\(path)' cannot be written (\(cause)); choose a path in a writable directory"
        case .unsafeLink(let role, let path, let problem):
            return render(problem, at: "\(role.rawValue) '\(path)'")
        case .protected(let role, let path, .readOnly(let mode)):
            return "\(role.rawValue) '\(path)' is read-only (mode \(String(mode, radix: 8))), as the shell's '>' would find; make it writable (chmod u+w) or choose another path"
        case .protected(let role, let path, .immutable):
            return "\(role.rawValue) '\(path)' is immutable (chattr +i) and cannot be replaced; remove the attribute (chattr -i) or choose another path"
        case .protected(let role, let path, .appendOnly):
            return "\(role.rawValue) '\(path)' is append-only (chattr +a) and cannot be replaced; remove the attribute (chattr -a) or choose another path"
        }
    }

    /// Why the symbolic link at `place` (`-o 'out.csv'`) is not followed.
    static func render(_ problem: LinkProblem, at place: String) -> String {
        switch problem {
        case .dangling(let target):
            return "\(place) is a symbolic link to '\(target)', which does not exist; create the target first, or remove the link to write a new file"
        case .loop:
            return "\(place) is a symbolic link that loops back on itself; remove it or point it at a file"
        case .foreignLinkInSharedDirectory(let link, let owner):
            return "\(place): '\(link)' is a symbolic link of another user (uid \(owner)) in a sticky, world-writable directory, which unitpipe does not follow (as the kernel's fs.protected_symlinks would not); remove the link or write elsewhere"
        }
    }

    static func render(_ error: InputError) -> String {
        switch error {
        case .cannotOpen(let path, let cause): return "cannot open input '\(path)': \(cause); check the path and permissions"
        case .cannotRead(let path, let cause): return "cannot read input '\(path)': \(cause)"
        case .isDirectory(let path): return "input '\(path)' is a directory; give a CSV or TSV file"
        case .notRegularFile(let path):
            return "input '\(path)' is not a regular file; plans and byte ranges read a file at offsets, so save the stream to a file first"
        case .undecodable(let path, let encoding, let offset):
            return "input '\(path)' is not \(encoding) text at byte \(offset) of its text (an odd last byte or a lone surrogate); "
                + "check the file, or give its encoding with --encoding"
        case .headerTooLarge(let path, let limit):
            return "the header of input '\(path)' is longer than --max-field-size (\(limit) bytes, counting 9 bytes for each field after the first); raise --max-field-size if the header is right"
        case .compressedAtOffsets(let path, let compression):
            return "input '\(path)' is \(compression)-compressed; plans and byte ranges read a file at offsets, so decompress it to a file first"
        case .refused(let name, let format):
            let file = name == "standard input" ? "FILE" : shellWord(name)
            switch format {
            case .bzip2: return "input is bzip2-compressed; decompress it first: bunzip2 -c \(file) | unitpipe convert -"
            case .xz: return "input is xz-compressed; decompress it first: xz -dc \(file) | unitpipe convert -"
            case .zip: return "input is a zip archive; extract the CSV file first: unzip -p \(file) MEMBER.csv | unitpipe convert -"
            case .tar: return "input is a tar archive; extract the CSV file first: tar -xOf \(file) MEMBER.csv | unitpipe convert -"
            case .otherArchive(let kind):
                return "input is compressed with \(kind), which unitpipe does not read; decompress it first (gzip and zstd are read directly)"
            case .wideText(let encoding) where encoding.hasPrefix("UTF-16"):
                return "input is \(encoding) text without a byte order mark; read it with --encoding \(encoding.lowercased())"
            case .wideText(let encoding):
                return "input is \(encoding) text; convert it to UTF-8 first: iconv -f \(encoding) -t UTF-8 \(file) | unitpipe convert -"
            case .document(let kind):
                return "input is \(kind), not CSV text; export the sheet or table as CSV first"
            case .binary(let offset):
                return "input is not text (a NUL byte at offset \(offset) of its data); give a CSV or TSV file (gzip and zstd are read directly)"
            }
        case .corrupt(let name, let compression, let reason):
            return "input '\(name)' is not a valid \(compression) stream: \(reason); the file is damaged (check it with \(compression) -t)"
        case .truncated(let name, let compression, let bytes):
            return "input '\(name)' ends inside its \(compression) stream after \(bytes) bytes: the file is truncated; fetch or copy it again (\(compression) -t checks it)"
        case .shrank(let name, let atOpen, let read):
            return "input '\(name)' ended after \(read) of the \(atOpen) bytes it held when opened: another process truncated it while it was read; run again once the file is complete"
        }
    }

    /// `text` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789-_./+,:@".unicodeScalars.contains($0) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func render(_ error: ColumnSpec.ParseError) -> String {
        let shape = "write NAME:FROM:TO or NAME:FROM:TO=NEWNAME, e.g. distance:km:mi"
        switch error {
        case .tooFewParts:
            return shape + " (FROM may be empty when the header names the unit: distance_km::mi)"
        case .tooManyParts(let extra):
            return "it has \(extra == 1 ? "one part" : "\(extra) parts") too many; \(shape) (select a column whose name holds ':' by position, #N)"
        case .emptyPart(let part):
            return "\(part) is empty; " + shape
        case .positionZero:
            return "positions start at 1: #1 is the first column, #-1 the last"
        case .badRange(let range):
            return "'\(range)' is not a range of positions; write #FIRST-#LAST with FIRST before LAST, e.g. #2-#4 (or #2-#-1: from the second to the last)"
        case .renameOfSeveral(let name):
            return "=NEWNAME renames one column, but '\(name)' selects several; give each column its own -c to rename it"
        case .keepNeedsName:
            return "=+ keeps the original column and needs a name for the converted one (=+NEWNAME); it may be left out only when the header names the unit (distance_km::mi=+)"
        case .badDecimals(let digits):
            return "'\(digits)' fraction digits: :N takes 0 to 20 (amount:USD:EUR:2)"
        }
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

    static func render(_ error: UnitError) -> String {
        switch error {
        case .unknownUnit(let name, let suggestion):
            return sentences("unknown unit '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), "Run 'unitpipe units' to list the units")
        case .dimensionMismatch(let from, let fromDimension, let to, let toDimension):
            if fromDimension.isReciprocal(of: toDimension) {
                return "cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]" + UnitError.reciprocalNote
            }
            return "cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]; FROM and TO must measure the same thing"
        case .factorOverflow(let from, let to):
            return "the exact factor from '\(from)' to '\(to)' does not fit in 128-bit integers; convert through an intermediate unit"
        }
    }
}
