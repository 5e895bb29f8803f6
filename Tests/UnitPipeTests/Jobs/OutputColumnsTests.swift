import Testing
@testable import UnitPipe

@Suite("output columns")
struct OutputColumnsTests {
    static let names = ["id", "a_km", "b", "c", "a_km,b"]

    func resolve(select: [String]? = nil, exclude: [String] = [], rename: [String] = [], converted: Set<Int> = []) throws -> OutputColumns {
        var options = ConvertOptions()
        options.selectedColumns = try select.map { try $0.map { text throws in try ColumnSpec.Reference.list(text) } }
        options.excludedColumns = try exclude.map { try ColumnSpec.Reference.list($0) }
        options.renamedColumns = try rename.map { try ColumnRename.parse($0) }
        return try OutputColumns.resolve(options, columnNames: Self.names, hasHeader: true, converted: converted)
    }

    @Test("selections resolve to input fields in the order given", arguments: [
        ([String]?.none, [String](), [Int]?.none),
        (["#-1,id"], [], [4, 0]),
        (["#2-#4", "id"], [], [1, 2, 3, 0]),
        (["a_km,b"], [], [4]),  // a name holding a comma is that column
        (["a_km", "b"], [], [1, 2]),
        (nil, ["#2-#-1"], [0]),
        (["c,b,id"], ["b"], [3, 0]),
        (["#1-#-1"], [], nil),  // every field in order: the fast path
    ])
    func fields(select: [String]?, exclude: [String], expected: [Int]?) throws {
        #expect(try resolve(select: select, exclude: exclude).fields == expected)
    }

    @Test("mistakes are job errors")
    func mistakes() {
        #expect(throws: JobError.outputColumnTwice("id")) { try resolve(select: ["id,#1"]) }
        #expect(throws: JobError.noOutputColumn) { try resolve(exclude: ["#1-#-1"]) }
        #expect(throws: JobError.convertedColumnDropped("b", option: "--select")) { try resolve(select: ["id"], converted: [2]) }
        #expect(throws: JobError.convertedColumnDropped("b", option: "--exclude")) { try resolve(select: ["id,b"], exclude: ["b"], converted: [2]) }
        #expect(throws: JobError.renamedTwice("id")) { try resolve(rename: ["id=x", "#1=y"]) }
        #expect(throws: JobError.columnOutOfRange(9, columnCount: 5)) { try resolve(select: ["#9"]) }
        #expect(throws: ColumnRename.ParseError.notOldEqualsNew) { try ColumnRename.parse("=x") }
        #expect(throws: ColumnRename.ParseError.notOldEqualsNew) { try ColumnRename.parse("x=") }
    }

    @Test("the header: renamed, kept originals before their converted column, in output order")
    func header() throws {
        let columns = try resolve(select: ["c,a_km,id"], rename: ["c=C", "a_km=orig"])
        let header = columns.header(Self.names, conversions: [
            (1, ColumnSpec(column: .position(2), from: "km", to: "mi", newName: "a_mi", keepsOriginal: true)),
        ])
        #expect(header == ["C", "orig", "a_mi", "id"])
        #expect(try ColumnRename.parse("a=b=c") == ColumnRename(column: .name("a"), newName: "b=c"))
    }
}
