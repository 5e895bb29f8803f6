import UnitPipe

// The man page. Its command and option sections come from the same `CommandSpec` declarations
// that drive parsing, `--help` and completion; its ERROR CODES section from `ErrorCode`'s cases
// and their meanings, so neither can drift from the program.

/// The man page, in roff (`man(7)` macros).
enum ManPage {
    static func roff(_ commands: [CommandSpec], version: String) -> String {
        var out = ".TH UNITPIPE 1 \"\" \"unitpipe \(version)\" \"User Commands\"\n"
        out += ".SH NAME\nunitpipe \\- convert and validate the numeric columns of CSV and TSV files\n"
        out += ".SH SYNOPSIS\n"
        for command in commands {
            out += ".B unitpipe \(escaped(command.name))\n\(escaped(command.usage))\n.br\n"
        }
        out += ".SH DESCRIPTION\nunitpipe reads CSV and TSV files whose numbers are written the way a country writes them, converts "
        out += "columns between units with exact factors, and writes normalized output; every row that fails is reported, "
        out += "never silently changed.\n"
        out += ".SH COMMANDS\n"
        for command in commands {
            out += ".SS \"unitpipe \(escaped(command.name)) \(escaped(command.usage))\"\n\(escaped(command.abstract))\n"
            if !command.discussion.isEmpty { out += ".PP\n\(escaped(command.discussion))\n" }
            for option in command.options {
                let label = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
                out += ".TP\n\(label)\(option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? "")\n"
                var help = option.help
                if !option.choices.isEmpty { help += "; one of: " + option.choices.joined(separator: ", ") }
                if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
                out += escaped(help) + "\n"
            }
            if !command.examples.isEmpty {
                out += ".PP\nExamples:\n"
                for example in command.examples {
                    out += ".PP\n.RS\n.nf\n\(escaped(example.command))\n.fi\n\(escaped(example.explanation))\n.RE\n"
                }
            }
        }
        out += section("EXIT STATUS", items: exitStatus)
        out += section("FILES", items: files)
        out += ".SH ERROR CODES\nThe code column of the error report holds one of these codes; they never change names.\n"
        for code in ErrorCode.allCases {
            out += ".TP\n\\fB\(escaped(code.rawValue))\\fR\n\(escaped(code.meaning))\n"
        }
        out += section("ENVIRONMENT", items: environment)
        out += ".SH EXAMPLES\n"
        for (command, explanation) in examples {
            out += ".PP\n\(escaped(explanation)):\n.RS\n.nf\n\(escaped(command))\n.fi\n.RE\n"
        }
        out += ".SH SEE ALSO\n"
        out += escaped("unitpipe COMMAND --help. The documentation by task, in the source tree and, installed from a package, ")
        out += escaped("under /usr/share/doc/unitpipe: ")
        out += seeAlso.map { "\\fI\(escaped($0))\\fR" }.joined(separator: ", ") + ".\n"
        return out
    }

    /// A section of tagged paragraphs: each item's tag in bold, its text below.
    private static func section(_ title: String, items: [(tag: String, text: String)]) -> String {
        ".SH \(title)\n" + items.map { ".TP\n\\fB\(escaped($0.tag))\\fR\n\(escaped($0.text))\n" }.joined()
    }

    static let exitStatus: [(tag: String, text: String)] = [
        ("0", "Every row succeeded (validate: every cell is valid)."),
        ("1", "The run finished and some rows were rejected, or cells emptied with --on-error keep; all of them are "
            + "reported. --exit-on-rejects 0 makes this status 0, for schedulers that fail a task on any non-zero exit."),
        ("2", "Trouble: a usage error, an unreadable input, an output that cannot be written, --max-errors exceeded, "
            + "--on-error fail tripped. No partial output file is left; an earlier file at the path is untouched."),
        ("130, 143", "Interrupted by SIGINT or SIGTERM (SIGHUP and SIGQUIT act as SIGTERM); outputs are removed as for 2."),
    ]

