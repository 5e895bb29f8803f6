/// The options about several inputs, shared by `convert` and `validate`.
enum InputArguments {
    static let inputName = OptionSpec(
        ["--input-name"], value: "NAME",
        help: "give the error report the 'file' column, with NAME, for a single input (as several inputs have it; for engines that run one file per task)",
        default: "no file column for one input")

    /// `--input-name`, which names the one input.
    static func inputName(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let name = arguments.value("input-name") else { return nil }
        if arguments.positionals.count > 1 {
            throw .invalidValue(option: "--input-name", value: name, reason: "it names a single input; with several inputs the report names each file itself")
        }
        return name
    }

    /// Shard mode reads one file at offsets: with several inputs its options are usage errors.
    static func checkSingleInput(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count > 1 else { return }
        for option in ["byte-range", "first-record", "first-line"] {
            if let text = arguments.value(option) {
                throw .invalidValue(option: "--" + option, value: text, reason: "a shard is a byte range of one file; give a single INPUT (or run one shard per file)")
            }
        }
    }
}
