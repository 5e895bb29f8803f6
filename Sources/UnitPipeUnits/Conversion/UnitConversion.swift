/// The exact conversion between two units of one dimension: `y = x·scale + offset`.
///
/// `scale` and `offset` are exact rationals computed once from the units'
/// definitions (never through a rounded base-unit value), and `apply(_:)`
/// rounds the exact result once.
public struct UnitConversion: Sendable {
    /// The source unit.
    public let from: UnitDefinition
    /// The target unit.
    public let to: UnitDefinition
    /// The exact factor: `from.scale / to.scale`.
    public let scale: Rational
    /// The exact offset: `(from.offset − to.offset) / to.scale`.
    public let offset: Rational
    let factor: ConversionFactor

    /// Relates two units.
    ///
    /// - Parameters:
    ///   - from: The unit values are given in.
    ///   - to: The unit values are wanted in.
    /// - Throws: `UnitError.dimensionMismatch` when the dimensions differ;
    ///   `UnitError.factorOverflow` when the exact factors do not fit in a `Rational`.
    public init(from: UnitDefinition, to: UnitDefinition) throws(UnitError) {
        guard from.dimension == to.dimension else {
            throw .dimensionMismatch(from: from.symbol, fromDimension: from.dimension,
                                     to: to.symbol, toDimension: to.dimension)
        }
        guard let scale = from.scale.divided(by: to.scale),
              let shift = from.offset.subtracting(to.offset),
              let offset = shift.divided(by: to.scale)
        else { throw .factorOverflow(from: from.symbol, to: to.symbol) }
        self.from = from
        self.to = to
        self.scale = scale
        self.offset = offset
        factor = ConversionFactor(scale: scale, offset: offset)
    }

    /// The correctly rounded (to nearest, ties to even) `Double` nearest to the exact `x·scale + offset`.
    ///
    /// `x` is a `Double`, already rounded from whatever text it was read from, so the result is
    /// rounded twice for such values (`-273.15` °C gives `-459.66999999999996` °F); convert the
    /// text's exact value with ``ExactUnitConversion`` or ``value(_:)`` instead. Infinite when it overflows. NaN stays NaN; an exactly zero result is `+0`.
    public func apply(_ x: Double) -> Double {
        factor.value(x)
    }
}
