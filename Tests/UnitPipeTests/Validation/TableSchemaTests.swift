import Testing
import UnitPipeNumbers
@testable import UnitPipe

/// Parses a schema given as JSON text.
private func schema(_ json: String) throws(TableSchemaError) -> TableSchema {
    try TableSchema.parse(Array(json.utf8))
}

/// The rendered mistake of a schema, or `nil` when it parses.
private func mistake(_ json: String) -> String? {
    do {
        _ = try schema(json)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct TableSchemaTests {
    @Test(arguments: [
        (#"[]"#, "expected an object with 'fields', found an array"),
        (#"{"fields": {}}"#, "fields: expected an array, found an object"),
        (#"{"title": "x"}"#, "missing 'fields'"),
        (#"{"fields": [{"type": "number"}]}"#, "fields[0]: missing 'name'"),
        (#"{"fields": [{"name": 5}]}"#, "fields[0].name: expected a string, found a number"),
        (#"{"fields": [{"name": "a"}, {"name": "b", "type": "numbr"}]}"#, "fields[1].type: unknown type 'numbr'; did you mean 'number'?"),
        (#"{"fields": [{"name": "a", "type": "money"}]}"#,
         "fields[0].type: unknown type 'money'; the types are number, integer, string, boolean, object, array, date, time, datetime, year, yearmonth, duration, geopoint, geojson, list, any"),
        (#"{"fields": [{"name": "a"}, {"name": "b"}, {"name": "c", "type": "number", "constraints": {"minimum": []}}]}"#,
         "fields[2].constraints.minimum: expected a number, found an array"),
        (#"{"fields": [{"name": "n", "type": "integer", "constraints": {"maximum": 1.5}}]}"#,
         "fields[0].constraints.maximum: expected an integer, found 1.5"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"minimun": 0}}]}"#,
         "fields[0].constraints.minimun: 'minimun' is not a Table Schema constraint; did you mean 'minimum'?"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"between": [0, 1]}}]}"#,
         "fields[0].constraints.between: 'between' is not a Table Schema constraint; the constraints are required, unique, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern, enum, jsonSchema"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"required": "yes"}}]}"#,
         "fields[0].constraints.required: expected true or false, found a string"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"enum": []}}]}"#,
         "fields[0].constraints.enum: expected a non-empty array, found an array"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"enum": [1, "two"]}}]}"#,
         "fields[0].constraints.enum[1]: 'two' is not a number; write the value as the field's cells are written"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"enum": [1, true]}}]}"#,
         "fields[0].constraints.enum[1]: expected a number, found a boolean"),
        // "represented as strings that are castable with the type and format rules of the field"
        (#"{"fields": [{"name": "n", "type": "number", "decimalChar": ",", "constraints": {"minimum": "1.5"}}]}"#,
         "fields[0].constraints.minimum: '1.5' is not a number with decimalChar ','; write the value as the field's cells are written"),
        (#"{"fields": [{"name": "n", "type": "integer", "constraints": {"maximum": "2.5"}}]}"#,
         "fields[0].constraints.maximum: expected an integer, found 2.5"),
        (#"{"fields": [{"name": "d", "type": "date", "format": "%d.%m.%Y", "constraints": {"minimum": "2024-01-31"}}]}"#,
         "fields[0].constraints.minimum: '2024-01-31' is not a date in the format '%d.%m.%Y'; write the value as the field's cells are written"),
        (#"{"fields": [{"name": "d", "type": "date", "constraints": {"enum": [20240131]}}]}"#,
         "fields[0].constraints.enum[0]: expected a string, found a number"),
        (#"{"fields": [{"name": "b", "type": "boolean", "constraints": {"enum": ["yes"]}}]}"#,
         "fields[0].constraints.enum[0]: 'yes' is not a boolean (trueValues 'true', 'True', 'TRUE', '1'; falseValues 'false', 'False', 'FALSE', '0'); write the value as the field's cells are written"),
        (#"{"fields": [{"name": "d", "type": "date", "format": "%d/%m/%Q"}]}"#,
         "fields[0].format: '%d/%m/%Q' has the directive '%Q', which is not read; the directives read are %Y %y %m %d %j %H %I %M %S %f %p %b %B %z %%"),
        (#"{"fields": [{"name": "d", "type": "date", "format": "DD/MM/YYYY"}]}"#,
         "fields[0].format: 'DD/MM/YYYY' is not a format of a date field; give 'default' or a pattern such as '%d/%m/%Y'"),
        (#"{"fields": [{"name": "s", "type": "string", "format": "phone"}]}"#,
         "fields[0].format: 'phone' is not a format of a string field; the formats are default, email, uri, uuid and binary"),
        (#"{"fields": [{"name": "s", "type": "string", "constraints": {"pattern": "[a-"}}]}"#,
         "fields[0].constraints.pattern: '[a-' is not a regular expression"),
        (#"{"fields": [{"name": "s", "type": "string", "constraints": {"minLength": 3, "maxLength": 2}}]}"#,
         "fields[0].constraints: no text is at least 3 and at most 2 characters long"),
        (#"{"fields": [{"name": "s", "type": "string", "constraints": {"maxLength": 1.5}}]}"#,
         "fields[0].constraints.maxLength: expected a whole number of characters, found 1.5"),
        (#"{"fields": [{"name": "a"}], "primaryKey": ["a", "b"]}"#, "primaryKey: 'b' is not a field of the schema"),
        (#"{"fields": [], "missingValues": [{"label": "REFUSED"}]}"#, "missingValues[0]: missing 'value'"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"minimum": 10, "maximum": 1}}]}"#,
         "fields[0].constraints: no value is at least 10 and at most 1"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"exclusiveMinimum": 1, "maximum": 1}}]}"#,
         "fields[0].constraints: no value is at least 1 (exclusive) and at most 1"),
        (#"{"fields": [{"name": "n", "type": "number", "decimalChar": ",,"}]}"#,
         "fields[0].decimalChar: ',,' is not one character"),
        (#"{"fields": [{"name": "n", "type": "number", "groupChar": "5"}]}"#,
         "fields[0].groupChar: '5' cannot separate digits (it is a digit, sign, exponent or mark)"),
        (#"{"fields": [{"name": "n", "type": "number", "decimalChar": ",", "groupChar": ","}]}"#,
         "fields[0].groupChar: ',' is also the decimalChar; the two must differ"),
        (#"{"fields": [{"name": "n", "type": "number", "groupChar": "."}]}"#,
         "fields[0].groupChar: '.' is also the decimalChar; the two must differ"),
        (#"{"fields": [{"name": "n", "type": "number", "decimalChar": 44}]}"#,
         "fields[0].decimalChar: expected a string of one character, found a number"),
        (#"{"fields": [{"name": "n", "type": "number", "bareNumber": "false"}]}"#,
         "fields[0].bareNumber: expected true or false, found a string"),
        (#"{"fields": [{"name": "n"}, {"name": "n"}]}"#, "fields[1].name: a second field named 'n'; field names must be unique"),
        (#"{"fields": [], "missingValues": ["", 0]}"#, "missingValues[1]: expected a string or an object with 'value', found a number"),
        (#"{"fields": [{"name": "n", "missingValues": "NA"}]}"#, "fields[0].missingValues: expected an array of strings, found a string"),
        (#"{"fields": [{"name": "n", "constraints": []}]}"#, "fields[0].constraints: expected an object, found an array"),
        ("{\"fields\": [\n  {\"name\": \"n\" \"type\": \"number\"}]}", "not JSON: line 2, column 16: expected ',' or '}'"),
        (#"{"fields": [{"name": "n", "type": "number", "constraints": {"minimum": .5}}]}"#, "not JSON: line 1, column 72: expected a value"),
        (#"{"fields": [1e]}"#, "not JSON: line 1, column 15: expected a digit in the exponent"),
        (#"{"fields": ["a\qb"]}"#, "not JSON: line 1, column 16: unknown escape '\\q'"),
        (#"{"fields": []} x"#, "not JSON: line 1, column 16: expected the end of the document"),
    ])
    func mistakesNameTheirPath(json: String, message: String) {
        #expect(mistake(json) == message)
    }

    @Test func fieldsConstraintsAndMissingValues() throws {
        let parsed = try schema(#"""
            {"fields": [
               {"name": "id", "type": "integer", "constraints": {"required": true, "minimum": 1}},
               {"name": "price", "type": "number", "decimalChar": ",", "groupChar": ".", "bareNumber": false,
                "constraints": {"minimum": 0, "exclusiveMinimum": 0, "maximum": 0.1, "exclusiveMaximum": 1},
                "missingValues": ["-"]},
               {"name": "grade", "type": "number", "constraints": {"enum": [1, 1.5, 2e0]}},
               {"name": "note", "title": "Note", "description": "free text"}
             ],
             "missingValues": ["", "NA"]}
            """#)
        #expect(parsed.notes.isEmpty)
        #expect(parsed.fields.map(\.name) == ["id", "price", "grade", "note"])
        #expect(parsed.fields.map(\.type) == [.integer, .number, .number, .string])
        let id = parsed.fields[0]
        #expect(id.isRequired && id.minimum == TableSchema.Bound(DecimalValue("1")!) && id.missingValues == ["", "NA"])
        let price = parsed.fields[1]
        #expect(price.decimalSeparator == "," && price.groupingSeparator == "." && !price.isBareNumber)
        // The stricter of minimum 0 and exclusiveMinimum 0, and of maximum 0.1 and exclusiveMaximum 1.
        #expect(price.minimum == TableSchema.Bound(DecimalValue("0")!, isExclusive: true))
        #expect(price.maximum == TableSchema.Bound(DecimalValue("0.1")!, isExclusive: false))
        #expect(price.missingValues == ["-"])
        #expect(parsed.fields[2].allowedValues == ["1", "1.5", "2"].compactMap { DecimalValue($0) })
        #expect(parsed.fields[3].missingValues == ["", "NA"] && parsed.fields[3].type == .string)
    }

    @Test func keywordsNotCheckedAreReported() throws {
        let parsed = try schema(#"""
            {"fields": [
               {"name": "code", "type": "string", "constraints": {"required": true, "pattern": "[A-Z]+", "minLength": 2, "minimum": "a"}},
               {"name": "n", "type": "number", "format": "currency", "constraints": {"unique": true, "jsonSchema": {}}, "unit": "kg"},
               {"name": "ok", "type": "boolean", "trueValues": ["Y"]},
               {"name": "loc", "type": "geopoint", "constraints": {"enum": ["1,2"]}},
               {"name": "d", "type": "date", "format": "any"}
             ],
             "primaryKey": ["code"], "foreignKeys": [], "owner": "me"}
            """#)
        #expect(parsed.notes.map(\.description) == [
            "foreignKeys: not checked; unitpipe validate checks each field's cells and the header's names",
            "owner: not a Table Schema keyword; ignored",
            "fields[0].constraints.minimum: does not apply to 'string' fields; not checked",
            "fields[1].format: not checked; unitpipe validate reads numbers with decimalChar, groupChar and bareNumber",
            "fields[1].unit: not a Table Schema keyword; ignored",
            "fields[1].constraints.jsonSchema: not checked; unitpipe validate checks required, unique, minimum, maximum, exclusiveMinimum, exclusiveMaximum, enum, minLength, maxLength and pattern",
            "fields[3].constraints.enum: not checked; 'geopoint' fields are checked for presence only",
            "fields[4].format: not checked; a 'date' field of format 'any' is checked for presence only",
        ])
        #expect(parsed.primaryKey == ["code"])
        #expect(parsed.fields[0].isRequired && parsed.fields[0].pattern == "[A-Z]+" && parsed.fields[0].minLength == 2)
        #expect(parsed.fields[1].isUnique && parsed.fields[2].trueValues == ["Y"])
    }

    /// "constraints … MAY be represented as strings that are castable with the type and format
    /// rules of the field"; `"groupChar": ""` is no grouping; v2 `missingValues` objects.
    @Test func specValuesThatWereRefused() throws {
        let parsed = try schema(#"""
            {"fields": [
               {"name": "n", "type": "number", "decimalChar": ",", "groupChar": ".", "constraints": {"minimum": "1.000,5", "enum": ["1.000,5", "2"]}},
               {"name": "i", "type": "integer", "groupChar": "", "constraints": {"maximum": "2"},
                "missingValues": [{"value": "-99", "label": "REFUSED"}, "NA"]},
               {"name": "d", "type": "date", "format": "%d/%m/%Y", "constraints": {"maximum": "31/12/2024"}},
               {"name": "y", "type": "year", "constraints": {"minimum": 2000}},
               {"name": "b", "type": "boolean", "trueValues": ["J"], "constraints": {"enum": [true]}}
             ],
             "missingValues": [{"value": ""}, {"value": "n/a", "label": "not asked"}]}
            """#)
        #expect(parsed.notes.isEmpty)
        #expect(parsed.fields[0].minimum == TableSchema.Bound(DecimalValue("1000.5")!, written: "1.000,5"))
        #expect(parsed.fields[0].allowedValues == ["1000.5", "2"].compactMap { DecimalValue($0) })
        #expect(parsed.fields[1].hasSeparators && parsed.fields[1].groupingSeparator == nil && parsed.fields[1].decimalSeparator == ".")
        #expect(parsed.fields[1].maximum == TableSchema.Bound(DecimalValue("2")!, written: "2"))
        #expect(parsed.fields[1].missingValues == ["-99", "NA"])
        #expect(parsed.fields[2].valueMaximum == TableSchema.ValueBound(text: "31/12/2024", isExclusive: false))
        #expect(parsed.fields[3].valueMinimum == TableSchema.ValueBound(text: "2000", isExclusive: false))
        #expect(parsed.fields[4].allowedTexts == ["J"])
        #expect(parsed.fields[3].missingValues == ["", "n/a"])
    }

    @Test func jsonKeepsNumbersAsWritten() throws {
        let value = try JSONValue.parse(Array(#"{"a": [0.1, -5, 1E+3, 0.10000000000000001], "b": "\u00e9\ud83d\ude00\n"}"#.utf8))
        #expect(value == .object([
            (key: "a", value: .array([.number("0.1"), .number("-5"), .number("1E+3"), .number("0.10000000000000001")])),
            (key: "b", value: .string("é😀\n")),
        ]))
    }

    /// A member named twice is refused with its JSON path: readers disagree on which one counts
    /// (the first was kept here, Python's json keeps the last), so `"type": "string", "type":
    /// "number"` let `abc` pass as a number column.
    @Test(arguments: [
        (#"{"fields": [{"name": "v", "type": "string", "type": "number"}]}"#,
         JSONSyntaxError(line: 1, column: 45, problem: "'type' appears twice in fields[0] (JSON readers disagree on which one counts); keep one")),
        (#"{"a": 1, "a": 1}"#, JSONSyntaxError(line: 1, column: 10, problem: "'a' appears twice in the document (JSON readers disagree on which one counts); keep one")),
        ("{\"x\": [[], [{\"k\": {\"m\": 1,\n \"m\": 2}}]]}",
         JSONSyntaxError(line: 2, column: 2, problem: "'m' appears twice in x[1][0].k (JSON readers disagree on which one counts); keep one")),
    ])
    func jsonRefusesDuplicateMembers(text: String, error: JSONSyntaxError) {
        #expect(throws: error) { try JSONValue.parse(Array(text.utf8)) }
        // The same names in different objects are fine.
        #expect(throws: Never.self) { try JSONValue.parse(Array(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#.utf8)) }
    }
}
