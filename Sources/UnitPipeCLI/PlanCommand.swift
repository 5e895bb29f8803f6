import UnitPipe
import UnitPipeCSV

/// `unitpipe plan`: byte ranges of a file, each starting at a record start, for shards.
enum PlanCommand {
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
        options: [
            OptionSpec(["--splits"], value: "N", help: "how many ranges to aim for (1 or more)"),
            OptionSpec(["--json"], help: "print the plan as JSON: {\"header\": {\"start\", \"end\"}, \"ranges\": [{\"start\", \"end\", \"record\", \"line\"}, …]}"),
            OptionSpec(["-d", "--delimiter"], value: "C", help: "field delimiter: one character (',' ';' '|' ':' '^'), 'tab', or a byte \\xHH such as \\x1f; not the quote, CR, LF, a letter or a digit", default: "tab for .tsv/.tab, else sniffed",
                       suggestions: OptionSpec.delimiterSuggestions),
            OptionSpec(["--quote"], value: "C", help: "quote character, or 'none' for files without quoting", default: "\"", suggestions: ["none"]),
            OptionSpec(["--no-header"], help: "the first record is data"),
            OptionSpec(["-l", "--locale"], value: "ID", help: "the run's locale (a decimal-comma locale prefers ';' when sniffing)", default: "C",
                       suggestions: OptionSpec.localeSuggestions),
            .help, .version,
        ],
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
        guard let text = arguments.value("splits") else { throw .missingOption("--splits", example: "--splits 8") }
        var options = PlanOptions(inputPath: path, splits: try UsageValues.count(text, option: "--splits", maximum: 1 << 20))
        if options.splits == 0 { throw .invalidValue(option: "--splits", value: text, reason: "use a whole number from 1 to \(1 << 20)") }
        if let text = arguments.value("delimiter") { options.delimiter = try UsageValues.delimiter(text, option: "--delimiter") }
        if let text = arguments.value("quote") { options.quoting = try UsageValues.quote(text, option: "--quote") }
        try UsageValues.check(delimiter: options.delimiter, option: "--delimiter", text: arguments.value("delimiter"), quote: options.quoting.byte)
        options.hasHeader = !arguments.has("no-header")
        if let locale = arguments.value("locale") { options.locale = locale }
        do {
            let plan = try SplitPlan.make(options)
            Console.out(arguments.has("json") ? plan.json : Messages.render(plan))
            if arguments.has("json"), let shortfall = Messages.shortfall(of: plan) { Console.error("unitpipe plan: \(shortfall)\n") }
            return 0
        } catch {
            if let signal = Interruption.signalNumber { return 128 + signal }
            Console.error("unitpipe plan: \(Messages.render(error))\n")
            return 2
        }
    }
}
