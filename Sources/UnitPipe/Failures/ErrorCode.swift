import UnitPipeNumbers
import UnitPipeUnits

/// The stable reason codes of the error report's `code` column — the one table of them.
///
/// Every failure a job reports is one of these; the stages' own error enums (`NumberError`,
/// `UnitError`, `UnitExpressionError`, `RecordProblem`) map here by exhaustive switches, so a
/// new case cannot fall through to a wrong code. A test pins every raw value: renaming one
/// breaks users' ETL jobs.
public enum ErrorCode: String, Sendable, CaseIterable, Comparable {
    case invalidNumber = "invalid_number"
    case grouping = "grouping"
    case multipleDecimal = "multiple_decimal"
    case empty = "empty"
    case overflow = "overflow"
    case unknownUnit = "unknown_unit"
    case dimensionMismatch = "dimension_mismatch"
    case unitMismatch = "unit_mismatch"
    case ambiguousUnit = "ambiguous_unit"
    case ambiguousNumber = "ambiguous_number"
    case noRate = "no_rate"
    case outOfRange = "out_of_range"
    case notInteger = "not_integer"
    case missingColumn = "missing_column"
    case extraColumn = "extra_column"
    case duplicateColumn = "duplicate_column"
    case fieldCount = "field_count"
    case malformedCSV = "malformed_csv"
    case invalidUTF8 = "invalid_utf8"
    /// A unit string whose parentheses nest too deep to be read.
    case unitTooDeep = "unit_too_deep"
    case zeroReciprocal = "zero_reciprocal"
    /// A cell that is not of its schema field's type and format (a boolean, a date, an email address, …).
    case invalidValue = "invalid_value"
    /// A string that does not match its schema field's `pattern`.
    case patternMismatch = "pattern_mismatch"
    /// A string shorter than `minLength` or longer than `maxLength`.
    case invalidLength = "invalid_length"
    /// A value (`unique`) or key (`primaryKey`) an earlier row already has.
    case duplicateValue = "duplicate_value"

    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The code of a number that failed to parse.
    public init(_ error: NumberError) {
        switch error {
        case .invalidNumber: self = .invalidNumber
        case .grouping: self = .grouping
        case .multipleDecimal: self = .multipleDecimal
        case .overflow: self = .overflow
        case .unitMismatch: self = .unitMismatch
        case .ambiguousUnit: self = .ambiguousUnit
        case .ambiguousNumber: self = .ambiguousNumber
        }
    }

    /// The code of two units that cannot be related.
    public init(_ error: UnitError) {
        switch error {
        case .unknownUnit: self = .unknownUnit
        case .dimensionMismatch: self = .dimensionMismatch
        case .factorOverflow: self = .overflow
        }
    }

    /// The code of a unit string that could not be resolved.
    public init(_ error: UnitExpressionError) {
        switch error {
        case .unit(let error): self.init(error)
        case .noRate: self = .noRate
        case .malformedExpression, .affineInExpression: self = .unknownUnit
        case .nestedTooDeep: self = .unitTooDeep
        }
    }
}
