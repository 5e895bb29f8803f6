import UnitPipe
import UnitPipeNumbers
import UnitPipeUnits

/// `unitpipe units`: lists dimensions and units, or the exact factor between units.
enum UnitsCommand {
    static let rates = Option(["--rates"], value: "FILE", help: "include the currencies of a rates file")
    static let ratesDate = Option(["--rates-date"], value: "DATE", help: "with an ECB history file: the rates of that date", default: "the newest")

    static let spec = CommandSpec(
        name: "units",
        abstract: "List the units, a dimension's units, or the exact factor between units.",
        usage: "[DIMENSION | UNIT …]",
        discussion: """
            Without arguments, every dimension with its units: symbol, aliases, exact definition and notes
            on ambiguous names. With a dimension name (length, pressure, …), that dimension. With units or
            unit expressions, each one's definition; with two or more, the exact factor from the first to
            each of the others as a reduced fraction and its rounded double.
            """,
        options: [rates, ratesDate, OptionSpec.help, OptionSpec.version],
        examples: [
            ("unitpipe units", "every dimension and unit"),
            ("unitpipe units pressure", "the pressure units"),
            ("unitpipe units km mi", "1 km = 0.621371192237334 mi, and the exact fraction"),
            ("unitpipe units kWh J MJ", "1 kWh = 3600000 J and 1 kWh = 3.6 MJ"),
            ("unitpipe units km/h m/s", "the factor between two expressions"),
        ],
        maxPositionals: 64, positionals: .any)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        var catalog = UnitCatalog.standard
        if let path = arguments.text(of: rates) {
            do {
                let rates = try ExchangeRates.load(path: path, date: arguments.text(of: ratesDate))
                catalog = catalog.adding(rates.unitDefinitions)
            } catch {
                Console.error("unitpipe units: \(Messages.render(error))\n")
                return 2
            }
        }
        let names = arguments.positionals
        if names.isEmpty {
            Console.out(UnitListing.all(catalog))
            return 0
        }
        if let text = UnitListing.dimension(named: names.joined(separator: "_"), in: catalog) {
            Console.out(text)
            return 0
        }
        let report = UnitListing.describe(names, in: catalog, writing: NumberWriter.shortest)
        Console.out(report.text)
        for error in report.errors { Console.error("unitpipe units: \(Messages.renderListing(error))\n") }
        return report.errors.isEmpty ? 0 : 2
    }
}
