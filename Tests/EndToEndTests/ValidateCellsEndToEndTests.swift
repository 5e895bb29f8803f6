import Foundation
import Testing

/// `validate`'s null markers (`--null-value`), `invalid_utf8` for validated cells and their units
/// (the unit column's and the cell's own, for `convert` too), and its output paths checked before
/// any input is read.
@Suite("validate: null values, invalid UTF-8, output paths")
struct ValidateCellsEndToEndTests {
    /// A cell with a bad byte, a unit column with one, an in-cell unit with one, and null markers.
    static let input: [UInt8] = Array("id,d,u,c\n1,".utf8) + [0xFF] + Array("5,km,5 km\n2,5,k".utf8) + [0xFF]
        + Array("m,6 km\n3,7,m,7 ".utf8) + [0xFF] + Array("km\n4,NA,m,8 m\n5, - ,m,9 m\n".utf8)

    static let fix = "if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"
    static let header = "record,line,column,value,code,message"
    static let badCell = "1,2,d,\u{FFFD}5,invalid_utf8,\"the cell is not UTF-8 text (byte 0xFF at offset 0); \(fix)\""
    static let badUnit = "2,3,d,5,invalid_utf8,\"the row's unit (in its unit column) is not UTF-8 text (byte 0xFF at offset 1 of the unit); \(fix)\""
    static let badInCellUnit = "3,4,c,7 \u{FFFD}km,invalid_utf8,\"the cell is not UTF-8 text (byte 0xFF at offset 2); \(fix)\""

    static func run(_ arguments: [String], in dir: URL) throws -> UnitPipeRunner.Result {
        try Data(input).write(to: dir.appendingPathComponent("in.csv"))
        return try UnitPipeRunner.run(arguments, in: dir)
    }

    @Test(arguments: [
        // The error report (to standard output) of each run, record by record.
        (["validate", "in.csv", "-c", "d", "--null-value", "NA", "--null-value", "-"], [badCell]),
        (["validate", "in.csv", "-c", "d", "--null-value", "NA", "--null-value", "-", "--required"],
         [badCell, "4,5,d,NA,empty,\"empty cell in column 'd', which --required says must have a value\"",
          "5,6,d,\" - \",empty,\"empty cell in column 'd', which --required says must have a value\""]),
        (["validate", "in.csv", "-c", "d"],
         [badCell, "4,5,d,NA,invalid_number,\"'NA' is not a number; if it marks a missing value, add --null-value 'NA' to read it as an empty cell\"",
          "5,6,d,\" - \",invalid_number,\"' - ' is not a number; if it marks a missing value, add --null-value '-' to read it as an empty cell\""]),
        // Units in the cell: the bad byte is the cell's, not an unknown unit.
        (["validate", "in.csv", "-c", "d:m", "-c", "c:m", "--null-value", "NA", "--null-value", "-"], [badCell, badInCellUnit]),
        // A unit column: the row's unit is named, not the number.
        (["validate", "in.csv", "-c", "d:@u", "--null-value", "NA", "--null-value", "-"], [badCell, badUnit]),
        (["convert", "in.csv", "-c", "d:@u:m", "-c", "c:*:m", "--null-value", "NA", "--null-value", "-", "-o", "/dev/null"],
         [badCell, badUnit, badInCellUnit]),
    ] as [([String], [String])])
    func reportsNullMarkersAndBytesThatAreNotUTF8(_ arguments: [String], _ expected: [String]) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try Self.run(arguments + ["-e", "-"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == ([Self.header] + expected).map { $0 + "\n" }.joined(), "\(arguments)")
    }

    @Test(arguments: [
        (["-r", "in.csv"], "-r 'in.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards"),
        (["--summary", "in.csv"], "--summary 'in.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards"),
        (["-e", "e.csv", "-r", "./e.csv"], "-e and -r both name './e.csv' (the same file); give each output a file of its own"),
        (["-r", "s.json", "--summary", "s.json"], "-r and --summary both name 's.json' (the same file); give each output a file of its own"),
        (["-e", "missing/e.csv", "--summary", "s.json"], "-e 'missing/e.csv': directory 'missing' does not exist; create it first or choose another path"),
        (["-r", "in.csv/r.csv", "--summary", "s.json"], "-r 'in.csv/r.csv': 'in.csv' is a file, not a directory; choose another path"),
    ] as [([String], String)])
    func outputPathsAreCheckedBeforeAnyInputIsRead(_ arguments: [String], _ message: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try Self.run(["validate", "in.csv", "-c", "d"] + arguments, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe validate: \(message)\n")
        #expect(try Data(contentsOf: dir.appendingPathComponent("in.csv")) == Data(Self.input), "the input is untouched")
        // Where the summary's own path is fine, it says the run failed before reading a byte.
        if arguments.contains("s.json"), !arguments.starts(with: ["-r", "s.json"]) {
            let summary = try #require(dir.appendingPathComponent("s.json").text)
            #expect(summary.hasPrefix("{\"status\": \"failed\", \"reason\": \"output\""), "\(summary)")
            #expect(summary.contains("\"rows_in\": 0,") && summary.contains("\"bytes_in\": 0,"), "\(summary)")
        }
    }
}
