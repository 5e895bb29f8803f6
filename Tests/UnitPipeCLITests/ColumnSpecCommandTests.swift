import Foundation
import Testing
@testable import UnitPipeCLI

/// `-c` selections, header units, renames and kept originals, run through the command entry point.
@Suite("column specs, command line")
struct ColumnSpecCommandTests {
    static let usage = "Usage: unitpipe convert \(ConvertCommand.spec.usage)\nRun 'unitpipe convert --help' for every option.\n"
    static let header = "id,distance_km,distance (km),temp [°F],Gewicht in kg,temp_c,km"

    @Test("outputs", arguments: [
        // Header units: FROM from the header, the unit part rewritten to TO.
        // 1 km = 0.621371192237334 mi (Python: float(Fraction(1000, 1609344))); 1 kg = 2.2046226218487757 lb (float(1/Fraction('0.45359237'))).
        (["-c", "distance_km::mi", "-c", "distance (km)::m", "-c", "temp [°F]::degC", "-c", "Gewicht in kg::lb", "-c", "temp_c::degF", "-c", "km::m"],
         "id,distance_mi,distance (m),temp [°C],Gewicht in lb,temp_f,m\n1,0.621371192237334,2000,100,2.2046226218487757,212,5000\n2,,3000,,,,\n"),
        // =NEWNAME wins over the rewritten header.
        (["-c", "distance_km::mi=miles"], header.replacingOccurrences(of: "distance_km", with: "miles") + "\n1,0.621371192237334,2,212,1,100,5\n2,,3,,,,\n"),
        // Lists and ranges share one FROM:TO; #-1 is the last column. A FROM the header names
        // rewrites the header's unit as :: does.
        (["-c", "distance_km,#3:km:m"], "id,distance_m,distance (m),temp [°F],Gewicht in kg,temp_c,km\n1,1000,2000,212,1,100,5\n2,,3000,,,,\n"),
        (["-c", "#2-#3:km:m", "-c", "#-1:km:m"], "id,distance_m,distance (m),temp [°F],Gewicht in kg,temp_c,m\n1,1000,2000,212,1,100,5000\n2,,3000,,,,\n"),
        // Keep the original: the converted column is added after it.
        (["-c", "distance_km::mi=+", "-c", "#3:km:m=+dist_m"],
         "id,distance_km,distance_mi,distance (km),dist_m,temp [°F],Gewicht in kg,temp_c,km\n1,1,0.621371192237334,2,2000,212,1,100,5\n2,,,3,3000,,,,\n"),
    ] as [([String], String)])
    func outputs(options: [String], expected: String) throws {
        // The second row is quoted, so it takes the writer's field-by-field path; the first the copying one.
        let input = Self.header + "\n1,1,2,212,1,100,5\n\"2\",,\"3\",,,,\n"
        for threads in ["1", "3"] {
            let result = try CLIHarness.run(["convert", "$D/in.csv", "-o", "$D/out.csv", "--threads", threads] + options, files: ["in.csv": input])
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.file("out.csv") == expected)
        }
    }

    @Test("a kept original with a per-row unit column keeps that column as it is")
    func keptOriginalWithUnitColumn() throws {
        let result = try CLIHarness.run(["convert", "$D/in.csv", "-o", "$D/out.csv", "-c", "v:@u:m=+v_m"], files: ["in.csv": "v,u\n1,km\n2,mi\n"])
        #expect(result.status == 0)
        // 2 mi = 3218.688 m exactly.
        #expect(result.file("out.csv") == "v,v_m,u\n1,1000,km\n2,3218.688,mi\n")
    }

    @Test("messages", arguments: [
        ("3:km:m", "no column named '3'; did you mean #3? The header has: 'id', 'distance_km', 'distance (km)', 'temp [°F]', 'Gewicht in kg', 'temp_c', 'km'. Use the exact name or #N\n"),
        ("#0:km:m", "invalid value '#0:km:m' for --column: positions start at 1: #1 is the first column, #-1 the last\n" + usage),
        ("a:b:c:d", "invalid value 'a:b:c:d' for --column: it has one part too many; write NAME:FROM:TO or NAME:FROM:TO=NEWNAME, e.g. distance:km:mi (select a column whose name holds ':' by position, #N)\n" + usage),
        ("a:b:c:d:e", "invalid value 'a:b:c:d:e' for --column: it has 2 parts too many; write NAME:FROM:TO or NAME:FROM:TO=NEWNAME, e.g. distance:km:mi (select a column whose name holds ':' by position, #N)\n" + usage),
        ("d", "invalid value 'd' for --column: write NAME:FROM:TO or NAME:FROM:TO=NEWNAME, e.g. distance:km:mi (FROM may be empty when the header names the unit: distance_km::mi)\n" + usage),
        ("id::m", "the header 'id' names no unit, so FROM cannot be left empty; write it: -c 'id:km:mi'\n"),
        ("distance_km:km:m=km", "renaming column 'distance_km' to 'km' would give the output two columns named 'km'; choose another name with =NEWNAME\n"),
        ("km::m=+km", "renaming column 'km' to 'km' would give the output two columns named 'km'; choose another name with =NEWNAME\n"),
        ("a,b:km:m=x", "invalid value 'a,b:km:m=x' for --column: =NEWNAME renames one column, but 'a,b' selects several; give each column its own -c to rename it\n" + usage),
        ("#4-#2:km:m", "invalid value '#4-#2:km:m' for --column: '#4-#2' is not a range of positions; write #FIRST-#LAST with FIRST before LAST, e.g. #2-#4 (or #2-#-1: from the second to the last)\n" + usage),
        ("#-1-#2:km:m", "the range #-1-#2 selects no column of the input's 7 columns: its first position comes after its last\n"),
        ("#9:km:m", "column #9 does not exist; the input has 7 columns\n"),
        ("d:km:m=+", "invalid value 'd:km:m=+' for --column: =+ keeps the original column and needs a name for the converted one (=+NEWNAME); it may be left out only when the header names the unit (distance_km::mi=+)\n" + usage),
    ])
    func messages(spec: String, message: String) throws {
        let result = try CLIHarness.run(["convert", "$D/in.csv", "-o", "$D/out.csv", "-c", spec], files: ["in.csv": Self.header + "\n1,1,2,212,1,100,5\n"])
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: " + message)
    }
}
