import UnitPipe
import UnitPipeNumbers
import UnitPipeCSV

/// `unitpipe convert`: converts columns between units and writes the normalized file.
enum ConvertCommand {
    /// The library's defaults, shown in the help.
    private static let defaults = ConvertOptions()

    static let column = Option<ColumnSpec>(
        ["-c", "--column"], value: "SPEC", help: "convert column(s) NAME from unit FROM (empty: named by the header) to unit TO, optionally renaming or keeping the original", repeatable: true,
        completesUnitsAfterColons: true
    ) { text, name throws(UsageError) in
        do throws(ColumnSpec.ParseError) { return try ColumnSpec.parse(text) } catch {
            throw .invalidValue(option: name, value: text, reason: Messages.render(error))
        }
    }
    static let select = Option(["--select"], value: "LIST", help: "write only these input columns, in this order: names, #N, #-1, ranges #2-#4, comma-separated (repeatable, lists add up); converted columns must be among them", default: "every column", repeatable: true)
    static let exclude = Option(["--exclude"], value: "LIST", help: "leave these input columns out of the output (same LIST as --select; not a converted column)", repeatable: true)
    static let rename = Option(["--rename"], value: "OLD=NEW", help: "name input column OLD (a name or #N) NEW in the output header, converted or not (repeatable); the rejects keep the input's header", repeatable: true)
    static let output = Option(["-o", "--output"], value: "FILE", help: "write the output to FILE (via a temporary file renamed on success)", default: "standard output")
    static let errors = Option(["-e", "--errors"], value: "FILE", help: "write the error report (record,line,column,value,code,message) to FILE")
    static let rejects = Option(["-r", "--rejects"], value: "FILE", help: "write rejected rows to FILE as they were read (header line first)")
    static let onError = Option(["--on-error"], value: "MODE", help: "reject: row to rejects; keep: row kept, failed cell emptied; fail: stop at the first error", default: defaults.onError)
    static let summary = Option(["--summary"], value: "FILE", help: "write a JSON summary of the run to FILE")
    static let locale = Option(["-l", "--locale"], value: "ID", help: "how input numbers are written: C ('.' decimal, no grouping), a locale such as de_DE, fr_FR, en_IN, or auto (decided per column from the data)", default: "C",
        suggestions: ["auto"] + OptionSpec.localeSuggestions)
    static let encoding = Option(["--encoding"], value: "NAME", help: "the input's text encoding, transcoded to UTF-8: utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be (the output is UTF-8)", default: "utf-8, or UTF-16 by its byte order mark",
        choices: TextEncoding.allCases.map(\.rawValue))
    static let outputLocale = Option(["--output-locale"], value: "ID", help: "write converted numbers the way this locale does, grouping included (for people, not machines)", default: "normalized",
        suggestions: Array(OptionSpec.localeSuggestions.dropFirst()))
    static let rates = Option(["--rates"], value: "FILE", help: "currency rates: the ECB's eurofxref.csv / eurofxref-hist.csv, or a two-column 'currency,rate_per_XXX' file")
    static let ratesDate = Option(["--rates-date"], value: "DATE", help: "with an ECB history file: the rates of that date (YYYY-MM-DD)", default: "the newest")
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "field delimiter: one character (',' ';' '|' ':' '^'), 'tab', or a byte \\xHH such as \\x1f; not the quote, CR, LF, a letter or a digit", default: "tab for .tsv/.tab, else sniffed among , ; tab |")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none' for files without quoting")
    static let outputDelimiter = Option<UInt8>.delimiter(["--output-delimiter"], help: "the output's field delimiter, as -d takes it", default: "tab for -o NAME.tsv/.tab (also .gz/.zst), else the input's")
    static let quoteStyle = Option<CSVWriter.QuoteStyle>(["--quote-style"], value: "STYLE", help: "which output fields are quoted: minimal (only where needed to read back), all (every field, empty ones as \"\"), nonnumeric (every field but empty ones and numbers as written: -5, 1.25, .5, 2.5e-3)", default: defaults.quoteStyle)
    static let crlf = Flag(["--crlf"], help: "end output records with CR LF (Windows) instead of LF")
    static let bom = Flag(["--bom"], help: "start the output with a UTF-8 byte order mark, so Excel reads it as UTF-8 (Köln, not KÃ¶ln)")
    static let escapeFormulas = Flag(["--escape-formulas"], help: "a field of the output, rejects or error report starting with = + - @ tab or CR gets a leading ' so spreadsheets do not run it (plain numbers such as -5 and converted numbers are not changed)", default: "fields pass through unchanged")
    static let noHeader = Flag(["--no-header"], help: "the first record is data; columns are named #1, #2, …")
    static let decimals = Option<Int>.count(["--decimals"], help: "write converted numbers with exactly N fraction digits (0-20), rounded once from the exact value", default: "shortest round-trip digits", maximum: 20)
    static let notation = Option(["--notation"], value: "MODE", help: "auto: exponent notation below 1e-6 and from 1e16 (1.5e-07); plain: never (0.00000015), for DECIMAL columns", default: defaults.notation)
    static let rounding = Option(["--rounding"], value: "MODE", help: "how --decimals breaks ties: half-even (2.665 -> 2.66) or half-up, away from zero (2.665 -> 2.67)", default: defaults.rounding)
    static let nullValue = Option(["--null-value"], value: "S", help: "a converted cell equal to S (trimmed) is a null like an empty cell: NA, N/A, null, -, -999", default: "only empty cells", repeatable: true)
    static let required = Flag(["--required"], help: "an empty cell in a converted column is the error 'empty'", default: "empty stays empty")
    static let maxErrors = Option<Int>.count(["--max-errors"], help: "stop (exit 2) once more than N rows have failed", default: "no limit")
    static let maxFieldSize = Option<Int>.byteSize(["--max-field-size"], help: "longest field in bytes (K, M, G suffixes), also of a record's fields (9 bytes counted per field after the first); a longer one is malformed_csv", default: defaults.maxFieldSize)
    static let reader = Option(["--reader"], value: "KIND", help: "split: lines without a quote, or whose quoting is regular, are split directly, libcsv parses the rest; libcsv: libcsv parses every record (same records, slower)", default: ReaderKind.split)
    static let threads = Option<Int>.count(["--threads"], help: "threads, each reading, converting and writing in turn; the output is identical for every N", default: "the number of cores", minimum: 1, maximum: 256)
    static let quiet = Flag(["-q", "--quiet"], help: "no summary line and no warnings on standard error (errors are still printed)")

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert columns between units; every failed row is reported.",
        usage: "[INPUT …] [-c NAME:FROM:TO[:N][=NEWNAME|=+NEWNAME] …] [options]",
        discussion: """
            INPUT is a CSV or TSV file; absent or '-' reads standard input. Several inputs (files, or a
            directory for its files in name order) go into one output with the header written once; every
            input's header must be the same, and the error report then names each row's file. Output goes
            to standard output unless -o is given. Without -c the file is rewritten normalized (dialect kept, minimal quoting,
            LF line ends, no BOM), a quick check that it reads cleanly.

            NAME is a header name (exact), #N (1-based; #-1 is the last column), a range #2-#4, or a
            comma list of those (a,b,#5), all converted from FROM to TO. FROM and TO are units of the same
            dimension ('unitpipe units' lists them), or expressions of them (km/h, m/s^2, kg*m/s^2). FROM
            may be empty when the header names the unit (distance_km::mi, 'distance (km)::mi'); the
            header's unit part is then rewritten to TO (distance_mi). FROM may also be @COLUMN (each
            row's unit is in that column, which is rewritten to TO) or * (each cell carries its unit,
            '5.3 km', 'US$ 5'; *km gives a default for cells without one). =NEWNAME renames the column;
            =+NEWNAME keeps the original and adds the converted column after it; :N writes the column with
            exactly N fraction digits (amount:USD:EUR:2). A value is converted from the exact decimal of
            its text and rounded once: to the nearest double, written with the shortest digits that read
            back to it (-273.15 degC is -459.67 degF), or to N digits from the exact value; empty cells
            stay empty.
            """,
        options: ([
            column, select, exclude, rename, output, errors, rejects, onError, summary, locale, encoding, outputLocale, rates, ratesDate,
            delimiter, quote, outputDelimiter, quoteStyle, crlf, bom, escapeFormulas, noHeader, decimals, notation, rounding, nullValue,
            required, maxErrors, maxFieldSize, reader, threads,
        ] as [any OptionDeclaration]) + ProgressArguments.options + ([quiet, InputArguments.inputName] as [any OptionDeclaration])
            + ShardArguments.options + ([OptionSpec.help, OptionSpec.version] as [any OptionDeclaration]),
        examples: [
            ("unitpipe convert trips.csv -c distance:km:mi -o trips_mi.csv",
             "convert the distance column from kilometres to miles"),
            ("unitpipe convert weather.tsv -c temp:degC:degF=temp_f -e errors.csv -r rejects.tsv",
             "convert and rename a column; report failed cells and keep failed rows aside"),
            ("unitpipe convert data.csv -c '#3:ft:m' --decimals 2 --on-error keep",
             "convert the third column, two decimals, failed cells emptied in place"),
            ("cat data.csv | unitpipe convert --summary run.json > clean.csv",
             "normalize a stream and write a JSON summary"),
            ("unitpipe convert preise.csv --locale de_DE -c gewicht:lb:kg",
             "read German numbers (1.234,5) from a ;-separated file"),
            ("unitpipe convert exports/ -c distance:km:mi -o all.csv -e errors.csv",
             "every file of a directory, in name order, into one output (the header once)"),
            ("unitpipe convert trips.csv -c distance_km::mi",
             "the unit is in the header: convert km to miles and rename the column distance_mi"),
            ("unitpipe convert data.csv -c '#2-#4:ft:m' -c 'total:lb:kg=+total_kg'",
             "columns 2 to 4 from feet to metres; add total_kg after total, keeping it"),
            ("unitpipe convert trips.csv --select id,distance_km,#-1 --rename id=trip -c distance_km::mi",
             "only three columns, in that order, one renamed and one converted (renamed distance_mi)"),
            ("unitpipe convert measurements.csv -c value:@unit:m",
             "long format: each row's unit is in the 'unit' column"),
            ("unitpipe convert expenses.csv -c amount:@currency:EUR --rates eurofxref.csv",
             "convert every row's currency to euros at the ECB reference rates"),
        ],
        maxPositionals: Int.max)

    /// Builds the options from the parsed arguments, runs the job and reports its outcome.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try makeOptions(arguments)
        if arguments.has(ShardArguments.checkArgs) { return 0 }
        let outcome = ConvertJob(options: options).run()
        let isQuiet = arguments.has(quiet)
        if !isQuiet {
            for warning in outcome.warnings { Console.error("unitpipe convert: warning: \(Messages.render(warning))\n") }
        }
        if let failure = outcome.failure {
            Console.error("unitpipe convert: \(Messages.render(failure))\n")
        } else if outcome.summary.status == .rejected, !isQuiet {
            Console.error("unitpipe convert: \(Messages.outcomeLine(outcome.summary, errorsPath: options.errorsPath))\n")
        }
        if outcome.exitStatus == 1 { return try ShardArguments.exitOnRejects(arguments) }
        return outcome.exitStatus
    }

    /// `--decimals`, `--output-locale` and `--rounding` shape converted numbers: with nothing to
    /// convert (no `-c`) or, for `--rounding`, no `--decimals`, they would be silently ignored.
    static func checkNumberOutput(_ options: ConvertOptions, _ arguments: ParsedArguments) throws(UsageError) {
        if options.columns.isEmpty {
            let given = [
                (decimals.name, arguments.text(of: decimals)), (outputLocale.name, arguments.text(of: outputLocale)),
                (notation.name, arguments.text(of: notation)), (rounding.name, arguments.text(of: rounding)),
            ]
            for case let (option, text?) in given {
                throw .invalidValue(option: option, value: text, reason: "it formats converted columns and none is selected; add -c NAME:FROM:TO")
            }
        }
        if options.decimals == nil, !options.columns.contains(where: { $0.decimals != nil }), let text = arguments.text(of: rounding) {
            throw .invalidValue(option: rounding.name, value: text, reason: "it says how --decimals rounds; add --decimals N (or :N to a -c)")
        }
    }

    /// `--select`, `--exclude` and `--rename`: parsed here, resolved against the header by the job.
    static func applyOutputColumns(_ arguments: ParsedArguments, to options: inout ConvertOptions) throws(UsageError) {
        for (option, isSelect) in [(select, true), (exclude, false)] {
            for text in arguments.texts(of: option) {
                let reference: ColumnSpec.Reference
                do { reference = try .list(text) } catch {
                    let reason = error == .emptyPart("LIST") ? "give columns: names, #N, #-1, ranges #2-#4, comma-separated" : Messages.render(error)
                    throw .invalidValue(option: option.name, value: text, reason: reason)
                }
                if isSelect { options.selectedColumns = (options.selectedColumns ?? []) + [reference] } else { options.excludedColumns.append(reference) }
            }
        }
        for text in arguments.texts(of: rename) {
            do { options.renamedColumns.append(try ColumnRename.parse(text)) } catch {
                throw .invalidValue(option: rename.name, value: text, reason: "write OLD=NEW: the input column's name (or #N), '=', and its new name")
            }
        }
    }

    static func makeOptions(_ arguments: ParsedArguments) throws(UsageError) -> ConvertOptions {
        var options = ConvertOptions()
        options.failureHint = Messages.hint
        options.inputPaths = arguments.positionals
        options.inputName = try InputArguments.inputName(arguments)
        options.outputPath = arguments.text(of: output)
        options.errorsPath = arguments.text(of: errors)
        options.rejectsPath = arguments.text(of: rejects)
        options.summaryPath = arguments.text(of: summary)
        options.columns = try arguments.values(of: column)
        try applyOutputColumns(arguments, to: &options)
        options.delimiter = try arguments.value(of: delimiter)
        options.quoting = try arguments.value(of: quote) ?? options.quoting
        options.hasHeader = !arguments.has(noHeader)
        options.outputDelimiter = try arguments.value(of: outputDelimiter)
        try UsageValues.check(delimiter: options.delimiter, option: delimiter.name, text: arguments.text(of: delimiter), quote: options.quoting.byte)
        try UsageValues.check(
            delimiter: options.outputDelimiter, option: outputDelimiter.name, text: arguments.text(of: outputDelimiter), quote: options.quoting.byte)
        if let style = try arguments.value(of: quoteStyle) {
            options.quoteStyle = style
            if options.quoting == .none, style != .minimal {
                throw .invalidValue(option: quoteStyle.name, value: arguments.text(of: quoteStyle) ?? "", reason: "it quotes fields, and --quote none writes no quotes; drop one of them")
            }
        }
        options.usesCRLF = arguments.has(crlf)
        options.writesBOM = arguments.has(bom)
        options.escapesFormulas = arguments.has(escapeFormulas)
        options.onError = try arguments.value(of: onError) ?? options.onError
        options.decimals = try arguments.value(of: decimals)
        options.notation = try arguments.value(of: notation) ?? options.notation
        options.rounding = try arguments.value(of: rounding) ?? options.rounding
        options.isRequired = arguments.has(required)
        options.nullValues = arguments.texts(of: nullValue)
        options.progress = ProgressArguments.mode(arguments)
        options.maxErrors = try arguments.value(of: maxErrors)
        options.maxFieldSize = try arguments.value(of: maxFieldSize) ?? options.maxFieldSize
        if let locale = arguments.text(of: Self.locale) {
            options.locale = locale
            options.isLocaleGiven = true
        }
        options.outputLocale = arguments.text(of: outputLocale)
        options.ratesPath = arguments.text(of: rates)
        options.ratesDate = arguments.text(of: ratesDate)
        options.reader = try arguments.value(of: reader) ?? options.reader
        try checkNumberOutput(options, arguments)
        options.threads = try arguments.value(of: threads) ?? options.threads
        try ShardArguments.apply(arguments, to: &options.shard, input: options.inputPath)
        if let text = arguments.text(of: encoding) { options.encoding = try UsageValues.encoding(text, byteRange: options.shard.byteRange) }
        try InputArguments.checkSingleInput(arguments)
        _ = try ShardArguments.exitOnRejects(arguments)
        return options
    }
}
