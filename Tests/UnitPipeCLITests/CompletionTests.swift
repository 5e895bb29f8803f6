import Foundation
import Testing
@testable import UnitPipeCLI

/// Completion scripts and the man page come from the option declarations; these run them in the real shells.
@Suite("completion and man page")
struct CompletionTests {
    /// Runs `program arguments…` and returns its standard output and exit status.
    private func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private static func available(_ program: String) -> Bool {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + program) }
    }

    private func script(_ shell: String) throws -> URL {
        let result = try CLIHarness.run(["completion", shell])
        #expect(result.status == 0)
        let url = result.directory.appendingPathComponent("unitpipe.\(shell)")
        try Data(result.stdout.utf8).write(to: url)
        return url
    }

    @Test("bash completes commands, options, fixed values and shells", arguments: [
        ("unitpipe comp", "completion"),
        ("unitpipe convert --qu", "--quote --quote-style --quiet"),
        ("unitpipe convert --on-error ''", "reject keep fail"),
        ("unitpipe convert -d ''", ", ; | tab : ^"),
        ("unitpipe validate -d ''", ", ; | tab : ^"),
        ("unitpipe convert --notation ''", "auto plain"),
        ("unitpipe convert --rounding ''", "half-even half-up"),
        ("unitpipe convert --reader ''", "split libcsv"),
        ("unitpipe convert --exit-on-rejects ''", "0 1"),
        ("unitpipe validate --exit-on-rejects ''", "0 1"),
        ("unitpipe convert --quote-style ''", "minimal all nonnumeric"),
        ("unitpipe convert --encoding ''", "utf-8 latin1 cp1252 iso-8859-15 utf-16le utf-16be"),
        ("unitpipe sniff --encoding utf", "utf-8 utf-16le utf-16be"),
        ("unitpipe convert --quote ''", "none"),
        ("unitpipe convert -l de_", "de_DE de_AT de_CH"),
        ("unitpipe validate --locale a", "auto ar_EG"),
        ("unitpipe convert --output-locale fr", "fr_FR fr_BE fr_CA fr_CH"),
        ("unitpipe plan -l en", "en_US en_GB en_IN"),
        ("unitpipe completion ''", "bash zsh fish"),
        ("unitpipe help con", "convert"),
        ("unitpipe sniff --js", "--json"),
    ])
    func bash(line: String, completions: String) throws {
        let url = try script("bash")
        let words = line.split(separator: " ").map(String.init)
        let program = "source '\(url.path)'; COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _unitpipe; echo \"${COMPREPLY[*]}\""
        let result = try run("bash", ["-c", program])
        #expect(result.errors == "")
        #expect(result.output == completions + "\n")
    }

    @Test("bash completes unit symbols after each ':' of -c, whether or not it splits words at ':'", arguments: [
        // What the line holds, how bash split it (with ':' in COMP_WORDBREAKS, the default), the completions.
        ("unitpipe convert in.csv -c dist:k", ["unitpipe", "convert", "in.csv", "-c", "dist", ":", "k"],
         "km kL kg ks km/h kn kN kgf kPa kJ kcal kcal_IT kWh keV kW kHz kbit kB kg/m^3 km/L"),
        ("unitpipe convert -c fuel:mpg:L/1", ["unitpipe", "convert", "-c", "fuel", ":", "mpg", ":", "L/1"], "L/100km"),
        ("unitpipe convert --column d:degF:deg", ["unitpipe", "convert", "--column", "d", ":", "degF", ":", "deg"],
         "degC degR degF deg"),
        ("unitpipe validate -c w:lb", ["unitpipe", "validate", "-c", "w", ":", "lb"], "lb lbf lb/ft^3"),
        // Not after another option's ':' (a file name).
        ("unitpipe convert -o out:k", ["unitpipe", "convert", "-o", "out", ":", "k"], ""),
    ])
    func bashUnits(line: String, words: [String], completions: String) throws {
        let url = try script("bash")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let split = "source '\(url.path)'; L='\(line)'; COMP_LINE=\"$L\"; COMP_POINT=${#L}; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _unitpipe; echo \"${COMPREPLY[*]}\""
        let result = try run("bash", ["-c", split])
        #expect(result.errors == "")
        #expect(result.output == completions + "\n")
        // Without ':' in COMP_WORDBREAKS the word is whole, and so are the completions.
        let last = line.split(separator: " ").last.map(String.init) ?? ""
        let whole = "source '\(url.path)'; COMP_WORDBREAKS=' '; L='\(line)'; COMP_LINE=\"$L\"; COMP_POINT=${#L}; COMP_WORDS=(\(line)); COMP_CWORD=\(line.split(separator: " ").count - 1); _unitpipe; echo \"${COMPREPLY[*]}\""
        let wholeResult = try run("bash", ["-c", whole])
        let head = last.contains(":") && line.contains(" -o ") == false ? String(last[..<(last.lastIndex(of: ":") ?? last.endIndex)]) + ":" : ""
        let expected = completions.isEmpty ? "" : completions.split(separator: " ").map { head + $0 }.joined(separator: " ")
        #expect(wholeResult.output == expected + "\n")
    }

    @Test("fish completes options and fixed values", .enabled(if: available("fish")), arguments: [
        ("unitpipe convert --on-error ", ["fail", "keep", "reject"]),
        ("unitpipe convert -d ", [",", ":", ";", "^", "tab", "|"]),
        ("unitpipe convert --rounding ", ["half-even", "half-up"]),
        ("unitpipe convert --qu", ["--quiet", "--quote"]),
        ("unitpipe comp", ["completion"]),
    ])
    func fish(line: String, completions: [String]) throws {
        let url = try script("fish")
        let result = try run("fish", ["-c", "source '\(url.path)'; complete -C '\(line)'"])
        #expect(result.errors == "")
        #expect(result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") } == completions)
    }

    @Test("zsh reads its script", .enabled(if: available("zsh")))
    func zsh() throws {
        let url = try script("zsh")
        let result = try run("zsh", ["-n", url.path])
        #expect(result.status == 0)
        #expect(result.errors == "")
    }

    @Test("every option of every command is in each script and in the man page")
    func everyOptionEverywhere() throws {
        let texts = try ["bash", "zsh", "fish"].map { try CLIHarness.run(["completion", $0]).stdout }
        let man = try CLIHarness.run(["man"]).stdout
        for command in UnitPipeCommand.commands {
            for option in command.options {
                for name in option.names {
                    let long = name.hasPrefix("--") ? String(name.dropFirst(2)) : String(name.dropFirst())
                    #expect(texts[0].contains(name), "bash: \(command.name) \(name)")
                    #expect(texts[1].contains(name + "["), "zsh: \(command.name) \(name)")
                    #expect(texts[2].contains(name.hasPrefix("--") ? "-l \(long)" : "-s \(long)"), "fish: \(command.name) \(name)")
                    #expect(man.contains("\\fB" + ManPage.escaped(name) + "\\fR"), "man: \(command.name) \(name)")
                }
            }
        }
    }

    @Test("the man page renders without a warning", .enabled(if: available("groff")))
    func manPageRenders() throws {
        let page = try CLIHarness.run(["man"])
        let url = page.directory.appendingPathComponent("unitpipe.1")
        try Data(page.stdout.utf8).write(to: url)
        let result = try run("groff", ["-man", "-Tutf8", "-ww", "-z", url.path])
        #expect(result.status == 0)
        #expect(result.errors == "")
    }

    @Test("COMMAND --version and help COMMAND", arguments: [
        (["convert", "--version"], 0, "unitpipe \(UnitPipeCommand.version)\n", ""),
        (["units", "-V"], 0, "unitpipe \(UnitPipeCommand.version)\n", ""),
        (["help", "sniff"], 0, SniffCommand.spec.helpText, ""),
        (["help", "snif"], 2, "", "unitpipe help: unknown command 'snif'; did you mean 'sniff'?\nRun 'unitpipe --help' for the commands.\n"),
        (["completion"], 2, "", "unitpipe completion: give SHELL: one of bash, zsh, fish\nUsage: unitpipe completion bash|zsh|fish\nRun 'unitpipe completion --help' for every option.\n"),
        (["completion", "bsh"], 2, "", "unitpipe completion: invalid value 'bsh' for SHELL: did you mean 'bash'? use one of bash, zsh, fish\nUsage: unitpipe completion bash|zsh|fish\nRun 'unitpipe completion --help' for every option.\n"),
    ] as [([String], Int32, String, String)])
    func conventions(arguments: [String], status: Int32, output: String, errors: String) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.status == status)
        #expect(result.stdout == output)
        #expect(result.stderr == errors)
    }
}
