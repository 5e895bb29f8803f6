import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

@Suite("Error codes")
struct ErrorCodeTests {
    /// The one code table: every code users' ETL jobs match on, and which code each stage's
    /// error becomes. Renaming a code, or mapping an error to another one, is a breaking change.
    @Test func codesArePinned() {
        #expect(ErrorCode.allCases.map(\.rawValue) == [
            "invalid_number", "grouping", "multiple_decimal", "empty", "overflow", "unknown_unit",
            "dimension_mismatch", "unit_mismatch", "ambiguous_unit", "ambiguous_number", "no_rate",
            "out_of_range", "not_integer", "missing_column", "extra_column", "duplicate_column", "field_count",
            "malformed_csv", "invalid_utf8", "unit_too_deep", "zero_reciprocal", "invalid_value", "pattern_mismatch",
            "invalid_length", "duplicate_value",
        ])
        let numberErrors: [(NumberError, String)] = [
            (.invalidNumber, "invalid_number"), (.grouping, "grouping"), (.multipleDecimal, "multiple_decimal"),
            (.overflow, "overflow"), (.unitMismatch, "unit_mismatch"), (.ambiguousUnit, "ambiguous_unit"),
            (.ambiguousNumber, "ambiguous_number"),
        ]
        for (error, code) in numberErrors { #expect(ErrorCode(error).rawValue == code, "\(error)") }
        let unitErrors: [(UnitExpressionError, String)] = [
            (.unit(.unknownUnit("x", suggestion: nil)), "unknown_unit"),
            (.unit(.dimensionMismatch(from: "m", fromDimension: .length, to: "K", toDimension: .temperature)), "dimension_mismatch"),
            (.unit(.factorOverflow(from: "a", to: "b")), "overflow"),
            (.noRate("USD"), "no_rate"),
            (.malformedExpression("m//s", offset: 2), "unknown_unit"),
            (.affineInExpression("degC*m", unit: "degC"), "unknown_unit"),
            (.nestedTooDeep("((((m))))", limit: 3), "unit_too_deep"),
        ]
        for (error, code) in unitErrors { #expect(ErrorCode(error).rawValue == code, "\(error)") }
        let details: [(CellFailure.Detail, String)] = [
            (.number(.grouping), "grouping"), (.required, "empty"), (.overflow, "overflow"),
            (.unit(.noRate("JPY")), "no_rate"), (.missingUnit, "unknown_unit"), (.ambiguousUnit, "ambiguous_unit"),
            (.fieldCount(found: 3), "field_count"), (.malformed(.unterminatedQuote, fields: 2), "malformed_csv"),
            (.malformed(.fieldTooLarge, fields: 2), "malformed_csv"),
        ]
        for (detail, code) in details { #expect(detail.code.rawValue == code, "\(detail)") }
    }

    @Test func reportHeaderIsPinned() {
        #expect(ErrorReportFormat.header == ["record", "line", "column", "value", "code", "message"])
    }
}
