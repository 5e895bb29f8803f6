/// A base quantity of the SI, one axis of a dimension's exponent vector.
public enum BaseQuantity: Int, CaseIterable, Hashable, Sendable {
    case length, mass, time, electricCurrent, temperature, amountOfSubstance, luminousIntensity
}

/// A physical dimension: a name plus exponents over the SI base quantities.
///
/// The exponent vector (`length¹`, `length¹·time⁻¹`, …) is what compound unit
/// expressions combine; the name tells apart dimensions that share a vector but
/// must not convert into each other: absolute `temperature` (an affine scale)
/// and `temperature_difference` both have the vector `temperature¹`. Two
/// dimensions are equal when both name and exponents are equal.
public struct Dimension: Hashable, Sendable, CustomStringConvertible {
    /// The dimension's name as users see it: `"length"`, `"temperature"`, …
    public let name: String
    /// The exponent of each base quantity.
    public let exponents: Exponents

    /// Exponents over the seven SI base quantities, stored compactly.
    public struct Exponents: Hashable, Sendable {
        private var storage: SIMD8<Int8>

        /// Creates the vector with the given non-zero exponents; the others are zero.
        public init(_ exponents: [BaseQuantity: Int8] = [:]) {
            storage = .zero
            for (quantity, exponent) in exponents { storage[quantity.rawValue] = exponent }
        }

        /// The exponent of one base quantity.
        public subscript(quantity: BaseQuantity) -> Int8 {
            storage[quantity.rawValue]
        }
    }

    /// Creates a dimension from its name and exponent vector.
    public init(name: String, exponents: Exponents) {
        self.name = name
        self.exponents = exponents
    }

    /// The dimension's name.
    public var description: String { name }

    /// Length (L); base unit metre.
    public static let length = Dimension(name: "length", exponents: Exponents([.length: 1]))
    /// Absolute thermodynamic temperature (Θ), an affine scale; base unit kelvin.
    public static let temperature = Dimension(name: "temperature", exponents: Exponents([.temperature: 1]))
    /// A temperature difference (Θ), linear; base unit `delta_K`.
    public static let temperatureDifference = Dimension(
        name: "temperature_difference", exponents: Exponents([.temperature: 1]))
}
