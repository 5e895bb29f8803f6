import Foundation
import Testing

/// `unitpipe convert a.csv b.csv …`, a directory, compressed files and standard input among
/// them: one output, the header once, the error report with a `file` column, sums in the summary.
@Suite("several inputs, end to end")
struct SeveralInputsEndToEndTests {
    static let fixtures = ["2024-01.csv", "2024-02.csv", "2024-03.csv.gz"].map { UnitPipeRunner.fixture("several/" + $0) }

    @Test(arguments: [1, 2])
    func aDirectoryIsItsFilesInNameOrder(threads: Int) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let all = try UnitPipeRunner.run(
            ["convert", UnitPipeRunner.fixture("several"), "-c", "distance:km:mi", "-e", "errors.csv", "-r", "rejects.csv",
             "--summary", "summary.json", "--threads", "\(threads)"], in: dir)
        #expect(all.status == 1)
        #expect(all.stderr == "unitpipe convert: 2 of 7 rows rejected; see errors.csv\n")
        #expect(all.stdout == """
            id,name,distance,temp_c,note
            1,Harbour loop,6.2137119223733395,21.5,
            2,Ridge,0.0621371192237334,100,"two-line
            note"
            1,Coast,3.1068559611866697,18,
            2,"Smith, J",26.218757456454306,-40,"marathon, flat"
            1,Night,1.5534279805933349,9,

            """)
        let folder = UnitPipeRunner.fixture("several")
        #expect(dir.appendingPathComponent("errors.csv").text == """
            file,record,line,column,value,code,message
            \(folder)/2024-01.csv,3,5,distance,12.3.4,multiple_decimal,'12.3.4' has more than one decimal separator
            \(folder)/2024-02.csv,3,4,distance,abc,invalid_number,'abc' is not a number in locale C; fix the cell or choose the file's locale with --locale

            """)
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let stored = try Self.fixtures.map { try #require(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }.reduce(0, +)
        #expect(summary.contains("\"rows_in\": 7, \"rows_out\": 5, \"rows_rejected\": 2, \"bytes_in\": \(stored),"))
        // The same files named one by one, and with standard input (the gzip file, decompressed by unitpipe) among them.
        let named = try UnitPipeRunner.run(["convert"] + Self.fixtures + ["-c", "distance:km:mi", "--threads", "\(threads)", "-q"], in: dir)
        #expect(named.stdout == all.stdout)
        let gz = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures[2]))
        let piped = try UnitPipeRunner.run(
            ["convert", Self.fixtures[0], Self.fixtures[1], "-", "-c", "distance:km:mi", "-e", "piped.csv", "--threads", "\(threads)", "-q"],
            stdin: gz, in: dir)
        #expect(piped.stdout == all.stdout)
        #expect(dir.appendingPathComponent("piped.csv").text?.hasPrefix("file,record,line,column,value,code,message\n\(Self.fixtures[0]),3,5,") == true)
    }

    @Test func aMismatchedHeaderStopsBeforeAnyRow() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("id,name,distance_km,temp_c,note\n1,x,1,1,\n".utf8).write(to: dir.appendingPathComponent("other.csv"))
        let result = try UnitPipeRunner.run(
            ["convert", Self.fixtures[0], "other.csv", "-c", "distance:km:mi", "-o", "out.csv", "-e", "errors.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the header of 'other.csv' differs from that of '\(Self.fixtures[0])': column 3 is 'distance_km' there and 'distance' in '\(Self.fixtures[0])'; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
        #expect(dir.appendingPathComponent("s.json").text?.hasPrefix("{\"status\": \"failed\", \"reason\": \"input\", \"rows_in\": 0,") == true)
    }

    @Test func validateTakesSeveralInputsToo() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("several"), "-c", "distance", "-e", "/dev/stdout", "-q"], in: dir)
        #expect(result.status == 1)
        let folder = UnitPipeRunner.fixture("several")
        #expect(result.stdout == """
            file,record,line,column,value,code,message
            \(folder)/2024-01.csv,3,5,distance,12.3.4,multiple_decimal,'12.3.4' has more than one decimal separator
            \(folder)/2024-02.csv,3,4,distance,abc,invalid_number,'abc' is not a number in locale C; fix the cell or choose the file's locale with --locale

            """)
    }
}
