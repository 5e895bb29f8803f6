import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Everything about a `validate` run that is settled before the first data record: the dialect,
/// the checked columns with their stages, and the header's problems. Shared by every worker.
struct ValidatePlan: @unchecked Sendable {
    // Safety: every stored property is an immutable value; `@unchecked` only because the unit
    // types are checked for Sendable conformance piecemeal.

    /// A checked column and its stages.
    struct Column {
        let field: Int
        let name: String
        let rule: ColumnRule
        let isFromSchema: Bool
        /// The parse stage (`nil` for a presence-only column).
        let parser: ColumnParser?
        /// How the column's numbers are read.
        let conventions: NumberConventions
        /// `C`, a locale identifier, `auto:…`, or the schema's separators.
        let localeDescription: String
        let localeEvidence: Int?
        /// The unit bounds are in (`-c NAME:UNIT`, `-c NAME:@UNITCOL[:UNIT]`), or `nil` for plain numbers.
        let unit: UnitDefinition?
        /// The unit stage for units in the cell or in a unit column.
        let units: ColumnUnits?
        /// The convert stage: each number's nearest double in the column's unit (identity for a
        /// plain column), for the bounds and the summary's min and max.
        let converter: ColumnConverter
        /// Bounds, `enum` and `integer`.
        let check: ConstraintCheck
        /// The cells that stand for a missing value, as bytes, when not just the empty cell.
        let missingValues: [[UInt8]]?
        /// Whether an empty cell counts as missing (the default; a schema's `missingValues` may leave it out).
        let isEmptyMissing: Bool
        /// Whether an empty (missing) cell fails.
        let isRequired: Bool
        /// The check of a schema field that is not a number (type, format and constraints).
        let fieldCheck: FieldCheck?
    }

    let dialect: CSVDialect
    let columnCount: Int
    let columns: [Column]
    let headerProblems: [HeaderProblem]
    let options: ValidateOptions
    /// The schema's `unique` fields and `primaryKey`.
    var keys: [UniqueKey] = []

