import UnitPipeNumbers
import UnitPipeUnits

// Design note — hints are data, worded by whoever runs the job.
//
// A failure's message names the problem, then the fix. Where the fix is a way to run the tool
// differently (read with another locale, count a marker as empty, raise a limit), the renderer
// does not word it: it asks its `hint` closure for the words of a `FailureHint`. The library's
// own words (`plainText`) are plain sentences an app can show; the command line supplies its own,
// which name its options. The closure is called while the report is written, on the thread that
// commits results, so no file is rewritten afterwards.

/// A fix a failure's message ends with that depends on how the tool is run, as data.
public enum FailureHint: Sendable, Equatable {
    /// A number that reads two ways, and the column shows no evidence which: say the file's locale.
    case ambiguousNumber
    /// A cell that is not a number in `locale`: fix it, or read the file with its locale.
    case chooseLocale
    /// A cell that another number style reads (`1.234,5` in C): read it with `locale`.
    case otherStyle(locale: String)
    /// An empty cell in a column that must have a value: why it must (`which …`).
    case required
    /// A record over the size limit of `limit` bytes (`bytesPerField` more for each field after
    /// the first), of which `fieldsKept` fields were kept: the whole sentence.
    case recordTooLarge(limit: Int, bytesPerField: Int, fieldsKept: Int)
    /// A field over the size limit of `limit` bytes: the whole sentence.
    case fieldTooLarge(limit: Int)
    /// Text that is not UTF-8: how to read a file in a Windows or Latin encoding.
    case encoding
    /// A cell that is a common marker of a missing value (`NA`): how to read it as an empty cell.
    case nullMarker(String)
    /// A percent sign in a column that is not dimensionless: what reads it (added after the sentence).
    case percent
    /// A currency mark in a column of another unit: how to convert money.
    case currency
    /// An accounting negative (`(1.5)`, `1.5-`) in locale C: read it with a locale that has them.
    case accountingNegative
    /// A decimal comma in a decimal-point locale: read it with `locale` (a decimal-comma one).
    case decimalComma(locale: String)
    /// A comma in a decimal-point locale that reads either way: the two locales to choose from.
    case commaEitherWay
    /// A cell with no unit in a column without a default unit: write the unit or give a default.
    case defaultUnit
    /// A unit that does not resolve: the whole sentence (the library's sentence, then the fix).
    case unit(UnitExpressionError)

    /// The library's words: plain sentences, no command-line options.
    @Sendable public static func plainText(_ hint: FailureHint) -> String {
        switch hint {
        case .ambiguousNumber:
            "say which locale the file is written in"
        case .chooseLocale:
            "fix the cell or read the file with its locale"
        case .otherStyle(let locale):
            "read the file with locale \(locale)"
        case .required:
            "which must have a value"
        case .recordTooLarge(let limit, let bytesPerField, let fieldsKept):
            "the record is longer than the largest field size (\(limit) bytes, counting \(bytesPerField) bytes for each field after the first): \(fieldsKept) fields were kept; fix the file or raise the limit"
        case .fieldTooLarge(let limit):
            "a field is longer than the largest field size (\(limit) bytes), probably an unterminated quote; fix the quoting or raise the limit"
        case .encoding:
            "if the file is in a Windows or Latin encoding, read it as cp1252 (or latin1, iso-8859-15)"
        case .nullMarker(let cell):
            "if it marks a missing value, read '\(cell)' as an empty cell"
        case .percent:
            ""
        case .currency:
            "for money, convert from a currency"
        case .accountingNegative:
            "read the file with its locale, e.g. en_US reads (1,234.56) and 1,234.56-"
        case .decimalComma(let locale):
            "read the file with a decimal-comma locale such as \(locale)"
        case .commaEitherWay:
            "as a decimal comma read it with locale de_DE, as a thousands separator with en_US"
        case .defaultUnit:
            "write the unit (e.g. '5 km') or give the column a default unit"
        case .unit(let error):
            FailureRenderer.clause(error.description)
        }
    }
}
