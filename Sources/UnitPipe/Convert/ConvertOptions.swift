#if canImport(Glibc)
import Glibc
#endif
import UnitPipeCSV
import UnitPipeNumbers

/// Everything a `convert` run needs, as parsed from the command line (defaults as documented).
public struct ConvertOptions: Sendable {
    /// What to do with a row that has a failed cell.
    public enum OnError: String, Sendable, CaseIterable {
        /// The row goes to the rejects, not to the output (the default).
        case reject
        /// The row stays in the output with the failed cell emptied; exit status 1.
        case keep
        /// The run stops at the first error; exit status 2.
        case fail
    }

    /// How fields are quoted.
    public enum Quoting: Sendable, Equatable {
        /// `"` quotes fields (the default).
        case standard
        /// Fields are never quoted (`--quote none`).
        case none
        /// Another quote byte.
        case byte(UInt8)

        public var byte: UInt8? {
            switch self {
            case .standard: return UInt8(ascii: "\"")
            case .none: return nil
            case .byte(let b): return b
            }
        }
    }

    /// The inputs, in order: files, directories (their files in name order) and `-` for
    /// standard input; none reads standard input.
    public var inputPaths: [String] = []
    /// The one input (the first of ``inputPaths``); `nil` or `-` reads standard input.
    public var inputPath: String? {
        get { inputPaths.first }
        set { inputPaths = newValue.map { [$0] } ?? [] }
    }
    /// `--input-name NAME`: the error report gets the `file` column with NAME for a single input
    /// (as a run over several inputs writes it; for engines that run one input per task).
    public var inputName: String?
    /// Output path (`-o`); `nil` writes standard output.
    public var outputPath: String?
    /// Error report path (`-e`).
    public var errorsPath: String?
    /// Rejected rows path (`-r`).
    public var rejectsPath: String?
    /// Summary JSON path (`--summary`).
    public var summaryPath: String?
    /// The conversions (`-c`); none rewrites the file normalized.
    public var columns: [ColumnSpec] = []
    /// `--select LIST` (repeatable): the output's columns, in the order given; `nil` keeps every column in order.
    public var selectedColumns: [ColumnSpec.Reference]?
    /// `--exclude LIST` (repeatable): columns left out of the output.
    public var excludedColumns: [ColumnSpec.Reference] = []
    /// `--rename OLD=NEW` (repeatable): output header names.
    public var renamedColumns: [ColumnRename] = []
    /// The delimiter (`-d`); `nil` sniffs it (tab for `.tsv` and `.tab`).
    public var delimiter: UInt8?
    /// The output's delimiter (`--output-delimiter`); `nil` keeps the input's.
    public var outputDelimiter: UInt8?
    /// `--quote-style`: which output fields are quoted (default: only where needed).
    public var quoteStyle = CSVWriter.QuoteStyle.minimal
    /// `--crlf`: output records end with CR LF.
    public var usesCRLF = false
    /// `--bom`: the output starts with a UTF-8 byte order mark (for Excel).
    public var writesBOM = false
    /// `--escape-formulas`: a field of the output, the rejects or the error report that starts with
    /// `=`, `+`, `-`, `@`, tab or CR (and is not a plain number) gets a leading `'`.
    public var escapesFormulas = false
    /// The quote character (`--quote`); default `"`.
    public var quoting: Quoting = .standard
    /// `false` with `--no-header`.
    public var hasHeader = true
    /// `--on-error`; default `reject`.
    public var onError: OnError = .reject
    /// `--decimals N`; `nil` writes shortest round-trip digits.
    public var decimals: Int?
    /// `--rounding`: how `--decimals` breaks ties (half to even by default).
    public var rounding: DecimalRounding = .halfEven
    /// `--notation`: `plain` never writes exponent notation (for loads into DECIMAL columns).
    public var notation: Notation = .auto

    /// How shortest digits are laid out.
    public enum Notation: String, Sendable, CaseIterable {
        /// Plain for 1e-6 ≤ |x| < 1e16, exponent notation outside (`1.5e-07`).
        case auto
        /// Always plain (`0.00000015`, `10000000000000000000000`).
        case plain
    }
    /// `--required`: an empty selected cell is the error `empty`.
    public var isRequired = false
    /// `--progress` / `--no-progress`; by default shown only when standard error is a terminal.
    public var progress = ProgressMode.automatic
    /// `--null-value S` (repeatable): converted cells equal to one of these, trimmed, are nulls like empty cells.
    public var nullValues: [String] = []
    /// `--max-errors N`: stop once more than N rows have failed.
    public var maxErrors: Int?
    /// `--max-field-size`: the longest field in bytes (default 64 MiB).
    public var maxFieldSize = RecordEngine.defaultMaxFieldSize
    /// The words of the fixes in the error report's messages (plain sentences unless the caller
    /// words them: the command line names its options).
    public var failureHint: @Sendable (FailureHint) -> String = FailureHint.plainText
    /// `--reader`: `split` reads quote-free lines without libcsv, `libcsv` parses every record with libcsv.
    public var reader = ReaderKind.default
    /// `--threads N`: workers that parse, convert and format chunks in parallel (default: the number of cores).
    public var threads = ConvertOptions.processorCount
    /// Bytes of input per unit of parallel work (default ``RecordEngine/defaultChunkSize``; tests use tiny chunks to cut records everywhere).
    public var chunkSize = RecordEngine.defaultChunkSize
    /// Records per batch, and failed rows after which a speculative parse of a chunk stops and
    /// leaves the rest to the engine's thread (defaults 8192 and 16,384; tests make both tiny so
    /// that speculative parses stop everywhere).
    public var batchRecords = 8192
    public var speculationFailureLimit = 16_384
    /// Whether a row with nothing quoted is written by each worker's plan of runs copied as stored
    /// around the converted fields (default `true`); `false` writes it as any other row, so tests
    /// can compare the two.
    var writesPlainRowsByPlan = true
    /// `--locale`: how input numbers are written: `C`, a locale identifier, or `auto` (decided per column).
    public var locale = "C"
    /// Whether `--locale` was given: without it, columns that the default C would misread stop
    /// the run before any output.
    public var isLocaleGiven = false
    /// `--encoding`: the input's text encoding, transcoded to UTF-8; `nil` reads UTF-8 (or UTF-16
    /// by its byte order mark).
    public var encoding: TextEncoding?
    /// `--output-locale`: write converted numbers the way this locale does; `nil` writes them normalized.
    public var outputLocale: String?
    /// `--rates`: a currency rates file (ECB daily/history layout, or two columns).
    public var ratesPath: String?
    /// `--rates-date`: the date to take from an ECB history file (default: the newest).
    public var ratesDate: String?

    /// Shard mode (`--byte-range` and its companions); by default the whole input.
    public var shard = ShardSettings()

    public init() {}

    /// The number of online processors (`sysconf(_SC_NPROCESSORS_ONLN)`).
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
