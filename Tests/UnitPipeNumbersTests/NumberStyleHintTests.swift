import Testing
@testable import UnitPipeNumbers

@Suite struct NumberStyleHintTests {
    /// Every hint as data; `nil` where no reading is certain (the engine words them).
    static func style(_ value: String, _ locale: String) -> NumberStyleHint? {
        .otherStyle(value: DecimalValue(value) ?? .zero, locale: locale)
    }

    static let cases: [(String, String, NumberStyleHint?)] = [
        ("en_US", "1,00,0", .regrouped(["1,000", "100"])),
        ("en_US", "-1,00,5", .regrouped(["-1,005", "-100.5"])),
        ("en_US", "12,3", style("12.3", "de_DE")),
        ("en_US", "1,0000", style("1", "de_DE")),
        ("de_DE", "1.00.0", .regrouped(["1.000", "100"])),
        ("C", "1.234,5", style("1234.5", "de_DE")),
        ("C", "1,5", style("1.5", "de_DE")),
        ("C", "1,234.5", style("1234.5", "en_US")),
        ("C", "12,34,567.8", .indianGrouping),
        ("en_US", "12,34,567.8", .indianGrouping),
        ("C", "1\u{202F}234,5", style("1234.5", "fr_FR")),
        ("C", "1’234.5", style("1234.5", "de_CH")),
        ("fr_FR", "10,000.50", style("10000.5", "en_US")),
        ("de_DE", "1,234.5", style("1234.5", "en_US")),
        ("C", "1,234", nil),
        ("C", "1.234.567", style("1234567", "de_DE")),
        ("C", "abc", nil),
        ("C", "5 km", nil),
        ("en_US", "1,2,3", .regrouped(["123", "12.3"])),
        ("de_DE", "1.23", style("1.23", "en_US")),
    ]

    @Test(arguments: cases)
    func hintsOnlyWhenCertain(locale: String, cell: String, expected: NumberStyleHint?) {
        let c = conventions(locale)
        guard case .failure(let error) = NumberParser(conventions: c).parse(cell) else {
            Issue.record("'\(cell)' parses in \(locale)")
            return
        }
        var copy = cell
        let hint = copy.withUTF8 { NumberStyleHint.hint(for: UnsafeRawBufferPointer($0), error: error, conventions: c) }
        #expect(hint == expected)
    }

    @Test func hintsNameTheirLocale() {
        #expect(NumberStyleHint.indianGrouping.locale == "en_IN")
        #expect(NumberStyleHint.otherStyle(value: .zero, locale: "de_DE").locale == "de_DE")
        #expect(NumberStyleHint.regrouped(["1"]).locale == nil)
    }
}
