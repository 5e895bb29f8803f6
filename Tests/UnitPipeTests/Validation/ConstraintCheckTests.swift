import Testing
import UnitPipeNumbers
import UnitPipeUnits
@testable import UnitPipe

/// The conventions of a locale (C, or from Foundation).
private func conventions(_ identifier: String) -> NumberConventions {
    identifier == "C" ? .c : ((try? NumberConventions(localeIdentifier: identifier)) ?? .c)
}

/// The constraint a cell breaks under a rule, read with the given conventions ("ok" when none,
/// "not a number" when the parser rejects it).
private func outcome(_ cell: String, _ rule: ColumnRule, locale: String = "C") -> String {
    let c = conventions(locale)
    let check = ConstraintCheck(rule: rule, parser: NumberParser(conventions: c))
    guard case .number(let value) = NumberParser(conventions: c).parse(cell) else { return "not a number" }
    var copy = cell
    let failure = copy.withUTF8 { check.check(value, cell: UnsafeRawBufferPointer($0)) }
    switch failure {
    case nil: return "ok"
    case .belowMinimum?: return "below"
    case .aboveMaximum?: return "above"
    case .notAllowed?: return "not allowed"
    case .notInteger?: return "not integer"
    case .unordered?: return "unordered"
    }
}

private func bound(_ text: String, exclusive: Bool = false) -> TableSchema.Bound? {
    DecimalValue(text).map { TableSchema.Bound($0, isExclusive: exclusive) }
}

@Suite struct ConstraintCheckTests {
    static let column = ColumnSpec.Reference.name("x")

    /// Bounds where the cell's double equals the bound's double but the decimals differ (or not).
    @Test(arguments: [
        ("0.1", "ok"), ("0.10000000000000001", "above"), ("0.09999999999999999", "ok"), ("0.1000", "ok"),
        ("1e-1", "ok"), ("0.100000000000000000000000000001", "above"), ("0.2", "above"),
    ])
    func maximumIsExact(cell: String, expected: String) {
        #expect(outcome(cell, ColumnRule(column: Self.column, maximum: bound("0.1"))) == expected)
    }

    @Test(arguments: [
        ("0.1", "above"), ("0.09999999999999999999", "ok"), ("0.10000000000000001", "above"), ("-5", "ok"),
    ])
    func exclusiveMaximumExcludesTheBound(cell: String, expected: String) {
        #expect(outcome(cell, ColumnRule(column: Self.column, maximum: bound("0.1", exclusive: true))) == expected)
    }

    @Test(arguments: [
        ("0.3", "below"), ("0.30000000000000001", "ok"), ("0.29999999999999999", "below"), ("1e400", "not a number"),
        ("9007199254740993", "ok"),
    ])
    func exclusiveMinimumIsExact(cell: String, expected: String) {
        #expect(outcome(cell, ColumnRule(column: Self.column, minimum: bound("0.3", exclusive: true))) == expected)
    }

    @Test(arguments: [
        ("5", "ok"), ("5.0", "ok"), ("1e3", "ok"), ("-0", "ok"), ("5.5", "not integer"), ("1.0000000000000000001", "not integer"),
        ("9007199254740993", "ok"), ("12e-1", "not integer"), ("120e-1", "ok"),
    ])
    func integerMeansAWholeValue(cell: String, expected: String) {
        #expect(outcome(cell, ColumnRule(column: Self.column, kind: .integer)) == expected)
    }

    @Test(arguments: [
        ("1", "ok"), ("1.50", "ok"), ("2", "ok"), ("1.5000000000000000001", "not allowed"), ("3", "not allowed"),
    ])
    func enumComparesDecimals(cell: String, expected: String) {
        let rule = ColumnRule(column: Self.column, allowedValues: ["1", "1.5", "2"].compactMap { DecimalValue($0) })
        #expect(outcome(cell, rule) == expected)
    }

    @Test(arguments: [
        ("1.234,5", "ok"), ("1.000,00", "ok"), ("1.000,0000000000000001", "ok"), ("1.234,5000000000000001", "above"), ("(5)", "below"), ("0,5-", "below"),
    ])
    func boundsInALocale(cell: String, expected: String) {
        let rule = ColumnRule(column: Self.column, minimum: bound("0"), maximum: bound("1234.5"))
        #expect(outcome(cell, rule, locale: "de_DE") == expected)
    }

    /// A cell in another unit: its exact decimal against the bounds moved into its unit.
    @Test(arguments: [
        ("1000", "m", "ok"), ("1000.000000000000000001", "m", "above"), ("0.6213711922373339", "mi", "ok"),
        ("0.621371192237334", "mi", "above"), ("0.62137119223733396961", "mi", "ok"), ("0.62137119223733396962", "mi", "above"), ("39370.07874015748", "in", "ok"), ("39370.07874015749", "in", "above"),
        ("-1", "m", "below"), ("0", "m", "ok"),
    ])
    func boundsInAnotherUnit(cell: String, unit: String, expected: String) throws {
        let rule = ColumnRule(column: Self.column, minimum: bound("0"), maximum: bound("1"))
        let check = ConstraintCheck(rule: rule, parser: NumberParser())
        let catalog = UnitCatalog.standard
        let conversion = try UnitConversion(from: try catalog.unit(named: unit), to: try catalog.unit(named: "km"))
        var copy = cell
        let failure = copy.withUTF8 { check.check(cell: UnsafeRawBufferPointer($0), convertedBy: conversion) }
        let got = switch failure {
        case nil: "ok"
        case .belowMinimum?: "below"
        case .aboveMaximum?: "above"
        default: "other"
        }
        #expect(got == expected)
    }

    @Test func schemaSeparatorsBecomeConventions() {
        let c = NumberConventions(decimal: ",", grouping: " ")
        let parser = NumberParser(conventions: c)
        #expect(parser.parse("1 234,5") == .number(1234.5))
        #expect(parser.parse("1\u{A0}234,5") == .number(1234.5))
        #expect(parser.parse("1 23,5") == .failure(.grouping))
        #expect(parser.parse("1.234,5") == .failure(.grouping))
        #expect(NumberParser(conventions: NumberConventions(decimal: ",", grouping: nil)).parse("1.5") == .failure(.invalidNumber))
    }
}
