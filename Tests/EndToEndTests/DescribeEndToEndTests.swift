import Foundation
import TestSupport
import Testing

/// `unitpipe describe FILE` writes a Table Schema such that `validate FILE --schema` exits 0, and a
/// cell changed afterwards is flagged.
@Suite("describe, end to end")
struct DescribeEndToEndTests {
    /// Writes `messy.csv` (seeded): number columns in several conventions (de, fr, en, de_CH, plain C,
    /// integers with grouping), currency and percent marks, null markers, booleans, dates and text;
    /// and `expected.json`, the field each column should get, as the generator knows it.
    static func makeMessyFile(in dir: URL, seed: Int, rows: Int, delimiter: String) throws {
        let script = #"""
            import json, random, sys
            seed, rows, delim = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            rng = random.Random(seed)
            def grouped(n, g):
                s = str(n); out = ''
                while len(s) > 3: out = g + s[-3:] + out; s = s[:-3]
                return s + out
            def number(style, whole=False):
                d, g = style
                n = rng.randint(0, 10**rng.randint(1, 7)); f = rng.randint(0, 99)
                sign = '-' if rng.random() < 0.1 else ''
                text = grouped(n, g) if g and n >= 1000 else str(n)
                return sign + text if whole else sign + text + d + '%02d' % f
            styles = {'de': (',', '.'), 'fr': (',', ' '), 'en': ('.', ','), 'ch': ('.', "'"), 'c': ('.', None)}
            cols, expected = [], []
            def col(name, field, make): cols.append((name, make)); expected.append(dict(field, name=name))
            for key, (d, g) in styles.items():
                field = {'type': 'number', 'decimalChar': d}
                if g: field['groupChar'] = g
                col('amount_' + key, field, lambda s=(d, g): number(s))
            col('count_de', {'type': 'number', 'decimalChar': ',', 'groupChar': '.'}, lambda: grouped(rng.randint(1000, 10**7), '.'))
            col('plain_int', {'type': 'integer'}, lambda: str(rng.randint(-50, 5000)))
            col('price', {'type': 'number', 'decimalChar': ',', 'groupChar': '.', 'bareNumber': False},
                lambda: rng.choice(['{} €', '€{}', '{}']).format(number((',', '.'))))
            col('share', {'type': 'number', 'decimalChar': '.', 'bareNumber': False}, lambda: number(('.', None)) + '%')
            col('flag', {'type': 'boolean'}, lambda: rng.choice(['true', 'false', 'TRUE', 'False']))
            col('day', {'type': 'date'}, lambda: '20%02d-%02d-%02d' % (rng.randint(0, 30), rng.randint(1, 12), rng.randint(1, 28)))
            col('label', {'type': 'string'}, lambda: rng.choice(['alpha', 'beta', 'x;y', 'Zürich', '12 apples']))
            nulls = ['', 'NA', '-', 'N/A']
            with_nulls = {'amount_de', 'amount_en', 'plain_int', 'label', 'share'}
            lines = [delim.join(name for name, _ in cols)]
            for r in range(rows):
                cells = []
                for name, make in cols:
                    cell = rng.choice(nulls) if name in with_nulls and rng.random() < 0.05 else make()
                    if delim in cell or '"' in cell: cell = '"' + cell.replace('"', '""') + '"'
                    cells.append(cell)
                lines.append(delim.join(cells))
            # Guarantee each nullable column shows an empty cell and the plain columns a fraction.
            open('messy.csv', 'w', encoding='utf-8').write('\n'.join(lines) + '\n')
            json.dump(expected, open('expected.json', 'w'))
            """#
        try Data(script.utf8).write(to: dir.appendingPathComponent("make.py"))
        let result = try UnitPipeRunner.runShell("python3 make.py \(seed) \(rows) '\(delimiter)'", in: dir)
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    }

    /// The fields of a schema without `constraints` (whether a column is required depends on the draw).
    static func fields(_ url: URL) throws -> [[String: String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let fields = try #require(object["fields"] as? [[String: Any]])
        return fields.map { field in
            var out: [String: String] = [:]
            for (key, value) in field where key != "constraints" {
                out[key] = (value as? String) ?? (value as? Bool).map { $0 ? "true" : "false" } ?? "\(value)"
            }
            return out
        }
    }

    /// Property: on generated messy files (several number styles, marks, nulls) `describe` finds
    /// every column's field as the generator made it, `validate --schema` of the same file exits 0,
    /// and after cells are replaced by text or a number in another style, `validate` flags
    /// exactly those cells.
    @Test(arguments: [(1, ","), (2, ";"), (3, "\t"), (4, "|")])
    func describeThenValidate(seed: Int, delimiter: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.makeMessyFile(in: dir, seed: seed, rows: 3000, delimiter: delimiter)
        let describe = try UnitPipeRunner.run(["describe", "messy.csv", "-o", "messy.schema.json", "-d", delimiter == "\t" ? "tab" : delimiter], in: dir)
        #expect(describe.status == 0)
        #expect(describe.stderr.isEmpty)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("expected.json"))) as? [[String: Any]])
        let found = try Self.fields(dir.appendingPathComponent("messy.schema.json"))
        #expect(found == expected.map { field in field.mapValues { (value: Any) -> String in (value as? String) ?? ((value as? Bool) == true ? "true" : "false") } })
        let schemaText = try #require(dir.appendingPathComponent("messy.schema.json").text)
        #expect(schemaText.contains(#""missingValues": ["", "#))
        let clean = try UnitPipeRunner.run(["validate", "messy.csv", "--schema", "messy.schema.json", "-e", "errors.csv", "-d", delimiter == "\t" ? "tab" : delimiter], in: dir)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(dir.appendingPathComponent("errors.csv").text == "record,line,column,value,code,message\n")
        if hasFrictionless, seed == 1 || isLongRun {
            // Frictionless reads the described schema too and finds the file valid (one file by
            // default, each with UNITPIPE_LONG_TESTS=1: it takes seconds).
            let dialect = delimiter == "\t" ? "\\t" : delimiter
            let check = try UnitPipeRunner.runShell("""
                frictionless validate --json messy.csv --schema messy.schema.json --dialect '{"delimiter": "\(dialect)"}' > fl.json
                python3 -c "import json, sys; d = json.load(open('fl.json')); sys.exit(0 if d['valid'] else str(d['tasks'][0]['errors'][:3]))"
                """, in: dir)
            #expect(check.status == 0, "\(String(decoding: check.stderr, as: UTF8.self))")
        }

        // Plant errors: a number cell becomes text, or a number written in another style.
        let plant = #"""
            import csv, random, sys
            delim = sys.argv[1]; rng = random.Random(int(sys.argv[2]))
            rows = list(csv.reader(open('messy.csv', encoding='utf-8', newline=''), delimiter=delim))
            header = rows[0]
            targets = {'amount_de': '1,234.5', 'amount_fr': 'abc', 'amount_en': '1.234,5', 'amount_ch': '12x',
                       'count_de': '12.5', 'plain_int': '7.5', 'price': '5 kg', 'share': 'half'}
            planted = []
            for name, bad in targets.items():
                k = header.index(name)
                for r in rng.sample(range(1, len(rows)), 3):
                    rows[r][k] = bad; planted.append((r, name))
            w = csv.writer(open('planted.csv', 'w', encoding='utf-8', newline=''), delimiter=delim, lineterminator='\n')
            w.writerows(rows)
            print('\n'.join(sorted('%d,%s' % p for p in set(planted))))
            """#
        try Data(plant.utf8).write(to: dir.appendingPathComponent("plant.py"))
        let planting = Process()
        planting.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        planting.arguments = ["python3", "plant.py", delimiter, String(seed)]
        planting.currentDirectoryURL = dir
        let pipe = Pipe()
        planting.standardOutput = pipe
        try planting.run()
        let plantedCells = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init).sorted()
        planting.waitUntilExit()
        #expect(plantedCells.count >= 20)
        let dirty = try UnitPipeRunner.run(["validate", "planted.csv", "--schema", "messy.schema.json", "-e", "errors.csv", "-q", "-d", delimiter == "\t" ? "tab" : delimiter], in: dir)
        #expect(dirty.status == 1)
        let report = parseCSV(try #require(dir.appendingPathComponent("errors.csv").text)).dropFirst()
        let flagged = report.map { "\($0[0]),\($0[2])" }.sorted()
        #expect(flagged == plantedCells)
    }

    /// A small file, the whole schema and the notes as written: a column read two ways stays a
    /// string and is named; a short row is named.
    @Test func wholeSchemaAndNotes() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("""
            id;name;price_eur;qty;ok;day;amb;pct;note
            1;Apfel;1.234,50;3;true;2024-01-02;1,234;12 %;x
            2;Birne;12,5;NA;false;2024-02-03;5,678;5%;-
            3;Kiwi;-4,00;7;TRUE;2024-03-04;9,000;€ 3,5;y
            4;Melone

            """.utf8).write(to: dir.appendingPathComponent("m.csv"))
        let result = try UnitPipeRunner.run(["describe", "m.csv"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "fields": [
                {"name": "id", "type": "integer", "constraints": {"required": true}},
                {"name": "name", "type": "string", "constraints": {"required": true}},
                {"name": "price_eur", "type": "number", "decimalChar": ",", "groupChar": ".", "constraints": {"required": true}},
                {"name": "qty", "type": "integer"},
                {"name": "ok", "type": "boolean", "constraints": {"required": true}},
                {"name": "day", "type": "date", "constraints": {"required": true}},
                {"name": "amb", "type": "string", "constraints": {"required": true}},
                {"name": "pct", "type": "number", "decimalChar": ",", "bareNumber": false, "constraints": {"required": true}},
                {"name": "note", "type": "string"}
              ],
              "missingValues": ["", "-", "NA"]
            }

            """)
        #expect(result.stderr == """
            unitpipe describe: column 'amb': its numbers read two ways (decimalChar '.', groupChar ',' or decimalChar ',') and no cell decides; left as a string: set decimalChar and groupChar in the schema
            unitpipe describe: 1 record does not read as 9 fields (the first: record 4); validate reports it as field_count or malformed_csv

