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

    // MARK: The default locale

    static let german = "Artikel;Gewicht (kg);Preis\nA;1.200;5\nB;3.450;7\nC;12.000;9\nD;250;1\n"

    @Test func theDefaultLocaleStopsBeforeReadingGroupedThousandsAsDecimals() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.german.write(to: dir.appendingPathComponent("de.csv"), atomically: true, encoding: .utf8)
        let message = "column 'Gewicht (kg)' holds '1.200' and '3.450', which the default locale C reads as 1.2 and 3.45, "
            + "but this ;-separated file likely means the grouped thousands 1200 and 3450; give --locale de_DE (or the file's locale) "
            + "to read thousands, or --locale C to read decimals"
        let convert = try UnitPipeRunner.run(
            ["convert", "de.csv", "-c", "Gewicht (kg)::lb", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(convert.status == 2)
        #expect(convert.stderr == "unitpipe convert: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
        #expect(try #require(dir.appendingPathComponent("s.json").text).contains("\"status\": \"failed\""))
        let validate = try UnitPipeRunner.run(["validate", "de.csv", "-c", "Gewicht (kg)"], in: dir)
        #expect(validate.status == 2)
        #expect(validate.stderr == "unitpipe validate: \(message)\n")
        // Either choice, made explicitly, is taken as given.
        let german = try UnitPipeRunner.run(["convert", "de.csv", "-c", "Gewicht (kg):kg:g", "--locale", "de_DE", "-q"], in: dir)
        #expect(german.stdout == "Artikel;Gewicht (g);Preis\nA;1200000;5\nB;3450000;7\nC;12000000;9\nD;250000;1\n")
        let c = try UnitPipeRunner.run(["convert", "de.csv", "-c", "Gewicht (kg):kg:g", "--locale", "C", "-q"], in: dir)
        #expect(c.stdout == "Artikel;Gewicht (g);Preis\nA;1200;5\nB;3450;7\nC;12000;9\nD;250000;1\n")
    }

    @Test func aDecimalCommaElsewhereInTheFileIsEvidenceToo() throws {
        let result = try UnitPipeRunner.run(
            ["convert", "-", "-c", "a:km:m"], stdin: Data("a,b,c\n1.200,\"12,5\",x\n2,\"3,25\",y\n".utf8))
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "unitpipe convert: column 'a' holds '1.200', which the default locale C reads as 1.2, but this file, "
            + "which writes decimal commas ('12,5' in column 'b'), likely means the grouped thousands 1200; give --locale de_DE "
            + "(or the file's locale) to read thousands, or --locale C to read decimals\n")
    }

    /// Ordinary C files: three fraction digits beside a decimal point, `,`-separated files without
    /// decimal commas, integers, and cells with a leading zero convert as before.
    @Test(arguments: [
        ("a,b\n3.142,1\n0.125,2\n12.5,3\n", "a,b\n3142,1\n125,2\n12500,3\n"),
        ("a,b\n3.142,1\n2.718,2\n", "a,b\n3142,1\n2718,2\n"),
        ("a;b\n0.125;1\n250;2\n", "a;b\n125;1\n250000;2\n"),
        ("a;b\n1.200;1\n7.5;2\n", "a;b\n1200;1\n7500;2\n"),
        ("a;b\n1200;1\n-3;2\n", "a;b\n1200000;1\n-3000;2\n"),
    ])
    func ordinaryCFilesAreNeverStopped(input: String, expected: String) throws {
        let result = try UnitPipeRunner.run(["convert", "-", "-c", "a:km:m", "-q"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }
}
