// The Measurement bridge through the public API: every paired Foundation unit maps to a catalog
// unit of the same size (within Foundation's own rounding of its coefficients), and conversions
// through the bridge are the catalog's exact ones.

import Foundation
import Testing
import UnitPipeNumbers
import UnitPipeUnits

@Suite("Measurement bridge")
struct MeasurementBridgeTests {
    static let units: [Foundation.Dimension] = [
        UnitLength.meters, UnitLength.kilometers, UnitLength.centimeters, UnitLength.millimeters, UnitLength.micrometers,
        UnitLength.nanometers, UnitLength.inches, UnitLength.feet, UnitLength.yards, UnitLength.miles, UnitLength.nauticalMiles,
        UnitMass.kilograms, UnitMass.grams, UnitMass.milligrams, UnitMass.metricTons, UnitMass.pounds, UnitMass.ounces, UnitMass.stones,
        UnitVolume.liters, UnitVolume.milliliters, UnitVolume.cubicMeters, UnitVolume.gallons, UnitVolume.imperialGallons,
        UnitDuration.seconds, UnitDuration.minutes, UnitDuration.hours,
        UnitSpeed.metersPerSecond, UnitSpeed.kilometersPerHour, UnitSpeed.milesPerHour, UnitSpeed.knots,
        UnitPressure.newtonsPerMetersSquared, UnitPressure.kilopascals, UnitPressure.hectopascals, UnitPressure.bars,
        UnitPressure.millibars, UnitPressure.poundsForcePerSquareInch,
        UnitEnergy.joules, UnitEnergy.kilojoules, UnitEnergy.kilowattHours, UnitEnergy.calories, UnitEnergy.kilocalories,
        UnitPower.watts, UnitPower.kilowatts, UnitArea.squareMeters, UnitArea.squareKilometers, UnitArea.hectares, UnitArea.acres,
        UnitAngle.degrees, UnitAngle.radians,
    ]

    @Test func everyPairedUnitHasTheSameSize() throws {
        let catalog = UnitCatalog.standard
        for unit in Self.units {
            let definition = try #require(catalog.unit(for: unit), "\(unit.symbol)")
            let base = try #require(catalog.baseUnit(of: definition.dimension))
            let ours = try UnitConversion(from: definition, to: base).apply(1)
            let theirs = unit.converter.baseUnitValue(fromValue: 1)
            let baseFoundation = try #require(catalog.foundationUnit(for: base, as: type(of: unit)), "base of \(unit.symbol)")
            let theirsInBase = theirs / baseFoundation.converter.baseUnitValue(fromValue: 1)
            if unit == UnitMass.stones {
                // Foundation's stone coefficient is the reciprocal (0.157473 kg); the catalog's stone is 14 lb.
                #expect(abs(theirsInBase - 0.157473) < 1e-9 && ours == 6.35029318)
                continue
            }
            #expect(abs(ours - theirsInBase) <= 1e-5 * abs(ours), "\(unit.symbol): \(ours) vs \(theirsInBase)")
        }
    }

    @Test func conversionsAreTheCatalogsExactOnes() {
        let hot = Measurement(value: 100, unit: UnitTemperature.celsius)
        #expect(hot.converted(exactlyTo: .fahrenheit)?.value == 212)
        #expect(Measurement(value: -273.15, unit: UnitTemperature.celsius).converted(exactlyTo: .fahrenheit)?.value == -459.67)
        #expect(Measurement(value: 1, unit: UnitLength.miles).converted(exactlyTo: .meters)?.value == 1609.344)
        #expect(Measurement(value: 1.1, unit: UnitLength.meters).converted(exactlyTo: .centimeters)?.value == 110)
        #expect(Measurement(value: 1, unit: UnitVolume.imperialGallons).converted(exactlyTo: .liters)?.value == 4.54609)
        #expect(Measurement(value: 1, unit: UnitLength.astronomicalUnits).converted(exactlyTo: .meters) == nil)
    }

    @Test func catalogUnitsBackToFoundation() throws {
        let catalog = UnitCatalog.standard
        #expect(catalog.foundationUnit(for: try catalog.unit(named: "mi"), as: UnitLength.self) == UnitLength.miles)
        #expect(catalog.foundationUnit(for: try catalog.unit(named: "gal"), as: UnitVolume.self) == UnitVolume.gallons)
        #expect(catalog.foundationUnit(for: try catalog.unit(named: "mi"), as: UnitMass.self) == nil)
        let value = try UnitValueParseStrategy().unitValue("5.3 km")
        #expect(value.measurement(as: UnitLength.self) == Measurement(value: 5.3, unit: UnitLength.kilometers))
    }
}

@Suite("names beside Foundation's")
struct NameCollisionTests {
    /// This file imports Foundation and UnitPipeUnits: the dimension is reachable without ambiguity.
    @Test func dimensionHasAnUnambiguousName() throws {
        let dimension: UnitDimension = try UnitCatalog.standard.unit(named: "km").dimension
        #expect(dimension == UnitDimension.length)
        #expect(dimension.description == "length")
    }
}
