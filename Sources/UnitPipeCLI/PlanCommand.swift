import UnitPipe
import UnitPipeCSV

/// `unitpipe plan`: byte ranges of a file, each starting at a record start, for shards.
enum PlanCommand {
    static let splits = Option<Int>.count(["--splits"], help: "how many ranges to aim for (1 or more)", minimum: 1, maximum: 1 << 20)
    static let json = Flag(["--json"], help: "print the plan as JSON: {\"header\": {\"start\", \"end\"}, \"ranges\": [{\"start\", \"end\", \"record\", \"line\"}, …]}")
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "field delimiter: one character (',' ';' '|' ':' '^'), 'tab', or a byte \\xHH such as \\x1f; not the quote, CR, LF, a letter or a digit", default: "tab for .tsv/.tab, else sniffed")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none' for files without quoting")
    static let noHeader = Flag(["--no-header"], help: "the first record is data")
    static let locale = Option(["-l", "--locale"], value: "ID", help: "the run's locale (a decimal-comma locale prefers ';' when sniffing)", default: "C",
                               suggestions: OptionSpec.localeSuggestions)

    static let spec = CommandSpec(
        name: "plan",
        abstract: "Cut a file into byte ranges that each start at a record, for --byte-range shards.",
        usage: "INPUT --splits N [--json] [-d C] [--quote C] [--no-header] [-l ID]",
        discussion: """
            Reads INPUT once with a quote-parity scan (no field parsing) and prints about N byte ranges that
            together cover the data after the header, each starting exactly where a record starts, with the
            record number and line of that record. Give the same -d, --quote, --no-header and --locale as
            the convert or validate run (they settle the dialect the same way). A quote parity cannot
            decide (a quote inside an unquoted field, text after a closing quote) stops the cutting: the
            file gets fewer, larger ranges and the plan says so; a cut is never wrong.
            """,
        options: [splits, json, delimiter, quote, noHeader, locale, OptionSpec.help, OptionSpec.version],
        examples: [
            ("unitpipe plan big.csv --splits 8",
             "eight ranges as a table"),
            ("unitpipe convert big.csv -c d:km:mi --byte-range 1000:2000 --first-record 12 --first-line 14 --no-header-output",
             "convert one range of a plan"),
        ],
        maxPositionals: 1)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first, path != "-" else {
            throw .invalidValue(option: "INPUT", value: arguments.positionals.first ?? "", reason: "give a file to plan (standard input cannot be read at offsets)")
        }
        guard let count = try arguments.value(of: splits) else { throw .missingOption(splits.name, example: "--splits 8") }
        var options = PlanOptions(inputPath: path, splits: count)
        options.delimiter = try arguments.value(of: delimiter)
        options.quoting = try arguments.value(of: quote) ?? options.quoting
        try UsageValues.check(delimiter: options.delimiter, option: delimiter.name, text: arguments.text(of: delimiter), quote: options.quoting.byte)
        options.hasHeader = !arguments.has(noHeader)
        options.locale = arguments.text(of: locale) ?? options.locale
        do {
            let plan = try SplitPlan.make(options)
            Console.out(arguments.has(json) ? plan.json : Messages.render(plan))
            if arguments.has(json), let shortfall = Messages.shortfall(of: plan) { Console.error("unitpipe plan: \(shortfall)\n") }
            return 0
        } catch {
            if let signal = Interruption.signalNumber { return 128 + signal }
            Console.error("unitpipe plan: \(Messages.render(error))\n")
            return 2
        }
    }
}