    var writer: CSVWriter { CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote, escapesFormulas: options.escapesFormulas) }

    /// What the failure messages say about each column.
    var renderer: FailureRenderer {
        FailureRenderer(
            columns: columns.map { column -> FailureRenderer.Column in
                // A unit column is named as in -c NAME:@UNITCOL, so an empty unit cell's message names it.
                var from = column.unit?.symbol ?? ""
                if case .unitColumn(let name, _) = column.rule.unit { from = "@" + name }
                return FailureRenderer.Column(
                    name: column.name, locale: column.localeDescription, conventions: column.conventions,
                    from: from, to: column.unit?.symbol ?? "", hasUnitColumn: from.hasPrefix("@"),
                    schemaSeparators: column.rule.field.map(\.separatorsDescription), schemaAllowsMarks: column.rule.allowsMarks)
            },
            fieldCount: columnCount, hasHeader: dialect.hasHeader, delimiter: dialect.delimiter,
            maxFieldSize: options.maxFieldSize, hint: options.failureHint)
    }

    /// Settles the columns for a run.
    ///
    /// - Parameters:
    ///   - options: The run's options.
    ///   - head: The input's head (dialect, names, and the sample `--locale auto` and
    ///     `-c NAME:@UNITCOL` decide from).
    /// - Throws: `JobError` for an unknown column, unit or locale.
    static func make(options: ValidateOptions, head: InputHead) throws(JobError) -> ValidatePlan {
        let names = head.columnNames
        let (checked, problems) = try HeaderCheck.resolve(
            names: names, hasHeader: head.dialect.hasHeader, rules: options.rules, schema: options.schema)
        let locale = try ColumnLocale.Setting(options.locale)
        let catalog = UnitCatalog.standard
        var columns: [Column] = []
        var tables = FactorTableCache()
        var dimensionless: UnitDefinition?
        for (index, column) in checked.enumerated() {
            // A schema of many thousands of fields takes a while to settle: a signal stops it here too.
            if index % 1024 == 1023, let signal = Interruption.signalNumber { throw .interrupted(signal: signal) }
            let rule = column.rule
            var unit: UnitDefinition?
            var units: ColumnUnits?
            var unitField: Int?
            switch rule.unit {
            case .none:
                break
            case .inCell(let expression):
                unit = try resolve(expression, in: catalog)
            case .unitColumn(let unitColumn, let dimensionOf):
                let field = try ConvertPlan.fieldIndex(of: .parse(unitColumn), in: names)
                if field == column.field { throw .invalidUnitColumn(names[field]) }
                unitField = field
                if let dimensionOf {
                    unit = try resolve(dimensionOf, in: catalog)
                } else {
                    unit = try firstUnit(inField: field, of: head, catalog: catalog)
                }
            }
            // Conventions: the schema's separators, else --locale (auto decided per column, units set aside).
            let columnLocale =
                if let own = rule.conventions { ColumnLocale(own) }
                else if rule.kind == .presence { locale.undecided }
                else { locale.column(column.field, of: head, splittingUnits: true) }
            let conventions = columnLocale.conventions
            if let unit {
                let symbols = conventions.currencySymbols
                do {
                    switch (rule.unit, unitField) {
                    case (.unitColumn, let field?):
                        units = ColumnUnits(place: .unitColumn(field: field), resolver: try UnitResolver(target: unit, catalog: catalog),
                                            currencySymbols: symbols)
                    default:
                        units = ColumnUnits(place: .inCell(field: column.field),
                                            resolver: try UnitResolver(target: unit, catalog: catalog, defaultUnit: unit),
                                            currencySymbols: symbols)
                    }
                } catch {
                    throw .unit(error)
                }
            }
            let isRequired = rule.isRequired || (!column.isFromSchema && options.isRequired)
            let hasUnitsInCells: Bool = if case .inCell = rule.unit { true } else { rule.allowsMarks }
            // What the column allows around its numbers, as convert decides it for the same unit.
            var context = NumberContext.plain
            if let unit, case .inCell = rule.unit {
                if unit.dimension == .currency { context.currencyCode = unit.symbol }
                if unit.dimension == .dimensionless, unit.scale == .one { context.allowsPercent = true }
            }
            let numberParser = NumberParser(conventions: conventions, context: context)
            let parser = rule.kind == .presence ? nil : ColumnParser(
                field: column.field, parser: numberParser, hasUnitsInCells: hasUnitsInCells, isRequired: isRequired)
            // Plain numbers go through the identity of a dimensionless unit: the nearest double of the decimal.
            let converter: ColumnConverter
            if units != nil {
                converter = ColumnConverter(factors: .perRow, decimals: nil, tie: .halfEven)
            } else {
                let identity: UnitDefinition
                if let unit {
                    identity = unit
                } else {
                    if dimensionless == nil { dimensionless = try resolve("1", in: catalog) }
                    guard let one = dimensionless else { throw .unitExpression(.unit(.unknownUnit("1", suggestion: nil))) }
                    identity = one
                }
                do {
                    let matrix = try FactorMatrix(sources: [identity], target: identity)
                    converter = ColumnConverter(factors: .fixed(matrix), decimals: nil, tie: .halfEven,
                                                tables: tables.tables(for: matrix, decimals: nil, tie: .halfEven))
                } catch {
                    throw .unit(error)
                }
            }
            let missing = rule.missingValues + options.nullValues.filter { !rule.missingValues.contains($0) }
            columns.append(Column(
                field: column.field, name: column.name, rule: rule, isFromSchema: column.isFromSchema, parser: parser,
                conventions: conventions, localeDescription: columnLocale.description, localeEvidence: columnLocale.evidence, unit: unit,
                units: units, converter: converter, check: ConstraintCheck(rule: rule, parser: numberParser),
                missingValues: missing == [""] ? nil : missing.map { Array($0.utf8) },
                isEmptyMissing: missing.contains(""), isRequired: isRequired,
                fieldCheck: rule.kind == .presence ? rule.field.flatMap { $0.type.isChecked ? FieldCheck(field: $0) : nil } : nil))
        }
        if !options.isLocaleGiven, options.locale == "C" {
            // A schema field's own decimalChar/groupChar is a choice as explicit as --locale.
            let fields = columns.compactMap { column -> (field: Int, hasUnitsInCells: Bool)? in
                guard column.rule.conventions == nil, let parser = column.parser else { return nil }
                return (column.field, parser.hasUnitsInCells)
            }
            if let misreading = DefaultLocaleGuard.misreading(fields: fields, head: head) { throw .defaultLocaleMisreads(misreading) }
        }
        return ValidatePlan(dialect: head.dialect, columnCount: names.count, columns: columns, headerProblems: problems,
                            options: options, keys: uniqueKeys(schema: options.schema, columns: columns))
    }

    private static func resolve(_ expression: String, in catalog: UnitCatalog) throws(JobError) -> UnitDefinition {
        do {
            return try catalog.unit(expression: expression)
        } catch {
            throw .unitExpression(error)
        }
    }

    /// The first unit the head's records name in a unit column: it fixes the column's dimension.
    private static func firstUnit(inField field: Int, of head: InputHead, catalog: UnitCatalog) throws(JobError) -> UnitDefinition {
        let sample = head.records
        for r in head.sampleRange where sample.fieldCount(of: r) > field {
            let text = String(decoding: ColumnUnits.trimmed(sample.field(field, of: r)), as: UTF8.self)
            if !text.isEmpty, let unit = try? catalog.unit(expression: text, suggesting: false) { return unit }
        }
        throw .unitColumnWithoutUnit(head.columnNames[field])
    }
}
