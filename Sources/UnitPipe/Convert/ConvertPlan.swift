import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Everything about a run that is settled before the first data record: the dialect, the columns,
/// the conversions and the options that shape each row. Immutable and shared by every worker.
struct ConvertPlan: @unchecked Sendable {
    // Safety: every stored property is an immutable value; `@unchecked` only because
    // `ConvertOptions` and the unit types are checked for Sendable conformance piecemeal.

    /// Where a converted column's source unit comes from (boxed: a plan of many thousands of
    /// columns keeps a pointer per column, not a resolver's or a matrix's fields).
    indirect enum UnitSource {
        /// One unit for the whole column: `-c NAME:km:mi`.
        case fixed(FactorMatrix)
        /// Each row's unit is in another field: `-c NAME:@unit:m`. The resolver is copied per worker.
        case unitColumn(field: Int, resolver: UnitResolver)
        /// Each cell carries its unit: `-c NAME:*:m` (or `*km` with a default).
        case inCell(resolver: UnitResolver)
        /// One unit for the whole column, of the target's reciprocal dimension: `-c NAME:mpg:L/100km`.
        case reciprocal(ReciprocalConversion)
    }

    /// A converted column.
    struct Conversion {
        /// The 0-based field index.
        let field: Int
        /// The header name (`#N` without a header), as reported in errors.
        let name: String
        /// The `-c` spec, `newName` settled (`=NEWNAME`, `--rename`, or the header's unit part rewritten).
        var spec: ColumnSpec
        let source: UnitSource
        let target: UnitDefinition
        /// Parses the column's cells: its locale's conventions and what the column allows.
        let parser: NumberParser
        /// How the column's numbers were read: a locale identifier, or `auto:…` with its evidence.
        let localeDescription: String
        let localeEvidence: Int?
        /// A fixed unit's factor tables, shared by every conversion of the same unit pair and precision.
        var tables: FactorTables?
    }

    /// What a field of the record is to the job.
    enum FieldRole: Sendable, Equatable {
        /// Copied through unchanged.
        case passThrough
        /// Converted by `conversions[k]`.
        case converted(Int)
        /// Converted by `conversions[k]`, written after the original cell (`=+NEWNAME`).
        case convertedKeepingOriginal(Int)
        /// The unit column of `conversions[k]`: its cells are rewritten to the target unit's symbol.
        case unitColumn(Int)

        /// The conversion of a converted field.
        var conversion: Int? {
            switch self {
            case .converted(let k), .convertedKeepingOriginal(let k): k
            case .passThrough, .unitColumn: nil
            }
        }
    }

    let dialect: CSVDialect
    /// Fields per record, from the header (or the first record without one).
    let columnCount: Int
    let conversions: [Conversion]
    /// Each field's role.
    let roles: [FieldRole]
    /// The output's columns and their names (`--select`, `--exclude`, `--rename`).
    var outputColumns = OutputColumns.all
    let options: ConvertOptions
    /// How converted numbers are written with `--output-locale`, or `nil` for normalized output.
    let outputConventions: NumberConventions?
    /// What settling the plan found worth a warning (a rates file repeating a date).
    var warnings: [JobWarning] = []
    /// Each conversion's parse and convert stages, made once by `make` and shared by every worker
    /// (a worker's converters are copied only when one grows), so a worker adds little per column.
    private(set) var parsers: [ColumnParser] = []
    private(set) var converters: [ColumnConverter] = []

    /// Makes the stages every worker starts from.
    mutating func makeStages() {
        parsers = conversions.indices.map(columnParser)
        converters = conversions.indices.map(columnConverter)
    }

    /// The output's writer: the input's quote; `--output-delimiter`, else tab for an output named
    /// `.tsv`/`.tab` (also compressed), else the input's delimiter; LF unless `--crlf`.
    var writer: CSVWriter {
        CSVWriter(
            delimiter: options.outputDelimiter ?? options.outputPath.flatMap(InputHead.delimiter(forPath:)) ?? dialect.delimiter, quote: dialect.quote, usesCRLF: options.usesCRLF,
            escapesFormulas: options.escapesFormulas, quoteStyle: options.quoteStyle)
    }
    /// The rejects' writer: the input's dialect (formulas escaped with `--escape-formulas`).
    var rejectsWriter: CSVWriter { CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote, escapesFormulas: options.escapesFormulas) }

    /// Failed rows the run accepts before it stops: `--max-errors`, 0 with `--on-error fail`.
    var failureLimit: Int? { options.failureLimit }

    /// The parse stage of conversion `k`.
    func columnParser(_ k: Int) -> ColumnParser {
        let conversion = conversions[k]
        var hasUnitsInCells = false
        if case .inCell = conversion.source { hasUnitsInCells = true }
        return ColumnParser(
            field: conversion.field, parser: conversion.parser, hasUnitsInCells: hasUnitsInCells,
            isRequired: options.isRequired, nullValues: options.nullValues)
    }

    /// The unit stage of conversion `k`, for per-row and in-cell units (`nil` for a fixed unit).
    func columnUnits(_ k: Int) -> ColumnUnits? {
        let conversion = conversions[k]
        let symbols = conversion.parser.conventions.currencySymbols
        switch conversion.source {
        case .fixed, .reciprocal:
            return nil
        case .unitColumn(let field, let resolver):
            return ColumnUnits(place: .unitColumn(field: field), resolver: resolver, currencySymbols: symbols)
        case .inCell(let resolver):
            return ColumnUnits(place: .inCell(field: conversion.field), resolver: resolver, currencySymbols: symbols)
        }
    }

    /// Conversion `k`'s fraction digits (`:N`, else `--decimals`), `nil` for shortest digits.
    func decimals(_ k: Int) -> Int? { conversions[k].spec.decimals ?? options.decimals }

    /// The convert stage of conversion `k`.
    func columnConverter(_ k: Int) -> ColumnConverter {
        switch conversions[k].source {
        case .fixed(let matrix):
            let tables = conversions[k].tables ?? FactorTables(matrix: matrix, decimals: decimals(k), tie: options.rounding)
            return ColumnConverter(factors: .fixed(matrix), decimals: decimals(k), tie: options.rounding, tables: tables)
        case .reciprocal(let conversion):
            return ColumnConverter(factors: .reciprocal(conversion), decimals: decimals(k), tie: options.rounding)
        case .unitColumn, .inCell:
            return ColumnConverter(factors: .perRow, decimals: decimals(k), tie: options.rounding)
        }
    }

    /// The output's header: the output's columns in order, renamed columns under their new names,
    /// a kept original followed by its converted column. Names that are not rewritten keep the
    /// header's bytes as read, whatever their encoding.
    func outputHeader(_ fields: [[UInt8]]) -> [[UInt8]] {
        outputColumns.header(fields, conversions: conversions.map { ($0.field, $0.spec) }) { Array($0.utf8) }
    }

    /// What the failure messages say about each conversion.
    var renderer: FailureRenderer {
        FailureRenderer(
            columns: conversions.map { conversion in
                var hasUnitColumn = false
                if case .unitColumn = conversion.source { hasUnitColumn = true }
                return FailureRenderer.Column(
                    name: conversion.name, locale: conversion.localeDescription, conventions: conversion.parser.conventions,
                    from: conversion.spec.from, to: conversion.spec.to, hasUnitColumn: hasUnitColumn)
            },
            fieldCount: columnCount, hasHeader: dialect.hasHeader, delimiter: dialect.delimiter,
            maxFieldSize: options.maxFieldSize, hint: options.failureHint)
    }
}