    static let files: [(tag: String, text: String)] = [
        ("error report (-e FILE)", "CSV with the header record,line,column,value,code,message and one row per failed cell "
            + "(a row with two bad cells has two). record is the 1-based data record (the header is record 0), line the "
            + "physical line where the record starts, column the header name (#N without a header; empty for a "
            + "row-level error), value the raw cell (for a row-level error the record's fields joined; at most 256 "
            + "bytes, then …), code one of ERROR CODES, message one sentence. With several inputs, or --input-name, a "
            + "first column file names each row's input."),
        ("rejects (-r FILE)", "The failed records exactly as they were read, so they can be fixed and fed back with "
            + "the same options: the input's header line as written, then each rejected record's bytes through its line "
            + "end. A record over --max-field-size is not copied (the error report holds its first bytes)."),
        ("summary (--summary FILE)", "One JSON object, written on every exit that gets as far as knowing its path. "
            + "convert: status (ok, rejected or failed), reason when failed (usage, input, output, max_errors, "
            + "on_error_fail, interrupted (SIGINT), terminated (SIGTERM)) or when a reader closed the pipe (closed_pipe), "
            + "detail (the system's reason for output), rows_in, rows_out, rows_rejected (rows_in = rows_out + "
            + "rows_rejected on every run), cells_emptied (with --on-error keep), bytes_in (as stored), seconds, "
            + "rows_written (rows that reached their destination), last_record_without_line_end (true when an input's "
            + "last record had no line end; absent otherwise), columns (per converted column: name, from, to, "
            + "locale, locale_evidence with --locale auto, converted, empty, errors, min, max in the target unit), "
            + "errors_by_code, and byte_range for a shard. validate: status, reason, max_errors_reached, rows_in, "
            + "rows_valid, rows_invalid, bytes_in, seconds, last_record_without_line_end, columns (name, type, unit, locale, cells, empty, valid, "
            + "invalid by code, min, max), header, errors_by_code, schema_not_checked."),
        (".NAME.unitpipe-XXXXXX", "The temporary file beside each output NAME, renamed into place on success. Only a "
            + "run killed by SIGKILL or a power cut leaves one behind; no run reads it, and it is safe to delete once no "
            + "unitpipe writes into that directory."),
    ]

    static let environment: [(tag: String, text: String)] = [
        ("UNITPIPE_READER", "libcsv makes --reader libcsv the default (every record parsed by libcsv; same output, "
            + "slower)."),
        ("LANG, LC_ALL, LC_NUMERIC", "Not read: how numbers are written in the input is --locale (default C), never "
            + "the environment's locale, so a job reads a file the same way on every machine."),
    ]

    static let examples: [(command: String, explanation: String)] = [
        ("unitpipe convert trips.csv -c distance:km:mi -c temp_c:degC:degF=temp_f -o trips_us.csv -e errors.csv -r rejects.csv",
         "Kilometres to miles and Celsius to Fahrenheit (renamed), bad rows aside, why in the report"),
        ("unitpipe convert export.csv --locale de_DE -c distance_km::mi", "German numbers; the unit is in the header"),
        ("unitpipe convert data/ -c value:@unit:m --summary run.json --exit-on-rejects 0",
         "Every file of a directory into one output; each row's unit in column unit; exit 0 with rejected rows"),
        ("unitpipe validate orders.csv --schema orders.schema.json -e /dev/stdout", "Check a file against a Table Schema"),
        ("unitpipe validate datapackage.json --report-format json", "Every resource of a Data Package; a Frictionless-shaped JSON report"),
        ("unitpipe describe export.csv -o export.schema.json", "A Table Schema from the data, which validate --schema passes"),
        ("unitpipe sniff export.csv", "What the file looks like, and the command that converts it"),
        ("unitpipe units km mi", "The exact factor between two units"),
    ]

    /// The documentation files the page points to.
    static let seeAlso = [
        "docs/guide.md", "docs/unattended.md", "docs/validate.md", "docs/cluster.md", "docs/architecture.md",
        "docs/testing.md", "bench/README.md",
    ]

    /// `text` safe in roff: backslashes and dashes escaped, other than ASCII as `\[uXXXX]`, no line
    /// starting with `.` or `'`, an empty line a paragraph break.
    static func escaped(_ text: String) -> String {
        let body = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\e"
            case "-": return "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: return String(scalar)
            }
        }.joined()
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.isEmpty { return ".PP" }
            return line.first == "." || line.first == "'" ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
