/// An error resolving or relating units.
public enum UnitError: Error, Sendable, Equatable {
    /// No unit has this symbol or alias; `suggestion` is the nearest known spelling, if any is close.
    case unknownUnit(String, suggestion: String?)
    /// The units measure different dimensions, so no conversion exists.
    case dimensionMismatch(from: String, fromDimension: Dimension, to: String, toDimension: Dimension)
    /// The exact conversion factor between the units does not fit in a `Rational`.
    case factorOverflow(from: String, to: String)

    /// Why two reciprocal dimensions do not convert, appended to their mismatch message.
    public static let reciprocalNote = "; they are reciprocal (y = K/x, as between mpg and L/100km), which converts only units without an offset and one FROM unit for the column (not @COLUMN or *)"
}
