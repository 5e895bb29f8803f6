import Testing
@testable import UnitPipeNumbers

private func decide(_ cells: [String]) -> LocaleDetector.Decision {
    var detector = LocaleDetector()
    for cell in cells { detector.observe(cell) }
    return detector.decision
}

@Test(arguments: [
    (["1.234,5", "12", "7"], LocaleDetector.Convention.decimalComma, 1),
    (["0,25", "1,234", "3"], .decimalComma, 1),
    (["1 234,5", "2 000,75"], .decimalComma, 2),
    (["1,234.5", "0.25", "1,234"], .decimalPoint, 2),
    (["1,234,567", "12"], .decimalPoint, 1),
    (["1.234.567", "1.234"], .decimalComma, 1),
    (["1'234.5", "x"], .decimalPoint, 1),
    (["12,34,567.5", "1,234"], .decimalPoint, 1),
])
func decidesFromUnambiguousEvidence(cells: [String], convention: LocaleDetector.Convention, evidence: Int) {
    let decision = decide(cells)
    #expect(decision.convention == convention)
    #expect(decision.evidence == evidence)
    #expect(!decision.conventions.isUndecided)
}

@Test(arguments: [["1,234", "1.234", "12", "-7", ""], ["0,25", "0.25"], ["abc", "3.2.1"], []])
func staysUndecidedWithoutEvidence(cells: [String]) {
    let decision = decide(cells)
    #expect(decision.convention == nil)
    #expect(decision.evidence == 0)
    #expect(decision.conventions.isUndecided)
}

@Test func indianGroupingIsDetected() {
    let decision = decide(["12,34,567.5", "1,00,000"])
    #expect(decision.usesIndianGrouping)
    #expect(NumberParser(conventions: decision.conventions).parse("1,00,000") == .number(100000))
    #expect(!decide(["1,234,567.5"]).usesIndianGrouping)
}

@Test(arguments: [
    ("1,234", NumberParseResult.failure(.ambiguousNumber)), ("1.234", .failure(.ambiguousNumber)),
    ("12.345", .failure(.ambiguousNumber)), ("12", .number(12)), ("1234", .number(1234)), ("-7", .number(-7)),
    ("1,234.5", .number(1234.5)), ("1.234,5", .number(1234.5)), ("0,250", .number(0.25)), ("0.250", .number(0.25)),
    ("1,5", .number(1.5)), ("1,234,567", .number(1234567)), ("1.234.567", .number(1234567)), ("1234,567", .number(1234.567)),
    ("1 234,5", .number(1234.5)), ("1,234e5", .failure(.ambiguousNumber)), ("", .empty), ("1,2,3.4.5", .failure(.multipleDecimal)),
])
func undecidedColumnsParseOnlyUnambiguousCells(text: String, expected: NumberParseResult) {
    #expect(NumberParser(conventions: .undecided).parse(text) == expected)
}

@Test func decidedColumnsReadTheAmbiguousCellsTheirWay() {
    let comma = decide(["0,25"]).conventions
    let point = decide(["0.25"]).conventions
    #expect(NumberParser(conventions: comma).parse("1.234") == .number(1234))
    #expect(NumberParser(conventions: point).parse("1.234") == .number(1.234))
    #expect(NumberParser(conventions: point).parse("1,234") == .number(1234))
    #expect(NumberParser(conventions: comma).parse("10,000.50") == .failure(.grouping))
}
