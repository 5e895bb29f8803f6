import UnitPipe
import UnitPipeCSV

/// `unitpipe inputs`: the files a run over INPUT… reads, as it reads them, for drivers.
enum InputsCommand {
    static let json = Flag(["--json"], help: "print JSON: {\"inputs\": [{\"path\", \"size\", \"compression\", \"records\"}, …]}")
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "field delimiter, as the run gives it: one character, 'tab', or a byte \\xHH", default: "tab for .tsv/.tab, else sniffed")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none' for files without quoting")
    static let noHeader = Flag(["--no-header"], help: "the first record is data")
    static let locale = Option(["-l", "--locale"], value: "ID", help: "the run's locale (a decimal-comma locale prefers ';' when sniffing)", default: "C",
                               suggestions: OptionSpec.localeSuggestions)
    static let encoding = Option(["--encoding"], value: "NAME", help: "the inputs' text encoding, as the run gives it", default: "utf-8, or UTF-16 by its byte order mark",
                                 choices: TextEncoding.allCases.map(\.rawValue)) { text, _ throws(UsageError) in try UsageValues.encoding(text, byteRange: nil) }

    static let spec = CommandSpec(
        name: "inputs",
        abstract: "List the files a run over INPUT… reads, and check that they fit together, without converting.",
        usage: "INPUT… [--json] [-d C] [--quote C] [--no-header] [-l ID] [--encoding NAME]",
        discussion: """
            Expands directories as convert and validate do (their .csv, .tsv and .tab files, also .gz and
            .zst, in name order; names starting with '.' or '_' skipped), reads the head of each file as
            the run would (compression by its magic bytes, BOM, dialect, header) and checks each file
            with records against the first, as the run does before any row: the same delimiter and
            header (without a header, the same number of fields). Prints each file's path, size,
            compression and whether it holds records; exits 2 with the run's own message when the
            inputs cannot be read as one run reads them. Give the same -d, --quote, --no-header,
            --locale and --encoding as the run.
            """,
        options: [json, delimiter, quote, noHeader, locale, encoding, OptionSpec.help, OptionSpec.version],
        examples: [
            ("unitpipe inputs exports/ big.csv --json", "what a driver splits into tasks"),
        ],
        maxPositionals: Int.max)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty, !arguments.positionals.contains("-") else {
            throw .invalidValue(option: "INPUT", value: arguments.positionals.first ?? "", reason: "give files or directories (standard input cannot be listed for a driver)")
        }
        let delimiter = try arguments.value(of: Self.delimiter)
        let quoting = try arguments.value(of: quote) ?? .standard
        try UsageValues.check(delimiter: delimiter, option: Self.delimiter.name, text: arguments.text(of: Self.delimiter), quote: quoting.byte)
        do {
            let inputs = try InputDescription.describe(
                arguments.positionals, delimiter: delimiter, quote: quoting.byte, hasHeader: !arguments.has(noHeader),
                locale: arguments.text(of: locale) ?? "C", encoding: try arguments.value(of: encoding))
            if arguments.has(json) {
                Console.out("{\"inputs\": [" + inputs.map(\.json).joined(separator: ", ") + "]}\n")
            } else {
                Console.out(inputs.map { "\($0.path)\t\($0.size.map(String.init) ?? "-")\t\($0.compression.rawValue)\t\($0.hasRecords ? "records" : "empty")\n" }.joined())
            }
            return 0
        } catch {
            if let signal = Interruption.signalNumber { return 128 + signal }
            Console.error("unitpipe inputs: \(Messages.render(error))\n")
            return 2
        }
    }
}
