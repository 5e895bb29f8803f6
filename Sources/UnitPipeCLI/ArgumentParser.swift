import UnitPipe
import UnitPipeUnits

// A small declarative argument parser (after swift-argument-parser): one
// declaration per option — an `Option<Value>` or a `Flag`, a static property of
// its command — drives parsing, the help text, completion, the man page and the
// error messages, and is the key its value is read back with
// (`try arguments.value(of: decimals)`), typed: a misspelt option does not compile,
// and a default is written once, where the option is declared.

/// One option of a command: its names, value, help and default.
struct OptionSpec: Sendable {
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
    /// The long name, as messages name the option: `--decimals`.
    var name: String { names.last ?? "" }
}

/// Anything that declares an option: its `OptionSpec`.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    var spec: OptionSpec { self }
}

/// An option that takes a value, declared once: its names, help and default, and how its text
/// becomes a `Value` (a usage error naming the option when it cannot).
struct Option<Value>: OptionDeclaration {
    let spec: OptionSpec
    private let read: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value

    /// - Parameter read: Makes the value from the text given and the option's long name (for messages).
    init(
        _ names: [String], value: String, help: String, default defaultText: String? = nil, repeatable: Bool = false,
        choices: [String] = [], suggestions: [String] = [], completesUnitsAfterColons: Bool = false,
        read: @escaping @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            names, value: value, help: help, default: defaultText, repeatable: repeatable, choices: choices, suggestions: suggestions,
            completesUnitsAfterColons: completesUnitsAfterColons)
        self.read = read
    }

    /// The long name, as messages name the option: `--decimals`.
    var name: String { spec.name }

    /// The value of `text`, given for this option.
    func value(of text: String) throws(UsageError) -> Value { try read(text, spec.name) }
}

extension Option where Value == String {
    /// An option whose value is its text (a path, a name).
    init(
        _ names: [String], value: String, help: String, default defaultText: String? = nil, repeatable: Bool = false,
        choices: [String] = [], suggestions: [String] = [], completesUnitsAfterColons: Bool = false
    ) {
        self.init(
            names, value: value, help: help, default: defaultText, repeatable: repeatable, choices: choices, suggestions: suggestions,
            completesUnitsAfterColons: completesUnitsAfterColons) { text, _ in text }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option that takes one of the cases of `Value`; `defaultValue` is shown in the help.
    init(_ names: [String], value: String, help: String, default defaultValue: Value? = nil) {
        self.init(
            names, value: value, help: help, default: defaultValue?.rawValue, choices: Value.allCases.map(\.rawValue)
        ) { text, name throws(UsageError) in try UsageValues.choice(text, option: name, as: Value.self) }
    }
}

extension Option where Value == Int {
    /// A whole number from `minimum` to `maximum`.
    static func count(
        _ names: [String], value: String = "N", help: String, default defaultText: String? = nil, minimum: Int = 0, maximum: Int = .max
    ) -> Option {
        Option(names, value: value, help: help, default: defaultText) { text, name throws(UsageError) in
            try UsageValues.count(text, option: name, minimum: minimum, maximum: maximum)
        }
    }
}

extension Option where Value == Int {
    /// A size in bytes with an optional `K`, `M` or `G` suffix; `defaultValue` is shown in the help (`64M`).
    static func byteSize(_ names: [String], help: String, default defaultValue: Int) -> Option {
        Option(names, value: "SIZE", help: help, default: UsageValues.sizeText(defaultValue)) { text, name throws(UsageError) in
            try UsageValues.byteSize(text, option: name)
        }
    }
}

extension Option where Value == UInt8 {
    /// A field delimiter, as `UsageValues.delimiter` reads it.
    static func delimiter(_ names: [String], help: String, default defaultText: String? = nil) -> Option {
        Option(names, value: "C", help: help, default: defaultText, suggestions: OptionSpec.delimiterSuggestions) { text, name throws(UsageError) in
            try UsageValues.delimiter(text, option: name)
        }
    }
}

extension Option where Value == ConvertOptions.Quoting {
    /// `--quote C`: a quote character or `none` (default `"`).
    static func quote(help: String) -> Option {
        Option(["--quote"], value: "C", help: help, default: "\"", suggestions: ["none"]) { text, name throws(UsageError) in
            try UsageValues.quote(text, option: name)
        }
    }
}

/// An option without a value: given or not.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ names: [String], help: String, default defaultText: String? = nil) {
        spec = OptionSpec(names, help: help, default: defaultText)
    }
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

    init(
        name: String, abstract: String, usage: String, discussion: String, options: [any OptionDeclaration],
        examples: [(command: String, explanation: String)], maxPositionals: Int, positionals: Positionals = .files
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.examples = examples
        self.maxPositionals = maxPositionals
        self.positionals = positionals
    }

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

/// What was on the command line after parsing; options are read by their declarations.
struct ParsedArguments {
    fileprivate var values: [String: [String]] = [:]
    fileprivate var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// The text given for `option`, if any.
    func text<Value>(of option: Option<Value>) -> String? { values[option.spec.key]?.last }
    /// Every text given for a repeatable option, in order.
    func texts<Value>(of option: Option<Value>) -> [String] { values[option.spec.key] ?? [] }
    /// The value given for `option`, if any.
    func value<Value>(of option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = text(of: option) else { return nil }
        return try option.value(of: text)
    }
    /// Every value given for a repeatable option, in order.
    func values<Value>(of option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in texts(of: option) { result.append(try option.value(of: text)) }
        return result
    }
    /// `true` when the flag was given.
    func has(_ flag: Flag) -> Bool { flags.contains(flag.spec.key) }

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
            if !option.isRepeatable && parsed.values[option.key] != nil { throw .repeatedOption(name) }
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
