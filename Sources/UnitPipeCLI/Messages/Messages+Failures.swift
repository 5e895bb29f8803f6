import UnitPipe
import UnitPipeUnits

extension Messages {
    /// The command line's words for the fixes in the error report's messages: which option to give.
    @Sendable static func hint(_ hint: FailureHint) -> String {
        switch hint {
        case .ambiguousNumber:
            "give --locale"
        case .chooseLocale:
            "fix the cell or choose the file's locale with --locale"
        case .otherStyle(let locale):
            "try --locale \(locale)"
        case .required:
            "which --required says must have a value"
        case .recordTooLarge(let limit, let bytesPerField, let fieldsKept):
            "the record is longer than --max-field-size (\(limit) bytes, counting \(bytesPerField) bytes for each field after the first): \(fieldsKept) fields were kept; fix the file or raise --max-field-size"
        case .fieldTooLarge(let limit):
            "a field is longer than --max-field-size (\(limit) bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"
        case .encoding:
            "if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"
        case .nullMarker(let cell):
            "if it marks a missing value, add --null-value '\(cell)' to read it as an empty cell"
        case .percent:
            " (-c NAME:1:% keeps percent, NAME:1:1 gives the fraction)"
        case .currency:
            "for money give the currency as FROM (-c NAME:USD:EUR --rates FILE) or * for a currency per cell"
        case .accountingNegative:
            "give the file's locale, e.g. --locale en_US reads (1,234.56) and 1,234.56-"
        case .decimalComma(let locale):
            "give --locale \(locale) (or the locale 'unitpipe sniff FILE' finds)"
        case .commaEitherWay:
            "as a decimal comma give --locale de_DE, as a thousands separator --locale en_US ('unitpipe sniff FILE' tells which the file uses)"
        case .defaultUnit:
            "write the unit (e.g. '5 km') or give one: -c NAME:*km:TO"
        case .unit(let error):
            message(error)
        }
    }

    /// A unit that does not resolve, as the error report and standard error show it: the
    /// library's sentence, then the fix on the command line.
    static func message(_ error: UnitExpressionError) -> String {
        switch error {
        case .unit(.dimensionMismatch(let from, let fromDimension, let to, let toDimension)) where fromDimension.isReciprocal(of: toDimension):
            return "cannot convert from '\(from)' [\(fromDimension)] to '\(to)' [\(toDimension)]; they are reciprocal (y = K/x, as between mpg and L/100km), "
                + "which converts only units without an offset and one FROM unit for the column (not @COLUMN or *)"
        case .unit(.dimensionMismatch):
            return FailureRenderer.clause(error.description) + "; FROM and TO must measure the same thing"
        case .unit(.factorOverflow):
            return FailureRenderer.clause(error.description) + "; convert through an intermediate unit"
        case .noRate:
            return FailureRenderer.clause(error.description) + "; give a rates file (--rates) that quotes it"
        case .unit(.unknownUnit), .malformedExpression, .affineInExpression, .nestedTooDeep:
            return FailureRenderer.clause(error.description)
        }
    }
}
