import Foundation
import Testing
import TestSupport

/// Output named `.tsv`, any single-byte delimiter and `--quote-style`, through the built binary.
@Suite("dialect habits, end to end")
struct DialectHabitsEndToEndTests {
    static let usage = "Usage: unitpipe convert [INPUT …] [-c NAME:FROM:TO[:N][=NEWNAME|=+NEWNAME] …] [options]\nRun 'unitpipe convert --help' for every option.\n"

    /// Runs `convert` in a fresh directory holding `in.csv`; returns the result and the directory.
    func convert(_ arguments: [String], input: String) throws -> (UnitPipeRunner.Result, URL) {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(input.utf8).write(to: dir.appendingPathComponent("in.csv"))
        return (try UnitPipeRunner.run(["convert", "in.csv"] + arguments, in: dir), dir)
    }

    @Test("an output named .tsv or .tab (also compressed) is tab-separated unless --output-delimiter says otherwise", arguments: [
        ("out.tsv", [String](), "id\td\n1\t1500\n2\t\"a\tb\"\n", String?.none),
        ("out.TAB", [], "id\td\n1\t1500\n2\t\"a\tb\"\n", nil),
        ("out.tsv.gz", [], "id\td\n1\t1500\n2\t\"a\tb\"\n", "gzip"),
        ("out.tsv.zst", [], "id\td\n1\t1500\n2\t\"a\tb\"\n", "zstd"),
        ("out.tsv", ["--output-delimiter", ";"], "id;d\n1;1500\n2;a\tb\n", nil),
        ("out.csv", [], "id,d\n1,1500\n2,a\tb\n", nil),
    ] as [(String, [String], String, String?)])
    func outputByExtension(name: String, options: [String], expected: String, tool: String?) throws {
        let (result, dir) = try convert(["-c", "d:km:m", "-o", name, "--on-error", "keep", "-q"] + options, input: "id,d\n1,1.5\n2,a\tb\n")
        #expect(result.status == 1)
        let path = dir.appendingPathComponent(name).path
        let bytes = try tool.map { try decompressed(path, with: $0) } ?? Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: bytes, as: UTF8.self) == expected.replacingOccurrences(of: "2\t\"a\tb\"", with: "2\t").replacingOccurrences(of: "2;a\tb", with: "2;").replacingOccurrences(of: "2,a\tb", with: "2,"))
    }

    @Test("any single byte delimits fields, in and out, with either reader", arguments: [
        ("-d", ":", "id:d:note\n1:1.5:a\n2:2:\"b:c\"\n", ["--output-delimiter", ","], "id,d,note\n1,1500,a\n2,2000,b:c\n"),
        ("-d", "^", "id^d^note\n1^1.5^a\n2^2^\"b^c\"\n", [], "id^d^note\n1^1500^a\n2^2000^\"b^c\"\n"),
        ("-d", "\\x1f", "id\u{1F}d\u{1F}note\n1\u{1F}1.5\u{1F}a\n2\u{1F}2\u{1F}\"b\u{1F}c\"\n", ["--output-delimiter", "\\x1F"],
         "id\u{1F}d\u{1F}note\n1\u{1F}1500\u{1F}a\n2\u{1F}2000\u{1F}\"b\u{1F}c\"\n"),
        ("-d", " ", "id d note\n1 1.5 a\n2 2 \"b c\"\n", ["--output-delimiter", "|"], "id|d|note\n1|1500|a\n2|2000|b c\n"),
        ("--output-delimiter", ":", "id,d,note\n1,1.5,a\n2,2,\"b:c\"\n", [], "id:d:note\n1:1500:a\n2:2000:\"b:c\"\n"),
    ] as [(String, String, String, [String], String)])
    func anyDelimiter(option: String, delimiter: String, input: String, more: [String], expected: String) throws {
        for reader in ["split", "libcsv"] {
            let (result, _) = try convert([option, delimiter, "-c", "d:km:m", "--reader", reader] + more, input: input)
            #expect(result.stdout == expected)
            #expect(result.status == 0)
        }
    }

    @Test("delimiters that cannot separate fields are refused", arguments: [
        (["-d", "\""], "unitpipe convert: invalid value '\"' for --delimiter: it is also the quote character; choose another delimiter, or another quote with --quote (or --quote none)\n"),
        (["--quote", "'", "--output-delimiter", "'"], "unitpipe convert: invalid value ''' for --output-delimiter: it is also the quote character; choose another delimiter, or another quote with --quote (or --quote none)\n"),
        (["-d", "\\x0d"], "unitpipe convert: invalid value '\\x0d' for --delimiter: a line end or NUL cannot separate fields; use one character such as ',' ':' '^', 'tab' or \\x1f\n"),
        (["--output-delimiter", "\n"], "unitpipe convert: invalid value '\n' for --output-delimiter: a line end or NUL cannot separate fields; use one character such as ',' ':' '^', 'tab' or \\x1f\n"),
        (["-d", "::"], "unitpipe convert: invalid value '::' for --delimiter: use one ASCII character such as ',' ';' '|' ':' '^', 'tab', or a byte written \\xHH (\\x1f)\n"),
        (["-d", "§"], "unitpipe convert: invalid value '§' for --delimiter: use one ASCII character such as ',' ';' '|' ':' '^', 'tab', or a byte written \\xHH (\\x1f)\n"),
        (["-d", "t"], "unitpipe convert: invalid value 't' for --delimiter: a letter or digit would split words and numbers; use punctuation (',' ';' '|' ':' '^'), a space, 'tab' or a byte such as \\x1f\n"),
        (["--output-delimiter", "\\x30"], "unitpipe convert: invalid value '\\x30' for --output-delimiter: a letter or digit would split words and numbers; use punctuation (',' ';' '|' ':' '^'), a space, 'tab' or a byte such as \\x1f\n"),
        (["-d", "\\xa7"], "unitpipe convert: invalid value '\\xa7' for --delimiter: bytes from \\x80 up are parts of UTF-8 characters; use an ASCII character or a byte below \\x80\n"),
        (["--quote", "none", "--quote-style", "all"], "unitpipe convert: invalid value 'all' for --quote-style: it quotes fields, and --quote none writes no quotes; drop one of them\n"),
        (["--quote-style", "always"], "unitpipe convert: invalid value 'always' for --quote-style: use one of minimal, all, nonnumeric\n"),
    ] as [([String], String)])
    func refusedDelimiters(arguments: [String], message: String) throws {
        let (result, _) = try convert(arguments, input: "a,b\n1,2\n")
        #expect(result.stderr == message + Self.usage)
        #expect(result.status == 2)
    }

    @Test("validate and sniff take any delimiter too")
    func validateAndSniff() throws {
        let (_, dir) = try convert([], input: "")
        try Data("a:b\n1:x\n".utf8).write(to: dir.appendingPathComponent("c.txt"))
        let validate = try UnitPipeRunner.run(["validate", "c.txt", "-d", ":", "-c", "b"], in: dir)
        #expect(validate.status == 1)
        let sniff = try UnitPipeRunner.run(["sniff", "c.txt", "-d", "\\x1f"], in: dir)
        #expect(sniff.status == 0)
        #expect(sniff.stdout.hasPrefix("delimiter: \\x1f  "))
    }

    @Test("--quote-style quotes every field, or every field but empty ones and numbers as written", arguments: [
        ("minimal", "id,d,note,u\n1,1500,x y,m\n-2,,\" pad\",m\n3e2,,1.5.2,m\n"),
        ("all", "\"id\",\"d\",\"note\",\"u\"\n\"1\",\"1500\",\"x y\",\"m\"\n\"-2\",\"\",\" pad\",\"m\"\n\"3e2\",\"\",\"1.5.2\",\"m\"\n"),
        ("nonnumeric", "\"id\",\"d\",\"note\",\"u\"\n1,1500,\"x y\",\"m\"\n-2,,\" pad\",\"m\"\n3e2,,\"1.5.2\",\"m\"\n"),
    ])
    func quoteStyles(style: String, expected: String) throws {
        for reader in ["split", "libcsv"] {
            let (result, _) = try convert(["-c", "d:@u:m", "--quote-style", style, "--reader", reader],
                                          input: "id,d,note,u\n1,1.5,x y,km\n-2,,\" pad\",km\n3e2,,1.5.2,km\n")
            #expect(result.stdout == expected)
            #expect(result.status == 0)
        }
    }

    @Test("--quote-style all with --output-locale quotes each localized number once")
    func quoteAllLocalized() throws {
        let (result, _) = try convert(["-c", "d:km:m", "--quote-style", "all", "--output-locale", "de_DE"], input: "d\n1.5\n12.345\n\"\"\n")
        #expect(result.stdout == "\"d\"\n\"1.500\"\n\"12.345\"\n\"\"\n")
    }
}
