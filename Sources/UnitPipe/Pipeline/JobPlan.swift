/// Everything about a run that is settled before the first data record: the dialect, the columns,
/// the conversions and the options that shape each row. Immutable and shared by every worker.
struct JobPlan: @unchecked Sendable {
    /// A converted column.
    struct Conversion {
        /// The 0-based field index.
        let field: Int
        /// The header name (`#N` without a header), as reported in errors.
        let name: String
        let spec: ColumnSpec
        let matrix: FactorMatrix
    }

    let dialect: CSVDialect
    /// Fields per record, from the header (or the first record without one).
    let columnCount: Int
    let conversions: [Conversion]
    /// For each field, the index into `conversions`, or -1 when the field passes through.
    let conversionOfField: [Int]
    let parser: NumberParser
    let options: ConvertOptions
    /// Failed rows after which a chunk stops (the first failure beyond `--max-errors`, or 1 with `fail`).
    let failureBudget: Int?

    var writer: CSVWriter { CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote) }
}
