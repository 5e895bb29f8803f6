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

    // MARK: Header units

    @Test func aFromThatAgreesWithTheHeaderRewritesItsUnitAsDoubleColonDoes() throws {
        let input = Data("id,dist_km,count_in_stock,temp_c\n1,5,3,20\n".utf8)
        for spec in ["dist_km:km:mi", "dist_km:kilometre:mi", "dist_km::mi"] {
            let result = try UnitPipeRunner.run(["convert", "-", "-c", spec, "-c", "temp_c:degC:K", "-q"], stdin: input)
            #expect(result.status == 0)
            #expect(result.stdout == "id,dist_mi,count_in_stock,temp_k\n1,3.1068559611866697,3,293.15\n", "\(spec)")
        }
        // A word that spells a unit of another dimension is not the column's unit.
        let count = try UnitPipeRunner.run(["convert", "-", "-c", "count_in_stock:1:%", "-q"], stdin: input)
        #expect(count.stdout == "id,dist_km,count_in_stock,temp_c\n1,5,300,20\n")
    }

    @Test func aFromThatContradictsTheHeaderIsAUsageError() throws {
        let input = Data("id,dist_km,temp_c\n1,5,20\n".utf8)
        let miles = try UnitPipeRunner.run(["convert", "-", "-c", "dist_km:mi:km"], stdin: input)
        #expect(miles.status == 2)
        #expect(miles.stdout == "")
        #expect(miles.stderr == "unitpipe convert: the header 'dist_km' says the column is in km, but -c gives FROM 'mi'; "
            + "to convert from the header's unit write -c 'dist_km::km'; if the header is wrong, name the output column: "
            + "-c 'dist_km:mi:km=NEWNAME'\n")
        let kelvin = try UnitPipeRunner.run(["convert", "-", "-c", "temp_c:K:degF"], stdin: input)
        #expect(kelvin.status == 2)
        #expect(kelvin.stderr == "unitpipe convert: the header 'temp_c' says the column is in degC, but -c gives FROM 'K'; "
            + "to convert from the header's unit write -c 'temp_c::degF'; if the header is wrong, name the output column: "
            + "-c 'temp_c:K:degF=NEWNAME'\n")
        // A new name is the user's word that the header was wrong.
        let renamed = try UnitPipeRunner.run(["convert", "-", "-c", "dist_km:mi:km=dist", "-q"], stdin: input)
        #expect(renamed.status == 0)
        #expect(renamed.stdout == "id,dist,temp_c\n1,8.04672,20\n")
    }

    // MARK: Suggestions

    /// A suggestion never changes what the data means: a case-only difference first, and never a
    /// unit of another dimension than the other side of the spec.
    @Test(arguments: [
        ("speed:MPH:km/h", "unknown unit 'MPH'; did you mean 'mph'? Run 'unitpipe units' to list the units"),
        ("e:kwh:J", "unknown unit 'kwh'; did you mean 'kWh'? Run 'unitpipe units' to list the units"),
        ("e:KWH:J", "unknown unit 'KWH'; did you mean 'kWh'? Run 'unitpipe units' to list the units"),
        ("p:kw:W", "unknown unit 'kw'; did you mean 'kW'? Run 'unitpipe units' to list the units"),
        ("s:kt:km/h", "unknown unit 'kt'; did you mean 'kn'? Run 'unitpipe units' to list the units"),
        ("t:Nm:J", "unknown unit 'Nm'; did you mean 'N*m'? Run 'unitpipe units' to list the units"),
        ("s:KM:m", "unknown unit 'KM'; did you mean 'km'? Run 'unitpipe units' to list the units"),
        // Two units differ from 'MM' only in case (mm, Mm): no guess.
        ("s:MM:m", "unknown unit 'MM'. Run 'unitpipe units' to list the units"),
        ("a:USD:eur", "unknown unit 'eur'; did you mean 'EUR'? Run 'unitpipe units' to list the units"),
    ])
    func suggestionsAreSafe(spec: String, message: String) throws {
        let result = try UnitPipeRunner.run(["convert", "-", "-c", spec], stdin: Data("speed,e,p,s,t,a\n1,1,1,1,1,1\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: \(message)\n")
    }

    @Test func unitsSuggestsOnlyTheOtherSidesDimension() throws {
        let result = try UnitPipeRunner.run(["units", "inchs", "cm"])
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe units: unknown unit 'inchs'; did you mean 'inch'?\n")
    }

    // MARK: Empty input

    @Test func anEmptyInputWhereTheJobNamesColumnsIsExitTwoWithNothingWritten() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data().write(to: dir.appendingPathComponent("empty.csv"))
        try #"{"fields": [{"name": "a", "type": "number", "constraints": {"required": true}}]}"#
            .write(to: dir.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
        let columns = "the input is empty: it has no header, so no column that -c names; check that the right file was given "
            + "(an empty input is an empty run only without -c and --schema, or with --no-header)"
        let convert = try UnitPipeRunner.run(["convert", "empty.csv", "-c", "nosuch:km:m", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(convert.status == 2)
        #expect(convert.stderr == "unitpipe convert: \(columns)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
        #expect(try #require(dir.appendingPathComponent("s.json").text).hasPrefix(#"{"status": "failed", "reason": "input""#))
        let validate = try UnitPipeRunner.run(["validate", "empty.csv", "-c", "a"], in: dir)
        #expect(validate.status == 2)
        #expect(validate.stderr == "unitpipe validate: \(columns)\n")
        let schema = try UnitPipeRunner.run(["validate", "empty.csv", "--schema", "schema.json"], in: dir)
        #expect(schema.status == 2)
        #expect(schema.stderr == "unitpipe validate: the input is empty: it has no header to check against the schema; check that the "
            + "right file was given (an empty input is an empty run only without -c and --schema, or with --no-header)\n")
        // An empty gzip stream is an empty input too: no empty .zst is left behind.
        let gzip = try UnitPipeRunner.runShell("gzip -c empty.csv | '\(UnitPipeRunner.binary.path)' convert - -c a:km:m -o out.zst", in: dir)
        #expect(gzip.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.zst").path))
        // Nothing named, or no header expected: an empty run.
        for arguments in [["convert", "empty.csv"], ["convert", "empty.csv", "--no-header", "-c", "#1:km:m"]] {
            let empty = try UnitPipeRunner.run(arguments, in: dir)
            #expect(empty.status == 0)
            #expect(empty.stdout == "")
        }
    }

    // MARK: Encodings

    /// Every byte of a single-byte encoding transcodes to the character Python's codecs decode it
    /// to (Windows-1252's five undefined bytes to the C1 control of the same value, as WHATWG's
    /// decoder reads them), in the header and the body alike.
    @Test(arguments: ["latin1", "cp1252", "iso-8859-15"])
    func singleByteEncodingsTranscodeAsPythonDecodes(encoding: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let high = (0x80...0xFF).map { UInt8($0) }
        let input: [UInt8] = Array("name".utf8) + high + Array(",d\n".utf8) + high + Array(",5\n".utf8)
        try Data(input).write(to: dir.appendingPathComponent("in.csv"))
        let oracle = try UnitPipeRunner.runShell("""
            python3 -c 'import codecs,sys
            codecs.register_error("c1", lambda e: (chr(e.object[e.start]), e.start + 1))
            data = open("in.csv", "rb").read().decode("\(encoding)", errors="c1").replace(",5", ",5000")
            open("expected.csv", "wb").write(data.encode("utf-8"))'
            """, in: dir)
        #expect(oracle.status == 0, "\(String(decoding: oracle.stderr, as: UTF8.self))")
        let result = try UnitPipeRunner.run(["convert", "in.csv", "--encoding", encoding, "-c", "d:km:m", "-o", "out.csv", "-q"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Data(contentsOf: dir.appendingPathComponent("out.csv"))
        #expect(written == (try Data(contentsOf: dir.appendingPathComponent("expected.csv"))))
    }

    @Test func utf16IsReadByItsByteOrderMarkOrByEncoding() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
            Array(text.utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let text = "city,d\nKöln,5\n\u{1D518},7\n"
        try Data([0xFF, 0xFE] + utf16(text, bigEndian: false)).write(to: dir.appendingPathComponent("le.csv"))
        try Data(utf16(text, bigEndian: true)).write(to: dir.appendingPathComponent("be.csv"))
        try Data(Array(utf16(text, bigEndian: true).dropLast())).write(to: dir.appendingPathComponent("odd.csv"))
        let expected = "city,d\nKöln,5000\n\u{1D518},7000\n"
        let bom = try UnitPipeRunner.run(["convert", "le.csv", "-c", "d:km:m", "-q"], in: dir)
        #expect(bom.status == 0)
        #expect(bom.stdout == expected)
        let given = try UnitPipeRunner.run(["convert", "be.csv", "--encoding", "utf-16be", "-c", "d:km:m", "-q"], in: dir)
        #expect(given.status == 0)
        #expect(given.stdout == expected)
        let odd = try UnitPipeRunner.run(["convert", "odd.csv", "--encoding", "UTF16BE", "-c", "d:km:m", "-o", "out.csv"], in: dir)
        #expect(odd.status == 2)
        #expect(odd.stderr == "unitpipe convert: input 'odd.csv' is not utf-16be text at byte 36 of its text (an odd last byte or "
            + "a lone surrogate); check the file, or give its encoding with --encoding\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
        let unknown = try UnitPipeRunner.run(["convert", "be.csv", "--encoding", "ebcdic"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix(
            "unitpipe convert: invalid value 'ebcdic' for --encoding: use one of utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be\n"))
    }

    @Test func sniffNamesTheLikelyEncodingAndTheFlag() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let input: [UInt8] = Array("city,Temp (".utf8) + [0xB0] + Array("C)\nM".utf8) + [0xFC] + Array("nchen,20\n".utf8)
        try Data(input).write(to: dir.appendingPathComponent("cp.csv"))
        let guessed = try UnitPipeRunner.run(["sniff", "cp.csv"], in: dir)
        #expect(guessed.status == 0)
        let lines = guessed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "encoding: not UTF-8 (byte 0xB0 at offset 11); likely cp1252 (Windows-1252, a superset of Latin-1's letters): "
            + "read it with --encoding cp1252")
        #expect(lines.last(where: { !$0.isEmpty }) == "  unitpipe convert cp.csv --encoding cp1252")
        let given = try UnitPipeRunner.run(["sniff", "cp.csv", "--encoding", "cp1252"], in: dir)
        #expect(given.stdout.hasSuffix("  unitpipe convert cp.csv --encoding cp1252 -c 'Temp (°C)::degC'\n"), "\(given.stdout)")
    }

    @Test func anOverflowInAColumnWithoutAUnitEndsItsSentence() throws {
        let result = try UnitPipeRunner.run(["validate", "-", "-c", "d", "-e", "/dev/stdout", "-q"], stdin: Data("id,d\n1,1e309\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "record,line,column,value,code,message\n1,2,d,1e309,overflow,'1e309' is beyond the largest double (about 1.8e308)\n")
    }

    /// A decimal comma with no digits after it, before the unit, is a number as `5.` is in C.
    @Test func aTrailingDecimalCommaBeforeTheUnitIsANumber() throws {
        let result = try UnitPipeRunner.run(["convert", "-", "-l", "de_DE", "-c", "d:*m:cm", "-q"], stdin: Data("id;d\n1;5, km\n2;5,\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "id;d\n1;500000\n2;500\n")
    }
}
