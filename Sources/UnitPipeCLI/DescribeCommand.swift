import UnitPipe
import UnitPipeCSV

/// `unitpipe describe`: writes a Frictionless Table Schema of a file, checked by `validate`.
enum DescribeCommand {
    static let output = Option(["-o", "--output"], value: "FILE", help: "write the schema to FILE", default: "standard output")
    static let sampleRows = Option<Int>.count(["--sample-rows"], help: "describe the first N data records only", default: "the whole file", minimum: 1)
    static let delimiter = Option<UInt8>.delimiter(["-d", "--delimiter"], help: "field delimiter: one character, 'tab', or a byte \\xHH", default: "tab for .tsv/.tab, else sniffed")
    static let quote = Option<ConvertOptions.Quoting>.quote(help: "quote character, or 'none'")
    static let encoding = Option(["--encoding"], value: "NAME", help: "the file's text encoding: utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be", default: "utf-8, or UTF-16 by its byte order mark",
        choices: TextEncoding.allCases.map(\.rawValue))
    static let threads = Option<Int>.count(["--threads"], help: "threads, each reading and describing in turn; the schema is the same for every N", default: "the number of cores", minimum: 1, maximum: 256)
    static let quiet = Flag(["-q", "--quiet"], help: "no notes on standard error")

    static let spec = CommandSpec(
        name: "describe",
        abstract: "Write a Table Schema for a file from its data (validate --schema then passes it).",
        usage: "FILE [--sample-rows N] [-o SCHEMA]",
        discussion: """
            Reads every record of FILE and writes a Frictionless Table Schema (JSON) for it: per column
            a type (integer, number, boolean, date or string), the decimalChar and groupChar that read
            every number of a number column, bareNumber false when cells carry a currency mark or %,
            required when no cell is empty, and the null markers seen (NA, N/A, null, -, …) as
            missingValues. A column whose numbers read two ways (1,234 alone) is left as a string and
            named on standard error, never guessed. The schema is then checked against the file as
            validate --schema checks it, so that validate exits 0 on it; rows with another number of
            fields are named on standard error. With --sample-rows N only the first N records are
            read, and the schema is not checked against the rest.
            """,
        options: [output, sampleRows, delimiter, quote, encoding, threads, quiet, OptionSpec.help] as [any OptionDeclaration],
        examples: [
            ("unitpipe describe export.csv -o export.schema.json", "a schema for the export"),
            ("unitpipe validate next-export.csv --schema export.schema.json", "check the next export against it"),
        ],
        maxPositionals: 1)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first, path != "-" else {
            throw .missingArgument("FILE", expected: ["a CSV or TSV file (describe reads it twice: to profile it and to check the schema)"])
        }
        var options = DescribeOptions(inputPath: path)
        options.delimiter = try arguments.value(of: delimiter)
        if let quoting = try arguments.value(of: quote) { options.quote = quoting.byte }
        try UsageValues.check(delimiter: options.delimiter, option: delimiter.name, text: arguments.text(of: delimiter), quote: options.quote)
        if let text = arguments.text(of: encoding) { options.encoding = try UsageValues.encoding(text, byteRange: nil) }
        options.sampleRows = try arguments.value(of: sampleRows)
        options.threads = try arguments.value(of: threads) ?? options.threads
        let description: FileDescription
        do throws(JobError) {
            guard let described = try DescribeJob.run(options) else {
                Console.error("unitpipe describe: '\(path)' is empty: there is no header to name the fields; describe a file that starts with its header line\n")
                return 2
            }
            description = described
        } catch {
            if case .interrupted(let signal) = error { return 128 + signal }
            Console.error("unitpipe describe: \(Messages.render(error))\n")
            return 2
        }
        if !arguments.has(quiet) {
            for note in description.notes { Console.error("unitpipe describe: \(note)\n") }
        }
        if let output = arguments.text(of: output) {
            do throws(OutputError) {
                let file = try OutputFile(path: output)
                let buffer = ByteBuffer(capacity: description.schema.utf8.count)
                buffer.append(description.schema)
                try file.write(buffer)
                try file.prepare()
                if let directory = try file.publish() { FileSystem.synchronizeDirectory(directory) }
            } catch {
                Console.error("unitpipe describe: \(Messages.render(JobError.output(error)))\n")
                return 2
            }
        } else {
            Console.out(description.schema)
        }
        return 0
    }
}
