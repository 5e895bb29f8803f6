/// The text of `unitpipe units`: plain, aligned, stable.
public enum UnitListing {
    /// The outcome of a listing: the text for standard output and the names that could not be resolved.
    public struct Report: Sendable, Equatable {
        public var text: String
        public var errors: [UnitExpressionError]
    }

    /// `unitpipe units`: every dimension with its units.
    public static func all(_ catalog: UnitCatalog = .standard) -> String {
        catalog.dimensions.map { section($0, catalog) }.joined(separator: "\n")
    }

    /// `unitpipe units DIMENSION`: one dimension's units, or `nil` when no dimension has that name.
    public static func dimension(named name: String, in catalog: UnitCatalog = .standard) -> String? {
        guard let dimension = catalog.dimensions.first(where: { $0.name == name.lowercased() }) else { return nil }
        return section(dimension, catalog)
    }

    /// `unitpipe units A B`: how two units relate (`1 km = 0.6213711922373339 mi (exact 15625/25146)`), or one line per unit otherwise.
    public static func describe(_ names: [String], in catalog: UnitCatalog = .standard) -> Report {
        var units: [UnitDefinition] = [], errors: [UnitExpressionError] = [], lines: [String] = []
        for name in names {
            do { units.append(try catalog.unit(expression: name)) } catch {
                errors.append(error)
                lines.append(error.message)
            }
        }
        if names.count == 2, units.count == 2 {
            do {
                lines.append(contentsOf: [try relation(units[0], units[1]), try relation(units[1], units[0])])
                return Report(text: lines.joined(separator: "\n") + "\n", errors: errors)
            } catch {
                errors.append(.unit(error))
                lines.append(UnitExpressionError.unit(error).message)
            }
        }
        for unit in units { lines.append(line(unit, catalog, width: unit.symbol.count)) }
        return Report(text: lines.joined(separator: "\n") + "\n", errors: errors)
    }

    /// `1 A = x B (exact p/q)` for linear pairs, `A → B: y = x·S + O` for affine ones.
    public static func relation(_ from: UnitDefinition, _ to: UnitDefinition) throws(UnitError) -> String {
        let conversion = try UnitConversion(from: from, to: to)
        if conversion.offset.isZero {
            let rounded = conversion.apply(1)
            let exact = conversion.scale.decimalString.map { $0 == "\(rounded)" ? "exact" : "exact \($0)" } ?? "exact \(conversion.scale)"
            return "1 \(from.symbol) = \(rounded) \(to.symbol) (\(exact))"
        }
        let offset = conversion.offset
        let sign = offset.isNegative ? "-" : "+"
        let magnitude = offset.negated.map { offset.isNegative ? $0 : offset } ?? offset
        return "\(from.symbol) → \(to.symbol): y = x·\(text(conversion.scale)) \(sign) \(text(magnitude))"
    }

    private static func text(_ value: Rational) -> String { value.decimalString ?? value.description }

    private static func section(_ dimension: Dimension, _ catalog: UnitCatalog) -> String {
        let units = catalog.units(of: dimension)
        let width = units.map(\.symbol.count).max() ?? 0
        let base = catalog.baseUnit(of: dimension)
        var out = "\(dimension.name) (base: \(base?.symbol ?? "-"))\n"
        for unit in units { out += "  " + line(unit, catalog, width: width) + "\n" }
        return out
    }

    /// `symbol  1 symbol = value base  aliases: …  note`.
    private static func line(_ unit: UnitDefinition, _ catalog: UnitCatalog, width: Int) -> String {
        let padded = unit.symbol + String(repeating: " ", count: max(0, width - unit.symbol.count))
        var definition = ""
        if let base = catalog.baseUnit(of: unit.dimension), base.symbol != unit.symbol {
            if unit.isAffine {
                definition = "\(unit.symbol) = x·\(text(unit.scale)) \(unit.offset.isNegative ? "-" : "+") \(text(unit.offset.negated.map { unit.offset.isNegative ? $0 : unit.offset } ?? unit.offset)) \(base.symbol)"
            } else if let decimal = unit.scale.decimalString {
                definition = "1 \(unit.symbol) = \(decimal) \(base.symbol)"
            } else {
                definition = "1 \(unit.symbol) = \(unit.scale) \(base.symbol) ≈ \(ExactRounding.value(1, scale: unit.scale, offset: .zero))"
            }
        } else {
            definition = "base unit [\(unit.dimension.name)]"
        }
        var parts = [padded, definition]
        if !unit.aliases.isEmpty { parts.append("aliases: " + unit.aliases.joined(separator: ", ")) }
        if let note = unit.note { parts.append("(\(note))") }
        return parts.joined(separator: "  ")
    }
}
