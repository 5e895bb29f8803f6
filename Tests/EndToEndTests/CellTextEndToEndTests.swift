import Foundation
import Testing

/// What converted cells may hold: UTF-8 text (else `invalid_utf8`) and null markers (`--null-value`).
@Suite("cell text: invalid UTF-8 and null markers, end to end")
struct CellTextEndToEndTests {
    @Test func invalidUTF8InAConvertedCellIsReportedAndPassThroughBytesStay() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        // Latin-1 bytes: 'caf\xE9' in a passed-through column, '5\xB5' and '\xA03' in converted ones,
        // 'k\xE9g' as a unit in the unit column.
        var bytes = Array("id,note,d,v,u\n".utf8)
        bytes += Array("1,caf".utf8) + [0xE9] + Array(",5,1,kg\n".utf8)
        bytes += Array("2,ok,5".utf8) + [0xB5] + Array(",2,kg\n".utf8)
        bytes += Array("3,ok,".utf8) + [0xA0] + Array("3,3,kg\n".utf8)
        bytes += Array("4,ok,x,4,k".utf8) + [0xE9] + Array("g\n".utf8)
        bytes += Array("5,ok,7,5,m\n".utf8)
        try Data(bytes).write(to: dir.appendingPathComponent("latin1.csv"))
        let result = try UnitPipeRunner.run(
            ["convert", "latin1.csv", "-c", "d:km:m", "-c", "v:@u:g", "-e", "errors.csv", "-r", "rejects.csv", "-q"], in: dir)
        #expect(result.status == 1)
        // The passed-through Latin-1 byte is copied as it is (read back from a file, not decoded).
        let file = try UnitPipeRunner.run(["convert", "latin1.csv", "-c", "d:km:m", "-c", "v:@u:g", "-o", "out.csv", "-q"], in: dir)
        #expect(file.status == 1)
        let written = try [UInt8](Data(contentsOf: dir.appendingPathComponent("out.csv")))
        let header: [UInt8] = Array("id,note,d,v,u\n".utf8)
        let firstRow: [UInt8] = Array("1,caf".utf8) + [0xE9]
        let expected: [UInt8] = header + firstRow + Array(",5000,1000,g\n".utf8)
        #expect(written == expected)
        let rejects = try [UInt8](Data(contentsOf: dir.appendingPathComponent("rejects.csv")))
        let laterRows: [UInt8] = Array(bytes[(header.count + firstRow.count + 8)...])
        #expect(rejects == header + laterRows)
        let report = try #require(dir.appendingPathComponent("errors.csv").text)
        #expect(report == """
            record,line,column,value,code,message
            2,3,d,5\u{FFFD},invalid_utf8,"the cell is not UTF-8 text (byte 0xB5 at offset 1); if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"
            3,4,d,\u{FFFD}3,invalid_utf8,"the cell is not UTF-8 text (byte 0xA0 at offset 0); if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"
            4,5,d,x,invalid_number,\(try #require(parseCSV(report).dropFirst(3).first?.last).csvQuoted)
            4,5,v,4,invalid_utf8,"the row's unit (in its unit column) is not UTF-8 text (byte 0xE9 at offset 1 of the unit); if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"
            5,6,v,5,dimension_mismatch,\(try #require(parseCSV(report).dropFirst(5).first?.last).csvQuoted)

            """)
    }

    @Test func nullMarkersAreNullsLikeEmptyCells() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try "id,d\n1,NA\n2, NA \n3,N/A\n4,-999\n5,-\n6,na\n7,5\n8,\n9,-999.5\n"
            .write(to: dir.appendingPathComponent("nulls.csv"), atomically: true, encoding: .utf8)
        let options = ["--null-value", "NA", "--null-value", " N/A ", "--null-value", "-999", "--null-value", "-"]
        let result = try UnitPipeRunner.run(
            ["convert", "nulls.csv", "-c", "d:km:m", "-e", "errors.csv", "--summary", "s.json", "-q"] + options, in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,d\n1,\n2,\n3,\n4,\n5,\n7,5000\n8,\n9,-999500\n")
        let report = try #require(dir.appendingPathComponent("errors.csv").text)
        #expect(parseCSV(report).map { Array($0.prefix(5)) } == [
            ["record", "line", "column", "value", "code"], ["6", "7", "d", "na", "invalid_number"],
        ])
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        #expect(summary.contains("\"converted\": 2, \"empty\": 6, \"errors\": 1"), "\(summary)")
        // With --required a null marker is the error 'empty', as an empty cell is.
        let required = try UnitPipeRunner.run(["convert", "nulls.csv", "-c", "d:km:m", "--required", "-e", "/dev/stdout", "-q", "-o", "/dev/null"] + options, in: dir)
        #expect(required.status == 1)
        #expect(parseCSV(required.stdout).dropFirst().map { $0[4] } == ["empty", "empty", "empty", "empty", "empty", "invalid_number", "empty"])
        // Without --null-value the markers are what they are: not numbers.
        let plain = try UnitPipeRunner.run(["convert", "nulls.csv", "-c", "d:km:m", "-q"], in: dir)
        #expect(plain.stdout == "id,d\n4,-999000\n7,5000\n8,\n9,-999500\n")
    }
}

extension String {
    /// The field as the error report writes it: quoted when it holds a comma, quote or line end.
    var csvQuoted: String {
        contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" : self
    }
}
