import UnitPipeCSV

/// The options about several inputs, shared by `convert` and `validate`.
enum InputArguments {
    static let inputName = Option(
        ["--input-name"], value: "NAME",
        help: "give the error report the 'file' column, with NAME, for a single input (as several inputs have it; for engines that run one file per task)",
        default: "no file column for one input")

    /// `--input-name`, which names the one input.
    static func inputName(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let name = arguments.text(of: inputName) else { return nil }
        if arguments.positionals.count > 1 {
            throw .invalidValue(option: inputName.name, value: name, reason: "it names a single input; with several inputs the report names each file itself")
        }
        return name
    }

    /// Shard mode reads one file at offsets: with several inputs its options are usage errors.
    static func checkSingleInput(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count > 1 else { return }
        let given = [
            (ShardArguments.byteRange.name, arguments.text(of: ShardArguments.byteRange)),
            (ShardArguments.firstRecord.name, arguments.text(of: ShardArguments.firstRecord)),
            (ShardArguments.firstLine.name, arguments.text(of: ShardArguments.firstLine)),
        ]
        for case let (option, text?) in given {
            throw .invalidValue(option: option, value: text, reason: "a shard is a byte range of one file; give a single INPUT (or run one shard per file)")
        }
    }

    /// The whole content of the small file at `path` (a schema, a descriptor, a dialect).
    static func contents(of path: String) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        let source = try InputSource(path: path)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try source.read(into: chunk)
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
