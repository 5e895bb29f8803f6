import Testing
import UnitPipeNumbers
@testable import UnitPipe

@Suite struct HeaderCheckTests {
    static let schema = TableSchema(fields: [
        TableSchema.Field(name: "id", type: .integer), TableSchema.Field(name: "amount", type: .number),
        TableSchema.Field(name: "weight", type: .number), TableSchema.Field(name: "note", type: .string),
    ])

    @Test func headerAgainstTheSchema() throws {
        let (columns, problems) = try HeaderCheck.resolve(
            names: ["id", "amount", "extra", "note", "amount"], hasHeader: true,
            rules: [ColumnRule(column: .name("extra"))], schema: Self.schema)
        #expect(columns.map(\.field) == [0, 1, 2, 3])
        #expect(columns.map(\.name) == ["id", "amount", "extra", "note"])
        #expect(columns.map(\.isFromSchema) == [true, true, false, true])
        #expect(columns.map(\.rule.kind) == [.integer, .number, .number, .presence])
        #expect(problems.map(\.reportRow.message) == [
            "column 3 'extra' is not a field of the schema; add a field for it or drop the column",
            "column 5 repeats the name 'amount' of column 2; only column 2 is checked",
            "the schema's field 'weight' is not in the header; its cells cannot be checked",
        ])
        #expect(problems.map(\.code.rawValue) == ["extra_column", "duplicate_column", "missing_column"])
        #expect(problems.map(\.reportRow.value) == ["extra", "amount", ""])
    }

    @Test func withoutAHeaderFieldsGoByPosition() throws {
        let (columns, problems) = try HeaderCheck.resolve(
            names: ["#1", "#2", "#3"], hasHeader: false, rules: [], schema: Self.schema)
        #expect(columns.map(\.field) == [0, 1, 2])
        #expect(columns.map(\.rule.kind) == [.integer, .number, .number])
        #expect(problems == [.missingColumn("note")])
    }

    @Test func columnsSelectedByDashCAreFound() throws {
        let names = ["amount", "weight"]
        #expect(throws: JobError.unknownColumn("amout", suggestion: "amount", available: names)) {
            _ = try HeaderCheck.resolve(names: names, hasHeader: true, rules: [ColumnRule(column: .name("amout"))], schema: nil)
        }
        #expect(throws: JobError.columnSelectedTwice("weight")) {
            _ = try HeaderCheck.resolve(names: names, hasHeader: true,
                                        rules: [ColumnRule(column: .name("weight")), ColumnRule(column: .position(2))], schema: nil)
        }
    }

    @Test(arguments: [
        ("price", ColumnRule(column: .name("price"))),
        ("a:b", ColumnRule(column: .name("a"), unit: .inCell("b"))),
        ("weight:kg", ColumnRule(column: .name("weight"), unit: .inCell("kg"))),
        ("#3:km/h", ColumnRule(column: .position(3), unit: .inCell("km/h"))),
        ("value:@unit", ColumnRule(column: .name("value"), unit: .unitColumn("unit", dimensionOf: nil))),
        ("value:@unit:m", ColumnRule(column: .name("value"), unit: .unitColumn("unit", dimensionOf: "m"))),
    ])
    func columnSpecs(text: String, rule: ColumnRule) {
        #expect(ColumnRule.parse(text) == rule)
    }

    @Test(arguments: ["", ":km", "a:", "a:@", "a:@:m", "a:@u:"])
    func badColumnSpecs(text: String) {
        #expect(ColumnRule.parse(text) == nil)
    }
}
