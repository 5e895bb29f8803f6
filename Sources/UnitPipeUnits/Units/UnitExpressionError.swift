/// An error resolving a unit expression (`FROM`/`TO`) or a unit string found in data.
///
/// Each case maps to a stable error-report code (the engine's `ErrorCode`); `message` is the
/// one-line text for the error report and standard error.
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

    /// A one-line message that names the problem and the fix.
    public var message: String {
        switch self {
        case .unit(.unknownUnit(let name, let suggestion)):
            "unknown unit '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unit(.dimensionMismatch(let from, let fromDimension, let to, let toDimension)):
            "cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]"
                + (fromDimension.isReciprocal(of: toDimension) ? UnitError.reciprocalNote : "")
        case .unit(.factorOverflow(let from, let to)):
            "the exact factor from '\(from)' to '\(to)' does not fit in 128-bit integers"
        case .noRate(let code):
            "no exchange rate for '\(code)'; give a rates file (--rates) that quotes it"
        case .malformedExpression(let expression, let offset):
            "cannot read unit expression '\(expression)' at character \(offset + 1); write products with '*', quotients with '/', powers with '^'"
        case .nestedTooDeep(let expression, let limit):
            "unit expression '\(expression.count > 40 ? expression.prefix(40) + "…" : expression)' nests parentheses more than \(limit) deep; write it with fewer parentheses"
        case .affineInExpression(let expression, let unit):
            "'\(unit)' in '\(expression)' is an absolute temperature scale with an offset and cannot be multiplied or divided; use 'delta_\(unit.hasPrefix("deg") ? unit : "K")' or 'K'"
        }
    }
}
