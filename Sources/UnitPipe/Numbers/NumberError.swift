/// Why a cell is not a number.
///
/// Each case maps to a stable code of the error report (DESIGN §4) through ``code``.
public enum NumberError: Error, Sendable, Equatable, Hashable {
    /// The cell is not a number in the selected conventions (letters, `nan`, `inf`, hex, `--1`, …).
    case invalidNumber
    /// A grouping separator at a position the locale's group sizes do not allow.
    case grouping
    /// A second decimal separator (`1.2.3`).
    case multipleDecimal
    /// The value's magnitude rounds to infinity (`1e400`).
    case overflow

    /// The stable code written to the `code` column of the error report.
    public var code: String {
        switch self {
        case .invalidNumber: "invalid_number"
        case .grouping: "grouping"
        case .multipleDecimal: "multiple_decimal"
        case .overflow: "overflow"
        }
    }
}

/// The outcome of parsing one cell.
public enum NumberParseResult: Sendable, Equatable {
    /// The correctly rounded value.
    case number(Double)
    /// The cell holds nothing but blanks: a null, never 0.
    case empty
    /// The cell is not a number.
    case failure(NumberError)
}
