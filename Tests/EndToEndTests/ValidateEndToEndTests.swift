import Foundation
import Testing

/// The text of a file of the fixtures' expected results.
private func expected(_ name: String) -> String? {
    URL(fileURLWithPath: UnitPipeRunner.fixture("expected/validate/" + name)).text
}

@Suite("validate, end to end")
struct ValidateEndToEndTests {
    @Test func cleanExportAgainstItsSchemaIsValid() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/orders.csv"), "--schema", UnitPipeRunner.fixture("validate/orders.schema.json"),
            "-e", "errors.csv", "-r", "rejects.csv", "--summary", "summary.json",
        ], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(dir.appendingPathComponent("errors.csv").text == expected("orders.errors.csv"))
        #expect(dir.appendingPathComponent("rejects.csv").text
            == "order_id,customer,country,amount,quantity,discount,weight_kg,ordered_on\n")
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "ok")
        #expect(json["rows_in"] as? Int == 6 && json["rows_invalid"] as? Int == 0)
        let columns = try #require(json["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["order_id", "customer", "country", "amount", "quantity", "discount", "weight_kg", "ordered_on"])
        // discount: 0.1, 0, 0.25, empty, 0.5, NA.
        #expect(columns[5]["cells"] as? Int == 6 && columns[5]["empty"] as? Int == 2 && columns[5]["valid"] as? Int == 4)
        #expect(columns[5]["min"] as? Double == 0 && columns[5]["max"] as? Double == 0.5)
        #expect(columns[3]["min"] as? Double == 0.1 && columns[3]["max"] as? Double == 100000)
    }

    /// Every kind of defect, a row with five bad cells among them: the whole report and the rejects
    /// as written by hand from the rules, for 1 and 3 threads.
    @Test(arguments: ["1", "3"])
    func exportWithEveryDefect(threads: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/orders-defects.csv"),
            "--schema", UnitPipeRunner.fixture("validate/orders-defects.schema.json"),
            "-e", "errors.csv", "-r", "rejects.csv", "--summary", "summary.json", "--threads", threads,
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "unitpipe validate: 16 invalid cells in 12 of 14 rows and 3 header problems; see errors.csv\n")
        #expect(dir.appendingPathComponent("errors.csv").text == expected("orders-defects.errors.csv"))
        #expect(dir.appendingPathComponent("rejects.csv").text == expected("orders-defects.rejects.csv"))
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "rejected" && json["max_errors_reached"] as? Bool == false)
        #expect(json["rows_in"] as? Int == 14 && json["rows_valid"] as? Int == 2 && json["rows_invalid"] as? Int == 12)
        let byCode = try #require(json["errors_by_code"] as? [String: Int])
        #expect(byCode == ["duplicate_column": 1, "empty": 3, "extra_column": 1, "field_count": 1, "invalid_number": 4,
                           "malformed_csv": 1, "missing_column": 1, "multiple_decimal": 1, "not_integer": 1, "out_of_range": 5])
        let columns = try #require(json["columns"] as? [[String: Any]])
        let amount = try #require(columns.first { $0["name"] as? String == "amount" })
        // 12 rows read as CSV; valid amounts 1234.50, 250.00, 12, 12.5.
        #expect(amount["cells"] as? Int == 12 && amount["valid"] as? Int == 4)
        #expect(amount["invalid"] as? [String: Int] == ["invalid_number": 4, "multiple_decimal": 1, "out_of_range": 3])
        #expect(amount["min"] as? Double == 12 && amount["max"] as? Double == 1234.5)
    }

    @Test func unitsLocalesBoundsAndTheColumnHint() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/shipments.csv"), "--locale", "en_US", "-c", "weight:kg",
            "-c", "distance:@unit", "-c", "price_eur", "--max", "weight=100", "--min", "price_eur=0", "--required",
            "-e", "errors.csv", "-r", "rejects.csv",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == """
            unitpipe validate: column 'price_eur': 4 of 6 cells read as de_DE-style numbers; try --locale de_DE
            unitpipe validate: 12 invalid cells in 6 of 7 rows; see errors.csv

            """)
        #expect(dir.appendingPathComponent("errors.csv").text == expected("shipments.errors.csv"))
        #expect(dir.appendingPathComponent("rejects.csv").text == expected("shipments.rejects.csv"))
    }

    /// `--locale auto` decides each column from the head; the summary says how, and a column
    /// that shows no evidence reads `1,234` as ambiguous, never as a guess.
    @Test func autoLocaleIsDecidedPerColumn() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("locales/auto-mixed.csv"), "--locale", "auto", "-c", "eu", "-c", "us",
            "-c", "unclear", "-e", "errors.csv", "--summary", "summary.json",
        ], in: dir)
        #expect(result.status == 1)
        let rows = parseCSV(try #require(dir.appendingPathComponent("errors.csv").text)).map { Array($0.prefix(5)) }
        #expect(rows == [
            ["record", "line", "column", "value", "code"],
            ["2", "3", "unclear", "1,234", "ambiguous_number"],
            ["4", "5", "unclear", "5,678", "ambiguous_number"],
        ])
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let columns = try #require(json["columns"] as? [[String: Any]])
        #expect(columns.map { $0["locale"] as? String } == ["auto:decimal_comma", "auto:decimal_point", "auto:undecided"])
        #expect(columns[0]["valid"] as? Int == 6 && columns[0]["max"] as? Double == 1_000_000 && columns[0]["min"] as? Double == 0.25)
        #expect(columns[2]["invalid"] as? [String: Int] == ["ambiguous_number": 2])
    }

    /// `--max-errors 2` stops after the third invalid row: exit 2, the report up to that row, and
    /// the summary says the limit was hit.
    @Test func maxErrorsStopsAndSaysSo() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/orders-defects.csv"),
            "--schema", UnitPipeRunner.fixture("validate/orders-defects.schema.json"),
            "-e", "errors.csv", "--summary", "summary.json", "--max-errors", "2",
        ], in: dir)
        #expect(result.status == 2)
        let lines = try #require(expected("orders-defects.errors.csv")).split(separator: "\n", omittingEmptySubsequences: false)
        // The header row, 3 header problems, then records 2, 3 and 4 (1 + 1 + 5 failures).
        #expect(dir.appendingPathComponent("errors.csv").text == lines.prefix(1 + 3 + 7).joined(separator: "\n") + "\n")
        let summary = try #require(dir.appendingPathComponent("summary.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "failed" && json["reason"] as? String == "max_errors")
        #expect(json["max_errors_reached"] as? Bool == true)
    }

    /// validate writes no output, only its reports: its messages say where the report is (or
    /// how to get one), never that an output was not written, and never name /dev/stdout.
    @Test(arguments: [
        (["-c", "v", "--max-errors", "1"], 2,
         "unitpipe validate: stopped: more than 1 row failed (--max-errors 1); add -e FILE to see which and why\n"),
        (["-c", "v", "--max-errors", "1", "-e", "r.csv"], 2,
         "unitpipe validate: stopped: more than 1 row failed (--max-errors 1); 'r.csv' lists the failures found up to there\n"),
        (["-c", "v", "--max-errors", "1", "--report-format", "json"], 2,
         "unitpipe validate: stopped: more than 1 row failed (--max-errors 1); the report on standard output lists the failures found up to there\n"),
        (["-c", "v", "-e", "/dev/stdout"], 1, "unitpipe validate: 3 invalid cells in 3 of 4 rows; the report is on standard output\n"),
        (["-c", "v", "-e", "r.csv"], 1, "unitpipe validate: 3 invalid cells in 3 of 4 rows; see r.csv\n"),
        (["-c", "v"], 1, "unitpipe validate: 3 invalid cells in 3 of 4 rows; add -e FILE to see which and why\n"),
        (["other.csv", "-c", "v"], 2,
         "unitpipe validate: the header of 'other.csv' differs from that of 'in.csv': column 1 is 'w' there and 'v' in 'in.csv'; every input must have the same header, so their rows fit under one: validate them separately, or fix the header\n"),
    ] as [([String], Int32, String)])
    func messagesSpeakOfReportsNotOutput(arguments: [String], status: Int32, stderr: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("v\n1\nx\ny\nz\n".utf8).write(to: dir.appendingPathComponent("in.csv"))
        try Data("w\n1\n".utf8).write(to: dir.appendingPathComponent("other.csv"))
        let result = try UnitPipeRunner.run(["validate", "in.csv"] + arguments + ["--threads", "1"], in: dir)
        #expect(result.status == status)
        #expect(result.stderr == stderr)
    }

    @Test(arguments: [
        ([#"{"fields": [{"name": "amount", "type": "number", "constraints": {"minimum": "zero"}}]}"#],
         "invalid value 'schema.json' for --schema: fields[0].constraints.minimum: 'zero' is not a number; write the value as the field's cells are written"),
        ([#"{"fields": [{"name": "amount", "type": "numbr"}]}"#],
         "invalid value 'schema.json' for --schema: fields[0].type: unknown type 'numbr'; did you mean 'number'?"),
    ])
    func schemaMistakesAreUsageErrors(schema: [String], message: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(schema[0].utf8).write(to: dir.appendingPathComponent("schema.json"))
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("validate/orders.csv"), "--schema", "schema.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe validate: \(message)\n"))
    }

    @Test func notCheckedKeywordsAreNamed() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(#"{"fields": [{"name": "customer", "type": "string", "constraints": {"jsonSchema": {}}}], "foreignKeys": []}"#.utf8)
            .write(to: dir.appendingPathComponent("schema.json"))
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("validate/orders.csv"), "--schema", "schema.json", "-q"], in: dir)
        // The header's other columns are not in this schema.
        #expect(result.status == 1)
        #expect(result.stderr == """
            unitpipe validate: schema: foreignKeys: not checked; unitpipe validate checks each field's cells and the header's names
            unitpipe validate: schema: fields[0].constraints.jsonSchema: not checked; unitpipe validate checks required, unique, minimum, maximum, exclusiveMinimum, exclusiveMaximum, enum, minLength, maxLength and pattern

            """)
    }

    @Test(arguments: [
        (["--min", "weight=1"], "invalid value 'weight=1' for --min: no -c option (or number field of the schema) names column 'weight'; add -c weight"),
        (["-c", "amount", "--max", "amount=1,5"], "invalid value 'amount=1,5' for --max: write NAME=V with V in the C convention, e.g. weight=0.5"),
        (["-c", "amount:@unit"], "no column named 'unit'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("validate/orders.csv")] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe validate: \(message)"))
    }
}
