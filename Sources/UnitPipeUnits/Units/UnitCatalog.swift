/// The units unitpipe knows, looked up by symbol or alias.
///
/// Lookup is exact first (symbols are case-sensitive: `mm` is not `Mm`), then
/// case-insensitive on names (`Kilometer`, `KELVIN`) when the folded name
/// belongs to one unit only. An unknown spelling fails with the nearest known
/// spelling by edit distance as a suggestion.
public struct UnitCatalog: Sendable {
    /// Every unit, in table order.
    public let units: [UnitDefinition]
    private let indexBySpelling: [String: Int]
    private let indexByFoldedName: [String: Int]

    /// The built-in catalog (`UnitCatalog+Definitions.swift`).
    public static let standard: UnitCatalog = {
        switch UnitCatalog.resolve(definitions) {
        case .success(let units): UnitCatalog(units: units)
        case .failure(let problem): preconditionFailure("built-in unit table: \(problem.message)")
        }
    }()

    /// Creates a catalog of the given units.
    ///
    /// When two units share a spelling (symbol or alias), the first one listed keeps it.
    /// - Parameter units: The units, in the order `units` reports them.
    public init(units: [UnitDefinition]) {
        self.units = units
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        var ambiguous: Set<String> = []
        for (index, unit) in units.enumerated() {
            for spelling in [unit.symbol] + unit.aliases where exact[spelling] == nil {
                exact[spelling] = index
            }
            for alias in unit.aliases where UnitCatalog.isName(alias) {
                let key = alias.lowercased()
                if let other = folded[key], other != index { ambiguous.insert(key) }
                folded[key] = index
            }
        }
        for key in ambiguous { folded[key] = nil }
        indexBySpelling = exact
        indexByFoldedName = folded
    }

    /// Returns the unit with the given symbol or alias.
    ///
    /// - Parameter name: A symbol (`km`, case-sensitive) or an alias (`kilometre`; names also match case-insensitively).
    /// - Returns: The unit's definition.
    /// - Throws: `UnitError.unknownUnit` with the nearest known spelling as a suggestion.
    public func unit(named name: String) throws(UnitError) -> UnitDefinition {
        if let unit = lookUp(name) { return unit }
        throw .unknownUnit(name, suggestion: suggestion(for: name))
    }

    /// The unit with the given symbol or alias, without a suggestion when there is none.
    private func lookUp(_ name: String) -> UnitDefinition? {
        (indexBySpelling[name] ?? indexByFoldedName[name.lowercased()]).map { units[$0] }
    }

    /// The known spelling nearest to `name`, if one is close enough to be a likely typo and safe to offer.
    ///
    /// Symbols are compared case-sensitively and names case-insensitively, within
    /// ``Suggestion/allowedEdits(forLength:)`` edits (none for three characters or fewer against a
    /// symbol); ties prefer symbols, then table order.
    /// A symbol that differs from `name` only in case is not offered (`Cal` is a food Calorie,
    /// 1000 `cal`; `kb` a kilobit, not a `kB`; `Mbit` is not `mbit`), except past the first character
    /// of a symbol of four or more (`degc` → `degC`). A bare
    /// temperature letter gets its scale (`C` → `degC`).
    /// - Parameters:
    ///   - name: The unknown spelling.
    ///   - dimension: When the other side of a conversion settles it, only units of this dimension are offered.
    public func suggestion(for name: String, in dimension: Dimension? = nil) -> String? {
        if let compound = UnitCatalog.compoundSpellings[name], let unit = try? unit(expression: compound),
           dimension == nil || unit.dimension == dimension {
            return compound
        }
        for prefix in ["deg", "°"] {
            if let unit = lookUp(prefix + name), dimension == nil || unit.dimension == dimension {
                return prefix == "deg" ? prefix + name : unit.symbol
            }
        }
        let exact = Array(name)
        let folded = Array(name.lowercased())
        let allowedForNames = Suggestion.allowedEdits(forLength: exact.count)
        // Symbols are short and dense (`mg`, `Pg`, `dal`, `cal`): one edit away is another unit, so
        // symbols of three characters or fewer are never guessed at.
        let allowedForSymbols = exact.count <= 3 ? -1 : allowedForNames
        var best: (distance: Int, spelling: String)?
        for unit in units where dimension == nil || unit.dimension == dimension {
            for (index, spelling) in ([unit.symbol] + unit.aliases).enumerated() {
                // Three-letter aliases (`kph`, `dal`, `mps`) are symbols in all but name.
                let isName = index > 0 && spelling.count > 3 && UnitCatalog.isName(spelling)
                let lower = spelling.lowercased()
                // A case-only difference flips a prefix (`Mbit`, `mbit`) or names another unit (`Cal`):
                // offered only past the first character of a longer symbol (`degc` → `degC`).
                if !isName && lower == name.lowercased() && (exact.count <= 3 || spelling.first != exact.first) { continue }
                let distance = isName ? Suggestion.distance(folded, Array(lower)) : Suggestion.distance(exact, Array(spelling))
                if distance <= (isName ? allowedForNames : allowedForSymbols), distance < (best?.distance ?? Int.max) {
                    best = (distance, spelling)
                }
            }
        }
        return best?.spelling
    }

    /// Abbreviations of compound units, offered as the expression that writes them (`mpg` → `mi/gal`).
    static let compoundSpellings = ["mpg": "mi/gal", "MPG": "mi/gal", "kmpl": "km/L", "kmh": "km/h"]

    /// `true` for aliases that are words (letters and underscores, three or more), which match case-insensitively.
    private static func isName(_ alias: String) -> Bool {
        alias.count >= 3 && alias.allSatisfy { $0 == "_" || ($0.isASCII && $0.isLetter) }
    }
}

