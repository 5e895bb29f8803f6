import UnitPipe

/// `--progress` / `--no-progress`, shared by `convert` and `validate`.
enum ProgressArguments {
    static let progress = Flag(["--progress"], help: "show bytes and rows read, the rate and the time left on standard error (plain lines when it is not a terminal)", default: "on a terminal only")
    static let noProgress = Flag(["--no-progress"], help: "never show progress")
    static let options: [any OptionDeclaration] = [progress, noProgress]

    /// The display mode the options ask for (`--no-progress` wins when both are given).
    static func mode(_ arguments: ParsedArguments) -> ProgressMode {
        if arguments.has(noProgress) { return .never }
        if arguments.has(progress) { return .always }
        return .automatic
    }
}
