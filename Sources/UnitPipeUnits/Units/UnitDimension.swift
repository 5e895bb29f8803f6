/// A base quantity, one axis of a dimension's exponent vector: the seven SI
/// base quantities plus plane angle, information and currency.
///
/// The SI counts the radian as dimensionless; unitpipe gives angle an axis of
/// its own so that `deg` never converts to `%`. Information (`bit`, `B`) and
/// currency are axes for the same reason.
public enum BaseQuantity: Int, CaseIterable, Hashable, Sendable {
    case length, mass, time, electricCurrent, temperature, amountOfSubstance, luminousIntensity
    case angle, information, currency

    /// The quantity's name in derived dimension names (`length^2/time`).
    public var name: String {
        switch self {
        case .length: "length"
        case .mass: "mass"
        case .time: "time"
        case .electricCurrent: "current"
        case .temperature: "temperature"
        case .amountOfSubstance: "amount"
        case .luminousIntensity: "luminous_intensity"
        case .angle: "angle"
        case .information: "data"
        case .currency: "currency"
        }
    }
}

/// A physical dimension: a name plus exponents over the SI base quantities.
///
/// The exponent vector (`length¹`, `length¹·time⁻¹`, …) is what compound unit
/// expressions combine; the name tells apart dimensions that share a vector but
/// must not convert into each other: absolute `temperature` (an affine scale)
/// and `temperature_difference` both have the vector `temperature¹`. Two
/// dimensions are equal when both name and exponents are equal.
public struct UnitDimension: Hashable, Sendable, CustomStringConvertible {
    /// The dimension's name as users see it: `"length"`, `"temperature"`, …
    public let name: String
    /// The exponent of each base quantity.
    public let exponents: Exponents

    /// `true` when one dimension is the other's reciprocal (`mi/gal` and `L/km`): no factor
    /// converts between them, only `y = S/x`.
    public func isReciprocal(of other: UnitDimension) -> Bool {
        !exponents.isZero && exponents.adding(other.exponents)?.isZero == true
    }

    /// Exponents over the seven SI base quantities, stored compactly.
    public struct Exponents: Hashable, Sendable {
        private var storage: SIMD16<Int8>

        /// Creates the vector with the given non-zero exponents; the others are zero.
        public init(_ exponents: [BaseQuantity: Int8] = [:]) {
            storage = .zero
            for (quantity, exponent) in exponents { storage[quantity.rawValue] = exponent }
        }

        /// The exponent of one base quantity.
        public subscript(quantity: BaseQuantity) -> Int8 {
            storage[quantity.rawValue]
        }

        /// `true` when every exponent is zero (a dimensionless quantity).
        public var isZero: Bool { storage == .zero }

        /// The exponents of a product of quantities, or `nil` when an exponent leaves the `Int8` range.
        public func adding(_ other: Exponents) -> Exponents? {
            combine(other, by: 1)
        }

        /// The exponents of a quotient of quantities, or `nil` when an exponent leaves the `Int8` range.
        public func subtracting(_ other: Exponents) -> Exponents? {
            combine(other, by: -1)
        }

        /// The exponents raised to a power, or `nil` when an exponent leaves the `Int8` range.
        public func multiplied(by power: Int) -> Exponents? {
            var result = Exponents()
            for quantity in BaseQuantity.allCases {
                let (value, overflow) = Int(storage[quantity.rawValue]).multipliedReportingOverflow(by: power)
                guard !overflow, let exponent = Int8(exactly: value) else { return nil }
                result.storage[quantity.rawValue] = exponent
            }
            return result
        }

        private func combine(_ other: Exponents, by sign: Int) -> Exponents? {
            var result = Exponents()
            for quantity in BaseQuantity.allCases {
                let value = Int(storage[quantity.rawValue]) + sign * Int(other.storage[quantity.rawValue])
                guard let exponent = Int8(exactly: value) else { return nil }
                result.storage[quantity.rawValue] = exponent
            }
            return result
        }

        /// A readable name built from the exponents: `length^2/time`, `1/time`, `dimensionless`.
        public var derivedName: String {
            var numerator: [String] = [], denominator: [String] = []
            for quantity in BaseQuantity.allCases {
                let exponent = Int(storage[quantity.rawValue])
                guard exponent != 0 else { continue }
                let term = quantity.name + (abs(exponent) == 1 ? "" : "^\(abs(exponent))")
                if exponent > 0 { numerator.append(term) } else { denominator.append(term) }
            }
            if numerator.isEmpty && denominator.isEmpty { return "dimensionless" }
            let top = numerator.isEmpty ? "1" : numerator.joined(separator: "*")
            return denominator.isEmpty ? top : top + "/" + denominator.joined(separator: "/")
        }
    }

