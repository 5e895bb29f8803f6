// Settling a run before its first data record: locales, the unit catalog
// (with the rates file's currencies), every column's source and target unit,
// and, for `--locale auto`, each column's convention from the records of the
// first 64 KiB.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

extension JobPlan {
    /// Resolves the options against the header.
    ///
    /// - Parameters:
    ///   - options: The run's options.
    ///   - head: The input's head: its dialect, column names and the data records of its first
    ///     64 KiB (the sample `--locale auto` decides from).
    static func make(options: ConvertOptions, head: InputHead) throws(JobError) -> JobPlan {
        let dialect = head.dialect
        let columnNames = head.columnNames
        let sample = head.records
        let catalog = try makeCatalog(options)
        let isAuto = options.locale.lowercased() == "auto"
        var inputConventions = NumberConventions.c
        if !isAuto {
            do { inputConventions = try NumberConventions(localeIdentifier: options.locale) } catch { throw .locale(error) }
        }
        var outputConventions: NumberConventions?
        if let id = options.outputLocale {
            do { outputConventions = try NumberConventions(localeIdentifier: id) } catch { throw .locale(error) }
        }
        var roles = Array(repeating: FieldRole.passThrough, count: columnNames.count)
        var convertedUnitColumn: String?
        var conversions: [Conversion] = []
        for spec in options.columns {
            let field = try fieldIndex(of: spec.column, in: columnNames)
            let name = columnNames[field]
            if case .converted = roles[field] { throw .columnSelectedTwice(name) }
            let target = try resolve(spec.to, in: catalog)
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
            var conventions = inputConventions
            var description = inputConventions.identifier
            var evidence: Int?
            if isAuto {
                var detector = LocaleDetector()
                for r in head.sampleRange where sample.fieldCount(of: r) == columnNames.count {
                    let cell = sample.field(field, of: r)
                    if case .inCell = source {
                        let split = InCellUnit.split(cell)
                        detector.observe(UnsafeRawBufferPointer(rebasing: cell[split.number]))
                    } else {
                        detector.observe(cell)
                    }
                }
                let decision = detector.decision
                conventions = decision.conventions
                evidence = decision.evidence
                switch decision.convention {
                case .decimalPoint?: description = "auto:decimal_point"
                case .decimalComma?: description = "auto:decimal_comma"
                case nil: description = "auto:undecided"
                }
            }
            // A converted column that an earlier -c uses as its unit column (reported after every spec is read).
            if case .unitColumn = roles[field], convertedUnitColumn == nil { convertedUnitColumn = name }
            roles[field] = .converted(conversions.count)
            conversions.append(Conversion(
                field: field, name: name, spec: spec, source: source, target: target,
                parser: NumberParser(conventions: conventions, context: context),
                localeDescription: description, localeEvidence: evidence))
        }
        if let convertedUnitColumn { throw .invalidUnitColumn(convertedUnitColumn) }
        return JobPlan(
            dialect: dialect, columnCount: columnNames.count, conversions: conversions, roles: roles,
            options: options, outputConventions: outputConventions)
    }

    /// The standard catalog, plus the currencies of `--rates`.
    private static func makeCatalog(_ options: ConvertOptions) throws(JobError) -> UnitCatalog {
        guard let path = options.ratesPath else { return .standard }
        do {
            let rates = try ExchangeRates.load(path: path, date: options.ratesDate)
            return UnitCatalog.standard.adding(rates.unitDefinitions)
        } catch {
            throw .rates(error)
        }
    }

    /// A `FROM`/`TO` expression as a unit; a currency code without `--rates` gets its own message.
    private static func resolve(_ expression: String, in catalog: UnitCatalog) throws(JobError) -> UnitDefinition {
        do {
            return try catalog.unit(expression: expression)
        } catch {
            if case .noRate(let code) = error { throw .currencyNeedsRates(code) }
            if case .unit(.unknownUnit) = error, CurrencyCodes.code(for: expression) != nil {
                throw .currencyNeedsRates(expression)
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
            let from = try resolve(spec.from, in: catalog)
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
        case .position(let n):
            guard n <= names.count else { throw .columnOutOfRange(n, columnCount: names.count) }
            return n - 1
        case .name(let name):
            let positions = names.indices.filter { names[$0] == name }
            if positions.count > 1 { throw .ambiguousColumn(name, positions: positions.map { $0 + 1 }) }
            guard let position = positions.first else {
                throw .unknownColumn(name, suggestion: Suggestion.nearest(to: name, among: names), available: names)
            }
            return position
        }
    }
}
