import Foundation
import UnitPipeNumbers

// Plain sentences for the library's errors, for apps to show: no command-line options in them
// (the command line renders its own messages, with its hints, from the same values).

extension UnitError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the units and, for a mismatch, both dimensions.
    public var description: String {
        switch self {
        case .unknownUnit(let name, let suggestion):
            "'\(name)' is not a known unit" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .dimensionMismatch(let from, let fromDimension, let to, let toDimension):
            "Cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]"
                + (fromDimension.isReciprocal(of: toDimension) ? "; they are reciprocal, and a conversion is a factor and an offset." : ".")
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
            "No exchange rate is known for '\(code)'."
        case .malformedExpression(let expression, let offset):
            "'\(expression)' is not a unit expression: the problem is at position \(offset + 1); write products with '*', quotients with '/', powers with '^'."
        case .nestedTooDeep(let expression, let limit):
            "'\(expression.count > 40 ? expression.prefix(40) + "…" : expression)' nests parentheses more than \(limit) deep; write it with fewer parentheses."
        case .affineInExpression(let expression, let unit):
            "'\(unit)' in '\(expression)' is a temperature scale with an offset and cannot be multiplied or divided; use a temperature difference or kelvin."
        }
    }

    public var errorDescription: String? { description }
}

extension RatesError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the problem, with the line where one is to blame.
    public var description: String {
        let sentence: String
        switch self {
        case .badDate(0, let value): sentence = "the rates date '\(value)' is not a date (write 2024-05-17)"
        case .badDate(let line, let value): sentence = "line \(line): '\(value)' is not a date (write 2024-05-17)"
        case .tooLarge(let path, let limit): sentence = "the rates file '\(path)' is larger than \(limit >> 20) MiB, which no rates file needs"
        case .lineTooLong(let line, let limit): sentence = "line \(line) of the rates file is longer than \(limit >> 10) KiB, which no rates line needs"
        case .tooManyLines(let limit): sentence = "the rates file has more than \(limit) lines, which no rates file needs"
        case .tooManyCurrencies(let limit): sentence = "the rates file quotes more than \(limit) currencies (ISO 4217 has fewer than 200)"
        default: sentence = message
        }
        guard let first = sentence.first else { return sentence }
        return first.uppercased() + sentence.dropFirst() + (sentence.hasSuffix("?") ? "" : ".")
    }

    public var errorDescription: String? { description }
}
