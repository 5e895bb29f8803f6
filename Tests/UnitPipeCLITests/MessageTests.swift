import Foundation
import Testing
@testable import UnitPipeCLI

/// Every message a user sees, as a whole string, run in-process through the command entry point.
@Suite("messages")
struct MessageTests {
    static let convertUsage = "Usage: unitpipe convert \(ConvertCommand.spec.usage)\nRun 'unitpipe convert --help' for every option.\n"

    @Test("usage and unit errors: one line on standard error, nothing on standard output", arguments: [
        (["units", "C"], "unitpipe units: unknown unit 'C'; did you mean 'degC'?\n"),
        (["units", "degC", "F"], "unitpipe units: unknown unit 'F'; did you mean 'degF'?\n"),
        (["units", "km", "F"], "unitpipe units: unknown unit 'F'\n"),
        // Case-only differences of short symbols are other units (a food Calorie is 1000 cal; kb is a kilobit).
        (["units", "Cal"], "unitpipe units: unknown unit 'Cal'\n"),
        (["units", "kb"], "unitpipe units: unknown unit 'kb'\n"),
        (["units", "Gbps"], "unitpipe units: unknown unit 'Gbps'\n"),
        (["units", "kmh"], "unitpipe units: unknown unit 'kmh'; did you mean 'km/h'?\n"),
        (["units", "m", "s"], "unitpipe units: cannot convert from 'm' [length] to 's' [time]\n"),
        // Reciprocal dimensions convert as y = K/x, but not an absolute temperature (it has an offset).
        (["units", "degC", "1/K"],
         "unitpipe units: cannot convert from 'degC' [temperature] to '1/K' [1/temperature]; they are reciprocal (y = K/x, as between mpg and L/100km), which converts only units without an offset and one FROM unit for the column (not @COLUMN or *)\n"),
        (["convert", "--quiett"], "unitpipe convert: unknown option '--quiett'; did you mean '--quiet'?\n" + convertUsage),
        (["convert", "--threads", "0"], "unitpipe convert: invalid value '0' for --threads: use a whole number from 1 to 256\n" + convertUsage),
        (["convert", "--threads", "1000"], "unitpipe convert: invalid value '1000' for --threads: use a whole number from 1 to 256\n" + convertUsage),
        (["convert", "--max-errors", "-1"], "unitpipe convert: invalid value '-1' for --max-errors: use a whole number 0 or more\n" + convertUsage),
        (["convret"], "unitpipe: unknown command 'convret'; did you mean 'convert'?\nUsage: unitpipe COMMAND [INPUT] [options]\nRun 'unitpipe --help' for the commands.\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }

    @Test("--check-args: a usage error as the run gives it, else exit 0 with no input read and nothing written", arguments: [
        (["convert", "--check-args", "-c", "d:km:mi", "-o", "$D/out.csv", "$D/missing.csv"], Int32(0), ""),
        (["validate", "--check-args", "-c", "d", "--min", "d=0", "-e", "$D/e.csv"], Int32(0), ""),
        (["convert", "--check-args", "--threads", "0"], Int32(2),
         "unitpipe convert: invalid value '0' for --threads: use a whole number from 1 to 256\n" + convertUsage),
        (["convert", "--check-args", "--quiett"], Int32(2), "unitpipe convert: unknown option '--quiett'; did you mean '--quiet'?\n" + convertUsage),
    ])
    func checkArguments(arguments: [String], status: Int32, message: String) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: result.directory.path) == [])
    }