    /// Creates a dimension from its name and exponent vector.
    public init(name: String, exponents: Exponents) {
        self.name = name
        self.exponents = exponents
    }

    /// The dimension's name.
    public var description: String { name }

    /// Creates a dimension from exponents alone: the named dimension with that vector when there is one
    /// (`mass*length/time^2` is `force`), otherwise one named after the exponents (`length^2/time`).
    ///
    /// A vector shared by two named dimensions resolves to the multiplicative one:
    /// `temperature^1` in an expression is `temperature_difference`, `energy` wins over torque.
    public init(exponents: Exponents) {
        self = UnitDimension.namedByExponents[exponents] ?? UnitDimension(name: exponents.derivedName, exponents: exponents)
    }

    private static func make(_ name: String, _ exponents: [BaseQuantity: Int8]) -> UnitDimension {
        UnitDimension(name: name, exponents: Exponents(exponents))
    }

    /// Area (L²); base unit square metre.
    public static let area = make("area", [.length: 2])
    /// Volume (L³); base unit cubic metre.
    public static let volume = make("volume", [.length: 3])
    /// Mass (M); base unit kilogram.
    public static let mass = make("mass", [.mass: 1])
    /// Time (T); base unit second.
    public static let time = make("time", [.time: 1])
    /// Speed (L·T⁻¹); base unit metre per second.
    public static let speed = make("speed", [.length: 1, .time: -1])
    /// Acceleration (L·T⁻²); base unit metre per second squared.
    public static let acceleration = make("acceleration", [.length: 1, .time: -2])
    /// Force (M·L·T⁻²); base unit newton.
    public static let force = make("force", [.mass: 1, .length: 1, .time: -2])
    /// Pressure (M·L⁻¹·T⁻²); base unit pascal.
    public static let pressure = make("pressure", [.mass: 1, .length: -1, .time: -2])
    /// Energy (M·L²·T⁻²); base unit joule.
    public static let energy = make("energy", [.mass: 1, .length: 2, .time: -2])
    /// Power (M·L²·T⁻³); base unit watt.
    public static let power = make("power", [.mass: 1, .length: 2, .time: -3])
    /// Frequency (T⁻¹); base unit hertz.
    public static let frequency = make("frequency", [.time: -1])
    /// Density (M·L⁻³); base unit kilogram per cubic metre.
    public static let density = make("density", [.mass: 1, .length: -3])
    /// Plane angle; base unit radian.
    public static let angle = make("angle", [.angle: 1])
    /// Amount of information; base unit bit.
    public static let data = make("data", [.information: 1])
    /// Pure numbers (`%`, `ppm`); base unit `1`.
    public static let dimensionless = make("dimensionless", [:])
    /// Money; the base unit comes from the rates file (EUR for ECB files).
    public static let currency = make("currency", [.currency: 1])

    /// Every named dimension, in listing order.
    public static let named: [UnitDimension] = [
        .length, .area, .volume, .mass, .time, .speed, .acceleration, .force, .pressure, .energy, .power,
        .temperature, .temperatureDifference, .frequency, .angle, .data, .density, .fuelEconomy, .dimensionless, .currency,
    ]

    /// Named dimensions by exponent vector, for expressions; `temperature` gives way to `temperature_difference`.
    private static let namedByExponents: [Exponents: UnitDimension] = {
        var table: [Exponents: UnitDimension] = [:]
        for dimension in named where dimension != .temperature && table[dimension.exponents] == nil {
            table[dimension.exponents] = dimension
        }
        return table
    }()

    /// Fuel economy, distance per volume (L⁻²): `mpg`, `km/L`; the reciprocal of fuel consumption
    /// (`L/100km`, an area dimensionally).
    public static let fuelEconomy = make("fuel_economy", [.length: -2])

    /// Length (L); base unit metre.
    public static let length = UnitDimension(name: "length", exponents: Exponents([.length: 1]))
    /// Absolute thermodynamic temperature (Θ), an affine scale; base unit kelvin.
    public static let temperature = UnitDimension(name: "temperature", exponents: Exponents([.temperature: 1]))
    /// A temperature difference (Θ), linear; base unit `delta_K`.
    public static let temperatureDifference = UnitDimension(
        name: "temperature_difference", exponents: Exponents([.temperature: 1]))
}
