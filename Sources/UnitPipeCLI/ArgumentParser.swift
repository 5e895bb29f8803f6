import UnitPipe
import UnitPipeUnits

// A small declarative argument parser: one `OptionSpec` per option drives
// parsing, the help text and the error messages (after swift-argument-parser).

/// One option of a command: its names, value, help and default.
struct OptionSpec {
    /// The names, short first: `["-c", "--column"]`. The last one is the key in `ParsedArguments`.
    let names: [String]
    /// The value's placeholder (`FILE`, `N`), or `nil` for a flag.
    let valueName: String?
    let help: String
    /// The default, shown in the help.
    let defaultText: String?
    /// `true` when the option may be given several times.
    let isRepeatable: Bool
    /// The values the option takes, when it takes one of a few words (for completion and the man page).
    let choices: [String]
    /// Values completion offers for an option that takes others too (delimiters, locale identifiers).
    let suggestions: [String]
    /// `true` for a `NAME:FROM:TO` value: completion offers unit symbols after each `:`.
    let completesUnitsAfterColons: Bool

    init(_ names: [String], value: String? = nil, help: String, default defaultText: String? = nil, repeatable: Bool = false,
         choices: [String] = [], suggestions: [String] = [], completesUnitsAfterColons: Bool = false) {
        self.names = names
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.isRepeatable = repeatable
        self.choices = choices
        self.suggestions = suggestions
        self.completesUnitsAfterColons = completesUnitsAfterColons
    }

    /// The words completion offers for the value: the choices, or the suggestions.
    var completionWords: [String] { choices.isEmpty ? suggestions : choices }

    /// Delimiters completion offers (any single byte is accepted).
    static let delimiterSuggestions = [",", ";", "|", "tab", ":", "^"]
    /// Locale identifiers completion offers for `--locale` (any identifier Foundation knows is accepted).
    static let localeSuggestions = [
        "C", "en_US", "en_GB", "en_IN", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_BE", "fr_CA", "fr_CH", "it_IT", "it_CH",
        "es_ES", "es_MX", "pt_BR", "pt_PT", "nl_NL", "nl_BE", "sv_SE", "nb_NO", "da_DK", "fi_FI", "pl_PL", "cs_CZ",
        "hu_HU", "ru_RU", "uk_UA", "tr_TR", "el_GR", "ja_JP", "zh_CN", "ko_KR", "hi_IN", "ar_EG", "fa_IR", "he_IL",
    ]

    /// `true` when the value is a path (its placeholder is `FILE` or `DIR`), for completion.
    var takesPath: Bool { valueName == "FILE" || valueName == "DIR" }

    /// `-h, --help`, which every command takes.
    static let help = OptionSpec(["-h", "--help"], help: "show this help")
    /// `-V, --version`, which every command takes.
    static let version = OptionSpec(["-V", "--version"], help: "print the version")

    /// The key options are stored under: the long name without dashes.
    var key: String { String((names.last ?? "").drop { $0 == "-" }) }
}

/// A command's declaration: what it does, its arguments, options and examples.
struct CommandSpec {
    let name: String
    let abstract: String
    /// The usage line after `unitpipe NAME`.
    let usage: String
    let discussion: String
    let options: [OptionSpec]
    let examples: [(command: String, explanation: String)]
    /// The most positional arguments accepted.
    let maxPositionals: Int
    /// What the positional arguments are, for completion.
    var positionals: Positionals = .files

    /// What a command's positional arguments are.
    enum Positionals {
        /// Input paths.
        case files
        /// One of these words.
        case words([String])
        /// Anything (unit names, expressions).
        case any
    }
}

/// What was on the command line after parsing.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// The single value of `key`, if given.
    func value(_ key: String) -> String? { values[key]?.last }
    /// Every value of a repeatable option.
    func all(_ key: String) -> [String] { values[key] ?? [] }
    /// `true` when the flag was given.
    func has(_ key: String) -> Bool { flags.contains(key) }

    mutating func add(value: String, for key: String) { values[key, default: []].append(value) }
    mutating func add(flag key: String) { flags.insert(key) }
    mutating func add(positional: String) { positionals.append(positional) }
}

/// A mistake on the command line (exit status 2).
enum UsageError: Error, Equatable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String, valueName: String)
    /// A required option was not given at all; `example` shows it with a value.
    case missingOption(String, example: String)
    case repeatedOption(String)
    case unexpectedArgument(String)
    /// A required positional argument is missing; `expected` lists what it may be.
    case missingArgument(String, expected: [String])
    /// A value the option cannot take; `reason` says what it takes.
    case invalidValue(option: String, value: String, reason: String)
}

extension CommandSpec {
    /// Parses `arguments` (after the command name) against the declared options.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                guard parsed.positionals.count < maxPositionals else { throw .unexpectedArgument(token) }
                parsed.add(positional: token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let allNames = options.flatMap(\.names).filter { $0.hasPrefix("--") }
                throw .unknownOption(name, suggestion: Suggestion.nearest(to: name, among: allNames))
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw .invalidValue(option: name, value: inlineValue ?? "", reason: "it takes no value") }
                parsed.add(flag: option.key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw .missingValue(option: name, valueName: valueName) }
                value = arguments[index]
                index += 1
            }
            if !option.isRepeatable && parsed.value(option.key) != nil { throw .repeatedOption(name) }
            parsed.add(value: value, for: option.key)
        }
        return parsed
    }

    /// The `--help` text: usage, description, every option with its default, and examples.
    var helpText: String {
        var out = "\(abstract)\n\nUsage: unitpipe \(name) \(usage)\n"
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        out += "\nOptions:\n"
        let labels = options.map { option -> String in
            let names = option.names.joined(separator: ", ")
            return option.valueName.map { "\(names) \($0)" } ?? names
        }
        let width = min(30, (labels.map(\.count).max() ?? 0) + 2)
        for (option, label) in zip(options, labels) {
            var help = option.help
            if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
            let padding = label.count < width ? String(repeating: " ", count: width - label.count) : "\n" + String(repeating: " ", count: width + 2)
            out += "  \(label)\(padding)\(help)\n"
        }
        if !examples.isEmpty {
            out += "\nExamples:\n"
            for example in examples {
                out += "  \(example.command)\n      \(example.explanation)\n"
            }
        }
        return out
    }
}
