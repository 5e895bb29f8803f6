/// An error resolving a unit expression (`FROM`/`TO`) or a unit string found in data.
///
/// Each case maps to a stable error-report code (the engine's `ErrorCode`); `description` is one
/// plain sentence an app can show (`UnitErrors+Description.swift`).
public enum UnitExpressionError: Error, Sendable, Equatable {
    /// An unknown unit, a dimension mismatch or an overflowing factor, as `UnitError` reports them.
    case unit(UnitError)
    /// An ISO 4217 currency code (or € / £) that the rates file does not quote, or no rates file was given.
    case noRate(String)
    /// The expression does not parse: `offset` is the 0-based character position of the problem.
    case malformedExpression(String, offset: Int)
    /// An affine unit (`degC`, `degF`) inside a product, quotient or power, where its zero point has no meaning.
    case affineInExpression(String, unit: String)
    /// Parentheses nested deeper than `limit` (no unit needs that; the parser's recursion is bounded).
    case nestedTooDeep(String, limit: Int)
}
