import UnitPipe
import UnitPipeCSV

/// `unitpipe sniff`: describes a file's dialect and numeric columns without converting anything.
enum SniffCommand {
    static let json = Flag(["--json"], help: "write the report as JSON")
    static let sampleRows = Option<Int>.count(["--sample-rows"], help: "profile the first N data records, reading as far into the input as they go", default: "the records of the first 64 KiB", minimum: 1)
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "use this delimiter instead of sniffing one: one character, 'tab', or a byte \\xHH")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none'")
    static let encoding = Option(["--encoding"], value: "NAME", help: "the file's text encoding: utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be", default: "utf-8, or UTF-16 by its byte order mark",
                                 choices: TextEncoding.allCases.map(\.rawValue)) { text, _ throws(UsageError) in try UsageValues.encoding(text, byteRange: nil) }

    static let spec = CommandSpec(
        name: "sniff",
        abstract: "Describe a file: dialect, and per column numbers, separators, locale and unit guesses.",
        usage: "[INPUT] [--json] [--sample-rows N]",
        discussion: """
            Reads the first 64 KiB of INPUT (or standard input; with --sample-rows N, its first N data
            records) and reports the delimiter, quote, header,
            line ends and BOM, then per column: the share of numeric cells, the decimal and grouping
            separators they use, a locale that reads them, a unit named in the header (distance_km,
            Temp (°F), price_usd) and how many cells could be read two ways (1,234 alone).
            """,
        options: [json, sampleRows, delimiter, quote, encoding, OptionSpec.help, OptionSpec.version],
        examples: [
            ("unitpipe sniff export.csv", "a table of the columns"),
            ("unitpipe sniff export.csv --json | jq '.columns[] | select(.ambiguous > 0)'", "columns with ambiguous cells"),
        ],
        maxPositionals: 1)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let delimiter = try arguments.value(of: Self.delimiter)
        let quoting = try arguments.value(of: quote) ?? .standard
        let encoding = try arguments.value(of: Self.encoding)
        try UsageValues.check(delimiter: delimiter, option: Self.delimiter.name, text: arguments.text(of: Self.delimiter), quote: quoting.byte)
        let sampleRows = try arguments.value(of: Self.sampleRows)
        do {
            let source = try InputSource(path: arguments.positionals.first, encoding: encoding)
            var report = try Sniffer.sniff(source, delimiter: delimiter, quote: quoting.byte, sampleRows: sampleRows)
            let path = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
            report.command = report.suggestedCommand(path: path)
            Console.out(arguments.has(json) ? report.json : Messages.render(report))
            return 0
        } catch {
            if let signal = Interruption.signalNumber { return 128 + signal }
            Console.error("unitpipe sniff: \(Messages.render(JobError.input(error)))\n")
            return 2
        }
    }
}
