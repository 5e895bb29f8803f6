import Foundation
import Testing

/// Cells and bytes at the edges that must never change or vanish with exit 0: text in a unit
/// column, bytes that are not UTF-8 in the header, a default locale that would misread
/// thousands, header units that contradict FROM, and empty inputs.
@Suite("edges: nothing silently wrong or lost, end to end")
struct EdgeCasesEndToEndTests {
    @Test func textWithoutANumberInAnInCellUnitColumnIsInvalidNumberNeverANull() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try "id,dist\n1,abc\n2,x\n3,km\n4,-\n5,e\n6,5 x\n7,5 km\n8,\n9,NA\n"
            .write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "dist:*km:m", "--null-value", "NA", "-e", "errors.csv", "-q"], in: dir)
        #expect(result.status == 1)
        // Only the number, the empty cell and the declared null are left in the output.
        #expect(result.stdout == "id,dist\n7,5000\n8,\n9,\n")
        #expect(try #require(dir.appendingPathComponent("errors.csv").text) == """
            record,line,column,value,code,message
            1,2,dist,abc,invalid_number,'abc' is not a number in locale C; fix the cell or choose the file's locale with --locale
            2,3,dist,x,invalid_number,'x' is not a number in locale C; fix the cell or choose the file's locale with --locale
            3,4,dist,km,invalid_number,'km' is not a number in locale C; fix the cell or choose the file's locale with --locale
            4,5,dist,-,invalid_number,"'-' is not a number; if it marks a missing value, add --null-value '-' to read it as an empty cell"
            5,6,dist,e,invalid_number,'e' is not a number in locale C; fix the cell or choose the file's locale with --locale
            6,7,dist,5 x,unknown_unit,unknown unit 'x'

            """)
    }

    @Test func validateCallsTextInAUnitColumnInvalid() throws {
        let result = try UnitPipeRunner.run(
            ["validate", "-", "-l", "de_DE", "-c", "d:km", "-e", "/dev/stdout", "-q"], stdin: Data("id;d\n1;x\n2;abc\n3;5\n4;7 m\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout == """
            record,line,column,value,code,message
            1,2,d,x,invalid_number,'x' is not a number in locale de_DE; fix the cell or choose the file's locale with --locale
            2,3,d,abc,invalid_number,'abc' is not a number in locale de_DE; fix the cell or choose the file's locale with --locale

            """)
    }

    @Test func headerBytesThatAreNotUTF8PassThroughAsRead() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        // Windows-1252: 'Temp (\xB0C)' in the header, 'M\xFCnchen' in the body.
        let input: [UInt8] = Array("city,Temp (".utf8) + [0xB0] + Array("C),n\nM".utf8) + [0xFC] + Array("nchen,20,1\n".utf8)
        try Data(input).write(to: dir.appendingPathComponent("cp1252.csv"))
        for (spec, header) in [("#2:degC:degF", Array("city,Temp (".utf8) + [0xB0] + Array("C),n\n".utf8)),
                               ("#2:degC:degF=temp_f", Array("city,temp_f,n\n".utf8))] {
            let result = try UnitPipeRunner.run(["convert", "cp1252.csv", "-c", spec, "-o", "out.csv", "-q"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let written = try [UInt8](Data(contentsOf: dir.appendingPathComponent("out.csv")))
            #expect(written == header + Array("M".utf8) + [0xFC] + Array("nchen,68,1\n".utf8))
        }
    }
}
