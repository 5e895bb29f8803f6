import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Everything about a run that is settled before the first data record: the dialect, the columns,
/// the conversions and the options that shape each row. Immutable and shared by every worker.
struct JobPlan: @unchecked Sendable {
    // Safety: every stored property is an immutable value; `@unchecked` only because
    // `ConvertOptions` and the unit types are checked for Sendable conformance piecemeal.

    /// Where a converted column's source unit comes from.
    enum UnitSource {
        /// One unit for the whole column: `-c NAME:km:mi`.
        case fixed(FactorMatrix)
        /// Each row's unit is in another field: `-c NAME:@unit:m`. The resolver is copied per worker.
        case unitColumn(field: Int, resolver: UnitResolver)
        /// Each cell carries its unit: `-c NAME:*:m` (or `*km` with a default).
        case inCell(resolver: UnitResolver)
    }

    /// A converted column.
    struct Conversion {
        /// The 0-based field index.
        let field: Int
        /// The header name (`#N` without a header), as reported in errors.
        let name: String
        let spec: ColumnSpec
        let source: UnitSource
        let target: UnitDefinition
        /// Parses the column's cells: its locale's conventions and what the column allows.
        let parser: NumberParser
        /// How the column's numbers were read: a locale identifier, or `auto:…` with its evidence.
        let localeDescription: String
        let localeEvidence: Int?
    }

    let dialect: CSVDialect
    /// Fields per record, from the header (or the first record without one).
    let columnCount: Int
    let conversions: [Conversion]
    /// For each field, the index into `conversions`, or -1 when the field passes through.
    let conversionOfField: [Int]
    /// For each field, the conversion whose unit column it is (its cells are rewritten to the
    /// target unit's symbol), or -1.
    let unitColumnOfField: [Int]
    let options: ConvertOptions
    /// Failed rows after which a chunk stops (the first failure beyond `--max-errors`, or 1 with `fail`).
    let failureBudget: Int?
    /// How converted numbers are written with `--output-locale`, or `nil` for normalized output.
    let outputConventions: NumberConventions?

    /// The output's writer: the input's quote, its delimiter unless `--output-delimiter`, LF unless `--crlf`.
    var writer: CSVWriter {
        CSVWriter(delimiter: options.outputDelimiter ?? dialect.delimiter, quote: dialect.quote, usesCRLF: options.usesCRLF)
    }
    /// The rejects' writer: the input's dialect.
    var rejectsWriter: CSVWriter { CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote) }
}