            """)
    }

    /// A mostly numeric column with a broken cell stays a string and says which cell; the schema
    /// of the fixture then passes validate.
    @Test func mostlyNumericColumnIsNamed() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let input = UnitPipeRunner.fixture("locales/de_DE.csv")
        let result = try UnitPipeRunner.run(["describe", input, "-o", "s.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "unitpipe describe: column 'distance_km': 8 of 10 cells are numbers, but '1.23.456' is not a number; left as a string\n")
        let validate = try UnitPipeRunner.run(["validate", input, "--schema", "s.json"], in: dir)
        #expect(validate.status == 0 && validate.stderr.isEmpty)
    }

    /// `NaN`, `INF` and `-INF` (any case) are numbers of a `number` field (Table Schema: "permitted
    /// (case need not be respected)"), never of an `integer` one: a column of whole numbers with a
    /// NaN is a `number`, and validate reads the described schema back with exit 0.
    @Test func specialValuesAreNumbers() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("a;b;c\n1;0,5;x\nNaN;INF;y\n3;-inf;z\n".utf8).write(to: dir.appendingPathComponent("s.csv"))
        let result = try UnitPipeRunner.run(["describe", "s.csv", "-o", "s.json"], in: dir)
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(dir.appendingPathComponent("s.json").text == """
            {
              "fields": [
                {"name": "a", "type": "number", "decimalChar": ".", "constraints": {"required": true}},
                {"name": "b", "type": "number", "decimalChar": ",", "constraints": {"required": true}},
                {"name": "c", "type": "string", "constraints": {"required": true}}
              ]
            }