    @Test("run outcomes: counts in the right number, suggestions without stray punctuation", arguments: [
        (["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv"], "d\nx\n", 1,
         "unitpipe convert: 1 of 1 row rejected; add -e FILE to see which and why\n"),
        (["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv", "-e", "$D/e.csv"], "d\nx\n2\ny\n", 1,
         "unitpipe convert: 2 of 3 rows rejected; see $D/e.csv\n"),
        (["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv", "--max-errors", "1"], "d\nx\ny\n", 2,
         "unitpipe convert: stopped: more than 1 row failed (--max-errors 1); the output was not written. See the error report (-e) for the failures\n"),
        (["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv", "--quiet"], "d\nx\n", 1, ""),
        // --on-error keep: emptied cells are counted with the rejected rows.
        (["convert", "$D/in.csv", "-c", "d:km:m", "-c", "e:km:m", "-o", "$D/out.csv", "--on-error", "keep"], "d,e\nx,y\n1,2\n3\nz,4\n", 1,
         "unitpipe convert: 1 of 4 rows rejected, 3 cells emptied (--on-error keep); add -e FILE to see which and why\n"),
        (["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv", "--on-error", "keep"], "d\nx\n1\n", 1,
         "unitpipe convert: 1 cell emptied (--on-error keep); add -e FILE to see which and why\n"),
        (["convert", "$D/in.csv", "-c", "d:kmh:m/s", "-o", "$D/out.csv"], "d\n1\n", 2,
         "unitpipe convert: unknown unit 'kmh'; did you mean 'km/h'? Run 'unitpipe units' to list the units\n"),
        // The other side is a length: km/h (a speed) is not offered.
        (["convert", "$D/in.csv", "-c", "d:kmh:mi", "-o", "$D/out.csv"], "d\n1\n", 2,
         "unitpipe convert: unknown unit 'kmh'. Run 'unitpipe units' to list the units\n"),
        (["convert", "$D/in.csv", "-c", "d:degF:1/K", "-o", "$D/out.csv"], "d\n1\n", 2,
         "unitpipe convert: cannot convert from 'degF' [temperature] to '1/K' [1/temperature]; they are reciprocal (y = K/x, as between mpg and L/100km), which converts only units without an offset and one FROM unit for the column (not @COLUMN or *)\n"),
        (["convert", "$D/in.csv", "-c", "d:Cal:J", "-o", "$D/out.csv"], "d\n1\n", 2,
         "unitpipe convert: unknown unit 'Cal'. Run 'unitpipe units' to list the units\n"),
        (["convert", "$D/in.csv", "-c", "d:km:milez", "-o", "$D/out.csv"], "d\n1\n", 2,
         "unitpipe convert: unknown unit 'milez'; did you mean 'mile'? Run 'unitpipe units' to list the units\n"),
        (["convert", "$D/in.csv", "-c", "dist:km:m", "-o", "$D/out.csv"], "dist,n\n1,2\n", 0, ""),
        (["convert", "$D/in.csv", "-c", "dist:km:m", "-o", "$D/out.csv", "--output-locale", "auto"], "dist,n\n1,2\n", 2,
         "unitpipe convert: --output-locale needs a locale identifier such as de_DE, fr_FR or en_IN; 'auto' only applies to reading (--locale auto)\n"),
        (["convert", "$D/in.csv", "-c", "#1:km:m", "-o", "$D/out.csv"], "1,2\n3,4\n", 0,
         "unitpipe convert: warning: the first row (1,2) holds numbers, so it may be data rather than a header; it was used as the header. If the file has no header, add --no-header\n"),
        (["convert", "$D/in.csv", "-c", "#1:km:m", "-o", "$D/out.csv", "--no-header"], "1,2\n3,4\n", 0, ""),
    ] as [([String], String, Int32, String)])
    func outcomes(arguments: [String], input: String, status: Int32, message: String) throws {
        let result = try CLIHarness.run(arguments, files: ["in.csv": input])
        #expect(result.status == status)
        #expect(result.stderr == message)
    }

    @Test("--on-error keep: the summary counts the emptied cells")
    func keptCellsInTheSummary() throws {
        let result = try CLIHarness.run(["convert", "$D/in.csv", "-c", "d:km:m", "-c", "e:km:m", "-o", "$D/out.csv", "--on-error", "keep",
                                         "--summary", "$D/s.json", "-q"], files: ["in.csv": "d,e\nx,y\n1,2\n3\nz,4\n"])
        #expect(result.status == 1)
        #expect(result.file("out.csv") == "d,e\n,\n1000,2000\n,4000\n")
        let summary = try #require(result.file("s.json"))
        #expect(summary.contains("\"rows_in\": 4, \"rows_out\": 3, \"rows_rejected\": 1, \"cells_emptied\": 3,"))
        let reject = try CLIHarness.run(["convert", "$D/in.csv", "-c", "d:km:m", "-o", "$D/out.csv", "--summary", "$D/s.json", "-q"],
                                        files: ["in.csv": "d\nx\n"])
        #expect(reject.file("s.json")?.contains("cells_emptied") == false)
    }

