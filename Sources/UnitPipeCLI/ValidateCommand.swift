import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers

/// `unitpipe validate`: checks numeric columns and reports every invalid cell; writes no output.
enum ValidateCommand {
    /// The library's defaults, shown in the help.
    private static let defaults = ValidateOptions()

    static let column = Option<ColumnRule>(
        ["-c", "--column"], value: "SPEC", help: "check column NAME (NAME, NAME:UNIT, NAME:@UNITCOL or NAME:@UNITCOL:UNIT)", repeatable: true,
        completesUnitsAfterColons: true
    ) { text, name throws(UsageError) in
        guard let rule = ColumnRule.parse(text) else {
            throw .invalidValue(option: name, value: text, reason: "write NAME, NAME:UNIT or NAME:@UNITCOL, e.g. weight:kg")
        }
        return rule
    }
    static let schema = Option(["--schema"], value: "FILE", help: "check the fields of a Frictionless Table Schema (JSON) and the header against them")
    static let locale = Option(["-l", "--locale"], value: "ID", help: "how numbers are written: C ('.' decimal, no grouping), a locale such as de_DE, fr_FR, en_IN, or auto (decided per column)", default: "C",
        suggestions: ["auto"] + OptionSpec.localeSuggestions)
    static let encoding = Option(["--encoding"], value: "NAME", help: "the input's text encoding, transcoded to UTF-8: utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be", default: "utf-8, or UTF-16 by its byte order mark",
        choices: TextEncoding.allCases.map(\.rawValue))
    static let nullValue = Option(["--null-value"], value: "S", help: "a validated cell equal to S (trimmed) is a missing value like an empty cell: NA, N/A, null, -, -999", default: "only empty cells", repeatable: true)
    static let required = Flag(["--required"], help: "an empty cell in a -c column is the error 'empty'", default: "empty is a null")
    static let minimum = Option(["--min"], value: "NAME=V", help: "the smallest value allowed in column NAME (in its unit, C convention)", repeatable: true)
    static let maximum = Option(["--max"], value: "NAME=V", help: "the largest value allowed in column NAME", repeatable: true)
    static let integer = Option(["--integer"], value: "NAME", help: "column NAME holds whole numbers (5, 5.0 and 1e3 are; 5.5 is not_integer)", repeatable: true)
    static let errors = Option(["-e", "--errors"], value: "FILE", help: "write the error report (record,line,column,value,code,message) to FILE")
    static let reportFormat = Option<ReportFormat>(["--report-format"], value: "FORMAT", help: "the error report's format: csv (rows) or json (one document shaped as Frictionless' report; to standard output without -e)", default: .csv)
    static let rejects = Option(["-r", "--rejects"], value: "FILE", help: "write the invalid rows to FILE as they were read (header line first)")
    static let escapeFormulas = Flag(["--escape-formulas"], help: "a field of the error report or invalid rows starting with = + - @ tab or CR gets a leading ' so spreadsheets do not run it (plain numbers such as -5 are not changed)", default: "fields pass through unchanged")
    static let maxErrors = Option<Int>.count(["--max-errors"], help: "stop (exit 2) once more than N rows are invalid; the summary says so", default: "no limit")
    static let summary = Option(["--summary"], value: "FILE", help: "write a JSON summary (per column: cells, empty, valid, invalid by code, min, max) to FILE")
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "field delimiter: one character (',' ';' '|' ':' '^'), 'tab', or a byte \\xHH such as \\x1f; not the quote, CR, LF, a letter or a digit", default: "tab for .tsv/.tab, else sniffed")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none' for files without quoting")
    static let noHeader = Flag(["--no-header"], help: "the first record is data; columns are named #1, #2, … (schema fields go by position)")
    static let maxFieldSize = Option<Int>.byteSize(["--max-field-size"], help: "longest field in bytes (K, M, G suffixes); a longer one is malformed_csv", default: defaults.maxFieldSize)
    static let threads = Option<Int>.count(["--threads"], help: "threads, each reading and checking in turn; the report is identical for every N", default: "the number of cores", minimum: 1, maximum: 256)
    static let quiet = Flag(["-q", "--quiet"], help: "no summary line and no hints on standard error")

    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check numeric columns (and a Table Schema); every invalid cell is reported.",
        usage: "[INPUT …] [-c NAME[:UNIT] …] [--schema FILE] [options]",
        discussion: """
            INPUT is a CSV or TSV file; absent or '-' reads standard input. Several inputs (files, or a
            directory for its files in name order) are checked as one, each against the same header; the
            error report then names each row's file. Nothing is written but the
            reports: every invalid cell goes to the error report (-e) with its record, line, column, value,
            code and a message, and a certain suggestion where there is one; -r copies the invalid rows.
            Exit status: 0 every cell is valid, 1 invalid cells were found (all reported), 2 trouble
            (usage, unreadable input, --max-errors exceeded).

            -c NAME checks that every non-empty cell is a number in --locale. -c NAME:UNIT also accepts a
            unit of that unit's dimension in the cell ('5 km', '1.200 m'; a bare number is in UNIT) and
            checks the bounds in UNIT; -c NAME:@UNITCOL checks that each row's unit, in column UNITCOL, is
            known and of one dimension (the first unit the input shows, or UNIT with -c NAME:@UNITCOL:UNIT).
            Bounds (--min, --max) are written in the column's unit, in the C convention (0.5, 1e3), and
            compared exactly with the cell's decimal value.

            --schema reads a Frictionless Table Schema (JSON): fields with name and type; number and
            integer fields are read with decimalChar, groupChar and bareNumber (NaN, INF and -INF are
            numbers); string, boolean, date, time, datetime, year, yearmonth and any fields with their
            format; every field is checked against required, missingValues, minimum, maximum,
            exclusiveMinimum, exclusiveMaximum, enum, pattern, minLength, maxLength and unique as its type
            allows, and the primaryKey across rows (object, array, duration, geopoint, geojson and list
            fields for presence only). The header is checked against the fields (missing_column,
            extra_column, duplicate_column). A keyword that is not checked is named on standard error; a
            mistake in the schema is a usage error naming its JSON path.

            An INPUT ending in .json is a Frictionless Data Package: every tabular resource is checked
            with its own dialect, encoding and schema, the report naming each row's resource. With
            --report-format json the report is one JSON document shaped as Frictionless' report.
            """,
        options: ([
            column, schema, locale, encoding, nullValue, required, minimum, maximum, integer, errors, reportFormat, rejects, escapeFormulas, maxErrors,
            summary, delimiter, quote, noHeader, maxFieldSize, threads,
        ] as [any OptionDeclaration]) + ProgressArguments.options + ShardArguments.options
            + ([quiet, InputArguments.inputName, OptionSpec.help, OptionSpec.version] as [any OptionDeclaration]),
        examples: [
            ("unitpipe validate orders.csv --schema orders.schema.json -e errors.csv",
             "check an export against its Table Schema; every bad cell in errors.csv"),
            ("unitpipe validate shipments.csv -c weight:kg --max weight=100 -c price --min price=0 -r bad.csv",
             "weights (units allowed in the cell) up to 100 kg, prices not negative; invalid rows aside"),
            ("unitpipe validate preise.csv --locale de_DE -c betrag --integer menge -c menge --required",
             "German numbers; every cell present; quantities whole"),
        ],
        maxPositionals: Int.max)

    /// Builds the options, runs the job and reports its outcome.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let isPackage = DataPackageArguments.isPackage(arguments)
        if isPackage { try DataPackageArguments.checkOptions(arguments) }
        let options = try makeOptions(arguments)
        if arguments.has(ShardArguments.checkArgs) { return 0 }
        let isQuiet = arguments.has(quiet)
        for note in options.schema?.notes ?? [] {
            Console.error("unitpipe validate: schema: \(note)\n")
        }
        let package = isPackage ? try DataPackageArguments.resources(arguments, base: options) : nil
        for note in package?.notes ?? [] { Console.error("unitpipe validate: \(note)\n") }
        let job = package.map { ValidateJob(options: options, resources: $0.resources) } ?? ValidateJob(options: options)
        let reportPath = options.errorsPath
        job.failureMessage = { Messages.renderValidate($0, reportPath: reportPath, isPackage: isPackage) }
        let outcome = job.run()
        if let failure = outcome.failure {
            Console.error("unitpipe validate: \(Messages.renderValidate(failure, reportPath: reportPath, isPackage: isPackage))\n")
        }
        let status = outcome.exitStatus == 1 ? try ShardArguments.exitOnRejects(arguments) : outcome.exitStatus
        guard !isQuiet else { return status }
        for warning in outcome.warnings { Console.error("unitpipe validate: warning: \(Messages.render(warning))\n") }
        for hint in outcome.columnHints { Console.error("unitpipe validate: \(Messages.render(hint))\n") }
        if outcome.failure == nil, outcome.summary.status == .rejected {
            let s = outcome.summary
            let cells = s.errorsByCode.values.reduce(0, +) - s.headerProblems.count
            var note = "unitpipe validate: \(cells) invalid \(cells == 1 ? "cell" : "cells") in \(s.rowsInvalid) of \(s.rowsIn) \(s.rowsIn == 1 ? "row" : "rows")"
            if !s.headerProblems.isEmpty { note += " and \(s.headerProblems.count) header \(s.headerProblems.count == 1 ? "problem" : "problems")" }
            note += Messages.reportPointer(reportPath)
            Console.error(note + "\n")
        }
        return status
    }

    static func makeOptions(_ arguments: ParsedArguments) throws(UsageError) -> ValidateOptions {
        var options = ValidateOptions()
        options.failureHint = Messages.hint
        options.inputPaths = arguments.positionals
        options.inputName = try InputArguments.inputName(arguments)
        options.errorsPath = arguments.text(of: errors)
        options.rejectsPath = arguments.text(of: rejects)
        if let format = try arguments.value(of: reportFormat) {
            options.reportFormat = format
            if format == .json, arguments.text(of: ShardArguments.byteRange) != nil {
                throw .invalidValue(option: reportFormat.name, value: format.rawValue, reason: "a shard's report is one part of its job's; write CSV reports (the default), which join by concatenation")
            }
            if format == .json, options.errorsPath == nil { options.errorsPath = "/dev/stdout" }
        }
        options.escapesFormulas = arguments.has(escapeFormulas)
        options.summaryPath = arguments.text(of: summary)
        options.rules = try arguments.values(of: column)
        if let path = arguments.text(of: schema) { options.schema = try readSchema(path) }
        try applyBounds(arguments, to: &options)
        options.delimiter = try arguments.value(of: delimiter)
        if let quoting = try arguments.value(of: quote) { options.quote = quoting.byte }
        try UsageValues.check(delimiter: options.delimiter, option: delimiter.name, text: arguments.text(of: delimiter), quote: options.quote)
        options.hasHeader = !arguments.has(noHeader)
        options.isRequired = arguments.has(required)
        options.nullValues = arguments.texts(of: nullValue)
        options.maxErrors = try arguments.value(of: maxErrors)
        options.maxFieldSize = try arguments.value(of: maxFieldSize) ?? options.maxFieldSize
        if let locale = arguments.text(of: Self.locale) {
            options.locale = locale
            options.isLocaleGiven = true
        }
        options.threads = try arguments.value(of: threads) ?? options.threads
        try ShardArguments.apply(arguments, to: &options.shard, input: options.inputPath)
        if let text = arguments.text(of: encoding) { options.encoding = try UsageValues.encoding(text, byteRange: options.shard.byteRange) }
        try InputArguments.checkSingleInput(arguments)
        _ = try ShardArguments.exitOnRejects(arguments)
        options.progress = ProgressArguments.mode(arguments)
        return options
    }

    /// Reads and checks the Table Schema at `path`.
    static func readSchema(_ path: String) throws(UsageError) -> TableSchema {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try InputArguments.contents(of: path)
        } catch {
            throw .invalidValue(option: "--schema", value: path, reason: Messages.render(JobError.input(error)))
        }
        do {
            return try TableSchema.parse(bytes)
        } catch {
            throw .invalidValue(option: "--schema", value: path, reason: error.description)
        }
    }

    /// Folds `--min`, `--max` and `--integer` into the rule of the column they name: a `-c`
    /// column, else a schema field (whose own bound they replace).
    static func applyBounds(_ arguments: ParsedArguments, to options: inout ValidateOptions) throws(UsageError) {
        func apply(_ option: String, _ text: String, name: String, change: (inout TableSchema.Field?, inout ColumnRule?) -> Void) throws(UsageError) {
            let reference = ColumnSpec.Reference.parse(name)
            if let index = options.rules.firstIndex(where: { $0.column == reference }) {
                var rule: ColumnRule? = options.rules[index]
                var none: TableSchema.Field?
                change(&none, &rule)
                if let rule { options.rules[index] = rule }
                return
            }
            if case .name(let name) = reference, var schema = options.schema,
               let index = schema.fields.firstIndex(where: { $0.name == name }), schema.fields[index].type.isNumeric {
                var field: TableSchema.Field? = schema.fields[index]
                var none: ColumnRule?
                change(&field, &none)
                if let field { schema.fields[index] = field }
                options.schema = schema
                return
            }
            throw .invalidValue(option: option, value: text, reason: "no -c option (or number field of the schema) names column '\(name)'; add -c \(name)")
        }
        for (option, isMinimum) in [(minimum, true), (maximum, false)] {
            for text in arguments.texts(of: option) {
                guard let equals = text.lastIndex(of: "="), let value = DecimalValue(text[text.index(after: equals)...]) else {
                    throw .invalidValue(option: option.name, value: text, reason: "write NAME=V with V in the C convention, e.g. weight=0.5")
                }
                let bound = TableSchema.Bound(value)
                try apply(option.name, text, name: String(text[..<equals])) { field, rule in
                    if isMinimum {
                        field?.minimum = bound
                        rule?.minimum = bound
                    } else {
                        field?.maximum = bound
                        rule?.maximum = bound
                    }
                }
            }
        }
        for text in arguments.texts(of: integer) {
            try apply(integer.name, text, name: text) { field, rule in
                field?.type = .integer
                rule?.kind = .integer
            }
        }
    }
}
