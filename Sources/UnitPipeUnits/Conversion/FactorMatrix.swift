/// Every source unit of a job resolved against one target unit, ready for batch conversion.
///
/// Each entry holds the exact rationals `S` and `O` of one source → target
/// pair, stored as double-doubles rounded once from the exact values, so the
/// kernel (`FactorMatrix+Kernel.swift`) can produce the
/// correctly rounded `x·S + O` for every element.
public struct FactorMatrix: Sendable {
    /// The source units, in index order.
    public let sources: [UnitDefinition]
    /// The target unit.
    public let target: UnitDefinition
    package let factors: [ConversionFactor]

    /// Resolves every source unit against one target into double-double scale/offset entries (exact rationals rounded once).
    ///
    /// - Parameters:
    ///   - sources: The source units; a source's position is its index in `convert(_:sources:)`.
    ///   - target: The unit every value is converted to.
    /// - Throws: `UnitError.dimensionMismatch` for the first source of another
    ///   dimension; `UnitError.factorOverflow` when an exact factor does not fit.
    public init(sources: [UnitDefinition], target: UnitDefinition) throws(UnitError) {
        var factors: [ConversionFactor] = []
        factors.reserveCapacity(sources.count)
        for source in sources {
            factors.append(try UnitConversion(from: source, to: target).factor)
        }
        self.sources = sources
        self.target = target
        self.factors = factors
    }

    init(sources: [UnitDefinition], target: UnitDefinition, factors: [ConversionFactor]) {
        self.sources = sources
        self.target = target
        self.factors = factors
    }
}
