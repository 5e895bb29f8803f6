// Unit expressions: products, quotients and powers of catalog units
// (`km/h`, `kg*m/s^2`, `m²`, `g/cm3`, `N·m`, `W/m^2/K`).
//
// Grammar (left-associative, so `a/b/c` is `a/(b·c)`):
//     expression := term (('*' | '·' | '⋅' | '/') term)*
//     term       := atom power?
//     atom       := integer? unit-name | '(' expression ')' | integer
// A leading integer multiplies its unit, as GNU units reads it: `L/100km` is
// L/(100·km); `100km^2` is 100·km².
//     power      := '^' '-'? digits | superscript digits (² ³ ⁻¹) | trailing digits (`cm3`)
// Parentheses nest at most `maxDepth` deep (`nestedTooDeep`), so the recursion is bounded.
// A whole string that is a catalog spelling (`km/h`, `m/s^2`, `g0`) is that
// unit; otherwise the parts are looked up and combined. Factors are exact
// rationals with overflow checks; the dimension comes from the exponent
// vectors (a named dimension when one matches). Affine units are refused.

extension UnitCatalog {
    /// Resolves a unit expression: a catalog spelling, or a product/quotient/power of catalog units.
    ///
    /// This is the entry point for `FROM`/`TO` of `-c` and for unit strings
    /// found in data. A single catalog unit comes back as its definition (affine
    /// ones included); a compound expression as a new definition whose symbol is
    /// the expression as written (trimmed).
    /// - Parameter expression: The text, e.g. `"km/h"`, `"kg*m/s^2"`, `"°C"`, `"USD"`.
    /// - Returns: The unit.
    /// - Throws: `UnitExpressionError` — `.unit(.unknownUnit)` with a suggestion
    ///   (`kmh` → `km/h`), `.noRate` for a currency code without a rate,
    ///   `.malformedExpression`, `.affineInExpression`, `.unit(.factorOverflow)`.
    public func unit(expression: String) throws(UnitExpressionError) -> UnitDefinition {
        try unit(expression: expression, suggesting: true)
    }

    /// Resolves a unit expression like ``unit(expression:)``; with `suggesting: false`, an unknown
    /// unit's error carries no suggestion, which costs a scan of the catalog (`UnitResolver` asks
    /// for it once per distinct string, and only when a message needs it).
    public func unit(expression: String, suggesting: Bool) throws(UnitExpressionError) -> UnitDefinition {
        let text = expression.trimmingSpaces
        if let unit = lookUp(text) { return unit }
        var parser = ExpressionParser(text: text, catalog: self, suggesting: suggesting)
        let value = try parser.parse()
        if value.unitCount == 1, let single = value.single { return single }
        guard let scale = value.scale else { throw .unit(.factorOverflow(from: text, to: "base units")) }
        return UnitDefinition(symbol: text, dimension: UnitDimension(exponents: value.exponents), scale: scale)
    }

    /// Looks up one name inside an expression, turning unknown names into the most helpful error.
    func lookUpPart(_ name: String, in expression: String, isWhole: Bool, suggesting: Bool) throws(UnitExpressionError) -> UnitDefinition {
        if let unit = lookUp(name) { return unit }
        if let code = CurrencyCodes.code(for: name) { throw .noRate(code) }
        guard suggesting else { throw .unit(.unknownUnit(name, suggestion: nil)) }
        throw .unit(.unknownUnit(name, suggestion: isWhole ? expressionSuggestion(for: name) : suggestion(for: name)))
    }

    /// A suggestion for an unknown whole name: a quotient of two known units when the name splits into them (`kmh` → `km/h`), else the nearest spelling.
    /// - Parameters:
    ///   - name: The unknown spelling.
    ///   - dimension: When known, only suggestions of this dimension.
    public func expressionSuggestion(for name: String, in dimension: UnitDimension? = nil) -> String? {
        let characters = Array(name)
        guard characters.count <= UnitCatalog.maxSuggestedLength else { return nil }
        if characters.count >= 2, let first = characters.first, let last = characters.last,
            quotientEnds.first.contains(first), quotientEnds.last.contains(last) {
            for cut in 1..<characters.count {
                let left = String(characters[..<cut]), right = String(characters[cut...])
                if let a = lookUp(left), let b = lookUp(right), !a.isAffine, !b.isAffine,
                   a.dimension == .length || a.dimension == .data || a.dimension == .energy, b.dimension == .time,
                   dimension == nil || (try? unit(expression: left + "/" + right))?.dimension == dimension {
                    return left + "/" + right
                }
            }
        }
        return suggestion(for: name, in: dimension)
    }
}

