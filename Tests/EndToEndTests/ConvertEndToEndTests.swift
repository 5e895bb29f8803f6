import Foundation
import Testing

@Suite("convert, end to end")
struct ConvertEndToEndTests {
    @Test func tripsFixtureConvertsExactlyAndReportsEveryBadRow() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("trips.csv"), "-c", "distance:km:mi", "-c", "temp_c:degC:degF=temp_f",
            "-o", "out.csv", "-e", "errors.csv", "-r", "rejects.csv", "--summary", "summary.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("3 of 11 rows rejected"))
        #expect(dir.appendingPathComponent("out.csv").text == URL(fileURLWithPath: UnitPipeRunner.fixture("expected/trips.out.csv")).text)
        #expect(dir.appendingPathComponent("rejects.csv").text == URL(fileURLWithPath: UnitPipeRunner.fixture("expected/trips.rejects.csv")).text)
        let report = try #require(dir.appendingPathComponent("errors.csv").text)
        let rows = parseCSV(report).map { Array($0.prefix(5)) }
        #expect(rows == [
            ["record", "line", "column", "value", "code"],
            ["4", "6", "distance", "12.3.4", "multiple_decimal"],
            ["5", "7", "", "5,Ragged row,5", "field_count"],
            ["9", "11", "distance", "abc", "invalid_number"],
        ])
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "rejected")
        #expect(json["rows_in"] as? Int == 11)
        #expect(json["rows_out"] as? Int == 8)
        #expect(json["rows_rejected"] as? Int == 3)
        let byCode = try #require(json["errors_by_code"] as? [String: Int])
        #expect(byCode == ["multiple_decimal": 1, "field_count": 1, "invalid_number": 1])
        let columns = try #require(json["columns"] as? [[String: Any]])
        #expect(columns.count == 2)
        #expect(columns[0]["converted"] as? Int == 7)
        #expect(columns[0]["empty"] as? Int == 1)
        #expect(columns[0]["errors"] as? Int == 2)
        #expect(columns[1]["name"] as? String == "temp_f")
        #expect(columns[1]["min"] as? Double == -459.67)
        #expect(columns[1]["max"] as? Double == 212)
    }

    @Test func everyRowEndsUpInOutputOrRejects() throws {
        // A dirty generated file: the invariant rows_in = rows_out + rows_rejected, and the
        // output and rejects together hold every input record exactly once.
        let dir = try UnitPipeRunner.temporaryDirectory()
        var text = "id,value,unit_note\n"
        var expectedBad = 0
        for i in 1...3000 {
            switch i % 11 {
            case 0: text += "\(i),\(i)x,bad\n"; expectedBad += 1
            case 3: text += "\(i),\(i)\n"; expectedBad += 1
            case 5: text += "\(i),\"\(i).5\",\"quoted\nnote\"\n"
            case 7: text += "\(i),,empty\n"
            default: text += "\(i),\(Double(i) / 8),ok\n"
            }
        }
        try text.write(to: dir.appendingPathComponent("dirty.csv"), atomically: true, encoding: .utf8)
        let result = try UnitPipeRunner.run(
            ["convert", "dirty.csv", "-c", "value:mi:km", "-o", "out.csv", "-r", "rejects.csv", "-e", "errors.csv", "--summary", "s.json"],
            in: dir)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any])
        let rowsIn = try #require(json["rows_in"] as? Int)
        let rowsOut = try #require(json["rows_out"] as? Int)
        let rejected = try #require(json["rows_rejected"] as? Int)
        #expect(rowsIn == 3000)
        #expect(rejected == expectedBad)
        #expect(rowsIn == rowsOut + rejected)
        let outIDs = try ids(in: dir.appendingPathComponent("out.csv"))
        let rejectIDs = try ids(in: dir.appendingPathComponent("rejects.csv"))
        #expect(outIDs.count == rowsOut)
        #expect(Set(outIDs).isDisjoint(with: rejectIDs))
        #expect(Set(outIDs).union(rejectIDs) == Set(1...3000))
        let reportLines = try #require(dir.appendingPathComponent("errors.csv").text).split(separator: "\n")
        #expect(reportLines.count == expectedBad + 1)
    }

    @Test func quotedRowsKeepTheirFieldsAndQuoteOnlyWhereNeeded() throws {
        // Lines that hold quotes, among plain ones: quotes written only where a field needs
        // them (a delimiter, a quote or a blank edge inside), dropped where it does not, and the
        // fields between the converted ones (and the kept original) as they were.
        let dir = try UnitPipeRunner.temporaryDirectory()
        let text = "id,name,km,d,note\n"
            + "1,\"Neumann, Hans\",1.5,2,\"say \"\"hi\"\"\"\n"
            + "2,\"plain\",2,\"3\", lead \n"
            + "3, x ,\"4\",5,\"a,b\"\n"
            + "4,ok,1,1,fine\n"
            + "5,\"\",0.5,\"\",\n"
            + "6,\"\tTab\",7,8,\"x\"\n"
        try text.write(to: dir.appendingPathComponent("q.csv"), atomically: true, encoding: .utf8)
        for threads in ["1", "2"] {
            let result = try UnitPipeRunner.run(
                ["convert", "q.csv", "-c", "km:km:m", "-c", "d:km:m=+d_m", "--threads", threads], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "id,name,m,d,d_m,note\n"
                + "1,\"Neumann, Hans\",1500,2,2000,\"say \"\"hi\"\"\"\n"
                + "2,plain,2000,3,3000,\" lead \"\n"
                + "3,\" x \",4000,5,5000,\"a,b\"\n"
                + "4,ok,1000,1,1000,fine\n"
                + "5,,500,,,\n"
                + "6,\"\tTab\",7000,8,8000,x\n", "threads \(threads)")
        }
    }

    /// The first field of every record after the header.
    private func ids(in url: URL) throws -> [Int] {
        let text = try #require(url.text)
        return parseCSV(text).dropFirst().compactMap { $0.first.flatMap { Int($0) } }
    }
}
