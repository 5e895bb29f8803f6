/// An error resolving or relating units.
public enum UnitError: Error, Sendable, Equatable {
    /// No unit has this symbol or alias; `suggestion` is the nearest known spelling, if any is close.
    case unknownUnit(String, suggestion: String?)
    /// The units measure different dimensions, so no conversion exists.
    case dimensionMismatch(from: String, fromDimension: UnitDimension, to: String, toDimension: UnitDimension)
    /// The exact conversion factor between the units does not fit in a `Rational`.
    case factorOverflow(from: String, to: String)
}