/// The value of a (sub)expression while parsing.
struct ExpressionValue {
    var exponents = UnitDimension.Exponents()
    /// The exact factor to the coherent base units; `nil` once it overflowed.
    var scale: Rational? = .one
    /// How many catalog units it combines, and the unit when it is exactly one unit to the first power.
    var unitCount = 0
    var single: UnitDefinition?
}

/// A recursive-descent parser over the characters of one expression.
struct ExpressionParser {
    let text: String
    let characters: [Character]
    let catalog: UnitCatalog
    /// Whether an unknown unit's error carries a suggestion.
    let suggesting: Bool
    var position = 0
    /// How many parentheses are open at `position`.
    var depth = 0

    /// The deepest nesting of parentheses read: the parser recurses once per level, and a cell of
    /// a few hundred `(` would otherwise overflow a worker thread's stack.
    static let maxDepth = 32

    init(text: String, catalog: UnitCatalog, suggesting: Bool = true) {
        self.text = text
        self.characters = Array(text)
        self.catalog = catalog
        self.suggesting = suggesting
    }

    static let operators: Set<Character> = ["*", "·", "⋅", "×", "/", "^", "(", ")"]
    static let superscripts: [Character: Int] = ["⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9]

    mutating func parse() throws(UnitExpressionError) -> ExpressionValue {
        guard !characters.isEmpty else { throw .unit(.unknownUnit(text, suggestion: nil)) }
        let value = try expression()
        guard position == characters.count else { throw .malformedExpression(text, offset: position) }
        return value
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " { position += 1 }
    }

    private mutating func expression() throws(UnitExpressionError) -> ExpressionValue {
        var value = try term()
        while true {
            skipSpaces()
            guard position < characters.count else { return value }
            let op = characters[position]
            guard op == "*" || op == "·" || op == "⋅" || op == "×" || op == "/" else { return value }
            position += 1
            skipSpaces()
            let right = try term()
            value = try combine(value, right, dividing: op == "/")
        }
    }

    private func combine(_ a: ExpressionValue, _ b: ExpressionValue, dividing: Bool) throws(UnitExpressionError) -> ExpressionValue {
        try checkAffine(a)
        try checkAffine(b)
        guard let exponents = dividing ? a.exponents.subtracting(b.exponents) : a.exponents.adding(b.exponents) else {
            throw .unit(.factorOverflow(from: text, to: "base units"))
        }
        let scale: Rational? = if let x = a.scale, let y = b.scale { dividing ? x.divided(by: y) : x.multiplied(by: y) } else { nil }
        guard scale != nil else { throw .unit(.factorOverflow(from: text, to: "base units")) }
        return ExpressionValue(exponents: exponents, scale: scale, unitCount: a.unitCount + b.unitCount, single: nil)
    }

    private func checkAffine(_ value: ExpressionValue) throws(UnitExpressionError) {
        if let unit = value.single, unit.isAffine { throw .affineInExpression(text, unit: unit.symbol) }
    }

    private mutating func term() throws(UnitExpressionError) -> ExpressionValue {
        skipSpaces()
        guard position < characters.count else { throw .malformedExpression(text, offset: position) }
        var value: ExpressionValue
        var trailingPower: Int?
        var multiplier = Rational.one
        if characters[position] == "(" {
            guard depth < ExpressionParser.maxDepth else { throw .nestedTooDeep(text, limit: ExpressionParser.maxDepth) }
            position += 1
            depth += 1
            value = try expression()
            skipSpaces()
            guard position < characters.count, characters[position] == ")" else { throw .malformedExpression(text, offset: position) }
            position += 1
            depth -= 1
        } else {
            let start = position
            while position < characters.count, !ExpressionParser.operators.contains(characters[position]),
                  characters[position] != " ", ExpressionParser.superscripts[characters[position]] == nil,
                  characters[position] != "⁻" {
                position += 1
            }
            guard position > start else { throw .malformedExpression(text, offset: position) }
            var name = String(characters[start..<position])
            if name == "1" { return ExpressionValue() }
            let isWhole = start == 0 && position == characters.count
            if catalog.lookUp(name) == nil, let first = name.first, first.isASCII, first.isNumber {
                let digits = name.prefix { $0.isASCII && $0.isNumber }
                guard digits.count <= 30, let n = Int128(digits), n > 0 else { throw .malformedExpression(text, offset: start) }
                multiplier = Rational(n)
                name = String(name.dropFirst(digits.count))
                if name.isEmpty {
                    value = ExpressionValue(unitCount: 1)
                    return try scaled(value, by: multiplier)
                }
            }
            // `cm3`: trailing digits are a power when the whole name is not a unit (`g0` is).
            if catalog.lookUp(name) == nil, let last = name.last, last.isASCII, last.isNumber {
                let stem = name.prefix { !($0.isASCII && $0.isNumber) }
                // At most 64, as `^n`: a larger power is no unit (and `m5532559262904489261` must
                // not overflow the exponents or loop through a power of 1).
                if !stem.isEmpty, let digits = Int(name.dropFirst(stem.count)), digits <= 64, catalog.lookUp(String(stem)) != nil {
                    name = String(stem)
                    trailingPower = digits
                }
            }
            let unit = try catalog.lookUpPart(name, in: text, isWhole: isWhole && multiplier == .one, suggesting: suggesting)
            value = ExpressionValue(exponents: unit.dimension.exponents, scale: unit.scale, unitCount: 1, single: unit)
        }
        let parsed = try parsePower()
        guard let power = trailingPower ?? parsed else { return try scaled(value, by: multiplier) }
        try checkAffine(value)
        guard let exponents = value.exponents.multiplied(by: power), let scale = value.scale.flatMap({ $0.power(power) }) else {
            throw .unit(.factorOverflow(from: text, to: "base units"))
        }
        return try scaled(ExpressionValue(exponents: exponents, scale: scale, unitCount: value.unitCount + 1, single: nil), by: multiplier)
    }

    /// `value` times a leading integer (`100km`); `value` itself when there is none.
    private func scaled(_ value: ExpressionValue, by multiplier: Rational) throws(UnitExpressionError) -> ExpressionValue {
        guard multiplier != .one else { return value }
        try checkAffine(value)
        guard let scale = value.scale.flatMap({ $0.multiplied(by: multiplier) }) else {
            throw .unit(.factorOverflow(from: text, to: "base units"))
        }
        return ExpressionValue(exponents: value.exponents, scale: scale, unitCount: value.unitCount + 1, single: nil)
    }

    /// `^n`, `^-n` or superscript digits after an atom; `nil` when there is none.
    private mutating func parsePower() throws(UnitExpressionError) -> Int? {
        guard position < characters.count else { return nil }
        if characters[position] == "^" {
            position += 1
            var negative = false
            if position < characters.count, characters[position] == "-" || characters[position] == "−" {
                negative = true
                position += 1
            }
            let start = position
            while position < characters.count, characters[position].isASCII, characters[position].isNumber { position += 1 }
            guard position > start, let n = Int(String(characters[start..<position])), n <= 64 else {
                throw .malformedExpression(text, offset: position)
            }
            return negative ? -n : n
        }
        var negative = false
        if characters[position] == "⁻" {
            negative = true
            position += 1
        }
        var n = 0, digits = 0
        while position < characters.count, let d = ExpressionParser.superscripts[characters[position]] {
            n = n * 10 + d
            digits += 1
            position += 1
            guard n <= 64 else { throw .malformedExpression(text, offset: position) }
        }
        if digits == 0 {
            if negative { throw .malformedExpression(text, offset: position) }
            return nil
        }
        return negative ? -n : n
    }
}

extension Rational {
    /// The value raised to an integer power, or `nil` when it does not fit (or for 0 to a negative power).
    public func power(_ exponent: Int) -> Rational? {
        var result = Rational.one
        for _ in 0..<abs(exponent) {
            guard let next = result.multiplied(by: self) else { return nil }
            result = next
        }
        return exponent >= 0 ? result : Rational.one.divided(by: result)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and no-break spaces.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\u{202F}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
