/// One unit as data: its symbol, other names, dimension and exact relation to the base unit.
///
/// A value `x` in this unit is `x·scale + offset` in the dimension's base unit;
/// `offset` is non-zero only for affine units such as `degC` and `degF`.
public struct UnitDefinition: Hashable, Sendable {
    /// The canonical symbol, e.g. `"km"`, `"degF"`.
    public let symbol: String
    /// Other accepted spellings: names, plurals and typographic symbols (`"°F"`, `"fahrenheit"`).
    public let aliases: [String]
    /// The physical dimension.
    public let dimension: UnitDimension
    /// The exact factor to the dimension's base unit.
    public let scale: Rational
    /// The exact offset to the dimension's base unit; zero for linear units.
    public let offset: Rational
    /// A remark for listings: which meaning an ambiguous name takes, what a unit is defined by.
    public let note: String?

    /// `true` for affine units (`degC`, `degF`): a non-zero offset, so they cannot appear inside expressions.
    public var isAffine: Bool { !offset.isZero }

    /// Creates a unit definition.
    ///
    /// - Parameters:
    ///   - symbol: The canonical symbol.
    ///   - aliases: Other accepted spellings.
    ///   - dimension: The physical dimension.
    ///   - scale: The exact, non-zero factor to the base unit.
    ///   - offset: The exact offset to the base unit (zero unless affine).
    ///   - note: A remark shown in listings.
    public init(symbol: String, aliases: [String] = [], dimension: UnitDimension, scale: Rational, offset: Rational = .zero,
                note: String? = nil) {
        precondition(!scale.isZero, "unit '\(symbol)' has a zero scale")
        self.symbol = symbol
        self.aliases = aliases
        self.dimension = dimension
        self.scale = scale
        self.offset = offset
        self.note = note
    }
}
