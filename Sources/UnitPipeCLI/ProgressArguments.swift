import UnitPipe

/// `--progress` / `--no-progress`, shared by `convert` and `validate`.
enum ProgressArguments {
    static let options: [OptionSpec] = [
        OptionSpec(["--progress"], help: "show bytes and rows read, the rate and the time left on standard error (plain lines when it is not a terminal)", default: "on a terminal only"),
        OptionSpec(["--no-progress"], help: "never show progress"),
    ]

    /// The display mode the options ask for (`--no-progress` wins when both are given).
    static func mode(_ arguments: ParsedArguments) -> ProgressMode {
        if arguments.has("no-progress") { return .never }
        if arguments.has("progress") { return .always }
        return .automatic
    }
}
