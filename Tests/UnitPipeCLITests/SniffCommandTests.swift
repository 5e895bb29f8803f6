import Foundation
import Testing
@testable import UnitPipeCLI

@Suite("sniff command")
struct SniffCommandTests {
    @Test("the report: Indian grouping, padding is not grouping, a bare unit header, a unit column, a command to run")
    func report() throws {
        let input = "id,lakh,padded,km,value,unit,note\n"
            + "1,\"12,34,567.5\",1.5 ,3,2,ft,a\n"
            + "2,\"1,00,000\",2.25 ,4.5,3.5,mi,b\n"
            + "3,\"5,00,000\",3 ,5,1,km,c\n"
        let result = try CLIHarness.run(["sniff", "$D/in.csv"], files: ["in.csv": input])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            delimiter: ,  quote: "  header: yes  line ends: LF  BOM: no  records sampled: 3

            column  numeric    decimal  grouping  locale  unit            ambiguous
            id      100% of 3  -        -         -       -               0
            lakh    100% of 3  .        ,         en_IN   -               0
            padded  100% of 3  .        -         C       -               0
            km      100% of 3  .        -         C       km              0
            value   100% of 3  .        -         C       -               0
            unit    0% of 3    -        -         -       units of value  0
            note    0% of 3    -        -         -       -               0

            to convert (change each TO, after the last ':', to the unit you want):
              unitpipe convert $D/in.csv -c km::km -c value:@unit:m

            """)
        let json = try CLIHarness.run(["sniff", "$D/in.csv", "--json"], files: ["in.csv": input])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["suggested_command"] as? String == "unitpipe convert $D/in.csv -c km::km -c value:@unit:m")
        let columns = try #require(object["columns"] as? [[String: Any]])
        #expect(columns.map { $0["unit_column_for"] as? String } == [nil, nil, nil, nil, nil, "value", nil])
        #expect(columns.map { $0["grouping_separator"] as? String } == [nil, ",", nil, nil, nil, nil, nil])
    }

    @Test("the suggested command runs on the file it was made for", arguments: [
        ("locales/de_DE.csv", ["-d", ";", "--locale", "de_DE", "-c", "distance_km::km", "-c", "Temp (°F)::degF"]),
        ("units/measurements.csv", ["-c", "value:@unit:m"]),
        ("headers.csv", ["-c", "distance_km::km", "-c", "climb (m)::m", "-c", "temp [°F]::degF", "-c", "Gewicht in kg::kg"]),
    ])
    func suggestedCommandRuns(fixture: String, options: [String]) throws {
        let sniffed = try CLIHarness.run(["sniff", "$F/\(fixture)", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sniffed.stdout.utf8)) as? [String: Any])
        let quoted = options.map { $0.contains(" ") || $0 == ";" ? "'\($0)'" : $0 }
        #expect(object["suggested_command"] as? String == (["unitpipe", "convert", "$F/\(fixture)"] + quoted).joined(separator: " "))
        let run = try CLIHarness.run(["convert", "$F/\(fixture)", "-o", "$D/out.csv", "-q"] + options)
        // The fixtures hold rows meant to fail: the run finishes (0 or 1), never a usage error.
        #expect(run.status < 2)
        #expect(run.stderr == "")
    }
}
