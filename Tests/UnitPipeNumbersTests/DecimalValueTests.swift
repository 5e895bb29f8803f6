import Testing
@testable import UnitPipeNumbers

@Suite struct DecimalValueTests {
    @Test(arguments: [
        ("0.1", "0.1"), ("-5", "-5"), ("+.5", "0.5"), ("5.", "5"), ("0012.3400", "12.34"), ("-0.0", "0"),
        ("1e3", "1000"), ("1.5E-3", "0.0015"), ("123e20", "1.23e+22"), ("123e17", "12300000000000000000"), ("1e22", "1e+22"),
        ("1e-7", "1e-7"), ("-12.5e-7", "-0.00000125"), ("-12.5e-8", "-1.25e-7"), ("0.000001", "0.000001"),
    ])
    func readsAndWritesTheCConvention(text: String, expected: String) throws {
        let value = try #require(DecimalValue(text))
        #expect(value.description == expected)
    }

    @Test(arguments: ["", "-", ".", "1.2.3", "1e", "1e+", "0x10", "1,5", " 1", "1 ", "nan", "inf"])
    func rejectsAnythingElse(text: String) {
        #expect(DecimalValue(text) == nil)
    }

    /// Orders that a double gets wrong or cannot tell.
    @Test(arguments: [
        ("0.1", "0.10000000000000001", -1), ("0.1", "0.1", 0), ("0.1", "0.100", 0), ("-0.1", "-0.10000000000000001", 1),
        ("9007199254740993", "9007199254740992", 1), ("1e400", "1e399", 1), ("-1e400", "1e-400", -1),
        ("0", "-0", 0), ("0.5", "1", -1), ("10", "9.99999999999999999999", 1), ("-2", "-10", 1),
    ])
    func comparesExactly(a: String, b: String, order: Int) throws {
        let x = try #require(DecimalValue(a)), y = try #require(DecimalValue(b))
        #expect((x < y ? -1 : (y < x ? 1 : 0)) == order)
        #expect((x == y) == (order == 0))
    }

    /// A cell's exact decimal, taken from bytes the parser accepted, rounds to the parser's double.
    @Test(arguments: [
        ("C", "-1.5e-3", "-0.0015"), ("C", " 12.50 ", "12.5"), ("C", "\u{2212}7", "-7"),
        ("de_DE", "1.234,5", "1234.5"), ("de_DE", "(1.234,56)", "-1234.56"), ("de_DE", "1.234,56-", "-1234.56"),
        ("de_DE", "1,5E+03", "1500"), ("fr_FR", "1\u{202F}234,5", "1234.5"), ("de_CH", "1'234.5", "1234.5"),
        ("en_IN", "12,34,567.8", "1234567.8"), ("ar_EG", "\u{0661}\u{0662}\u{066B}\u{0665}", "12.5"),
    ])
    func cellsGiveTheirExactDecimal(locale: String, cell: String, expected: String) throws {
        let parser = NumberParser(conventions: conventions(locale))
        guard case .number(let double) = parser.parse(cell) else {
            Issue.record("'\(cell)' does not parse in \(locale)")
            return
        }
        var copy = cell
        let value = copy.withUTF8 { DecimalValue(acceptedCell: UnsafeRawBufferPointer($0), conventions: conventions(locale), percentDivides: false) }
        #expect(value.description == expected)
        #expect(NumberParser().parse(value.description) == .number(double))
    }

    @Test func percentDividesOnlyWhenTheColumnSaysSo() {
        var cell = "12,5 %"
        let c = conventions("de_DE")
        let divided = cell.withUTF8 { DecimalValue(acceptedCell: UnsafeRawBufferPointer($0), conventions: c, percentDivides: true) }
        let kept = cell.withUTF8 { DecimalValue(acceptedCell: UnsafeRawBufferPointer($0), conventions: c, percentDivides: false) }
        #expect(divided.description == "0.125" && kept.description == "12.5")
    }
}
