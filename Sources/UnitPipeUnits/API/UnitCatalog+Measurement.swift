import Foundation
import UnitPipeNumbers

// Design note — Foundation's units, the catalog's factors.
//
// Foundation's `Dimension` subclasses carry Double coefficients, some of them rounded (its mile is
// 1609.34 m, not 1609.344) and converted through the base unit (100 °C → 211.99999999999454 °F).
// The bridge pairs Foundation's units with catalog units by identity (a table, never by symbol:
// Foundation writes `gal` for US and imperial gallons alike) and converts a measurement's value
// from its shortest digits — the number a person typed or saw — exactly, rounded once.

extension UnitCatalog {
    /// The catalog symbols of the Foundation units the bridge knows, by Foundation unit.
    static func foundationPairs() -> [(Foundation.Dimension, String)] {
        [
            (UnitLength.meters, "m"), (UnitLength.kilometers, "km"), (UnitLength.centimeters, "cm"), (UnitLength.millimeters, "mm"),
            (UnitLength.micrometers, "um"), (UnitLength.nanometers, "nm"), (UnitLength.inches, "in"), (UnitLength.feet, "ft"),
            (UnitLength.yards, "yd"), (UnitLength.miles, "mi"), (UnitLength.nauticalMiles, "nmi"),
            (UnitMass.kilograms, "kg"), (UnitMass.grams, "g"), (UnitMass.milligrams, "mg"), (UnitMass.metricTons, "t"),
            (UnitMass.pounds, "lb"), (UnitMass.ounces, "oz"), (UnitMass.stones, "st"),
            (UnitTemperature.kelvin, "K"), (UnitTemperature.celsius, "degC"), (UnitTemperature.fahrenheit, "degF"),
            (UnitVolume.liters, "L"), (UnitVolume.milliliters, "mL"), (UnitVolume.cubicMeters, "m^3"),
            (UnitVolume.gallons, "gal"), (UnitVolume.imperialGallons, "imp_gal"),
            (UnitDuration.seconds, "s"), (UnitDuration.minutes, "min"), (UnitDuration.hours, "h"),
            (UnitSpeed.metersPerSecond, "m/s"), (UnitSpeed.kilometersPerHour, "km/h"), (UnitSpeed.milesPerHour, "mph"),
            (UnitSpeed.knots, "kn"),
            (UnitPressure.newtonsPerMetersSquared, "Pa"), (UnitPressure.kilopascals, "kPa"), (UnitPressure.hectopascals, "hPa"),
            (UnitPressure.bars, "bar"), (UnitPressure.millibars, "mbar"), (UnitPressure.poundsForcePerSquareInch, "psi"),
            (UnitEnergy.joules, "J"), (UnitEnergy.kilojoules, "kJ"), (UnitEnergy.kilowattHours, "kWh"),
            (UnitEnergy.calories, "cal"), (UnitEnergy.kilocalories, "kcal"),
            (UnitPower.watts, "W"), (UnitPower.kilowatts, "kW"),
            (UnitArea.squareMeters, "m^2"), (UnitArea.squareKilometers, "km^2"), (UnitArea.hectares, "ha"), (UnitArea.acres, "acre"),
            (UnitAngle.degrees, "deg"), (UnitAngle.radians, "rad"),
        ]
    }

    /// The catalog unit of a Foundation unit, or `nil` when the bridge does not know it.
    ///
    /// - Parameter unit: A Foundation unit (`UnitLength.miles`).
    /// - Returns: The catalog's unit (`mi`, exactly 1609.344 m).
    public func unit(for unit: Foundation.Dimension) -> UnitDefinition? {
        guard let symbol = Self.foundationPairs().first(where: { $0.0 == unit })?.1 else { return nil }
        return try? self.unit(expression: symbol)
    }

    /// The Foundation unit of a catalog unit, of the measurement type asked for, or `nil`.
    ///
    /// - Parameters:
    ///   - unit: A catalog unit.
    ///   - type: The Foundation dimension type (`UnitLength.self`).
    public func foundationUnit<UnitType: Foundation.Dimension>(for unit: UnitDefinition, as type: UnitType.Type) -> UnitType? {
        for (foundation, symbol) in Self.foundationPairs() {
            guard let typed = foundation as? UnitType, let candidate = try? self.unit(expression: symbol) else { continue }
            if candidate.symbol == unit.symbol { return typed }
        }
        return nil
    }
}

extension Measurement where UnitType: Foundation.Dimension {
    /// The measurement converted with the catalog's exact factors, from the value's shortest
    /// digits, rounded once: `100 °C` is `212 °F` (Foundation: 211.99999999999454), `1 mi` is
    /// `1609.344 m`.
    ///
    /// - Parameters:
    ///   - target: The unit wanted.
    ///   - catalog: The catalog whose factors are used; the standard one by default.
    /// - Returns: The converted measurement, or `nil` when the bridge knows either unit not.
    public func converted(exactlyTo target: UnitType, catalog: UnitCatalog = .standard) -> Measurement<UnitType>? {
        guard let from = catalog.unit(for: unit), let to = catalog.unit(for: target),
              let conversion = try? UnitConversion(from: from, to: to) else { return nil }
        guard value.isFinite, let number = ExactNumber(NumberWriter.shortest(value)) else {
            return Measurement(value: conversion.apply(value), unit: target)
        }
        return Measurement(value: conversion.value(number), unit: target)
    }
}

extension UnitValue {
    /// The value as a Foundation measurement, or `nil` when the bridge does not know its unit
    /// as a unit of that type.
    public func measurement<UnitType: Foundation.Dimension>(as type: UnitType.Type, catalog: UnitCatalog = .standard) -> Measurement<UnitType>? {
        guard let unit = try? catalog.unit(expression: unitSymbol),
              let foundation = catalog.foundationUnit(for: unit, as: type) else { return nil }
        return Measurement(value: doubleValue, unit: foundation)
    }
}
