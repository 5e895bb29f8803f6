import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

@Suite("Failure renderer")
struct FailureRendererTests {
    static let renderer = FailureRenderer(
        columns: [
            FailureRenderer.Column(name: "price", locale: "de_DE", conventions: .c, from: "USD", to: "EUR", hasUnitColumn: false),
            FailureRenderer.Column(name: "len", locale: "C", conventions: .c, from: "@unit", to: "m", hasUnitColumn: true),
        ],
        fieldCount: 3, hasHeader: true, delimiter: UInt8(ascii: ";"), maxFieldSize: 1000)

    /// Every detail's sentence, whole.
    @Test(arguments: [
        (CellFailure.Detail.number(.multipleDecimal), 0, "1.2.3", "'1.2.3' has more than one decimal separator"),
        (.number(.grouping), 0, "1.23,4", "'1.23,4' groups digits where locale de_DE does not (separators must sit at every group boundary, never after the decimal separator)"),
        (.number(.ambiguousNumber), 0, "1,234", "'1,234' reads two ways (decimal point or grouping) and the column shows no evidence which; say which locale the file is written in"),
        (.number(.unitMismatch), 0, "£5", "'£5' names a currency other than the column's USD"),
        (.ambiguousUnit, 0, "$5", "'$5' has an ambiguous unit (a bare '$', or units on both sides); write the ISO code, e.g. USD"),
        (.overflow, 0, "1e999", "'1e999' is beyond the largest double (about 1.8e308), as read or in EUR"),
        (.required, 0, "", "empty cell in column 'price', which must have a value"),
        (.unit(.noRate("JPY")), 0, "¥5", "no exchange rate for 'JPY'"),
        (.missingUnit, 1, "5", "the unit column 'unit' is empty in this row; write the row's unit there (e.g. 'km')"),
    ])
    func cellMessages(_ detail: CellFailure.Detail, _ column: Int, _ raw: String, _ expected: String) {
        let failure = CellFailure(detail, record: 4, line: 7, byte: 0, column: column, raw: Array(raw.utf8))
        #expect(Self.renderer.message(failure) == expected)
        let row = Self.renderer.reportRow(failure)
        #expect(row == ReportRow(record: 4, line: 7, byte: 0, column: Self.renderer.columns[column].name, value: raw, code: detail.code, message: expected))
    }

    @Test func rowMessagesAndTheirTruncatedValue() {
        let fieldCount = CellFailure(.fieldCount(found: 1), record: 2, line: 3, byte: 0, column: nil, raw: Array("x".utf8))
        #expect(Self.renderer.reportRow(fieldCount) == ReportRow(
            record: 2, line: 3, byte: 0, column: "", value: "x", code: .fieldCount, message: "record has 1 field, but the header has 3"))
        let long = String(repeating: "y", count: 300)
        let tooLarge = CellFailure(.malformed(.fieldTooLarge, fields: 2), record: 1, line: 1, byte: 0, column: nil, raw: Array(long.utf8))
        let row = Self.renderer.reportRow(tooLarge)
        #expect(row.value == String(repeating: "y", count: 256) + "…")
        #expect(row.message == "a field is longer than the largest field size (1000 bytes), probably an unterminated quote; fix the quoting or raise the limit")
        let open = CellFailure(.malformed(.unterminatedQuote, fields: 2), record: 1, line: 1, byte: 0, column: nil, raw: [])
        #expect(Self.renderer.message(open) == "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)")
    }

}
