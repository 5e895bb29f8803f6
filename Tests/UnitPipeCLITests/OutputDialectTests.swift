import Foundation
import Testing
@testable import UnitPipeCLI

@Suite("output dialect")
struct OutputDialectTests {
    static let input = "id;city;d\n1;Köln;1,5\n2;\"a,b\";2\n3;x;z\n"

    @Test("--output-delimiter, --crlf and --bom shape the output; the rejects keep the input's dialect", arguments: [
        (["--output-delimiter", ",", "--crlf", "--bom"], "\u{FEFF}id,city,d\r\n1,Köln,1500\r\n2,\"a,b\",2000\r\n"),
        (["--output-delimiter", "tab"], "id\tcity\td\n1\tKöln\t1500\n2\ta,b\t2000\n"),
        (["--crlf"], "id;city;d\r\n1;Köln;1500\r\n2;a,b;2000\r\n"),
        (["--bom"], "\u{FEFF}id;city;d\n1;Köln;1500\n2;a,b;2000\n"),
        ([], "id;city;d\n1;Köln;1500\n2;a,b;2000\n"),
    ] as [([String], String)])
    func dialect(options: [String], expected: String) throws {
        for threads in ["1", "3"] {
            let result = try CLIHarness.run(["convert", "$D/in.csv", "-c", "d:km:m", "--locale", "de_DE", "-o", "$D/out.csv", "-r", "$D/rejects.csv",
                                             "-q", "--threads", threads] + options, files: ["in.csv": Self.input])
            #expect(result.status == 1)
            let bytes = try Data(contentsOf: result.directory.appendingPathComponent("out.csv"))
            #expect(bytes == Data(expected.utf8))
            #expect(result.file("rejects.csv") == "id;city;d\n3;x;z\n")
        }
    }

    @Test("--bom without a header, and not for an empty input")
    func byteOrderMark() throws {
        let rows = try CLIHarness.run(["convert", "$D/in.csv", "--no-header", "--bom", "-o", "$D/out.csv"], files: ["in.csv": "1,2\n"])
        #expect(try Data(contentsOf: rows.directory.appendingPathComponent("out.csv")) == Data("\u{FEFF}1,2\n".utf8))
        let empty = try CLIHarness.run(["convert", "$D/in.csv", "--bom", "-o", "$D/out.csv"], files: ["in.csv": ""])
        #expect(empty.status == 0)
        #expect(try Data(contentsOf: empty.directory.appendingPathComponent("out.csv")).isEmpty)
    }

    @Test("the output reads back the same")
    func roundTrip() throws {
        let first = try CLIHarness.run(["convert", "$D/in.csv", "-c", "d:km:m", "--locale", "de_DE", "-o", "$D/out.csv", "-q",
                                        "--output-delimiter", ",", "--crlf", "--bom"], files: ["in.csv": Self.input])
        let again = try CLIHarness.run(["convert", "\(first.directory.path)/out.csv", "-o", "$D/again.csv"])
        #expect(again.status == 0)
        #expect(again.file("again.csv") == "id,city,d\n1,Köln,1500\n2,\"a,b\",2000\n")
    }
}
