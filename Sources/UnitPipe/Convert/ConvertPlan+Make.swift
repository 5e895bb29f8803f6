// Settling a run before its first data record: locales, the unit catalog
// (with the rates file's currencies), every column's source and target unit,
// and, for `--locale auto`, each column's convention from the records of the
// first 64 KiB.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

extension ConvertPlan {
    /// Resolves the options against the header.
    ///
    /// - Parameters:
    ///   - options: The run's options.
    ///   - head: The input's head: its dialect, column names and the data records of its first
    ///     64 KiB (the sample `--locale auto` decides from).
    static func make(options: ConvertOptions, head: InputHead) throws(JobError) -> ConvertPlan {
        let dialect = head.dialect
        let columnNames = head.columnNames
        let (catalog, ratesWarnings) = try makeCatalog(options)
        let locale = try ColumnLocale.Setting(options.locale)
        var outputConventions: NumberConventions?
        if let id = options.outputLocale {
            do { outputConventions = try NumberConventions(localeIdentifier: id) } catch { throw .locale(error) }
        }
        var roles = Array(repeating: FieldRole.passThrough, count: columnNames.count)
        var convertedUnitColumn: String?
        var conversions: [Conversion] = []
        var tables = FactorTableCache()
        let expanded = try ColumnSpec.expand(options.columns, columnNames: columnNames, hasHeader: dialect.hasHeader)
        conversions.reserveCapacity(expanded.count)
        for (index, (field, spec)) in expanded.enumerated() {
            // Tens of thousands of columns take a while to settle: a signal stops the run here too.
            if index % 1024 == 1023, let signal = Interruption.signalNumber { throw .interrupted(signal: signal) }
            let name = columnNames[field]
            if roles[field].conversion != nil { throw .columnSelectedTwice(name) }
            let target = try resolve(spec.to, in: catalog, dimension: (try? catalog.unit(expression: spec.from))?.dimension)
            let (source, declared) = try unitSource(spec, target: target, catalog: catalog, columnNames: columnNames)
            if case .unitColumn(let unitField, _) = source {
                if unitField == field || roles[unitField] != .passThrough {
                    throw .invalidUnitColumn(columnNames[unitField])
                }
                roles[unitField] = .unitColumn(conversions.count)
            }
            var context = NumberContext.plain
            if let declared, declared.dimension == .currency { context.currencyCode = declared.symbol }
            if let declared, declared.dimension == .dimensionless, declared.scale == .one { context.allowsPercent = true }
            let hasUnitsInCells = if case .inCell = source { true } else { false }
            let columnLocale = locale.column(field, of: head, splittingUnits: hasUnitsInCells)
            // A converted column that an earlier -c uses as its unit column (reported after every spec is read).
            if case .unitColumn = roles[field], convertedUnitColumn == nil { convertedUnitColumn = name }
            roles[field] = spec.keepsOriginal ? .convertedKeepingOriginal(conversions.count) : .converted(conversions.count)
            var shared: FactorTables?
            if case .fixed(let matrix) = source {
                shared = tables.tables(for: matrix, decimals: spec.decimals ?? options.decimals, tie: options.rounding)
            }
            conversions.append(Conversion(
                field: field, name: name, spec: spec, source: source, target: target,
                parser: NumberParser(conventions: columnLocale.conventions, context: context),
                localeDescription: columnLocale.description, localeEvidence: columnLocale.evidence, tables: shared))
        }
        if let convertedUnitColumn { throw .invalidUnitColumn(convertedUnitColumn) }
        if !options.isLocaleGiven, options.locale == "C" {
            let fields = conversions.map { conversion -> (field: Int, hasUnitsInCells: Bool) in
                if case .inCell = conversion.source { return (conversion.field, true) }
                return (conversion.field, false)
            }
            if let misreading = DefaultLocaleGuard.misreading(fields: fields, head: head) { throw .defaultLocaleMisreads(misreading) }
        }
        // A kept original stays in its own unit, so its unit column is not rewritten either.
        for (field, role) in roles.enumerated() {
            if case .unitColumn(let k) = role, conversions[k].spec.keepsOriginal { roles[field] = .passThrough }
        }
        let outputColumns = try OutputColumns.resolve(
            options, columnNames: columnNames, hasHeader: dialect.hasHeader, converted: Set(conversions.map(\.field)))
        try settleRenames(outputColumns, &conversions, options: options, columnNames: columnNames)
        var plan = ConvertPlan(
            dialect: dialect, columnCount: columnNames.count, conversions: conversions, roles: roles,
            options: options, outputConventions: outputConventions, warnings: ratesWarnings)
        plan.outputColumns = outputColumns
        plan.makeStages()
        return plan
    }

    /// Gives `--rename`'s names to the conversions they rename (a kept original keeps the
    /// converted column's name), and checks that no output name is then given twice.
    private static func settleRenames(
        _ outputColumns: OutputColumns, _ conversions: inout [Conversion], options: ConvertOptions, columnNames: [String]
    ) throws(JobError) {
        guard !outputColumns.renames.isEmpty else { return }
        var namedByColumnSpec = Set<Int>()
        for spec in options.columns where spec.newName != nil && !spec.keepsOriginal {
            namedByColumnSpec.formUnion(try ColumnSpec.fields(of: spec.column, in: columnNames))
        }
        for k in conversions.indices {
            let field = conversions[k].field
            guard let name = outputColumns.renames[field], !conversions[k].spec.keepsOriginal else { continue }
            if namedByColumnSpec.contains(field) { throw .renamedTwice(columnNames[field]) }
            conversions[k].spec.newName = name
        }
        let header = outputColumns.header(columnNames, conversions: conversions.map { ($0.field, $0.spec) })
        for (field, name) in outputColumns.renames.sorted(by: { $0.key < $1.key }) where header.filter({ $0 == name }).count > 1 {
            throw .duplicateRename(name, column: columnNames[field])
        }
    }

