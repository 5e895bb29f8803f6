import Testing
@testable import UnitPipeNumbers

@Suite struct NumberStyleHintTests {
    /// Every hint as the sentence users read; "" where no reading is certain.
    @Test(arguments: [
        ("en_US", "1,00,0", "did you mean 1,000 or 100?"),
        ("en_US", "-1,00,5", "did you mean -1,005 or -100.5?"),
        ("en_US", "12,3", "reads as 12.3 in de_DE-style numbers; try --locale de_DE"),
        ("en_US", "1,0000", "reads as 1 in de_DE-style numbers; try --locale de_DE"),
        ("de_DE", "1.00.0", "did you mean 1.000 or 100?"),
        ("C", "1.234,5", "reads as 1234.5 in de_DE-style numbers; try --locale de_DE"),
        ("C", "1,5", "reads as 1.5 in de_DE-style numbers; try --locale de_DE"),
        ("C", "1,234.5", "reads as 1234.5 in en_US-style numbers; try --locale en_US"),
        ("C", "12,34,567.8", "Indian grouping; try --locale en_IN"),
        ("en_US", "12,34,567.8", "Indian grouping; try --locale en_IN"),
        ("C", "1\u{202F}234,5", "reads as 1234.5 in fr_FR-style numbers; try --locale fr_FR"),
        ("C", "1’234.5", "reads as 1234.5 in de_CH-style numbers; try --locale de_CH"),
        ("fr_FR", "10,000.50", "reads as 10000.5 in en_US-style numbers; try --locale en_US"),
        ("de_DE", "1,234.5", "reads as 1234.5 in en_US-style numbers; try --locale en_US"),
        ("C", "1,234", ""),
        ("C", "1.234.567", "reads as 1234567 in de_DE-style numbers; try --locale de_DE"),
        ("C", "abc", ""),
        ("C", "5 km", ""),
        ("en_US", "1,2,3", "did you mean 123 or 12.3?"),
        ("de_DE", "1.23", "reads as 1.23 in en_US-style numbers; try --locale en_US"),
    ])
    func hintsOnlyWhenCertain(locale: String, cell: String, expected: String) {
        let c = conventions(locale)
        guard case .failure(let error) = NumberParser(conventions: c).parse(cell) else {
            Issue.record("'\(cell)' parses in \(locale)")
            return
        }
        var copy = cell
        let hint = copy.withUTF8 { NumberStyleHint.hint(for: UnsafeRawBufferPointer($0), error: error, conventions: c) }
        #expect((hint?.text ?? "") == expected)
    }

    @Test func hintsNameTheirLocale() {
        #expect(NumberStyleHint.indianGrouping.locale == "en_IN")
        #expect(NumberStyleHint.otherStyle(value: .zero, locale: "de_DE").locale == "de_DE")
        #expect(NumberStyleHint.regrouped(["1"]).locale == nil)
    }
}