            """)
        let validate = try UnitPipeRunner.run(["validate", "s.csv", "--schema", "s.json"], in: dir)
        #expect(validate.status == 0 && validate.stderr.isEmpty)
    }

    /// ISO datetimes and times are described as `datetime` and `time`, read as validate reads them;
    /// a date column with a day its month lacks stays a string, and the note names the type.
    @Test func datetimesTimesAndAnImpossibleDate() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("at,stamp,day\n10:00:00,2021-01-06T10:00:00Z,2021-01-31\n23:59:59.5,2021-03-18 08:30:00+01:00,2021-02-30\n".utf8)
            .write(to: dir.appendingPathComponent("t.csv"))
        let result = try UnitPipeRunner.run(["describe", "t.csv", "-o", "s.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "unitpipe describe: column 'day': 1 cell is not a date as described (invalid_value); left as a string\n")
        #expect(dir.appendingPathComponent("s.json").text == """
            {
              "fields": [
                {"name": "at", "type": "time", "constraints": {"required": true}},
                {"name": "stamp", "type": "datetime", "constraints": {"required": true}},
                {"name": "day", "type": "string", "constraints": {"required": true}}
              ]
            }

            """)
        let validate = try UnitPipeRunner.run(["validate", "t.csv", "--schema", "s.json"], in: dir)
        #expect(validate.status == 0 && validate.stderr.isEmpty)
    }

    /// --sample-rows: only the first N records are described (a later cell that breaks the type is not seen).
    @Test func sampleRows() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("a,b\n1,x\n2,y\n3.5,z\n".utf8).write(to: dir.appendingPathComponent("s.csv"))
        let sample = try UnitPipeRunner.run(["describe", "s.csv", "--sample-rows", "2"], in: dir)
        #expect(sample.status == 0 && sample.stderr.isEmpty)
        #expect(sample.stdout.contains(#"{"name": "a", "type": "integer", "constraints": {"required": true}}"#))
        let whole = try UnitPipeRunner.run(["describe", "s.csv"], in: dir)
        #expect(whole.stdout.contains(#"{"name": "a", "type": "number", "decimalChar": ".", "constraints": {"required": true}}"#))
    }

    @Test func emptyFileAndStandardInput() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data().write(to: dir.appendingPathComponent("empty.csv"))
        let empty = try UnitPipeRunner.run(["describe", "empty.csv"], in: dir)
        #expect(empty.status == 2)
        #expect(empty.stderr == "unitpipe describe: 'empty.csv' is empty: there is no header to name the fields; describe a file that starts with its header line\n")
        let stdin = try UnitPipeRunner.run(["describe", "-"], in: dir)
        #expect(stdin.status == 2)
        #expect(stdin.stderr.hasPrefix("unitpipe describe: give FILE: one of a CSV or TSV file (describe reads it twice: to profile it and to check the schema)\n"))
    }
}
