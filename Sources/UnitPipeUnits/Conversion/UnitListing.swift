import UnitPipeNumbers

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
    ///
    /// Names match case-insensitively, with spaces or hyphens for underscores (`temperature difference`).
    public static func dimension(named name: String, in catalog: UnitCatalog = .standard) -> String? {
        let key = String(name.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
        guard let dimension = catalog.dimensions.first(where: { $0.name == key }) else { return nil }
        return section(dimension, catalog)
    }

    /// `unitpipe units A B …`: how the first unit relates to each of the others
    /// (`1 km = 0.621371192237334 mi (exact 15625/25146)`; with two units both directions), or one line per unit.
    ///
    /// The text holds only results; the names that did not resolve, and pairs that do not convert, are in `errors`.
    /// - Parameters:
    ///   - names: The units or unit expressions, as typed.
    ///   - catalog: Where names are looked up.
    ///   - write: How a rounded factor is written; the command passes the converter's own writer
    ///     (`3600000`, not `3600000.0`), which this library does not depend on.
    public static func describe(
        _ names: [String], in catalog: UnitCatalog = .standard, writing write: (Double) -> String = plainDescription
    ) -> Report {
        var units: [UnitDefinition] = [], errors: [UnitExpressionError] = [], lines: [String] = []
        var unknown: [String] = []
        for name in names {
            do { units.append(try catalog.unit(expression: name)) } catch {
                errors.append(error)
                unknown.append(name)
            }
        }
        // An unknown unit beside known ones is offered only suggestions of their dimension
        // (`units inchs cm`: a length, never `inch/s`).
        if let dimension = units.first?.dimension, !unknown.isEmpty {
            errors = errors.map { error in
                guard case .unit(.unknownUnit(let name, _)) = error else { return error }
                let suggestion = unknown.contains(name)
                    ? catalog.expressionSuggestion(for: name, in: dimension) : catalog.suggestion(for: name, in: dimension)
                return .unit(.unknownUnit(name, suggestion: suggestion))
            }
        }
        if names.count >= 2 {
            guard errors.isEmpty, let first = units.first else { return Report(text: "", errors: errors) }
            for unit in units.dropFirst() {
                do { lines.append(try relation(first, unit, writing: write)) } catch { errors.append(.unit(error)) }
            }
            if units.count == 2, errors.isEmpty, let back = try? relation(units[1], first, writing: write) { lines.append(back) }
        } else {
            for unit in units { lines.append(line(unit, catalog, width: unit.symbol.count)) }
        }
        return Report(text: lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n", errors: errors)
    }

    /// `1 A = x B (exact p/q)` for linear pairs, `A → B: y = x·S + O` for affine ones, `A → B: y = K/x`
    /// for reciprocal ones (`mpg` and `L/100km`).
    public static func relation(
        _ from: UnitDefinition, _ to: UnitDefinition, writing write: (Double) -> String = plainDescription
    ) throws(UnitError) -> String {
        if from.dimension.isReciprocal(of: to.dimension) {
            let reciprocal = try ReciprocalConversion(from: from, to: to)
            let rounded = reciprocal.apply(1).map(write) ?? "?"
            let exact = reciprocal.constant.decimalString.map { $0 == rounded ? "exact" : "exact \($0)" } ?? "exact \(reciprocal.constant)"
            return "\(from.symbol) → \(to.symbol): y = \(rounded)/x (\(exact)); 0 has no reciprocal"
        }
        let conversion = try UnitConversion(from: from, to: to)
        if conversion.offset.isZero {
            let rounded = write(conversion.apply(1))
            let exact = conversion.scale.decimalString.map { $0 == rounded ? "exact" : "exact \($0)" } ?? "exact \(conversion.scale)"
            return "1 \(from.symbol) = \(rounded) \(to.symbol) (\(exact))"
        }
        let offset = conversion.offset
        let sign = offset.isNegative ? "-" : "+"
        let magnitude = offset.negated.map { offset.isNegative ? $0 : offset } ?? offset
        return "\(from.symbol) → \(to.symbol): y = x·\(text(conversion.scale)) \(sign) \(text(magnitude))"
    }

    /// Swift's shortest round-trip description without a trailing `.0`.
    public static func plainDescription(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func text(_ value: Rational) -> String { value.decimalString ?? value.description }

    private static func section(_ dimension: UnitDimension, _ catalog: UnitCatalog) -> String {
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
