// The Table Schema as its specification writes it (v1, and v2 where it only adds), through the
// real binary: each test quotes the sentence of the spec it checks and pins the whole error
// report of a small file.

import Foundation
import Testing

@Suite("validate --schema: the Table Schema specification")
struct TableSchemaSpecEndToEndTests {
    static let header = "record,line,column,value,code,message"

    /// Runs `validate in.csv --schema schema.json -e /dev/stdout -q` on the two texts.
    static func validate(_ csv: String, schema: String, _ extra: [String] = []) throws -> UnitPipeRunner.Result {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(csv.utf8).write(to: dir.appendingPathComponent("in.csv"))
        try Data(schema.utf8).write(to: dir.appendingPathComponent("schema.json"))
        return try UnitPipeRunner.run(["validate", "in.csv", "--schema", "schema.json", "-e", "/dev/stdout", "-q"] + extra, in: dir)
    }

    static func expectReport(_ csv: String, schema: String, _ rows: [String], status: Int32 = 1) throws {
        let result = try validate(csv, schema: schema)
        #expect(result.stdout == ([header] + rows).map { $0 + "\n" }.joined())
        #expect(result.status == status, "\(result.stderr)")
    }

    @Test("number: 'NaN', 'INF' and '-INF' \"are permitted (case need not be respected)\"; not in integer; IEEE against bounds")
    func specialNumbers() throws {
        try Self.expectReport("""
            x,i,b
            NaN,1,1
            nan,NaN,NaN
            INF,2,
            -Inf,-INF,3
            5,3,-inf
            0,4,inf

            """, schema: #"{"fields": [{"name": "x", "type": "number"}, {"name": "i", "type": "integer"}, {"name": "b", "type": "number", "constraints": {"minimum": 0, "maximum": 10}}]}"#, [
            "2,3,i,NaN,not_integer,\"'NaN' is not an integer; NaN, INF and -INF are values of 'number' fields only: make field 'i' a number, or add 'NaN' to its missingValues\"",
            "2,3,b,NaN,out_of_range,\"'NaN' is not a number that can be at least or at most anything (NaN compares false), so it breaks the minimum 0 of column 'b'; add 'NaN' to the field's missingValues if it marks a missing value\"",
            "4,5,i,-INF,not_integer,\"'-INF' is not an integer; NaN, INF and -INF are values of 'number' fields only: make field 'i' a number, or add '-INF' to its missingValues\"",
            "5,6,b,-inf,out_of_range,'-inf' is below the minimum 0 of column 'b'",
            "6,7,b,inf,out_of_range,'inf' is above the maximum 10 of column 'b'",
        ])
    }

    @Test("'NaN' equals no enum value (IEEE); 'INF' is no finite one")
    func specialNumbersAndEnum() throws {
        try Self.expectReport("x\nNaN\nINF\n1.50\n", schema: #"{"fields": [{"name": "x", "type": "number", "constraints": {"enum": [1.5, 2]}}]}"#, [
            "1,2,x,NaN,out_of_range,\"'NaN' is not one of the values column 'x' allows: 1.5, 2\"",
            "2,3,x,INF,out_of_range,\"'INF' is not one of the values column 'x' allows: 1.5, 2\"",
        ])
    }

    @Test("constraints \"MAY be represented as strings that are castable with the type and format rules of the field\"")
    func constraintStrings() throws {
        try Self.expectReport("""
            n,i
            "1.000,5",2
            "1.000,4",3
            "2,5",1

            """, schema: #"{"fields": [{"name": "n", "type": "number", "decimalChar": ",", "groupChar": ".", "constraints": {"minimum": "1.000,5"}}, {"name": "i", "type": "integer", "constraints": {"minimum": "2", "enum": ["1", "2", "3"]}}]}"#, [
            // The bound as the schema writes it, in the field's own notation.
            "2,3,n,\"1.000,4\",out_of_range,\"'1.000,4' is below the minimum 1.000,5 of column 'n'\"",
            "3,4,n,\"2,5\",out_of_range,\"'2,5' is below the minimum 1.000,5 of column 'n'\"",
            "3,4,i,1,out_of_range,'1' is below the minimum 2 of column 'i'",
        ])
    }

    @Test("\"groupChar\": \"\" groups nothing; v2 missingValues objects: [{\"value\": \"-99\", \"label\": \"REFUSED\"}]")
    func emptyGroupCharAndMissingValueObjects() throws {
        try Self.expectReport("n\n1000\n\"1,000\"\n-99\nn/a\n\n", schema: #"""
            {"fields": [{"name": "n", "type": "number", "groupChar": ""}],
             "missingValues": ["", {"value": "-99", "label": "REFUSED"}, {"value": "n/a"}]}
            """#, [
            "2,3,n,\"1,000\",invalid_number,\"'1,000' is not a number in field 'n' (decimalChar '.' and no groupChar); fix the cell, or the field's decimalChar and groupChar in the schema\"",
        ])
    }

    @Test("a field's decimalChar/groupChar override --locale: its messages name them and the fix in the schema")
    func messagesNameTheFieldsSettings() throws {
        try Self.expectReport("p,q\n1.234.5,NA\n\"12,34\",5%\n\"1.2,3,4\",€5\n", schema: #"{"fields": [{"name": "p", "type": "number", "decimalChar": ",", "groupChar": "."}, {"name": "q", "type": "number"}]}"#, [
            "1,2,p,1.234.5,grouping,\"'1.234.5' groups digits where field 'p' (decimalChar ',' and groupChar '.') does not (groupChar must sit at every group of three digits, never after the decimalChar); fix the cell, or the field's groupChar in the schema (\"\"\"\" for none)\"",
            "1,2,q,NA,invalid_number,\"'NA' is not a number; if it marks a missing value, add \"\"NA\"\" to the missingValues of field 'q' (or of the schema)\"",
            "2,3,q,5%,invalid_number,\"'5%' has a percent sign, which field 'q' reads only with \"\"bareNumber\"\": false in the schema\"",
            "3,4,p,\"1.2,3,4\",multiple_decimal,\"'1.2,3,4' has more than one decimal separator for field 'p' (decimalChar ',' and groupChar '.'); fix the cell, or the field's decimalChar and groupChar in the schema\"",
            "3,4,q,€5,invalid_number,\"'€5' has a currency mark, which field 'q' reads only with \"\"bareNumber\"\": false in the schema\"",
        ])
    }

    @Test("bareNumber false: '‰' reads as '%' does; other text is refused where the spec says \"MUST strip\"")
    func perMille() throws {
        try Self.expectReport("r\n5‰\n95%\n€ 12\n1000‰‰\nkm 5\n", schema: #"{"fields": [{"name": "r", "type": "number", "bareNumber": false, "constraints": {"maximum": 100}}]}"#, [
            "4,5,r,1000‰‰,invalid_number,\"'1000‰‰' is not a number with at most one currency mark, '%' or '‰' before or after it, which is all field 'r' (\"\"bareNumber\"\": false) reads beside a number; fix the cell\"",
            "5,6,r,km 5,invalid_number,\"'km 5' is not a number with at most one currency mark, '%' or '‰' before or after it, which is all field 'r' (\"\"bareNumber\"\": false) reads beside a number; fix the cell\"",
        ])
    }

    @Test("string: enum, pattern, minLength, maxLength; formats email, uri, uuid; boolean trueValues/falseValues; time bounds")
    func stringsBooleansTimes() throws {
        try Self.expectReport("""
            s,e,u,w,b,t
            ab,a@b.de,https://x.org,123e4567-e89b-12d3-a456-426614174000,J,12:00:00
            zz,nope,nope,nope,true,24:00:01
            abcdefg,a b@c.de,x:,123e4567-e89b-12d3-a456-42661417400g,N,7:00:00
            b1,x@y.org,urn:isbn:1,123E4567-E89B-12D3-A456-426614174000,N,23:00:01
            ba,x@y.org,urn:isbn:1,123E4567-E89B-12D3-A456-426614174000,N,23:00:00

            """, schema: #"""
            {"fields": [
              {"name": "s", "type": "string", "constraints": {"pattern": "[a-z]+", "minLength": 2, "maxLength": 5, "enum": ["ab", "abcdefg", "zz", "b1"]}},
              {"name": "e", "type": "string", "format": "email"}, {"name": "u", "type": "string", "format": "uri"},
              {"name": "w", "type": "string", "format": "uuid"},
              {"name": "b", "type": "boolean", "trueValues": ["J"], "falseValues": ["N"]},
              {"name": "t", "type": "time", "constraints": {"maximum": "23:00:00"}}]}
            """#, [
            "2,3,e,nope,invalid_value,\"'nope' is not an email address, which field 'e' (format email) requires\"",
            "2,3,u,nope,invalid_value,\"'nope' is not a URI (scheme:rest, as https://example.org), which field 'u' (format uri) requires\"",
            "2,3,w,nope,invalid_value,\"'nope' is not a UUID (8-4-4-4-12 hexadecimal digits), which field 'w' (format uuid) requires\"",
            "2,3,b,true,invalid_value,\"'true' is not a boolean of field 'b', whose trueValues are 'J' and falseValues 'N'; fix the cell, or add its spelling to trueValues or falseValues in the schema\"",
            "2,3,t,24:00:01,invalid_value,\"'24:00:01' is not a time in the default format hh:mm:ss of field 't'; fix the cell, or give the field a format in the schema (as \"\"%H:%M\"\")\"",
            "3,4,s,abcdefg,invalid_length,\"'abcdefg' is 7 characters long, longer than the maxLength 5 of column 's'\"",
            "3,4,e,a b@c.de,invalid_value,\"'a b@c.de' is not an email address, which field 'e' (format email) requires\"",
            "3,4,u,x:,invalid_value,\"'x:' is not a URI (scheme:rest, as https://example.org), which field 'u' (format uri) requires\"",
            "3,4,w,123e4567-e89b-12d3-a456-42661417400g,invalid_value,\"'123e4567-e89b-12d3-a456-42661417400g' is not a UUID (8-4-4-4-12 hexadecimal digits), which field 'w' (format uuid) requires\"",
            "3,4,t,7:00:00,invalid_value,\"'7:00:00' is not a time in the default format hh:mm:ss of field 't'; fix the cell, or give the field a format in the schema (as \"\"%H:%M\"\")\"",
            "4,5,s,b1,pattern_mismatch,'b1' does not match the pattern '[a-z]+' of column 's' (the whole cell must match)",
            "4,5,t,23:00:01,out_of_range,'23:00:01' is above the maximum 23:00:00 of column 't'",
            "5,6,s,ba,out_of_range,\"'ba' is not one of the values column 's' allows: ab, abcdefg, zz, b1\"",
        ])
    }

    @Test("date, datetime, year, yearmonth: ISO by default, 'format' as strptime patterns, bounds; any: required and enum")
    func datesAndTimes() throws {
        try Self.expectReport("""
            d,l,dt,y,ym,a
            2024-02-28,29.02.2024,2024-01-05T10:00:00+01:00,2024,2024-02,x
            2023-02-29,31.04.2024,2024-01-05T08:59:59Z,1899,2024-13,
            2024-1-5,1.3.2024,2024-01-05 09:00:00,24,2024-1,y
            2024-02-29,01.03.2024,2024-01-05T09:00:00.5-00:30,2000,2000-01,z

            """, schema: #"""
            {"fields": [
              {"name": "d", "type": "date", "constraints": {"exclusiveMaximum": "2024-02-29"}},
              {"name": "l", "type": "date", "format": "%d.%m.%Y"},
              {"name": "dt", "type": "datetime", "constraints": {"minimum": "2024-01-05T09:00:00Z"}},
              {"name": "y", "type": "year", "constraints": {"minimum": 1900}},
              {"name": "ym", "type": "yearmonth"},
              {"name": "a", "type": "any", "constraints": {"required": true, "enum": ["x", "y"]}}]}
            """#, [
            "2,3,d,2023-02-29,invalid_value,\"'2023-02-29' is not a date in the default format YYYY-MM-DD of field 'd'; fix the cell, or give the field a format in the schema (as \"\"%d/%m/%Y\"\")\"",
            "2,3,l,31.04.2024,invalid_value,\"'31.04.2024' is not a date in the format '%d.%m.%Y' of field 'l'; fix the cell, or the field's format in the schema\"",
            "2,3,dt,2024-01-05T08:59:59Z,out_of_range,'2024-01-05T08:59:59Z' is below the minimum 2024-01-05T09:00:00Z of column 'dt'",
            "2,3,y,1899,out_of_range,'1899' is below the minimum 1900 of column 'y'",
            "2,3,ym,2024-13,invalid_value,\"'2024-13' is not a yearmonth in the default format YYYY-MM of field 'ym'; fix the cell, or give the field a format in the schema (as \"\"%m/%Y\"\")\"",
            "2,3,a,,empty,\"empty cell in column 'a', which the schema requires (constraints.required)\"",
            "3,4,d,2024-1-5,invalid_value,\"'2024-1-5' is not a date in the default format YYYY-MM-DD of field 'd'; fix the cell, or give the field a format in the schema (as \"\"%d/%m/%Y\"\")\"",
            "3,4,y,24,invalid_value,\"'24' is not a year in the default format YYYY of field 'y'; fix the cell, or give the field a format in the schema (as \"\"%y\"\")\"",
            "3,4,ym,2024-1,invalid_value,\"'2024-1' is not a yearmonth in the default format YYYY-MM of field 'ym'; fix the cell, or give the field a format in the schema (as \"\"%m/%Y\"\")\"",
            "4,5,d,2024-02-29,out_of_range,'2024-02-29' is not below the exclusive maximum 2024-02-29 of column 'd'",
            "4,5,a,z,out_of_range,\"'z' is not one of the values column 'a' allows: x, y\"",
        ])
    }

    @Test("unique and primaryKey compare values: '1.0' and '1.00' collide; the report names the earlier row")
    func uniqueAndPrimaryKey() throws {
        let csv = "a,b,c\n1,x,2024-01-05T10:00:00+01:00\n1.0,x,2024-01-05T09:00:00Z\n1.00,y,\n1e0,y,z\n,x,\n2,x,\n"
        let schema = #"{"fields": [{"name": "a", "type": "number", "constraints": {"unique": true}}, {"name": "b", "type": "string"}, {"name": "c", "type": "datetime", "constraints": {"unique": true}}], "primaryKey": ["b", "a"]}"#
        let expected = [
            "2,3,a,1.0,duplicate_value,\"'1.0' repeats the value of record 1 in column 'a', which the schema says is unique (constraints.unique)\"",
            "2,3,b,\"x,1.0\",duplicate_value,\"'x,1.0' repeats the primaryKey (b, a) of record 1; each row's key must differ\"",
            "2,3,c,2024-01-05T09:00:00Z,duplicate_value,\"'2024-01-05T09:00:00Z' repeats the value of record 1 in column 'c', which the schema says is unique (constraints.unique)\"",
            "3,4,a,1.00,duplicate_value,\"'1.00' repeats the value of record 1 in column 'a', which the schema says is unique (constraints.unique)\"",
            "4,5,a,1e0,duplicate_value,\"'1e0' repeats the value of record 1 in column 'a', which the schema says is unique (constraints.unique)\"",
            "4,5,b,\"y,1e0\",duplicate_value,\"'y,1e0' repeats the primaryKey (b, a) of record 3; each row's key must differ\"",
            "4,5,c,z,invalid_value,\"'z' is not a datetime in the default format YYYY-MM-DDThh:mm:ss with an optional fraction and Z or ±hh:mm of field 'c'; fix the cell, or give the field a format in the schema (as \"\"%d/%m/%Y %H:%M\"\")\"",
            "5,6,a,,empty,\"empty cell in column 'a', which the schema requires (constraints.required)\"",
        ]
        for threads in ["1", "2"] {
            let dir = try UnitPipeRunner.temporaryDirectory()
            try Data(csv.utf8).write(to: dir.appendingPathComponent("in.csv"))
            try Data(schema.utf8).write(to: dir.appendingPathComponent("schema.json"))
            let result = try UnitPipeRunner.run(["validate", "in.csv", "--schema", "schema.json", "-e", "/dev/stdout", "-q", "-r", "rejects.csv",
                                                 "--threads", threads, "--summary", "summary.json"], in: dir)
            #expect(result.stdout == ([Self.header] + expected).map { $0 + "\n" }.joined())
            #expect(result.status == 1)
            // The rows a duplicate made invalid join the rejects in input order.
            #expect(dir.appendingPathComponent("rejects.csv").text == "a,b,c\n1.0,x,2024-01-05T09:00:00Z\n1.00,y,\n1e0,y,z\n,x,\n")
            let summary = try #require(dir.appendingPathComponent("summary.json").text)
            #expect(summary.contains(#""rows_in": 6, "rows_valid": 2, "rows_invalid": 4"#), "\(summary)")
            #expect(summary.contains(#"{"name": "a", "type": "number", "locale": "C", "cells": 6, "empty": 0, "valid": 2, "invalid": {"duplicate_value": 3, "empty": 1}"#), "\(summary)")
        }
    }
}
