import Foundation
import Testing

/// Whether Python can import frictionless (the optional oracle of the report's shape).
let hasFrictionless: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import frictionless"]
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// Reads a JSON report and a CSV report of the same run with Python's `json` and `csv` modules
/// and returns each as rows `[file, record, line, column, value, code, message]` (file empty
/// when the CSV report has no `file` column), in report order.
func reportRows(json: URL, csv: URL) throws -> (json: [[String]], csv: [[String]], document: [String: Any]) {
    let script = """
        import csv, json, sys
        doc = json.load(open(sys.argv[1], encoding='utf-8'))
        rows = []
        for task in doc['tasks']:
            for e in task['errors']:
                rows.append([e.get('file', ''), str(e['record']), str(e['line']), e['fieldName'],
                             e['label'] if 'label' in e else e['cell'], e['code'], e['message']])
        with open(sys.argv[2], newline='', encoding='utf-8') as f:
            table = list(csv.reader(f))
        header, body = table[0], table[1:]
        lead = header.index('record')
        crows = [([r[lead - 1]] if lead else ['']) + r[lead:] for r in body]
        print(json.dumps({'json': rows, 'csv': crows, 'doc': doc}))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, json.path, csv.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (try #require(object["json"] as? [[String]]), try #require(object["csv"] as? [[String]]), try #require(object["doc"] as? [String: Any]))
}

@Suite("validate --report-format json, end to end")
struct JSONReportEndToEndTests {
    /// Every kind of defect of the fixture (header problems, a malformed row, a short row, bounds,
    /// numbers): the JSON report says what the CSV report says, row by row, for 1 and 3 threads.
    @Test(arguments: ["1", "3"])
    func sameRowsAsTheCSVReport(threads: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let input = UnitPipeRunner.fixture("validate/orders-defects.csv")
        let schema = UnitPipeRunner.fixture("validate/orders-defects.schema.json")
        let csv = try UnitPipeRunner.run(["validate", input, "--schema", schema, "-e", "errors.csv", "-q", "--threads", threads], in: dir)
        let json = try UnitPipeRunner.run(["validate", input, "--schema", schema, "-e", "errors.json", "--report-format", "json", "-q", "--threads", threads], in: dir)
        #expect(csv.status == 1 && json.status == 1)
        let rows = try reportRows(json: dir.appendingPathComponent("errors.json"), csv: dir.appendingPathComponent("errors.csv"))
        #expect(rows.json.count == 19)
        #expect(rows.json == rows.csv)
        let document = rows.document
        #expect(document["valid"] as? Bool == false)
        let stats = try #require(document["stats"] as? [String: Any])
        #expect(stats["tasks"] as? Int == 1 && stats["errors"] as? Int == 19 && stats["warnings"] as? Int == 0)
        let task = try #require((document["tasks"] as? [[String: Any]])?.first)
        #expect(task["name"] as? String == "orders-defects" && task["place"] as? String == input && task["type"] as? String == "table")
        let taskStats = try #require(task["stats"] as? [String: Any])
        #expect(taskStats["rows"] as? Int == 14 && taskStats["errors"] as? Int == 19)
        let errors = try #require(task["errors"] as? [[String: Any]])
        // Frictionless' types and row numbers (the header is row 1).
        let types = Dictionary(errors.map { ($0["code"] as? String ?? "", $0["type"] as? String ?? "") }) { a, _ in a }
        #expect(types == ["missing_column": "missing-label", "extra_column": "extra-label", "duplicate_column": "duplicate-label",
                          "invalid_number": "type-error", "multiple_decimal": "type-error", "not_integer": "type-error",
                          "out_of_range": "constraint-error", "empty": "constraint-error", "field_count": "missing-cell",
                          "malformed_csv": "source-error"])
        for error in errors where error["rowNumber"] != nil {
            #expect(error["rowNumber"] as? Int == (error["record"] as? Int ?? 0) + 1)
        }
    }

    /// The whole document of a small run, line by line (the seconds aside): one error per line.
    @Test func wholeDocument() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("id,amount,kind\n1,2.5,a\nx,3,b\n3,abc\n4,5,c,9\n".utf8).write(to: dir.appendingPathComponent("t.csv"))
        try Data(#"{"fields":[{"name":"id","type":"integer"},{"name":"amount","type":"number","constraints":{"maximum":2.9}},{"name":"kind","type":"string"},{"name":"zz","type":"string"}]}"#.utf8)
            .write(to: dir.appendingPathComponent("s.json"))
        let result = try UnitPipeRunner.run(["validate", "t.csv", "--schema", "s.json", "--report-format", "json"], in: dir)
        #expect(result.status == 1)
        // The report goes to standard output without -e: the line says so rather than naming /dev/stdout.
        #expect(result.stderr == "unitpipe validate: 4 invalid cells in 3 of 4 rows and 1 header problem; the report is on standard output\n")
        let lines = result.stdout.replacing(/"seconds": [0-9.]+/, with: "\"seconds\": S").split(separator: "\n").map(String.init)
        #expect(lines == [
            ##"{"tasks": ["##,
            ##"{"name": "t", "type": "table", "place": "t.csv", "labels": ["id", "amount", "kind"], "warnings": [], "errors": ["##,
            ##"{"type": "missing-label", "title": "Missing Label", "description": "Based on the schema there should be a label that is missing in the data's header.", "message": "the schema's field 'zz' is not in the header; its cells cannot be checked", "tags": ["#table", "#header", "#label"], "note": "the schema's field 'zz' is not in the header; its cells cannot be checked", "labels": [], "rowNumbers": [1], "label": "", "fieldName": "zz", "fieldNumber": 4, "code": "missing_column", "record": 0, "line": 1},"##,
            ##"{"type": "type-error", "title": "Type Error", "description": "The value does not match the schema type and format for this field.", "message": "'x' is not a number in locale C; fix the cell or choose the file's locale with --locale", "tags": ["#table", "#row", "#cell"], "note": "'x' is not a number in locale C; fix the cell or choose the file's locale with --locale", "cells": [], "rowNumber": 3, "cell": "x", "fieldName": "id", "fieldNumber": 1, "code": "invalid_number", "record": 2, "line": 3, "byte": 23},"##,
            ##"{"type": "constraint-error", "title": "Constraint Error", "description": "A field value does not conform to a constraint.", "message": "'3' is above the maximum 2.9 of column 'amount'", "tags": ["#table", "#row", "#cell"], "note": "'3' is above the maximum 2.9 of column 'amount'", "cells": [], "rowNumber": 3, "cell": "3", "fieldName": "amount", "fieldNumber": 2, "code": "out_of_range", "record": 2, "line": 3, "byte": 23},"##,
            ##"{"type": "missing-cell", "title": "Missing Cell", "description": "This row has less values compared to the header row (the first row in the data source).", "message": "record has 2 fields, but the header has 3", "tags": ["#table", "#row", "#cell"], "note": "record has 2 fields, but the header has 3", "cells": [], "rowNumber": 4, "cell": "3,abc", "fieldName": "", "fieldNumber": 3, "code": "field_count", "record": 3, "line": 4, "byte": 29},"##,
            ##"{"type": "extra-cell", "title": "Extra Cell", "description": "This row has more values compared to the header row (the first row in the data source).", "message": "record has 4 fields, but the header has 3", "tags": ["#table", "#row", "#cell"], "note": "record has 4 fields, but the header has 3", "cells": [], "rowNumber": 5, "cell": "4,5,c,9", "fieldName": "", "fieldNumber": 4, "code": "field_count", "record": 4, "line": 5, "byte": 35}], "valid": false, "stats": {"errors": 5, "warnings": 0, "seconds": S, "bytes": 43, "fields": 3, "rows": 4}}"##,
            ##"], "valid": false, "stats": {"tasks": 1, "errors": 5, "warnings": 0, "seconds": S}, "warnings": [], "errors": []}"##,
        ])
    }

    /// A valid file: `valid: true`, no errors, exit 0.
    @Test func validFile() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/orders.csv"), "--schema", UnitPipeRunner.fixture("validate/orders.schema.json"),
            "--report-format", "json", "-e", "r.json",
        ], in: dir)
        #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json"))) as? [String: Any])
        #expect(object["valid"] as? Bool == true && object["errors"] as? [Any] != nil)
        let task = try #require((object["tasks"] as? [[String: Any]])?.first)
        #expect(task["valid"] as? Bool == true && (task["errors"] as? [Any])?.isEmpty == true)
        #expect((task["stats"] as? [String: Any])?["rows"] as? Int == 6)
    }

    /// Several inputs: one task per file, each error naming its file as the CSV report's `file` column does.
    @Test func severalInputsOneTaskEach() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("id,v\n1,2\n2,x\n".utf8).write(to: dir.appendingPathComponent("a.csv"))
        try Data("id,v\n3,y\n4,5\n5,z\n".utf8).write(to: dir.appendingPathComponent("b.csv"))
        _ = try UnitPipeRunner.run(["validate", "a.csv", "b.csv", "-c", "v", "-e", "e.csv", "-q"], in: dir)
        let result = try UnitPipeRunner.run(["validate", "a.csv", "b.csv", "-c", "v", "-e", "e.json", "--report-format", "json", "-q"], in: dir)
        #expect(result.status == 1)
        let rows = try reportRows(json: dir.appendingPathComponent("e.json"), csv: dir.appendingPathComponent("e.csv"))
        #expect(rows.json == rows.csv)
        #expect(rows.json.map { $0[0] + ":" + $0[1] } == ["a.csv:2", "b.csv:1", "b.csv:3"])
        let tasks = try #require(rows.document["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["name"] as? String } == ["a", "b"])
        #expect(tasks.map { ($0["stats"] as? [String: Any])?["rows"] as? Int } == [2, 3])
        #expect(tasks.map { $0["valid"] as? Bool } == [false, false])
    }

    /// A run stopped by --max-errors still writes a whole document: `valid: false` and the reason
    /// at the top level, beside the errors found until then.
    @Test func stoppedRunIsAWholeDocument() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        var text = "v\n"
        for i in 0..<50 { text += "x\(i)\n" }
        try Data(text.utf8).write(to: dir.appendingPathComponent("in.csv"))
        let result = try UnitPipeRunner.run(["validate", "in.csv", "-c", "v", "--max-errors", "3", "--report-format", "json", "-e", "r.json", "--threads", "1"], in: dir)
        #expect(result.status == 2)
        // validate writes no output, only reports, which a stopped run keeps.
        #expect(result.stderr == "unitpipe validate: stopped: more than 3 rows failed (--max-errors 3); 'r.json' lists the failures found up to there\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json"))) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        let top = try #require(object["errors"] as? [[String: Any]])
        #expect(top.count == 1 && top.first?["type"] as? String == "task-error" && top.first?["code"] as? String == "max_errors")
        #expect(top.first?["message"] as? String == "stopped: more than 3 rows failed (--max-errors 3); 'r.json' lists the failures found up to there")
        let task = try #require((object["tasks"] as? [[String: Any]])?.first)
        #expect((task["errors"] as? [Any])?.count ?? 0 >= 3)
    }

    /// Frictionless itself reads the report back (`Report.from_descriptor`) and flattens it to the
    /// same row numbers, field numbers and types.
    @Test(.enabled(if: hasFrictionless)) func frictionlessReadsTheReport() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("validate/orders-defects.csv"),
            "--schema", UnitPipeRunner.fixture("validate/orders-defects.schema.json"), "--report-format", "json", "-e", "r.json", "-q",
        ], in: dir)
        #expect(result.status == 1)
        let check = try UnitPipeRunner.runShell("""
            python3 -c "
            import json; from frictionless import Report
            doc = json.load(open('r.json'))
            report = Report.from_descriptor(doc)
            ours = [[e.get('rowNumber'), e.get('fieldNumber'), e['type']] for t in doc['tasks'] for e in t['errors']]
            assert report.valid is False, report.valid
            assert report.flatten(['rowNumber', 'fieldNumber', 'type']) == ours, (report.flatten(['rowNumber', 'fieldNumber', 'type']), ours)
            "
            """, in: dir)
        #expect(check.status == 0, "\(String(decoding: check.stderr, as: UTF8.self))")
    }

    /// A repeated `unique` value is Frictionless' unique-error, a repeated primary key its
    /// primary-key error; Frictionless reads them back.
    @Test func uniqueAndPrimaryKeyTypes() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("id,code\n1,a\n2,b\n1,a\n".utf8).write(to: dir.appendingPathComponent("k.csv"))
        try Data(#"{"fields": [{"name": "id", "type": "integer"}, {"name": "code", "type": "string", "constraints": {"unique": true}}], "primaryKey": ["id"]}"#.utf8)
            .write(to: dir.appendingPathComponent("k.json"))
        let result = try UnitPipeRunner.run(["validate", "k.csv", "--schema", "k.json", "--report-format", "json", "-e", "r.json", "-q"], in: dir)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json"))) as? [String: Any])
        let errors = try #require((object["tasks"] as? [[String: Any]])?.first?["errors"] as? [[String: Any]])
        #expect(errors.map { "\($0["rowNumber"] ?? "") \($0["fieldName"] ?? "") \($0["type"] ?? "") \($0["code"] ?? "")" }
            == ["4 id primary-key duplicate_value", "4 code unique-error duplicate_value"])
        if hasFrictionless {
            let check = try UnitPipeRunner.runShell(
                "python3 -c \"import json; from frictionless import Report; Report.from_descriptor(json.load(open('r.json')))\"", in: dir)
            #expect(check.status == 0, "\(String(decoding: check.stderr, as: UTF8.self))")
        }
    }

    /// A shard's report is one part of its job's: only CSV reports join by concatenation.
    /// Each row error's `byte` is where its record starts in the file (the BOM and header
    /// counted, records over several lines included), for every thread count; for a gzip input,
    /// where it starts in the decompressed stream, the same numbers.
    @Test(arguments: ["1", "3"])
    func byteOffsetsAreWhereTheFailedRecordsStart(threads: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        var text = "\u{FEFF}id,amount,note\r\n"
        var expected: [Int] = []
        for i in 1...3000 {
            let start = text.utf8.count
            let note = i % 3 == 0 ? "\"two\r\nlines\"" : "n\(i)"
            if i % 500 == 7 {
                expected.append(start)
                text += "\(i),x\(i),\(note)\r\n"
            } else if i == 2999 {
                expected.append(start)
                text += "\(i),1\r\n"
            } else {
                text += "\(i),\(i).5,\(note)\r\n"
            }
        }
        try Data(text.utf8).write(to: dir.appendingPathComponent("t.csv"))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -c t.csv > t.csv.gz"]
        gzip.currentDirectoryURL = dir
        try gzip.run()
        gzip.waitUntilExit()
        for name in ["t.csv", "t.csv.gz"] {
            let result = try UnitPipeRunner.run(
                ["validate", name, "-c", "amount", "--report-format", "json", "-e", "e.json", "-q", "--threads", threads], in: dir)
            #expect(result.status == 1)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("e.json"))) as? [String: Any])
            let tasks = try #require(document["tasks"] as? [[String: Any]])
            let errors = try #require(tasks.first?["errors"] as? [[String: Any]])
            #expect(errors.compactMap { $0["byte"] as? Int } == expected, "\(name)")
            #expect(errors.compactMap { $0["code"] as? String } == Array(repeating: "invalid_number", count: 6) + ["field_count"])
        }
    }

    @Test func noJSONReportForAShard() throws {
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("validate/orders.csv"), "--byte-range", "0:100", "--report-format", "json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe validate: invalid value 'json' for --report-format: a shard's report is one part of its job's; write CSV reports (the default), which join by concatenation\n"))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try UnitPipeRunner.run(["validate", UnitPipeRunner.fixture("validate/orders.csv"), "--report-format", "xml"])
        #expect(result.status == 2)
        #expect(result.stderr == """
            unitpipe validate: invalid value 'xml' for --report-format: use one of csv, json
            Usage: unitpipe validate [INPUT …] [-c NAME[:UNIT] …] [--schema FILE] [options]
            Run 'unitpipe validate --help' for every option.

            """)
    }
}
