import Foundation
import Testing

// Expected converted values below were computed independently with Python's `fractions`:
// the parsed double x taken exactly, x·S + O evaluated exactly, rounded once to a double and
// written with the shortest round-trip digits (DESIGN §3). Goldens: fixtures/expected/locales/.

@Suite("locales, end to end")
struct LocaleEndToEndTests {
    @Test func germanFileConvertsWithSignsAndRejectsBadGrouping() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("locales/de_DE.csv"), "--locale", "de_DE",
            "-c", "distance_km:km:m", "-c", "Temp (°F):degF:degC",
            "-o", "out.csv", "-e", "errors.csv", "-r", "rejects.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(dir.appendingPathComponent("out.csv").text == E2E.fixtureText("expected/locales/de_DE.out.csv"))
        #expect(dir.appendingPathComponent("rejects.csv").text == E2E.fixtureText("expected/locales/de_DE.rejects.csv"))
        // Record 8 spans lines 9-10, so record 10 starts on line 12.
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["5", "6", "distance_km", "1.23.456", "grouping"],
            ["6", "7", "distance_km", "10,000.50", "grouping"],
            ["10", "12", "distance_km", "12,3,4", "multiple_decimal"],
        ])
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["rows_in"] as? Int == 10)
        #expect(json["rows_rejected"] as? Int == 3)
        #expect(json["errors_by_code"] as? [String: Int] == ["grouping": 2, "multiple_decimal": 1])
        let columns = try E2E.columns(json)
        #expect(columns.map { $0["locale"] as? String } == ["de_DE", "de_DE"])
        #expect(columns[0]["min"] as? Double == -1_234_560)
        #expect(columns[0]["max"] as? Double == 1_500_000)
        #expect(columns[1]["min"] as? Double == -40)
    }

    @Test func frenchGroupsWithEverySpaceKind() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("locales/fr_FR.csv"), "--locale", "fr_FR", "-c", "distance:km:m",
            "-e", "errors.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            id;distance;note
            1;1234560;nbsp
            2;1234567800;narrow nbsp
            3;1234500;space
            4;-12500;negative
            5;7250;padded
            7;1234567000;mixed spaces

            """)
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["6", "7", "distance", "1\u{202F}23,4", "grouping"],
            ["8", "9", "distance", "3,14,15", "multiple_decimal"],
        ])
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["rows_out"] as? Int == 6)
    }

    @Test func swissGroupsWithBothApostrophes() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("locales/de_CH.csv"), "--locale", "de_CH", "-c", "length:m:cm",
            "-e", "errors.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,length\n1,123456\n2,123456\n3,-1234567890\n4,50\n6,123450\n")
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["5", "6", "length", "1'23.4", "grouping"],
        ])
        _ = try E2E.summary(dir.appendingPathComponent("s.json"))
    }

    @Test func indianGroupingIsThreeThenTwo() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("locales/en_IN.csv"), "--locale", "en_IN", "-c", "amount:kg:g",
            "-e", "errors.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,amount\n1,1234567800\n3,1234500\n4,1234567800\n5,-100000000\n")
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["2", "3", "amount", "1,234,567.8", "grouping"],
            ["6", "7", "amount", "12,345,67.8", "grouping"],
        ])
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["errors_by_code"] as? [String: Int] == ["grouping": 2])
    }

    @Test func autoLocaleDecidesPerColumnAndNeverGuesses() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("locales/auto-mixed.csv"), "--locale", "auto",
            "-c", "eu:m:cm", "-c", "us:m:cm", "-c", "unclear:m:cm",
            "-e", "errors.csv", "-r", "rejects.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        // Row 5: '1,234' in the decimal-comma column and '1.234' in the decimal-point one are both 1.234 m.
        #expect(result.stdout == "id,eu,us,unclear\n1,25,25,1200\n3,250,250,700\n5,123.4,123.4,9900\n6,1700,1700,300\n")
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["2", "3", "unclear", "1,234", "ambiguous_number"],
            ["4", "5", "unclear", "5,678", "ambiguous_number"],
        ])
        // Rejected rows keep their fields verbatim (quoting may be normalized).
        #expect(parseCSV(try #require(dir.appendingPathComponent("rejects.csv").text)) == [
            ["id", "eu", "us", "unclear"],
            ["2", "1.234,5", "1,234.5", "1,234"],
            ["4", "1.000.000", "1,000,000", "5,678"],
        ])
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        let columns = try E2E.columns(json)
        #expect(columns.map { $0["locale"] as? String } == ["auto:decimal_comma", "auto:decimal_point", "auto:undecided"])
        // eu: '0,25' '1.234,5' '2,5' '1.000.000'; us: '0.25' '1,234.5' '2.5' '1,000,000'; unclear: none.
        #expect(columns.map { $0["locale_evidence"] as? Int } == [4, 4, 0])
        #expect(json["errors_by_code"] as? [String: Int] == ["ambiguous_number": 2])
    }

    @Test
    func autoUndecidedTextIsInvalidNotAmbiguous() throws {
        let dir = try E2E.directory(with: "in.csv", "id,v\n1,\"ab1,234\"\n2,\"1,234 x\"\n3,2\n")
        let result = try UnitPipeRunner.run(["convert", "in.csv", "--locale", "auto", "-c", "v:m:cm", "-e", "errors.csv"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,v\n3,200\n")
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["1", "2", "v", "ab1,234", "invalid_number"],
            ["2", "3", "v", "1,234 x", "invalid_number"],
        ])
    }

    @Test func outputLocaleQuotesWhereTheNumberHoldsTheDelimiter() throws {
        let input = "id,len\n1,1234.5\n2,-1234567.25\n3,0.5\n4,1000\n5,12\n"
        let comma = try UnitPipeRunner.run(["convert", "-c", "len:m:m", "--output-locale", "de_DE"], stdin: Data(input.utf8))
        #expect(comma.status == 0)
        #expect(comma.stdout == "id,len\n1,\"1.234,5\"\n2,\"-1.234.567,25\"\n3,\"0,5\"\n4,1.000\n5,12\n")
        let semicolons = input.replacingOccurrences(of: ",", with: ";")
        let semi = try UnitPipeRunner.run(["convert", "-c", "len:m:m", "--output-locale", "de_DE"], stdin: Data(semicolons.utf8))
        #expect(semi.status == 0)
        #expect(semi.stdout == "id;len\n1;1.234,5\n2;-1.234.567,25\n3;0,5\n4;1.000\n5;12\n")
        let indian = try UnitPipeRunner.run(["convert", "-c", "len:m:m", "--output-locale", "en_IN"], stdin: Data(input.utf8))
        #expect(indian.stdout == "id,len\n1,\"1,234.5\"\n2,\"-12,34,567.25\"\n3,0.5\n4,\"1,000\"\n5,12\n")
    }

    @Test func unknownLocaleIsAUsageError() throws {
        for option in ["--locale", "--output-locale"] {
            let dir = try UnitPipeRunner.temporaryDirectory()
            let result = try UnitPipeRunner.run(
                ["convert", "-c", "len:m:cm", option, "xx_YY", "--summary", "s.json"], stdin: Data("id,len\n1,2\n".utf8), in: dir)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("unknown locale 'xx_YY'"), "stderr was: \(result.stderr)")
            #expect(result.stderr.contains("de_DE"))
            let json = try E2E.summary(dir.appendingPathComponent("s.json"))
            #expect(json["status"] as? String == "failed")
        }
    }

    @Test func decimalCommaLocalePrefersSemicolonOnATie() throws {
        // ',' and ';' both split every record into two fields; a decimal-comma locale breaks the tie for ';'.
        let dir = try E2E.directory(with: "tie.csv", "id;gewicht,kg\n1;2,5\n2;1.234,5\n3;7,25\n")
        let german = try UnitPipeRunner.run(["convert", "tie.csv", "--locale", "de-DE", "-c", "gewicht,kg:kg:g", "--summary", "s.json"], in: dir)
        #expect(german.status == 0)
        #expect(german.stdout == "id;gewicht,g\n1;2500\n2;1234500\n3;7250\n")
        #expect(try E2E.summary(dir.appendingPathComponent("s.json"))["rows_out"] as? Int == 3)
        // In the C locale ',' wins the tie, so that column does not exist (and, read as a list, 'gewicht' is not a column).
        let plain = try UnitPipeRunner.run(["convert", "tie.csv", "-c", "gewicht,kg:kg:g"], in: dir)
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("no column named 'gewicht'"))
    }

    @Test
    func unknownColumnWithoutSuggestionIsPunctuated() throws {
        let dir = try E2E.directory(with: "tie.csv", "id;gewicht,kg\n1;2,5\n")
        let plain = try UnitPipeRunner.run(["convert", "tie.csv", "-c", "gewicht,kg:kg:g"], in: dir)
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("no column named 'gewicht'. The header has: 'id;gewicht', 'kg'."))
    }
}

@Suite("sniff, end to end")
struct SniffEndToEndTests {
    private func sniff(_ fixture: String) throws -> [String: Any] {
        let result = try UnitPipeRunner.run(["sniff", UnitPipeRunner.fixture(fixture), "--json"])
        #expect(result.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func germanFixture() throws {
        let json = try sniff("locales/de_DE.csv")
        #expect(json["delimiter"] as? String == ";")
        #expect(json["header"] as? Bool == true)
        #expect(json["records_sampled"] as? Int == 10)
        let columns = try E2E.columns(json)
        #expect(columns.map { $0["name"] as? String } == ["id", "city", "distance_km", "Temp (°F)", "price_usd"])
        #expect(columns.map { $0["unit_guess"] as? String } == [nil, nil, "km", "degF", "USD"])
        for column in columns[3...] {
            #expect(column["decimal_separator"] as? String == ",")
            #expect(column["grouping_separator"] as? String == ".")
            #expect(column["locale_guess"] as? String == "de_DE")
            #expect(column["ambiguous"] as? Int == 0)
        }
        #expect(columns[1]["numeric"] as? Int == 0)
    }

    @Test func ambiguousCellsAreCounted() throws {
        let json = try sniff("locales/auto-mixed.csv")
        #expect(json["delimiter"] as? String == ",")
        let columns = try E2E.columns(json)
        #expect(columns.map { $0["decimal_separator"] as? String } == [nil, ",", ".", nil])
        #expect(columns.map { $0["grouping_separator"] as? String } == [nil, ".", ",", nil])
        #expect(columns.map { $0["locale_guess"] as? String } == [nil, "de_DE", "en_US", nil])
        #expect(columns.map { $0["ambiguous"] as? Int } == [0, 0, 0, 2])
    }
}
