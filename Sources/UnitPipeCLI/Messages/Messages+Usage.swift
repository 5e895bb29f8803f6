import UnitPipe

extension Messages {
    static func render(_ error: UsageError) -> String {
        switch error {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let option, let valueName):
            return "option '\(option)' needs a value: \(option) \(valueName)"
        case .missingOption(let option, let example):
            return "\(option) is required; add it, e.g. \(example)"
        case .repeatedOption(let option):
            return "option '\(option)' was given twice; give it once"
        case .unexpectedArgument(let token):
            return "unexpected argument '\(token)'; give one INPUT file (or '-' for standard input)"
        case .missingArgument(let name, let expected):
            return "give \(name): one of " + expected.joined(separator: ", ")
        case .invalidValue(let option, let value, let reason):
            return "invalid value '\(value)' for \(option): \(reason)"
        }
    }

    static func render(_ error: ColumnSpec.ParseError) -> String {
        let shape = "write NAME:FROM:TO or NAME:FROM:TO=NEWNAME, e.g. distance:km:mi"
        switch error {
        case .tooFewParts:
            return shape + " (FROM may be empty when the header names the unit: distance_km::mi)"
        case .tooManyParts(let extra):
            return "it has \(extra == 1 ? "one part" : "\(extra) parts") too many; \(shape) (select a column whose name holds ':' by position, #N)"
        case .emptyPart(let part):
            return "\(part) is empty; " + shape
        case .positionZero:
            return "positions start at 1: #1 is the first column, #-1 the last"
        case .badRange(let range):
            return "'\(range)' is not a range of positions; write #FIRST-#LAST with FIRST before LAST, e.g. #2-#4 (or #2-#-1: from the second to the last)"
        case .renameOfSeveral(let name):
            return "=NEWNAME renames one column, but '\(name)' selects several; give each column its own -c to rename it"
        case .keepNeedsName:
            return "=+ keeps the original column and needs a name for the converted one (=+NEWNAME); it may be left out only when the header names the unit (distance_km::mi=+)"
        case .badDecimals(let digits):
            return "'\(digits)' fraction digits: :N takes 0 to 20 (amount:USD:EUR:2)"
        }
    }
}
