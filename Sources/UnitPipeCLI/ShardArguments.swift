import UnitPipe

/// The options of shard mode and of exits for engines, shared by `convert` and `validate`.
enum ShardArguments {
    static let byteRange = Option(["--byte-range"], value: "START:END", help: "process only the records that start in bytes START..END-1 of INPUT (a file); the header is still read from its start")
    static let firstRecord = Option<Int>.count(["--first-record"], value: "R", help: "with --first-line: START is a record start, data record R (from 'unitpipe plan')", default: "found by a scan", minimum: 1)
    static let firstLine = Option<Int>.count(["--first-line"], value: "L", help: "with --first-record: the line START is on", minimum: 1)
    static let rangeStart = Option<Bool>(
        ["--range-start"], value: "scan|guess",
        help: "how START finds its first record without --first-record: 'scan' from the file's start (numbered as in the file), or 'guess' from the bytes after START alone (numbered from record 1 on line 1; the summary's byte_range.next lets a driver check the guess and renumber)",
        default: "scan", choices: ["scan", "guess"]
    ) { text, name throws(UsageError) in
        guard text == "scan" || text == "guess" else { throw .invalidValue(option: name, value: text, reason: "use 'scan' or 'guess'") }
        return text == "guess"
    }
    static let noHeaderOutput = Flag(["--no-header-output"], help: "leave the header line out of the output, the rejects and the error report, so parts concatenate")
    static let exitOnRejects = Option<Int32>(
        ["--exit-on-rejects"], value: "0|1", help: "the exit status when rows were rejected; 0 for engines that fail a task on any non-zero exit (2 and signals stay failures)",
        default: "1", choices: ["0", "1"]
    ) { text, name throws(UsageError) in
        guard text == "0" || text == "1" else { throw .invalidValue(option: name, value: text, reason: "use 0 (rejected rows exit 0) or 1") }
        return text == "0" ? 0 : 1
    }
    static let checkArgs = Flag(["--check-args"], help: "check the options and exit (0, or 2 with the usage error) without reading any input; for drivers that check a command before running it on many machines")
    static let options: [any OptionDeclaration] = [byteRange, firstRecord, firstLine, rangeStart, noHeaderOutput, exitOnRejects, checkArgs]

    /// Reads the shard options into `settings`.
    static func apply(_ arguments: ParsedArguments, to settings: inout ShardSettings, input: String?) throws(UsageError) {
        settings.writesHeaders = !arguments.has(noHeaderOutput)
        let record = try arguments.value(of: firstRecord)
        let line = try arguments.value(of: firstLine)
        let guesses = try arguments.value(of: rangeStart) ?? false
        guard let text = arguments.text(of: byteRange) else {
            if guesses {
                throw .invalidValue(option: rangeStart.name, value: "guess", reason: "it says how --byte-range finds its first record; give --byte-range START:END too")
            }
            if record != nil || line != nil {
                let option = record != nil ? firstRecord : firstLine
                throw .invalidValue(option: option.name, value: arguments.text(of: option) ?? "", reason: "it numbers the start of --byte-range; give --byte-range START:END too")
            }
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, end >= start else {
            throw .invalidValue(option: byteRange.name, value: text, reason: "write START:END, byte offsets with START <= END, e.g. 0:1048576")
        }
        guard (record == nil) == (line == nil) else {
            let given = record == nil ? firstLine : firstRecord
            throw .invalidValue(option: given.name, value: arguments.text(of: given) ?? "", reason: "give --first-record and --first-line together (both from 'unitpipe plan'), or neither")
        }
        if guesses && record != nil {
            throw .invalidValue(option: rangeStart.name, value: "guess", reason: "--first-record already says where START's first record is; give one or the other")
        }
        guard let input, input != "-" else {
            throw .invalidValue(option: byteRange.name, value: text, reason: "it needs an INPUT file (standard input cannot be read at offsets)")
        }
        settings.byteRange = start..<end
        settings.firstRecord = record
        settings.firstLine = line
        settings.guessesStart = guesses
    }

    /// `--exit-on-rejects`: the status that replaces 1 (rows rejected).
    static func exitOnRejects(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        try arguments.value(of: exitOnRejects) ?? 1
    }
}
