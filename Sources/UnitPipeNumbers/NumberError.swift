/// Why a cell is not a number.
///
/// Each case maps to a stable code of the error report (the engine's `ErrorCode`).
public enum NumberError: Error, Sendable, Equatable, Hashable, CaseIterable {
    /// The cell is not a number in the selected conventions (letters, `nan`, `inf`, hex, `--1`,
    /// a percent sign in a column that is not dimensionless, a currency mark in a column without currency, …).
    case invalidNumber
    /// A grouping separator at a position the locale's group sizes do not allow, after the
    /// decimal separator, or a separator the locale does not use between digits (`10,000.50` in `fr_FR`).
    case grouping
    /// A second decimal separator (`1.2.3`).
    case multipleDecimal
    /// The value's magnitude rounds to infinity (`1e400`).
    case overflow
    /// A currency mark that names another currency than the column's (`£5` in a `USD` column).
    case unitMismatch
    /// A currency mark the locale does not settle (a bare `$` in the C locale).
    case ambiguousUnit
    /// With `--locale auto` and an undecided column: a number readable two ways (`1,234`, `1.234`).
    case ambiguousNumber
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

/// Why ``NumberConventions`` could not be built for a locale identifier.
public enum NumberConventionsError: Error, Sendable, Equatable, Hashable {
    /// Foundation knows no locale of that identifier (`xx_YY`, `de_XX`, `auto` outside the detector).
    case unknownLocale(String)
    /// Foundation formats numbers of the locale in a shape the parser cannot model (no digits, no separator).
    case unsupportedLocale(String)

    /// The stable code of the error, for messages and tests.
    public var code: String {
        switch self {
        case .unknownLocale: "unknown_locale"
        case .unsupportedLocale: "unsupported_locale"
        }
    }
}
