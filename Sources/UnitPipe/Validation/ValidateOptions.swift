import UnitPipeCSV

/// Everything a `validate` run needs, as parsed from the command line (defaults as documented).
public struct ValidateOptions: Sendable {
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
    /// Error report path (`-e`).
    public var errorsPath: String?
    /// `--report-format`: the error report as CSV rows or one Frictionless-shaped JSON document.
    public var reportFormat = ReportFormat.csv
    /// Invalid rows path (`-r`): the rows with an invalid cell, verbatim, header first.
    public var rejectsPath: String?
    /// `--escape-formulas`: a field of the report or the invalid rows that a spreadsheet would run gets a leading `'`.
    public var escapesFormulas = false
    /// Summary JSON path (`--summary`).
    public var summaryPath: String?
    /// The columns checked by `-c` (with `--min`, `--max`, `--integer` folded in).
    public var rules: [ColumnRule] = []
    /// The Table Schema (`--schema`): its fields are checked too, and the header against them.
    public var schema: TableSchema?
    /// `--locale`: how numbers are written (`C`, a locale identifier, or `auto`); a schema
    /// field that names its `decimalChar` or `groupChar` is read with those instead.
    public var locale = "C"
    /// Whether `--locale` was given: without it, columns that the default C would misread stop
    /// the run before any output.
    public var isLocaleGiven = false
    /// `--encoding`: the input's text encoding, transcoded to UTF-8; `nil` reads UTF-8 (or UTF-16
    /// by its byte order mark).
    public var encoding: TextEncoding?
    /// `--required`: an empty cell in a `-c` column is the error `empty`.
    public var isRequired = false
    /// `--null-value S` (repeatable): a validated cell equal to one of these, trimmed, is a missing
    /// value like an empty cell (with a schema, besides its `missingValues`).
    public var nullValues: [String] = []
    /// `--max-errors N`: stop (exit 2) once more than N rows are invalid.
    public var maxErrors: Int?
    /// The delimiter (`-d`); `nil` sniffs it (tab for `.tsv` and `.tab`).
    public var delimiter: UInt8?
    /// The quote character (`--quote`); default `"`.
    public var quote: UInt8? = UInt8(ascii: "\"")
    /// `false` with `--no-header`.
    public var hasHeader = true
    /// `--max-field-size`: the longest field in bytes (default 64 MiB).
    public var maxFieldSize = RecordEngine.defaultMaxFieldSize
    /// The words of the fixes in the error report's messages (plain sentences unless the caller
    /// words them: the command line names its options).
    public var failureHint: @Sendable (FailureHint) -> String = FailureHint.plainText
    /// `--threads N`: workers (default: the number of cores).
    public var threads = ConvertOptions.processorCount
    /// Bytes of input per unit of parallel work (default ``RecordEngine/defaultChunkSize``; tests use tiny chunks to cut records everywhere).
    public var chunkSize = RecordEngine.defaultChunkSize
    /// Shard mode (`--byte-range` and its companions); by default the whole input.
    public var shard = ShardSettings()
    /// `--progress` / `--no-progress`; by default shown only when standard error is a terminal.
    public var progress = ProgressMode.automatic

    public init() {}

    /// The output paths with their roles (`nil`: not given), checked before any input is read.
    var outputs: [(role: OutputRole, path: String?)] {
        [(.errors, errorsPath), (.rejects, rejectsPath), (.summary, summaryPath)]
    }
}

/// One table a run checks with its own options: a resource of a Data Package.
public struct ValidateResource: Sendable {
    /// The resource's name (the report's `resource` column and the JSON report's task); `nil` for
    /// the inputs of a plain run.
    public var name: String?
    /// Its inputs, dialect, encoding and schema (the run's outputs are the job's).
    public var options: ValidateOptions

    public init(name: String?, options: ValidateOptions) {
        self.name = name
        self.options = options
    }
}
