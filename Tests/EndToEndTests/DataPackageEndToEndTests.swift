import Foundation
import Testing

/// Writes `files` (name → text) into a new temporary directory and returns it.
private func package(_ files: [String: String]) throws -> URL {
    let dir = try UnitPipeRunner.temporaryDirectory()
    for (name, text) in files {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return dir
}

private let usage = """
    Usage: unitpipe validate [INPUT …] [-c NAME[:UNIT] …] [--schema FILE] [options]
    Run 'unitpipe validate --help' for every option.

    """

/// Validates a fixture package with unitpipe (JSON report) and with `frictionless validate`,
/// then runs `comparison` (Python, with `ours` and `theirs` loaded) on the two reports.
private func compareWithFrictionless(_ fixture: String, comparison: String) throws {
    let dir = try UnitPipeRunner.temporaryDirectory()
    let descriptor = UnitPipeRunner.fixture(fixture)
    let result = try UnitPipeRunner.run(["validate", descriptor, "-e", "ours.json", "--report-format", "json", "-q"], in: dir)
    #expect(result.status == 1)
    let check = try UnitPipeRunner.runShell("""
        frictionless validate --json \(descriptor) > theirs.json
        python3 -c "
        import json
        ours, theirs = json.load(open('ours.json')), json.load(open('theirs.json'))
        assert ours['valid'] == theirs['valid'] == False
        \(comparison)
        "
        """, in: dir)
    #expect(check.status == 0, "\(String(decoding: check.stderr, as: UTF8.self))")
}

/// `unitpipe validate datapackage.json`: every tabular resource of a Frictionless Data Package.
@Suite("validate a Data Package, end to end")
struct DataPackageEndToEndTests {
    /// The fixture: a `;` resource with German numbers (schema inline, `decimalChar ","`), a resource
    /// in two files (schema by path), and a text file that is skipped.
    @Test func fixturePackage() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "validate", UnitPipeRunner.fixture("package/datapackage.json"), "-e", "errors.csv", "--summary", "summary.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == """
            unitpipe validate: resources[2] 'readme': not a table (no schema, and not CSV or TSV); skipped
            unitpipe validate: 4 invalid cells in 4 of 8 rows; see errors.csv

            """)
        let data = UnitPipeRunner.fixture("package/data")
        #expect(dir.appendingPathComponent("errors.csv").text == """
            resource,file,record,line,column,value,code,message
            prices,\(data)/prices.csv,3,4,price,"-4,00",out_of_range,"'-4,00' is below the minimum 0 of column 'price'"
            prices,\(data)/prices.csv,4,5,stock,1.5,not_integer,"'1.5' is not a whole number, which column 'stock' (integer) requires"
            shipments,\(data)/shipments-1.csv,2,3,weight_kg,1200,out_of_range,'1200' is above the maximum 1000 of column 'weight_kg'
            shipments,\(data)/shipments-2.csv,2,3,id,,empty,"empty cell in column 'id', which the schema requires (constraints.required)"

            """)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("summary.json"))) as? [String: Any])
        #expect(summary["status"] as? String == "rejected" && summary["rows_in"] as? Int == 8 && summary["rows_invalid"] as? Int == 4)
        let resources = try #require(summary["resources"] as? [[String: Any]])
        #expect(resources.map { $0["name"] as? String } == ["prices", "shipments"])
        #expect(resources.map { $0["rows_in"] as? Int } == [4, 4])
        #expect(resources.map { $0["bytes_in"] as? Int } == [67, 47])
        let price = try #require((resources[0]["columns"] as? [[String: Any]])?[1])
        #expect(price["locale"] as? String == "decimalChar ',', groupChar '.'" && price["max"] as? Double == 1234.5)
    }

    /// The JSON report: one task per resource, each error naming its file, the same rows as the CSV report.
    @Test func jsonReportHasATaskPerResource() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let descriptor = UnitPipeRunner.fixture("package/datapackage.json")
        _ = try UnitPipeRunner.run(["validate", descriptor, "-e", "e.csv", "-q"], in: dir)
        let result = try UnitPipeRunner.run(["validate", descriptor, "-e", "e.json", "--report-format", "json", "-q"], in: dir)
        #expect(result.status == 1)
        let rows = try reportRows(json: dir.appendingPathComponent("e.json"), csv: dir.appendingPathComponent("e.csv"))
        #expect(rows.json == rows.csv && rows.json.count == 4)
        let tasks = try #require(rows.document["tasks"] as? [[String: Any]])
        let data = UnitPipeRunner.fixture("package/data")
        #expect(tasks.map { $0["name"] as? String } == ["prices", "shipments"])
        #expect(tasks.map { $0["place"] as? String } == ["\(data)/prices.csv", "\(data)/shipments-1.csv, \(data)/shipments-2.csv"])
        #expect(tasks.map { ($0["stats"] as? [String: Any])?["rows"] as? Int } == [4, 4])
        #expect(tasks.map { ($0["errors"] as? [Any])?.count } == [2, 2])
    }

    /// Frictionless gives the same verdict on the fixture's resources, error for error (row and
    /// field numbers and types), and both say the package is invalid. The resource in two files
    /// is one table to Frictionless: its `rowNumber` counts on from one part to the next (the
    /// second part's header line is not a row), so the JSON report's does too.
    @Test(.enabled(if: hasFrictionless)) func sameVerdictAsFrictionless() throws {
        try compareWithFrictionless("package/datapackage.json", comparison: """
            def errors(doc, name):
                task = next(t for t in doc['tasks'] if t['name'] == name)
                return [(e.get('rowNumber'), e.get('fieldNumber'), e['type']) for e in task['errors']]
            assert errors(ours, 'prices') == errors(theirs, 'prices'), (errors(ours, 'prices'), errors(theirs, 'prices'))
            assert errors(ours, 'shipments') == errors(theirs, 'shipments'), (errors(ours, 'shipments'), errors(theirs, 'shipments'))
            """)
    }

    /// A Frictionless user's package (v2: `$schema`, `missingValues` objects; a `;` dialect; a
    /// schema by path with strings, an email format, an enum, numbers with `decimalChar ","` and
    /// `groupChar "."`, constraints written as strings, `NaN`/`INF`/`-inf`, a boolean with its own
    /// words, a date in a strptime format, a datetime, a unique id) with planted errors: one
    /// command, every bad cell, full messages. `k.A.` is a missing value, `NaN` a number.
    @Test func frictionlessUsersPackage() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let descriptor = UnitPipeRunner.fixture("package-v2/datapackage.json")
        let result = try UnitPipeRunner.run(["validate", descriptor, "-e", "/dev/stdout"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "unitpipe validate: 13 invalid cells in 13 of 17 rows; the report is on standard output\n")
        let file = UnitPipeRunner.fixture("package-v2/orders.csv")
        #expect(result.stdout == #"""
            resource,file,record,line,column,value,code,message
            orders,\#(file),3,4,amount,1.234.56,grouping,"'1.234.56' groups digits where field 'amount' (decimalChar ',' and groupChar '.') does not (groupChar must sit at every group of three digits, never after the decimalChar); fix the cell, or the field's groupChar in the schema ("""" for none)"
            orders,\#(file),4,5,amount,"12.34,5",grouping,"'12.34,5' groups digits where field 'amount' (decimalChar ',' and groupChar '.') does not (groupChar must sit at every group of three digits, never after the decimalChar); fix the cell, or the field's groupChar in the schema ("""" for none)"
            orders,\#(file),5,6,email,eva(at)example.de,invalid_value,"'eva(at)example.de' is not an email address, which field 'email' (format email) requires"
            orders,\#(file),6,7,country,FR,out_of_range,"'FR' is not one of the values column 'country' allows: DE, AT, CH"
            orders,\#(file),7,8,amount,"-5,00",out_of_range,"'-5,00' is below the minimum 0 of column 'amount'"
            orders,\#(file),8,9,paid,yes,invalid_value,"'yes' is not a boolean of field 'paid', whose trueValues are 'ja' and falseValues 'nein'; fix the cell, or add its spelling to trueValues or falseValues in the schema"
            orders,\#(file),9,10,ordered,30.02.2021,invalid_value,"'30.02.2021' is not a date in the format '%d.%m.%Y' of field 'ordered'; fix the cell, or the field's format in the schema"
            orders,\#(file),10,11,ordered,31.12.2019,out_of_range,'31.12.2019' is below the minimum 01.01.2020 of column 'ordered'
            orders,\#(file),11,12,shipped,2022-01-02 25:00:00,invalid_value,"'2022-01-02 25:00:00' is not a datetime in the default format YYYY-MM-DDThh:mm:ss with an optional fraction and Z or ±hh:mm of field 'shipped'; fix the cell, or give the field a format in the schema (as ""%d/%m/%Y %H:%M"")"
            orders,\#(file),12,13,rating,6,out_of_range,"'6' is not one of the values column 'rating' allows: 1, 2, 3, 4, 5"
            orders,\#(file),13,14,id,1,duplicate_value,"'1' repeats the value of record 1 in column 'id', which the schema says is unique (constraints.unique)"
            orders,\#(file),14,15,customer,nina,pattern_mismatch,'nina' does not match the pattern '[A-Z][a-z]+' of column 'customer' (the whole cell must match)
            orders,\#(file),15,16,amount,"10.000,01",out_of_range,"'10.000,01' is above the maximum 10.000,00 of column 'amount'"

            """#)
    }

    /// `frictionless validate` on the same package fails the same cells with the same error types,
    /// but for the two numbers it misreads: it reads `12.34,5` as 1234.5 (valid) and `1.234.56` as
    /// 123456 (above the maximum, so a constraint error rather than a misplaced group).
    @Test(.enabled(if: hasFrictionless)) func frictionlessUsersPackageAgreesWithFrictionless() throws {
        try compareWithFrictionless("package-v2/datapackage.json", comparison: """
            def errors(doc):
                return {(e['rowNumber'], e['fieldName']): e['type'] for t in doc['tasks'] for e in t['errors']}
            o, t = errors(ours), errors(theirs)
            misread = {(5, 'amount'): ('type-error', None), (4, 'amount'): ('type-error', 'constraint-error')}
            for cell, (mine, frictionless) in misread.items():
                assert o.pop(cell) == mine and t.pop(cell, None) == frictionless, cell
            assert o == t, (o, t)
            assert len(o) == 11
            """)
    }

    /// A resource in parts: the JSON report's `rowNumber` counts on across the parts (the header
    /// row 1, each later part's header line read once as the header), while `record`, `line` and
    /// `file` say where the row is; the CSV report numbers records per file.
    @Test func partsNumberRowsOnInTheJSONReport() throws {
        let dir = try package([
            "a.csv": "id,w\n1,5\n2,9\n", "b.csv": "id,w\n3,7\n4,6\n",
            "datapackage.json": #"{"resources": [{"name": "s", "path": ["a.csv", "b.csv"], "schema": {"fields": [{"name": "id", "type": "integer"}, {"name": "w", "type": "integer", "constraints": {"maximum": 6}}]}}]}"#,
        ])
        let result = try UnitPipeRunner.run(["validate", "datapackage.json", "--report-format", "json", "-q"], in: dir)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let errors = try #require(((document["tasks"] as? [[String: Any]])?.first?["errors"]) as? [[String: Any]])
        #expect(errors.map { "\($0["rowNumber"] ?? "-") \($0["record"] ?? "-") \($0["line"] ?? "-") \($0["file"] ?? "-")" } == ["3 2 3 a.csv", "4 1 2 b.csv"])
        let csv = try UnitPipeRunner.run(["validate", "datapackage.json", "-e", "/dev/stdout", "-q"], in: dir)
        #expect(csv.stdout == """
            resource,file,record,line,column,value,code,message
            s,a.csv,2,3,w,9,out_of_range,'9' is above the maximum 6 of column 'w'
            s,b.csv,1,2,w,7,out_of_range,'7' is above the maximum 6 of column 'w'

            """)
    }

    /// A later part without the header line is refused (exit 2): Frictionless drops the first
    /// line of each later part as its header, so that part's first row would go unchecked.
    @Test func partWithoutHeaderIsRefused() throws {
        let dir = try package([
            "a.csv": "id,w\n1,5\n", "b.csv": "3,7\n4,6\n",
            "datapackage.json": #"{"resources": [{"name": "s", "path": ["a.csv", "b.csv"], "schema": {"fields": [{"name": "id", "type": "integer"}, {"name": "w", "type": "integer"}]}}]}"#,
        ])
        let result = try UnitPipeRunner.run(["validate", "datapackage.json", "-e", "e.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe validate: the header of 'b.csv' differs from that of 'a.csv': column 1 is '3' there and 'id' in 'a.csv'; every part of a resource begins with the resource's header line, which is read once as the header (Frictionless drops each later part's first line, so a part without it loses a row there): add the header line to the part\n")
    }

    /// A dialect of every key the reader honours: tab, `'` quotes, no header (fields by
    /// position), Latin-1, a null sequence; a clean package exits 0 with nothing to say.
    @Test func dialectEncodingAndNullSequence() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data([0x27, 0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E, 0x27] + Array("\t1,5\nBonn\t-\n'a\tb'\t2\n".utf8))
            .write(to: dir.appendingPathComponent("cities.txt"))
        try Data(#"""
            {"resources": [{"name": "cities", "path": "cities.txt", "format": "csv", "encoding": "latin1",
              "dialect": {"delimiter": "\t", "quoteChar": "'", "header": false, "doubleQuote": true, "skipInitialSpace": false,
                          "nullSequence": "-", "lineTerminator": "\n"},
              "schema": {"fields": [{"name": "city", "type": "string"},
                                    {"name": "size", "type": "number", "decimalChar": ",", "constraints": {"maximum": 2}}]}}]}
            """#.utf8).write(to: dir.appendingPathComponent("datapackage.json"))
        let clean = try UnitPipeRunner.run(["validate", "datapackage.json", "-e", "e.csv"], in: dir)
        #expect(clean.status == 0 && clean.stderr.isEmpty)
        #expect(dir.appendingPathComponent("e.csv").text == "resource,file,record,line,column,value,code,message\n")
        // The same package with a size above its maximum: reported on record 3 (no header).
        try Data([0x27, 0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E, 0x27] + Array("\t1,5\nBonn\t-\n'a\tb'\t2,5\n".utf8))
            .write(to: dir.appendingPathComponent("cities.txt"))
        let dirty = try UnitPipeRunner.run(["validate", "datapackage.json", "-e", "/dev/stdout", "-q"], in: dir)
        #expect(dirty.status == 1)
        #expect(dirty.stdout == """
            resource,file,record,line,column,value,code,message
            cities,cities.txt,3,3,#2,"2,5",out_of_range,"'2,5' is above the maximum 2 of column '#2'"

            """)
    }

    /// Keys and values the reader cannot honour are refused naming their JSON path and the fix,
    /// never read another way; so are paths outside the package and options that a descriptor sets.
    @Test(arguments: [
        (##"{"resources":[{"name":"r","path":"d.csv","dialect":{"commentChar":"#"}}]}"##, [String](),
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].dialect.commentChar: comment lines are not read; remove them from the file and this key from the dialect"),
        (##"{"resources":[{"name":"r","path":"d.csv","dialect":{"doubleQuote":false}}]}"##, [],
         #"invalid value 'p.json' for INPUT (a Data Package): resources[0].dialect.doubleQuote: false is not read: a quote inside a quoted field is written twice (""); rewrite the file so, or leave doubleQuote true"#),
        (##"{"resources":[{"name":"r","path":"d.csv","dialect":{"skipInitialSpace":true}}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].dialect.skipInitialSpace: true is not read: spaces after the delimiter stay part of the cell; remove them from the file, or set skipInitialSpace false"),
        (##"{"resources":[{"name":"r","path":"d.csv","dialect":{"quote":"'"}}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].dialect.quote: 'quote' is not a CSV dialect key unitpipe reads; the keys are delimiter, quoteChar, header, doubleQuote, skipInitialSpace, nullSequence, lineTerminator"),
        (##"{"resources":[{"name":"r","path":"https://example.org/d.csv"}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].path: 'https://example.org/d.csv' is a URL; unitpipe reads local files: download it and name the file"),
        (##"{"resources":[{"name":"r","path":["d.csv","../d.csv"]}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].path[1]: '../d.csv' leaves the package's directory; a resource path is relative and has no '..'"),
        (##"{"resources":[{"name":"r","path":"d.csv","schema":"nope.json"}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].schema: cannot open input 'nope.json': No such file or directory; check the path and permissions"),
        (##"{"resources":[{"name":"r","path":"d.csv","schema":{"fields":[{"name":"a","type":"numbr"}]}}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].schema: fields[0].type: unknown type 'numbr'; did you mean 'number'?"),
        (##"{"resources":[{"name":"r","path":"d.csv","encoding":"ebcdic"}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[0].encoding: 'ebcdic' is not an encoding unitpipe reads; use one of utf-8, latin1, cp1252, iso-8859-15, utf-16le, utf-16be"),
        (##"{"resources":[{"name":"r","path":"d.csv"},{"name":"r","path":"d.csv"}]}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): resources[1].name: a second resource named 'r'; resource names must be unique"),
        (##"{"name":"p"}"##, [],
         "invalid value 'p.json' for INPUT (a Data Package): missing 'resources'; a Data Package lists its files under 'resources'"),
        (##"{"resources":[{"name":"r","path":"d.csv"}]}"##, ["-c", "a"],
         "invalid value 'a' for -c: p.json is a Data Package: the descriptor says how each resource is read and checked; set it there (dialect, encoding, schema)"),
        (##"{"resources":[{"name":"r","path":"d.csv"}]}"##, ["-r", "bad.csv"],
         "invalid value 'bad.csv' for -r: p.json is a Data Package: the resources of a package have their own headers; check one resource's file alone to copy its invalid rows"),
    ])
    func refusals(descriptor: String, options: [String], message: String) throws {
        let dir = try package(["d.csv": "a,b\n1,2\n", "p.json": descriptor])
        let result = try UnitPipeRunner.run(["validate", "p.json"] + options, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe validate: \(message)\n" + usage)
    }

    /// A resource file that is missing stops the run (exit 2) before any report is made.
    @Test func missingResourceFile() throws {
        let dir = try package(["p.json": #"{"resources":[{"name":"r","path":"data/gone.csv"}]}"#])
        let result = try UnitPipeRunner.run(["validate", "p.json", "-e", "e.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe validate: cannot open input 'data/gone.csv': No such file or directory; check the path and permissions\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("e.csv").path))
    }

    /// A header problem in one resource and a clean second resource: exit 1 over the package.
    @Test func headerProblemInOneResource() throws {
        let dir = try package([
            "a.csv": "id,x\n1,2\n", "b.csv": "id\n3\n",
            "datapackage.json": #"""
                {"resources": [{"name": "a", "path": "a.csv", "schema": {"fields": [{"name": "id", "type": "integer"}]}},
                               {"name": "b", "path": "b.csv", "schema": {"fields": [{"name": "id", "type": "integer"}]}}]}
                """#,
        ])
        let result = try UnitPipeRunner.run(["validate", "datapackage.json", "-e", "/dev/stdout"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            resource,file,record,line,column,value,code,message
            a,a.csv,0,1,x,x,extra_column,column 2 'x' is not a field of the schema; add a field for it or drop the column

            """)
    }
}
