// The logic of five small SwiftUI screens, without the UI: what each screen computes when a
// person types. Run with `swift run SeedApps`; `scripts/check-examples` compares the output
// with `expected-output.txt`.

import Foundation
import UnitPipeNumbers
import UnitPipeUnits

/// A distance converter that keeps a history of what was typed and what it gave.
struct DistanceConverter {
    let conversion: ExactUnitConversion
    var history: [(typed: String, result: String)] = []

    init(from: String, to: String) throws {
        let catalog = UnitCatalog.standard
        conversion = try ExactUnitConversion(from: catalog.unit(named: from), to: catalog.unit(named: to))
    }

    mutating func convert(_ typed: String) -> String {
        let result: String
        do {
            result = NumberWriter.shortest(try conversion.value(typed))
        } catch {
            result = error.localizedDescription
        }
        history.append((typed, result))
        return result
    }
}

/// A temperature converter that shows two decimals, rounded once from what was typed.
func temperature(_ typed: String, from: String, to: String) -> String {
    do {
        let catalog = UnitCatalog.standard
        let conversion = try ExactUnitConversion(from: catalog.unit(named: from), to: catalog.unit(named: to))
        return try conversion.rounded(typed, fractionDigits: 2).description
    } catch {
        return error.localizedDescription
    }
}

/// A text field's keystroke check: the text so far is accepted while it can still become a number.
func typeIntoField(_ keys: String, format: LocaleNumberFormat) -> [String] {
    var typed = ""
    return keys.map { key in
        typed.append(key)
        return "\(typed) \(format.isPrefixOfNumber(typed) ? "ok" : "refused")"
    }
}

func run() throws {
    print("# Distance converter with history")
    var distance = try DistanceConverter(from: "km", to: "mi")
    for typed in ["10", "42.195", "1e3", "12a", ""] { _ = distance.convert(typed) }
    for (typed, result) in distance.history { print("'\(typed)' km -> \(result)") }
    var metres = try DistanceConverter(from: "m", to: "cm")
    print("'1.1' m -> \(metres.convert("1.1")) cm")

    print("# Temperature converter")
    for typed in ["-273.15", "40.3", "100", "36.6"] { print("\(typed) °C -> \(temperature(typed, from: "degC", to: "degF")) °F") }
    print("98.6 °F -> \(temperature("98.6", from: "degF", to: "degC")) °C")

    print("# Grouped display round-tripping through the parser")
    for identifier in ["de_DE", "en_IN", "fr_FR", "de_CH"] {
        let format = try LocaleNumberFormat(localeIdentifier: identifier)
        let shown = 1_234_567.891.formatted(format)
        let back = try Double(shown, strategy: format.parseStrategy)
        print("\(identifier): \(shown) -> \(back) \(back == 1_234_567.891 ? "same" : "DIFFERENT")")
    }
    let de = try LocaleNumberFormat(localeIdentifier: "de_DE")
    for text in ["12a", "1,2,3", "1.23.456", "   "] {
        do {
            _ = try de.parseStrategy.parse(text)
        } catch {
            print(error.localizedDescription)
        }
    }

    print("# Validating field (de_DE)")
    for line in typeIntoField("1.234,5", format: de) { print(line) }
    for line in typeIntoField("12a", format: de) { print(line) }

    print("# Currency field")
    let us = try CurrencyAmountParseStrategy(locale: Locale(identifier: "en_US"))
    let euro = try CurrencyAmountParseStrategy(locale: Locale(identifier: "de_DE"))
    for (strategy, text) in [(us, "US$1,000.99"), (euro, "12,50 €"), (us, "GBP 12.50"), (us, "US$")] {
        do {
            let amount = try strategy.parse(text)
            print("\(text) -> \(amount.amount) \(amount.currencyCode)")
        } catch {
            print(error.localizedDescription)
        }
    }

    print("# Measurement bridge")
    let boiling = Measurement(value: 100, unit: UnitTemperature.celsius)
    print("100 °C -> \(boiling.converted(exactlyTo: .fahrenheit).map { NumberWriter.shortest($0.value) } ?? "?") °F")
    print("1 mi -> \(Measurement(value: 1, unit: UnitLength.miles).converted(exactlyTo: .meters).map { NumberWriter.shortest($0.value) } ?? "?") m")
    // Foundation's `Dimension` and the catalog's `UnitDimension` side by side, in a file that imports both.
    let foundationUnit: Dimension = UnitLength.miles
    let dimension: UnitDimension = try UnitCatalog.standard.unit(named: "mi").dimension
    print("\(foundationUnit.symbol) measures \(dimension)")

    print("# Errors a person can read")
    for (from, to) in [("kg", "mi"), ("kmz", "km")] {
        do {
            _ = try ExactUnitConversion(from: UnitCatalog.standard.unit(named: from), to: UnitCatalog.standard.unit(named: to))
        } catch {
            print(error.localizedDescription)
        }
    }
}

do {
    try run()
} catch {
    print("error: \(error.localizedDescription)")
    exit(1)
}
