import Foundation

// Plain sentences for the library's errors, for apps to show: no command-line options in them
// (the command line renders its own messages, with its hints, from the same values).

extension NumberError: CustomStringConvertible, LocalizedError {
    /// One plain sentence saying what is wrong.
    public var description: String {
        switch self {
        case .invalidNumber: "The text is not a number."
        case .grouping: "The digit grouping separators are not where the number's convention puts them."
        case .multipleDecimal: "The number has more than one decimal separator."
        case .overflow: "The number is too large to be represented."
        case .unitMismatch: "The currency mark names another currency than the one expected."
        case .ambiguousUnit: "The currency symbol is used by several currencies; write the ISO code (USD, CAD, …)."
        case .ambiguousNumber: "The number reads two ways (thousands or decimals); choose the number convention."
        }
    }

    public var errorDescription: String? { description }
}

extension RoundingError: CustomStringConvertible, LocalizedError {
    /// One plain sentence saying what is wrong.
    public var description: String {
        switch self {
        case .fractionDigitsOutOfRange(let digits):
            "\(digits) fraction digits is out of range; use 0 to \(RoundedDecimal.maxFractionDigits)."
        case .tooLarge(let digits):
            "The value is too large to be written with \(digits) fraction digits."
        }
    }

    public var errorDescription: String? { description }
}

extension NumberConventionsError: CustomStringConvertible, LocalizedError {
    /// One plain sentence saying what is wrong.
    public var description: String {
        switch self {
        case .unknownLocale(let identifier): "'\(identifier)' is not a known locale."
        case .unsupportedLocale(let identifier): "Numbers of the locale '\(identifier)' are written in a form that cannot be read."
        }
    }

    public var errorDescription: String? { description }
}

extension NumberTextError: CustomStringConvertible, LocalizedError {
    /// One plain sentence naming the text, the problem and, where one character is to blame, its
    /// position (1-based): `'12a' is not a number: 'a' at position 3 is not a digit.`
    public var description: String {
        let quoted = "'\(text)'"
        let place = character.flatMap { character in offset.map { "'\(character)' at position \($0 + 1)" } }
        switch reason {
        case .empty:
            return text.isEmpty ? "The text is empty; a number is expected." : "\(quoted) holds no number."
        case .rounding(let error):
            return "\(quoted) cannot be rounded: " + Self.lowercasedFirst(error.description)
        case .number(let error):
            switch error {
            case .invalidNumber:
                return place.map { "\(quoted) is not a number: \($0) is not a digit." } ?? "\(quoted) is not a number."
            case .grouping:
                return place.map { "\(quoted) is not a number: the grouping separator \($0) does not separate whole groups of digits." }
                    ?? "\(quoted) is not a number: its digit grouping is not that of the number's convention."
            case .multipleDecimal:
                return place.map { "\(quoted) is not a number: \($0) is a second decimal separator." }
                    ?? "\(quoted) is not a number: it has more than one decimal separator."
            case .overflow:
                return "\(quoted) is too large to be represented."
            case .unitMismatch:
                return "\(quoted) is in another currency than the one expected."
            case .ambiguousUnit:
                return "\(quoted) has a currency symbol that several currencies use; write the ISO code (USD, CAD, …)."
            case .ambiguousNumber:
                return "\(quoted) reads two ways (thousands or decimals); choose the number convention."
            }
        }
    }

    public var errorDescription: String? { description }

    private static func lowercasedFirst(_ sentence: String) -> String {
        guard let first = sentence.first else { return sentence }
        return first.lowercased() + sentence.dropFirst()
    }
}
