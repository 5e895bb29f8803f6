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
    /// Every spelling prepared for suggestions, in table order (symbol first, then aliases).
    private let spellings: [Spelling]
    /// For each of `spellings`, what the cheap lower bounds of a distance need (plain values, so
    /// scanning them all costs microseconds): its length, character mask and whether it is a name.
    private let spellingKeys: [(length: Int, mask: UInt64, isName: Bool)]
    /// The characters a spelling of a length, data or energy unit can start with, and those a
    /// time unit's can end with (in both cases): a name that cannot split into such a
    /// quotient (`kmh` → `km/h`) is not cut and looked up at every position.
    let quotientEnds: (first: Set<Character>, last: Set<Character>)

    /// A spelling as `suggestion(for:)` compares it: characters split once, not per lookup.
    private struct Spelling: Sendable {
        let text: String
        let dimension: UnitDimension
        /// A word alias, compared case-insensitively.
        let isName: Bool
        /// The characters, lowercased for names.
        let characters: [Character]
        let lowercased: String
        /// Which characters occur (``UnitCatalog/characterMask(_:)``).
        let mask: UInt64
    }

    /// A bit per character that occurs (scalar value modulo 64). A character of one string whose bit
    /// the other lacks must be edited, so the bits set in one mask only are a lower bound of the distance.
    private static func characterMask(_ characters: [Character]) -> UInt64 {
        characters.reduce(0) { $0 | (1 << UInt64(($1.unicodeScalars.first?.value ?? 0) % 64)) }
    }

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
        let prepared: [Spelling] = units.flatMap { unit in
            ([unit.symbol] + unit.aliases).enumerated().map { index, text in
                // Three-letter aliases (`kph`, `dal`, `mps`) are symbols in all but name.
                let isName = index > 0 && text.count > 3 && UnitCatalog.isName(text)
                let lower = text.lowercased()
                let characters = Array(isName ? lower : text)
                return Spelling(text: text, dimension: unit.dimension, isName: isName,
                                characters: characters, lowercased: lower, mask: UnitCatalog.characterMask(characters))
            }
        }
        spellings = prepared
        spellingKeys = prepared.map { ($0.characters.count, $0.mask, $0.isName) }
        // Both cases of every character (more than names need, never fewer).
        let cases = { (c: Character) -> [Character] in [c] + Array(String(c).lowercased()) + Array(String(c).uppercased()) }
        var first: Set<Character> = [], last: Set<Character> = []
        for spelling in prepared {
            if spelling.dimension == .length || spelling.dimension == .data || spelling.dimension == .energy,
                let c = spelling.text.first {
                first.formUnion(cases(c))
            }
            if spelling.dimension == .time, let c = spelling.text.last { last.formUnion(cases(c)) }
        }
        quotientEnds = (first, last)
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
    package func lookUp(_ name: String) -> UnitDefinition? {
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
    public func suggestion(for name: String, in dimension: UnitDimension? = nil) -> String? {
        guard name.count <= UnitCatalog.maxSuggestedLength else { return nil }
        if let compound = UnitCatalog.compoundSpellings[name], let unit = try? unit(expression: compound),
           dimension == nil || unit.dimension == dimension {
            return compound
        }
        for prefix in ["deg", "°"] {
            if let unit = lookUp(prefix + name), dimension == nil || unit.dimension == dimension {
                return prefix == "deg" ? prefix + name : unit.symbol
            }
        }
        // A case-only difference comes first, for text typed in one case (`kwh` → `kWh`, `MPH` →
        // `mph`, `KW` → `kW`) when one unit alone is spelled so ignoring case: two (`MM`: `mm` and
        // `Mm`) leave no safe guess. Where case carries meaning no guess is made either: bits and
        // bytes (`kb`), and calories (`Cal` is a kilocalorie on food labels).
        var caseOnly: [String: String] = [:]
        let isOneCase = name == name.lowercased() || name == name.uppercased()
        for spelling in spellings where isOneCase && spelling.lowercased == name.lowercased() {
            if let dimension, spelling.dimension != dimension { continue }
            if spelling.dimension == .data || spelling.lowercased.hasSuffix("cal") { continue }
            guard let unit = lookUp(spelling.text) else { continue }
            if caseOnly[unit.symbol] == nil || spelling.text == unit.symbol { caseOnly[unit.symbol] = spelling.text }
        }
        if caseOnly.count > 1 { return nil }
        if let only = caseOnly.values.first { return only }
        let exact = Array(name)
        let folded = Array(name.lowercased())
        let allowedForNames = Suggestion.allowedEdits(forLength: exact.count)
        // Symbols are short and dense (`mg`, `Pg`, `dal`, `cal`): one edit away is another unit, so
        // symbols of three characters or fewer are never guessed at.
        let allowedForSymbols = exact.count <= 3 ? -1 : allowedForNames
        let lowerName = name.lowercased()
        let exactMask = UnitCatalog.characterMask(exact), foldedMask = UnitCatalog.characterMask(folded)
        var best: (distance: Int, spelling: String)?
        for (index, key) in spellingKeys.enumerated() {
            let allowed = key.isName ? allowedForNames : allowedForSymbols
            // Lower bounds of the distance first: the difference in length, and the characters
            // only one side has. Few spellings pass them, and only those are compared.
            if abs(key.length - (key.isName ? folded.count : exact.count)) > allowed { continue }
            let typedMask = key.isName ? foldedMask : exactMask
            if (typedMask & ~key.mask).nonzeroBitCount > allowed || (key.mask & ~typedMask).nonzeroBitCount > allowed { continue }
            let spelling = spellings[index]
            if let dimension, spelling.dimension != dimension { continue }
            let typed = spelling.isName ? folded : exact
            // A case-only difference flips a prefix (`Mbit`, `mbit`) or names another unit (`Cal`):
            // offered only past the first character of a longer symbol (`degc` → `degC`).
            if !spelling.isName && spelling.lowercased == lowerName && (exact.count <= 3 || spelling.characters.first != exact.first) { continue }
            let distance = Suggestion.distance(typed, spelling.characters)
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (distance, spelling.text)
            }
        }
        return best?.spelling
    }

    /// Abbreviations of compound units, offered as the expression that writes them (`kmh` → `km/h`).
    /// Offered only within the dimension the other side of a conversion names, when it is known
    /// (`kt` is a knot beside km/h, not a kilotonne).
    static let compoundSpellings = ["kmh": "km/h", "kt": "kn", "kts": "kn", "Nm": "N*m"]

    /// The longest text (in characters) a suggestion is looked for: no unit spelling is longer than
    /// 32 characters, so a longer string is no plausible typo and costs no scan of the catalog.
    public static let maxSuggestedLength = 40

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
            case base(UnitDimension)
            /// `x` of this unit is `x·factor` of the coherent SI unit of the dimension (kg, m², N, …), which need not be listed.
            case scaled(Rational, UnitDimension)
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
            let dimension: UnitDimension, scale: Rational, offset: Rational
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
    public func units(of dimension: UnitDimension) -> [UnitDefinition] {
        units.filter { $0.dimension == dimension }
    }

    /// The dimensions with at least one unit, in listing order (named dimensions first).
    public var dimensions: [UnitDimension] {
        var seen: Set<UnitDimension> = []
        var result = UnitDimension.named.filter { d in units.contains { $0.dimension == d } }
        seen.formUnion(result)
        for unit in units where !seen.contains(unit.dimension) {
            seen.insert(unit.dimension)
            result.append(unit.dimension)
        }
        return result
    }

    /// The unit of a dimension whose scale is 1 and offset 0 (`m`, `kg`, `EUR`), if the catalog lists one.
    public func baseUnit(of dimension: UnitDimension) -> UnitDefinition? {
        units.first { $0.dimension == dimension && $0.scale == .one && $0.offset.isZero }
    }
}