    /// The standard catalog, plus the currencies of `--rates`; a warning per date an ECB history file repeats.
    private static func makeCatalog(_ options: ConvertOptions) throws(JobError) -> (UnitCatalog, [JobWarning]) {
        guard let path = options.ratesPath else { return (.standard, []) }
        do {
            let rates = try ExchangeRates.load(path: path, date: options.ratesDate)
            let warnings = rates.duplicateDates.map { JobWarning.duplicateRatesDate(date: $0.date, lines: $0.lines) }
            return (UnitCatalog.standard.adding(rates.unitDefinitions), warnings)
        } catch {
            throw .rates(error)
        }
    }

    /// A `FROM`/`TO` expression as a unit; a currency code without `--rates` gets its own message.
    ///
    /// An unknown unit is offered only suggestions of `dimension`, the other side's, when it is known.
    private static func resolve(_ expression: String, in catalog: UnitCatalog, dimension: UnitDimension? = nil) throws(JobError) -> UnitDefinition {
        do {
            return try catalog.unit(expression: expression)
        } catch {
            // With --rates, the file lacks the currency; without, there are no rates at all.
            let hasRates = catalog.units.contains { $0.dimension == .currency }
            if case .noRate(let code) = error { throw hasRates ? .currencyNotInRates(code) : .currencyNeedsRates(code) }
            if case .unit(.unknownUnit) = error, CurrencyCodes.code(for: expression) != nil {
                throw hasRates ? .currencyNotInRates(expression) : .currencyNeedsRates(expression)
            }
            // A currency code in lower case (`usd`): codes are written in capitals.
            if case .unit(.unknownUnit(let name, _)) = error, name == expression, dimension == nil || dimension == .currency,
               name != name.uppercased(), CurrencyCodes.code(for: name.uppercased()) != nil {
                throw .unitExpression(.unit(.unknownUnit(name, suggestion: name.uppercased())))
            }
            if let dimension, case .unit(.unknownUnit(let name, _)) = error {
                let suggestion = name == expression ? catalog.expressionSuggestion(for: name, in: dimension) : catalog.suggestion(for: name, in: dimension)
                throw .unitExpression(.unit(.unknownUnit(name, suggestion: suggestion)))
            }
            throw .unitExpression(error)
        }
    }

    /// The column's unit source, and the unit its cells are declared in when there is one.
    private static func unitSource(
        _ spec: ColumnSpec, target: UnitDefinition, catalog: UnitCatalog, columnNames: [String]
    ) throws(JobError) -> (UnitSource, UnitDefinition?) {
        do {
            if spec.from.hasPrefix("@") {
                let unitField = try fieldIndex(of: .parse(String(spec.from.dropFirst())), in: columnNames)
                return (.unitColumn(field: unitField, resolver: try UnitResolver(target: target, catalog: catalog)), nil)
            }
            if spec.from.hasPrefix("*") {
                let defaultName = String(spec.from.dropFirst())
                let defaultUnit = defaultName.isEmpty ? nil : try resolve(defaultName, in: catalog)
                let resolver = try UnitResolver(target: target, catalog: catalog, defaultUnit: defaultUnit)
                return (.inCell(resolver: resolver), defaultUnit)
            }
            let from = try resolve(spec.from, in: catalog, dimension: target.dimension)
            if from.dimension.isReciprocal(of: target.dimension) {
                return (.reciprocal(try ReciprocalConversion(from: from, to: target)), from)
            }
            return (.fixed(try FactorMatrix(sources: [from], target: target)), from)
        } catch let error as JobError {
            throw error
        } catch let error as UnitError {
            throw .unit(error)
        } catch {
            throw .unit(.unknownUnit(spec.from, suggestion: nil))
        }
    }

    static func fieldIndex(of reference: ColumnSpec.Reference, in names: [String]) throws(JobError) -> Int {
        switch reference {
        case .range, .list:
            // Selections of several columns are settled by `ColumnSpec.fields(of:in:)`; here (a unit column) only one name fits.
            throw .unknownColumn("\(reference)", suggestion: nil, available: names)
        case .position(let n):
            // Negative positions count from the end: #-1 is the last column.
            let index = n > 0 ? n - 1 : names.count + n
            guard index >= 0, index < names.count else { throw .columnOutOfRange(n, columnCount: names.count) }
            return index
        case .name(let name):
            let positions = names.indices.filter { names[$0] == name }
            if positions.count > 1 { throw .ambiguousColumn(name, positions: positions.map { $0 + 1 }) }
            guard let position = positions.first else {
                // A bare number is a position written without its '#'.
                let suggestion = Int(name).map { "#\($0)" } ?? Suggestion.nearest(to: name, among: names)
                throw .unknownColumn(name, suggestion: suggestion, available: names)
            }
            return position
        }
    }
}
