import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits
#if canImport(Glibc)
import Glibc
#endif

/// Why a run stopped (exit status 2). Cases carry data; `UnitPipeCLI` renders the message.
public enum JobError: Error, Sendable, Equatable {
    case input(InputError)
    case output(OutputError)
    /// An output path that would destroy data or cannot be written, found before any input is read.
    case outputPath(OutputPathError)
    /// A `-c` column that the header does not have.
    case unknownColumn(String, suggestion: String?, available: [String])
    /// A `-c` name that two header columns share (their 1-based positions).
    case ambiguousColumn(String, positions: [Int])
    /// A `#N` beyond the number of columns.
    case columnOutOfRange(Int, columnCount: Int)
    /// Two `-c` options for the same column.
    case columnSelectedTwice(String)
    /// `-c NAME::TO` for a column whose header names no unit (or without a header).
    case headerNamesNoUnit(String)
    /// `-c NAME:FROM:TO` where the header names a unit of FROM's dimension that is not FROM.
    case headerUnitContradicts(column: String, headerUnit: String, from: String, to: String)
    /// A rename (`=NEWNAME`, or the header's unit part rewritten) to a name another output column has.
    case duplicateOutputName(String, column: String)
    /// A column listed twice by `--select` (the output would hold it twice under one name).
    case outputColumnTwice(String)
    /// A converted column that `--select`/`--exclude` leave out of the output (`option` names which).
    case convertedColumnDropped(String, option: String)
    /// `--select`/`--exclude` leave no column in the output.
    case noOutputColumn
    /// A column renamed by two means: two `--rename`, or `--rename` and `-c …=NEWNAME`.
    case renamedTwice(String)
    /// `--rename OLD=NEW` to a name another output column has.
    case duplicateRename(String, column: String)
    /// `--rename` without a header to rename (`--no-header`).
    case renameWithoutHeader
    /// A range of positions whose first lies after its last once counted (`#-1-#2` in a file of 5 columns).
    case emptyRange(String, columnCount: Int)
    case unit(UnitError)
    /// A `FROM`/`TO` unit expression that does not resolve.
    case unitExpression(UnitExpressionError)
    /// A locale identifier that Foundation does not know (`--locale`, `--output-locale`).
    case locale(NumberConventionsError)
    /// No `--locale` was given and locale C would read a column's grouped thousands as decimals.
    case defaultLocaleMisreads(DefaultLocaleMisreading)
    /// A rates file that cannot be used.
    case rates(RatesError)
    /// A currency conversion without `--rates`.
    case currencyNeedsRates(String)
    /// A currency conversion whose currency the `--rates` file does not quote.
    case currencyNotInRates(String)
    /// `@COLUMN` names a column that is itself converted, or the converted column itself.
    case invalidUnitColumn(String)
    /// `validate -c NAME:@UNITCOL`: the head of the input names no known unit in that column, so
    /// its dimension is not known; give one with `-c NAME:@UNITCOL:UNIT`.
    case unitColumnWithoutUnit(String)
    /// `--max-errors N` was exceeded after `rows` failed rows.
    case tooManyErrors(limit: Int)
    /// `--on-error fail` stopped at this error.
    case stoppedAtError(ReportRow)
    /// SIGINT or SIGTERM stopped the run.
    case interrupted(signal: Int32)
    /// `-` (standard input) named more than once among the inputs.
    case standardInputTwice
    /// Every input is empty (not even a header) where the job names columns (`-c`, `--schema`).
    case emptyInput(hasSchema: Bool)
    /// A directory input that holds no file to read.
    case directoryWithoutFiles(String)
    /// An input whose delimiter or header differs from the first input's.
    case inputMismatch(InputMismatch)

    /// For an output that could not be written, the system's reason (`No space left on device`).
    public var detail: String? {
        switch self {
        case .output(.cannotWrite(_, let cause)), .output(.cannotCreate(_, let cause)): return cause.description
        default: return nil
        }
    }

    /// The short reason written into the summary JSON.
    public var reason: String {
        switch self {
        case .input: return "input"
        case .output: return "output"
        case .outputPath(.sameAsInput), .outputPath(.sameFile): return "usage"
        case .outputPath: return "output"
        case .unknownColumn, .ambiguousColumn, .columnOutOfRange, .columnSelectedTwice: return "usage"
        case .headerNamesNoUnit, .headerUnitContradicts, .duplicateOutputName, .emptyRange: return "usage"
        case .outputColumnTwice, .convertedColumnDropped, .noOutputColumn, .renamedTwice, .duplicateRename, .renameWithoutHeader: return "usage"
        case .unit, .unitExpression, .locale, .defaultLocaleMisreads, .rates, .currencyNeedsRates, .currencyNotInRates, .invalidUnitColumn, .unitColumnWithoutUnit: return "usage"
        case .standardInputTwice, .directoryWithoutFiles: return "usage"
        case .inputMismatch, .emptyInput: return "input"
        case .tooManyErrors: return "max_errors"
        case .stoppedAtError: return "on_error_fail"
        case .interrupted(let signal):
            switch signal {
            case SIGINT: return "interrupted (SIGINT)"
            case SIGHUP: return "terminated (SIGHUP)"
            case SIGQUIT: return "terminated (SIGQUIT)"
            default: return "terminated (SIGTERM)"
            }
        }
    }
}