extension UnitCatalog {
    /// One row of the unit table: a unit defined relative to an earlier one, plus its spellings.
    struct Entry: Sendable {
        /// How a unit relates to a unit defined earlier in the table.
        enum Definition: Sendable {
            /// The base unit of a dimension.
            case base(Dimension)
            /// `x` of this unit is `x·factor` of the coherent SI unit of the dimension (kg, m², N, …), which need not be listed.
            case scaled(Rational, Dimension)
            /// `x` of this unit is `x·factor` of the reference unit.
            case linear(Rational, of: String)
            /// `x` of this unit is `(x + shift)·scale` of the reference unit.
            case affine(scale: Rational, shift: Rational, of: String)
        }

        let symbol: String
        /// Singular names; prefixed units get `prefix.name + name`.
        var names: [String] = []
        /// Plural names; prefixed units get `prefix.name + plural`.
        var plurals: [String] = []
        /// Other spellings (typographic symbols); not prefixed.
        var aliases: [String] = []
        /// Other symbols that take prefixes like the symbol does (`l` beside `L`: `ml`).
        var symbolAliases: [String] = []
        let definition: Definition
        /// SI prefixes that form units of their own (`k` + `m` = `km`).
        var prefixes: [SIPrefix] = []
        /// A remark for listings (which meaning an ambiguous name takes).
        var note: String? = nil
    }

    /// A decimal SI prefix, applied generically to the units that list it.
    struct SIPrefix: Sendable {
        let symbol: String
        let name: String
        let factor: Rational
        /// Other spellings of the prefix symbol (`u` and Greek `μ` beside the micro sign `µ`).
        var symbolAliases: [String] = []
    }

    /// Why a unit table could not be reduced to base units.
    struct TableProblem: Error {
        let message: String
    }

    /// Reduces every entry to a scale and offset relative to its dimension's base unit, adding prefixed units.
    static func resolve(_ entries: [Entry]) -> Result<[UnitDefinition], TableProblem> {
        var units: [UnitDefinition] = []
        var bySymbol: [String: UnitDefinition] = [:]
        for entry in entries {
            let dimension: Dimension, scale: Rational, offset: Rational
            switch entry.definition {
            case .base(let base):
                (dimension, scale, offset) = (base, .one, .zero)
            case .scaled(let factor, let base):
                (dimension, scale, offset) = (base, factor, .zero)
            case .linear(let factor, let reference), .affine(let factor, _, let reference):
                guard let unit = bySymbol[reference] else {
                    return .failure(TableProblem(message: "'\(entry.symbol)' refers to '\(reference)', which is not defined before it"))
                }
                let shift = if case .affine(_, let shift, _) = entry.definition { shift } else { Rational.zero }
                // x of this unit is (x + shift)·factor of the reference unit, whose value v is v·scale + offset of the base.
                guard let s = unit.scale.multiplied(by: factor),
                      let shifted = s.multiplied(by: shift),
                      let o = shifted.adding(unit.offset)
                else { return .failure(TableProblem(message: "the scale or offset of '\(entry.symbol)' overflows")) }
                (dimension, scale, offset) = (unit.dimension, s, o)
            }
            var resolved = [UnitDefinition(symbol: entry.symbol, aliases: entry.symbolAliases + entry.names + entry.plurals + entry.aliases,
                                           dimension: dimension, scale: scale, offset: offset, note: entry.note)]
            for prefix in entry.prefixes {
                guard offset.isZero, let prefixedScale = scale.multiplied(by: prefix.factor) else {
                    return .failure(TableProblem(message: "prefix '\(prefix.name)' cannot apply to '\(entry.symbol)'"))
                }
                let symbols = [entry.symbol] + entry.symbolAliases
                let prefixSymbols = [prefix.symbol] + prefix.symbolAliases
                let otherSymbols = prefixSymbols.flatMap { p in symbols.map { p + $0 } }.dropFirst()
                resolved.append(UnitDefinition(symbol: prefix.symbol + entry.symbol,
                                               aliases: Array(otherSymbols) + (entry.names + entry.plurals).map { prefix.name + $0 },
                                               dimension: dimension, scale: prefixedScale))
            }
            for unit in resolved {
                guard bySymbol[unit.symbol] == nil else {
                    return .failure(TableProblem(message: "'\(unit.symbol)' is defined twice"))
                }
                bySymbol[unit.symbol] = unit
                units.append(unit)
            }
        }
        return .success(units)
    }
}

extension UnitCatalog {
    /// A catalog with more units after these, e.g. a job's currencies from a rates file.
    ///
    /// The built-in units keep their spellings: an added unit whose symbol or alias is taken loses that spelling.
    /// - Parameter units: The units to add.
    /// - Returns: The extended catalog.
    public func adding(_ units: [UnitDefinition]) -> UnitCatalog {
        UnitCatalog(units: self.units + units)
    }

    /// The units of one dimension, in table order.
    public func units(of dimension: Dimension) -> [UnitDefinition] {
        units.filter { $0.dimension == dimension }
    }

    /// The dimensions with at least one unit, in listing order (named dimensions first).
    public var dimensions: [Dimension] {
        var seen: Set<Dimension> = []
        var result = Dimension.named.filter { d in units.contains { $0.dimension == d } }
        seen.formUnion(result)
        for unit in units where !seen.contains(unit.dimension) {
            seen.insert(unit.dimension)
            result.append(unit.dimension)
        }
        return result
    }

    /// The unit of a dimension whose scale is 1 and offset 0 (`m`, `kg`, `EUR`), if the catalog lists one.
    public func baseUnit(of dimension: Dimension) -> UnitDefinition? {
        units.first { $0.dimension == dimension && $0.scale == .one && $0.offset.isZero }
    }
}
