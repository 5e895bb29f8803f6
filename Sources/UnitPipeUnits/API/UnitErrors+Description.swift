import Foundation
import UnitPipeNumbers

// The one sentence of each error of the library, for apps to show: no command-line options in it.
// The command line shows the same sentence and adds its own hints (which option to give).

extension UnitError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the units and, for a mismatch, both dimensions.
    public var description: String {
        switch self {
        case .unknownUnit(let name, let suggestion):
            "Unknown unit '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .dimensionMismatch(let from, let fromDimension, let to, let toDimension):
            "Cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]"
                + (fromDimension.isReciprocal(of: toDimension) ? "; they are reciprocal (y = K/x), which no factor and offset converts." : ".")
        case .factorOverflow(let from, let to):
            "The exact factor from '\(from)' to '\(to)' does not fit in 128-bit integers."
        }
    }

    public var errorDescription: String? { description }
}

extension UnitExpressionError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the problem and, for a malformed expression, its position (1-based).
    public var description: String {
        switch self {
        case .unit(let error):
            error.description
        case .noRate(let code):
            "No exchange rate for '\(code)'."
        case .malformedExpression(let expression, let offset):
            "Cannot read unit expression '\(expression)' at character \(offset + 1); write products with '*', quotients with '/', powers with '^'."
        case .nestedTooDeep(let expression, let limit):
            "Unit expression '\(expression.count > 40 ? expression.prefix(40) + "…" : expression)' nests parentheses more than \(limit) deep; write it with fewer parentheses."
        case .affineInExpression(let expression, let unit):
            "'\(unit)' in '\(expression)' is an absolute temperature scale with an offset and cannot be multiplied or divided; use 'delta_\(unit.hasPrefix("deg") ? unit : "K")' or 'K'."
        }
    }

    public var errorDescription: String? { description }
}

extension RatesError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the problem, with the line where one is to blame.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "Cannot read rates file '\(path)': \(reason)."
        case .empty:
            "The rates file holds no rates."
        case .unknownLayout(let line):
            "Line \(line): expected an ECB header 'Date, USD, JPY, …' or 'currency,rate_per_XXX' / 'currency,rate' with a 'base,XXX' line."
        case .badRate(let line, let currency, let value):
            "Line \(line): rate of \(currency) is '\(value)', not a positive decimal number."
        case .badDate(0, let value):
            "The rates date '\(value)' is not a date (write 2024-05-17)."
        case .badDate(let line, let value):
            "Line \(line): '\(value)' is not a date (write 2024-05-17)."
        case .fieldCount(let line, let expected, let found):
            "Line \(line): \(found) fields, but the header has \(expected)."
        case .dateNotFound(let date, let before, let after):
            "The rates file has no rates for \(date); nearest dates: " + [before, after].compactMap { $0 }.joined(separator: ", ") + "."
        case .missingBase:
            "The rates file does not name its base currency: use the header 'currency,rate_per_XXX' or a line 'base,XXX'."
        case .conflictingBase(let line):
            "Line \(line): a second, different base currency."
        case .tooLarge(let path, let limit):
            "The rates file '\(path)' is larger than \(limit >> 20) MiB, which no rates file needs (the ECB's whole history is under 2 MiB)."
        case .lineTooLong(let line, let limit):
            "Line \(line) of the rates file is longer than \(limit >> 10) KiB, which no rates line needs."
        case .tooManyLines(let limit):
            "The rates file has more than \(limit) lines, which no rates file needs (the ECB's history has one per business day)."
        case .tooManyCurrencies(let limit):
            "The rates file quotes more than \(limit) currencies (ISO 4217 has fewer than 200)."
        case .duplicateCurrency(let code, let first, let firstValue, let second, let secondValue):
            "Lines \(first) and \(second): \(code) has two different rates ('\(firstValue)' and '\(secondValue)'); keep one line per currency."
        case .duplicateColumn(let code, let line, let first, let firstValue, let second, let secondValue):
            "Line \(line): columns \(first) and \(second) are both \(code) with different rates ('\(firstValue)' and '\(secondValue)'); keep one column per currency."
        case .codeNotInCapitals(let code, let line):
            "Line \(line): currency code '\(code)' is not in capitals; write ISO 4217 codes as cells must write them: '\(code.uppercased())'."
        case .baseRateNotOne(let line, let currency, let value):
            "Line \(line): \(currency) is the base currency, so its rate must be 1, not '\(value)'; remove the line or correct the base."
        }
    }

    public var errorDescription: String? { description }
}