    @Test("invalid_number names the likely cause and its fix", arguments: [
        ("N/A", "'N/A' is not a number; if it marks a missing value, add --null-value 'N/A' to read it as an empty cell"),
        ("-", "'-' is not a number; if it marks a missing value, add --null-value '-' to read it as an empty cell"),
        ("5%", "'5%' has a percent sign, which only a dimensionless column reads (-c NAME:1:% keeps percent, NAME:1:1 gives the fraction)"),
        ("$5", "'$5' has a currency mark, which a column in km cannot hold; for money give the currency as FROM (-c NAME:USD:EUR --rates FILE) or * for a currency per cell"),
        ("5 EUR", "'5 EUR' has a currency mark, which a column in km cannot hold; for money give the currency as FROM (-c NAME:USD:EUR --rates FILE) or * for a currency per cell"),
        ("(5)", "'(5)' is an accounting negative, which locale C does not read; give the file's locale, e.g. --locale en_US reads (1,234.56) and 1,234.56-"),
        ("5-", "'5-' is an accounting negative, which locale C does not read; give the file's locale, e.g. --locale en_US reads (1,234.56) and 1,234.56-"),
        ("1,5", "'1,5' has a decimal comma, which locale C does not read; give --locale de_DE (or the locale 'unitpipe sniff FILE' finds)"),
        ("1 234,5", "'1 234,5' has a decimal comma, which locale C does not read; give --locale fr_FR (or the locale 'unitpipe sniff FILE' finds)"),
        ("1,234", "'1,234' has a comma, which locale C does not read: as a decimal comma give --locale de_DE, as a thousands separator --locale en_US ('unitpipe sniff FILE' tells which the file uses)"),
        ("abc", "'abc' is not a number in locale C; fix the cell or choose the file's locale with --locale"),
    ])
    func invalidNumber(cell: String, message: String) throws {
        let result = try CLIHarness.run(["convert", "$D/in.csv", "-d", ";", "-c", "d:km:m", "-o", "$D/out.csv", "-e", "$D/e.csv", "-q"],
                                        files: ["in.csv": "d;n\n\(cell);1\n"])
        #expect(result.status == 1)
        let quoted = "\"" + message.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let value = cell.contains(",") ? "\"\(cell)\"" : cell
        #expect(result.file("e.csv") == "record,line,column,value,code,message\n1,2,d,\(value),invalid_number,\(message.contains(",") ? quoted : message)\n")
    }

    @Test("@unit mode: an empty unit cell names the unit column; the report's value is the raw cell")
    func emptyUnitCell() throws {
        let result = try CLIHarness.run(["convert", "$D/in.csv", "-c", "d:@u:m", "-o", "$D/out.csv", "-e", "$D/e.csv"],
                                        files: ["in.csv": "d,u\n1,\n2,km\n"])
        #expect(result.status == 1)
        #expect(result.file("e.csv") == "record,line,column,value,code,message\n1,2,d,1,unknown_unit,the unit column 'u' is empty in this row; write the row's unit there (e.g. 'km')\n")
        #expect(result.file("out.csv") == "d,u\n2000,m\n")
    }
}

@Suite("units command")
struct UnitsCommandTests {
    @Test("factors from the first unit to each other, written as the converter writes numbers", arguments: [
        // 1 kWh = 3.6e6 J exactly; 3.6e6 / 4.184 (Python: float(Fraction(3600000) / Fraction('4.184'))).
        (["units", "kWh", "J", "MJ", "cal"], "1 kWh = 3600000 J (exact)\n1 kWh = 3.6 MJ (exact)\n1 kWh = 860420.6500956023 cal (exact 450000000/523)\n"),
        // Two units: both ways. 1 / 1609.344 = 15625/25146 (Python: float(Fraction(15625, 25146)) = 0.621371192237334).
        (["units", "km", "mi"], "1 km = 0.621371192237334 mi (exact 15625/25146)\n1 mi = 1.609344 km (exact)\n"),
        // 1 m = 1e-9 Gm: plain notation stops below 1e-6, as in converted output.
        (["units", "m", "Gm"], "1 m = 1e-09 Gm (exact 0.000000001)\n1 Gm = 1000000000 m (exact)\n"),
    ])
    func factors(arguments: [String], text: String) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout == text)
        #expect(result.stderr == "")
    }

    @Test("a dimension named with spaces")
    func dimensionWithSpaces() throws {
        let quoted = try CLIHarness.run(["units", "temperature difference"])
        #expect(quoted.stdout.hasPrefix("temperature_difference (base: delta_K)\n  delta_K "))
        #expect(try CLIHarness.run(["units", "temperature", "difference"]).stdout == quoted.stdout)
    }
}
