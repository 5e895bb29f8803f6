// The built-in unit table, as data. Values are exact per NIST SP 811 (2008),
// appendix B: the international inch is 2.54 cm, the foot 12 in, the yard
// 3 ft, the mile 5280 ft, the nautical mile 1852 m; T/K = (t/°F + 459.67)·5/9.
// Fractions are written as fractions; each unit is defined in terms of a unit
// listed before it, and the catalog reduces every unit to its base unit.

extension UnitCatalog {
    static let definitions: [Entry] = [
        // Length (base: metre).
        Entry(symbol: "m", names: ["meter", "metre"], plurals: ["meters", "metres"],
              definition: .base(.length), prefixes: [.kilo, .centi, .milli]),
        Entry(symbol: "in", names: ["inch"], plurals: ["inches"],
              definition: .linear(Rational(254, 100), of: "cm")),
        Entry(symbol: "ft", names: ["foot"], plurals: ["feet"],
              definition: .linear(Rational(12), of: "in")),
        Entry(symbol: "yd", names: ["yard"], plurals: ["yards"],
              definition: .linear(Rational(3), of: "ft")),
        Entry(symbol: "mi", names: ["mile"], plurals: ["miles"],
              definition: .linear(Rational(5280), of: "ft")),
        Entry(symbol: "nmi", names: ["nautical_mile"], plurals: ["nautical_miles"],
              definition: .linear(Rational(1852), of: "m")),

        // Absolute temperature (base: kelvin), affine scales.
        Entry(symbol: "K", names: ["kelvin"], plurals: ["kelvins"],
              definition: .base(.temperature)),
        Entry(symbol: "degC", names: ["celsius"], aliases: ["°C", "℃"],
              definition: .affine(scale: Rational(1), shift: Rational(27315, 100), of: "K")),
        Entry(symbol: "degR", names: ["rankine"], aliases: ["°R"],
              definition: .linear(Rational(5, 9), of: "K")),
        Entry(symbol: "degF", names: ["fahrenheit"], aliases: ["°F", "℉"],
              definition: .affine(scale: Rational(1), shift: Rational(45967, 100), of: "degR")),

        // Temperature differences (base: delta_K), linear.
        Entry(symbol: "delta_K", definition: .base(.temperatureDifference)),
        Entry(symbol: "delta_degC", definition: .linear(Rational(1), of: "delta_K")),
        Entry(symbol: "delta_degF", definition: .linear(Rational(5, 9), of: "delta_K")),
    ]
}

extension UnitCatalog.SIPrefix {
    /// kilo, 10³.
    static let kilo = Self(symbol: "k", name: "kilo", factor: Rational(1000))
    /// centi, 10⁻².
    static let centi = Self(symbol: "c", name: "centi", factor: Rational(1, 100))
    /// milli, 10⁻³.
    static let milli = Self(symbol: "m", name: "milli", factor: Rational(1, 1000))
}
