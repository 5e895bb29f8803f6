import UnitPipeNumbers
import UnitPipeUnits

/// The stable reason codes of the error report's `code` column (DESIGN §4).
///
/// A test pins every raw value: renaming one breaks users' ETL jobs.
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

    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The code's position in `allCases`, for compact per-cell storage.
    var index: UInt8 { ErrorCode.indices[self] ?? 0 }

    /// The code at `index` in `allCases`.
    init(index: UInt8) { self = ErrorCode.allCases[Int(index)] }

    private static let indices: [ErrorCode: UInt8] = Dictionary(
        uniqueKeysWithValues: ErrorCode.allCases.enumerated().map { ($1, UInt8($0)) })

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

    /// The code of a unit string that could not be resolved (`unknown_unit`, `dimension_mismatch`, `no_rate`, `overflow`).
    public init(_ error: UnitExpressionError) {
        self = ErrorCode(rawValue: error.code) ?? .unknownUnit
    }
}

/// One failed cell or row, as it appears in the error report.
public struct CellError: Sendable, Equatable {
    /// The 1-based data record number (the header is not a record).
    public var record: Int
    /// The 1-based physical line on which the record starts.
    public var line: Int
    /// The column's header name (`#N` without a header); empty for row-level errors.
    public var column: String
    /// The raw cell value (for row-level errors, the whole raw record joined by the delimiter, truncated).
    public var value: String
    public var code: ErrorCode
    /// A one-line explanation naming the problem and, where there is one, the fix.
    public var message: String
}
