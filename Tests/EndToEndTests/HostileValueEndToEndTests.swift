import Foundation
import Testing

/// Hostile values in cells, rates and schemas, on the real binary: each is refused with a
/// message, never a crash and never a silently different result.
@Suite("hostile values, end to end")
struct HostileValueEndToEndTests {
    static func nested(_ unit: String, depth: Int) -> String {
        String(repeating: "(", count: depth) + unit + String(repeating: ")", count: depth)
    }

    static let tooDeep = "unit expression '\(String(repeating: "(", count: 40))…' nests parentheses more than 32 deep; write it with fewer parentheses"

    /// A unit cell of 250 nested parentheses (a 520-byte file) crashed the process (the parser's
    /// recursion overflowed a worker's stack): now the row is `unit_too_deep`, on every path that
    /// reads units from data; 32 levels still read.
    @Test func deeplyNestedUnitsInCellsAreAnErrorOfTheirOwn() throws {
        let deep = Self.nested("m", depth: 250)
        let dir = try E2E.directory(with: "rows.csv", "v,u\n1,\(deep)\n2,km\n3,\(Self.nested("km", depth: 32))\n")
        try Data("v\n5 \(deep)\n7 km\n".utf8).write(to: dir.appendingPathComponent("cells.csv"))
        let row = "1,2,v,1,unit_too_deep,\(Self.tooDeep)\n"
        let header = "record,line,column,value,code,message\n"
        let perRow = try UnitPipeRunner.run(["convert", "rows.csv", "-c", "v:@u:m", "-e", "e.csv", "-q"], in: dir)
        #expect(perRow.status == 1)
        #expect(perRow.stdout == "v,u\n2000,m\n3000,m\n")
        #expect(dir.appendingPathComponent("e.csv").text == header + row)
        let inCell = try UnitPipeRunner.run(["convert", "cells.csv", "-c", "v:*:m", "-e", "e.csv", "-q"], in: dir)
        #expect(inCell.status == 1)
        #expect(inCell.stdout == "v\n7000\n")
        let report = try E2E.report(dir.appendingPathComponent("e.csv"))
        #expect(report.count == 2)
        #expect(report.last?[4] == "unit_too_deep")
        let validated = try UnitPipeRunner.run(["validate", "rows.csv", "-c", "v:@u:m", "-e", "e.csv", "-q"], in: dir)
        #expect(validated.status == 1)
        #expect(dir.appendingPathComponent("e.csv").text == header + row)
    }

    /// On the command line (`-c`, `units`) the same expression is a usage error (it crashed at
    /// 5,000 levels).
    @Test func deeplyNestedUnitsOnTheCommandLineAreAUsageError() throws {
        let deep = Self.nested("m", depth: 5000)
        let dir = try E2E.directory(with: "in.csv", "v\n1\n")
        let converted = try UnitPipeRunner.run(["convert", "in.csv", "-c", "v:\(deep):km"], in: dir)
        #expect(converted.status == 2)
        #expect(converted.stderr.hasPrefix("unitpipe convert: \(Self.tooDeep). Run 'unitpipe units' to list the units\n"))
        let listed = try UnitPipeRunner.run(["units", deep], in: dir)
        #expect(listed.status == 2)
        #expect(listed.stderr == "unitpipe units: \(Self.tooDeep)\n")
    }

    /// A currency code is the same everywhere: capitals, as ISO 4217 writes it. `GBP,0.79` and
    /// `gbp,0.5` in one rates file both passed and `gbp` cells converted at 0.5; now a code not in
    /// capitals is refused before any row is read.
    @Test func currencyCodesInRatesFilesAreCapitals() throws {
        let dir = try E2E.directory(with: "m.csv", "v,u\n5,GBP\n5,gbp\n")
        try Data("currency,rate\nbase,EUR\nGBP,0.79\ngbp,0.5\n".utf8).write(to: dir.appendingPathComponent("rates.csv"))
        let result = try UnitPipeRunner.run(["convert", "m.csv", "-c", "v:@u:EUR", "--rates", "rates.csv", "-o", "out.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 4: currency code 'gbp' is not in capitals; write ISO 4217 codes as cells must write them: 'GBP'\n")
        #expect(dir.appendingPathComponent("out.csv").text == nil)
        // With capitals, a `gbp` cell is an unknown unit like `Gbp`: one rule for cells.
        try Data("currency,rate\nbase,EUR\nGBP,0.8\n".utf8).write(to: dir.appendingPathComponent("rates.csv"))
        let converted = try UnitPipeRunner.run(["convert", "m.csv", "-c", "v:@u:EUR", "--rates", "rates.csv", "-e", "e.csv", "-q"], in: dir)
        #expect(converted.status == 1)
        #expect(converted.stdout == "v,u\n6.25,EUR\n")
        #expect(try E2E.report(dir.appendingPathComponent("e.csv")).last == ["2", "3", "v", "5", "unknown_unit"])
    }

    /// A Table Schema naming a member twice is refused with the member's JSON path, before any row
    /// is read (it kept the first `type` and let `abc` pass a number column's check, or not,
    /// depending on the reader).
    @Test func aSchemaWithADuplicateMemberIsRefused() throws {
        let dir = try E2E.directory(with: "v.csv", "v\n99999\nabc\n")
        try Data(#"{"fields": [{"name": "v", "type": "string", "type": "number"}]}"#.utf8).write(to: dir.appendingPathComponent("schema.json"))
        let result = try UnitPipeRunner.run(["validate", "v.csv", "--schema", "schema.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(
            "unitpipe validate: invalid value 'schema.json' for --schema: not JSON: line 1, column 45: 'type' appears twice in fields[0] (JSON readers disagree on which one counts); keep one\n"))
    }

    /// `--escape-formulas` never touches a converted number: a negative one in an output locale
    /// (`-1.234,5`) got a leading `'`, which a spreadsheet then reads as text.
    @Test func convertedNumbersAreNeverEscapedAsFormulas() throws {
        let dir = try E2E.directory(with: "in.csv", "d,n\n-1234.5,=1+1\n5,-x\n")
        for (locale, expected) in [
            ("de_DE", "d,n\n\"-1.234,5\",'=1+1\n5,'-x\n"),
            ("de_CH", "d,n\n-1’234.5,'=1+1\n5,'-x\n"),
        ] {
            let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:m:m", "--output-locale", locale, "--escape-formulas"], in: dir)
            #expect(result.status == 0, "\(locale)")
            #expect(result.stdout == expected, "\(locale)")
        }
        let fixed = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:m:m", "--output-locale", "de_DE", "--escape-formulas", "--decimals", "2"], in: dir)
        #expect(fixed.stdout == "d,n\n\"-1.234,50\",'=1+1\n\"5,00\",'-x\n")
    }

    /// The header counts against --max-field-size like any record: over it is an error before
    /// any output (it was cut: `--max-field-size 1` wrote the header `""`, and a header of ten
    /// million columns came out with 6,710,887), never a cut header.
    @Test func aHeaderOverTheFieldLimitIsAnError() throws {
        let dir = try E2E.directory(with: "h.csv", "abc,def\n1,2\n")
        let message = "unitpipe convert: the header of input 'h.csv' is longer than --max-field-size (14 bytes, counting 9 bytes for each field after the first); raise --max-field-size if the header is right\n"
        let over = try UnitPipeRunner.run(["convert", "h.csv", "--max-field-size", "14", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(over.status == 2)
        #expect(over.stderr == message)
        #expect(dir.appendingPathComponent("out.csv").text == nil)
        #expect(try E2E.summary(dir.appendingPathComponent("s.json"))["reason"] as? String == "input")
        // 3 + 9 + 3 bytes: exactly at the limit.
        let at = try UnitPipeRunner.run(["convert", "h.csv", "--max-field-size", "15"], in: dir)
        #expect(at.status == 0)
        #expect(at.stdout == "abc,def\n1,2\n")
        // A header longer than twice the limit is not read to its end (memory stays bounded).
        let wide = "c" + String(repeating: ",c", count: 400_000) + "\n1\n"
        try Data(wide.utf8).write(to: dir.appendingPathComponent("wide.csv"))
        let cut = try UnitPipeRunner.run(["validate", "wide.csv", "--max-field-size", "64K"], in: dir)
        #expect(cut.status == 2)
        #expect(cut.stderr == "unitpipe validate: the header of input 'wide.csv' is longer than --max-field-size (65536 bytes, counting 9 bytes for each field after the first); raise --max-field-size if the header is right\n")
    }
}
