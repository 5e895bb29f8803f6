import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

@Suite("Error codes")
struct ErrorCodeTests {
    /// The codes users' ETL jobs match on (DESIGN §4): renaming one is a breaking change.
    @Test func codesArePinned() {
        #expect(ErrorCode.allCases.map(\.rawValue) == [
            "invalid_number", "grouping", "multiple_decimal", "empty", "overflow", "unknown_unit",
            "dimension_mismatch", "unit_mismatch", "ambiguous_unit", "ambiguous_number", "no_rate",
            "out_of_range", "not_integer", "missing_column", "extra_column", "duplicate_column", "field_count",
            "malformed_csv", "invalid_utf8",
        ])
    }

    @Test(arguments: [
        (NumberError.invalidNumber, ErrorCode.invalidNumber),
        (.grouping, .grouping),
        (.multipleDecimal, .multipleDecimal),
        (.overflow, .overflow),
    ])
    func numberErrorsMapToTheirCodes(_ error: NumberError, _ code: ErrorCode) {
        #expect(ErrorCode(error) == code)
        #expect(error.code == code.rawValue)
    }

    @Test func reportHeaderIsPinned() {
        #expect(ErrorReportFormat.header == ["record", "line", "column", "value", "code", "message"])
    }
}
