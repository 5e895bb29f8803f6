import Testing
@testable import UnitPipe

@Suite("column specs")
struct ColumnSpecTests {
    @Test("specs parse", arguments: [
        ("distance:km:mi", ColumnSpec(column: .name("distance"), from: "km", to: "mi")),
        ("#3:degC:degF=temp_f", ColumnSpec(column: .position(3), from: "degC", to: "degF", newName: "temp_f")),
        ("#-1:km:mi", ColumnSpec(column: .position(-1), from: "km", to: "mi")),
        ("distance_km::mi", ColumnSpec(column: .name("distance_km"), from: "", to: "mi")),
        ("a,b,#5:km:mi", ColumnSpec(column: .list([.name("a"), .name("b"), .position(5)], written: "a,b,#5"), from: "km", to: "mi")),
        ("#2-#4:km:mi", ColumnSpec(column: .range(2, 4), from: "km", to: "mi")),
        ("#2-#-1:km:mi", ColumnSpec(column: .range(2, -1), from: "km", to: "mi")),
        ("a,#2-#3:km:mi", ColumnSpec(column: .list([.name("a"), .range(2, 3)], written: "a,#2-#3"), from: "km", to: "mi")),
        ("d:km:mi=+d_mi", ColumnSpec(column: .name("d"), from: "km", to: "mi", newName: "d_mi", keepsOriginal: true)),
        ("d_km::mi=+", ColumnSpec(column: .name("d_km"), from: "", to: "mi", keepsOriginal: true)),
        // An empty list item is no column: the text is one name.
        ("#2-#3::mi=+", ColumnSpec(column: .range(2, 3), from: "", to: "mi", keepsOriginal: true)),
        ("a,,b:km:mi", ColumnSpec(column: .name("a,,b"), from: "km", to: "mi")),
        ("#-of-items:km:mi", ColumnSpec(column: .name("#-of-items"), from: "km", to: "mi")),
    ])
    func parses(_ text: String, _ expected: ColumnSpec) throws {
        #expect(try ColumnSpec.parse(text) == expected)
    }

    @Test("malformed specs are refused with the reason", arguments: [
        ("distance", ColumnSpec.ParseError.tooFewParts), ("distance:km", .tooFewParts),
        ("a:b:c:d", .tooManyParts(extra: 1)), ("a:b:c:km:mi", .tooManyParts(extra: 2)),
        (":km:mi", .emptyPart("NAME")), ("d:km:", .emptyPart("TO")), ("d:km:mi=", .emptyPart("NEWNAME")),
        ("#0:km:mi", .positionZero), ("a,#0:km:mi", .positionZero), ("#0-#2:km:mi", .positionZero),
        ("#4-#2:km:mi", .badRange("#4-#2")), ("#2-x:km:mi", .badRange("#2-x")),
        ("a,b:km:mi=c", .renameOfSeveral("a,b")), ("#1-#2:km:mi=+c", .renameOfSeveral("#1-#2")),
        ("d:km:mi=+", .keepNeedsName),
    ])
    func refuses(_ text: String, _ error: ColumnSpec.ParseError) {
        #expect(throws: error) { try ColumnSpec.parse(text) }
    }

    @Test("the unit a header names, and the header rewritten to the target", arguments: [
        ("distance_km", "km", "mi", "distance_mi"), ("distance (km)", "km", "mi", "distance (mi)"),
        ("temp [°F]", "degF", "degC", "temp [°C]"), ("Gewicht in kg", "kg", "lb", "Gewicht in lb"),
        ("temp_c", "degC", "degF", "temp_f"), ("Temperature F", "degF", "degC", "Temperature C"),
        ("km", "km", "mi", "mi"), ("speed (km/h)", "km/h", "m/s", "speed (m/s)"), ("price_usd", "USD", "EUR", "price_EUR"),
    ])
    func headerUnits(header: String, unit: String, target: String, rewritten: String) throws {
        let found = try #require(HeaderUnit.find(in: header))
        #expect(found.symbol == unit)
        #expect(found.rewriting(header, to: target) == rewritten)
    }

    @Test("headers that name no unit", arguments: ["id", "name", "distance", "note", "x", "h", "total amount"])
    func noHeaderUnit(header: String) {
        #expect(HeaderUnit.find(in: header) == nil)
    }

    @Test("selections settle against the header, in order")
    func expansion() throws {
        let names = ["id", "a_km", "b_km", "c (km)", "note"]
        func fields(_ text: String) throws -> [Int] {
            try ColumnSpec.expand([try ColumnSpec.parse(text)], columnNames: names, hasHeader: true).map(\.field)
        }
        #expect(try fields("a_km,b_km:km:mi") == [1, 2])
        #expect(try fields("#2-#4:km:mi") == [1, 2, 3])
        #expect(try fields("#-1:km:mi") == [4])
        #expect(try fields("#2-#-2:km:mi") == [1, 2, 3])
        let renamed = try ColumnSpec.expand([try ColumnSpec.parse("#2-#4::mi")], columnNames: names, hasHeader: true)
        #expect(renamed.map(\.spec.from) == ["km", "km", "km"])
        #expect(renamed.map(\.spec.newName) == ["a_mi", "b_mi", "c (mi)"])
        #expect(throws: JobError.emptyRange("#-1-#2", columnCount: 5)) { try fields("#-1-#2:km:mi") }
        #expect(throws: JobError.columnOutOfRange(-6, columnCount: 5)) { try fields("#-6:km:mi") }
        #expect(throws: JobError.unknownColumn("3", suggestion: "#3", available: names)) { try fields("3:km:mi") }
        #expect(throws: JobError.headerNamesNoUnit("id")) { try fields("id::mi") }
        #expect(throws: JobError.duplicateOutputName("note", column: "a_km")) { try fields("a_km:km:mi=note") }
        #expect(throws: JobError.duplicateOutputName("a_km", column: "b_km")) { try fields("b_km:km:m=+a_km") }
    }

    @Test("a header name holding a comma is that column, not a list")
    func nameWithComma() throws {
        let names = ["Smith, J", "Smith", " J"]
        let expanded = try ColumnSpec.expand([try ColumnSpec.parse("Smith, J:km:mi")], columnNames: names, hasHeader: true)
        #expect(expanded.map(\.field) == [0])
    }
}
