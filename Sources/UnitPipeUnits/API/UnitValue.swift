import Foundation
import UnitPipeNumbers

/// A value read with its unit (`5.3 km`): the exact number and the catalog unit.
public struct UnitValue: Sendable, Hashable, Codable {
    /// The exact value, in ``unitSymbol``.
    public let value: DecimalValue
    /// The unit's canonical symbol in the catalog (`km`, `degC`).
    public let unitSymbol: String

    /// Creates a value with its unit symbol.
    public init(value: DecimalValue, unitSymbol: String) {
        self.value = value
        self.unitSymbol = unitSymbol
    }

    /// The nearest `Double` to the value.
    public var doubleValue: Double { ExactNumber(value).doubleValue }

    /// The value converted exactly to another unit, rounded once to the nearest `Double`.
    ///
    /// - Throws: ``UnitExpressionError`` when the unit is unknown to `catalog` or of another dimension.
    public func converted(to target: UnitDefinition, in catalog: UnitCatalog = .standard) throws(UnitExpressionError) -> Double {
        let source = try catalog.unit(expression: unitSymbol)
        do {
            return try UnitConversion(from: source, to: target).value(ExactNumber(value))
        } catch {
            throw .unit(error)
        }
    }
}

/// Why a text is not a value with a unit.
public enum UnitValueError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The number part is not a number.
    case number(NumberTextError)
    /// The unit part is not a unit of the catalog.
    case unit(UnitExpressionError, text: String)
    /// The text has no unit.
    case missingUnit(String)
    /// Text on both sides of the number (`$ 5 km`).
    case twoUnits(String)

    /// One plain sentence.
    public var description: String {
        switch self {
        case .number(let error): error.description
        case .unit(let error, let text): "'\(text)': " + error.description.prefix(1).lowercased() + error.description.dropFirst()
        case .missingUnit(let text): "'\(text)' has no unit; write one after the number (5.3 km)."
        case .twoUnits(let text): "'\(text)' has text on both sides of the number; write one unit after it."
        }
    }

    public var errorDescription: String? { description }
}

/// Reads a value with its unit (`5.3 km`, `1.234,5 m` in de_DE, `12 °C`): the number in the
/// format's conventions, the unit from the catalog (symbols, aliases, expressions like `km/h`).
public struct UnitValueParseStrategy: ParseStrategy, Sendable, Codable, Hashable {
    public typealias ParseInput = String
    public typealias ParseOutput = UnitValue

    /// The number format whose conventions are read.
    public let format: LocaleNumberFormat

    /// A strategy over a number format (the standard catalog resolves units).
    public init(format: LocaleNumberFormat = .c) {
        self.format = format
    }

    /// The value and its unit.
    ///
    /// - Throws: ``UnitValueError``.
    public func parse(_ value: String) throws -> UnitValue {
        try unitValue(value)
    }

    /// ``parse(_:)`` with its error type.
    public func unitValue(_ text: String) throws(UnitValueError) -> UnitValue {
        let split = InCellUnit.split(text)
        let bytes = Array(text.utf8)
        switch split.placement {
        case .none: throw .missingUnit(text)
        case .both: throw .twoUnits(text)
        case .prefix, .suffix: break
        }
        let unitText = String(decoding: bytes[split.unit], as: UTF8.self)
        let numberText = String(decoding: bytes[split.number], as: UTF8.self)
        let unit: UnitDefinition
        do {
            unit = try UnitCatalog.standard.unit(expression: unitText)
        } catch {
            throw .unit(error, text: text)
        }
        var number: ExactNumber
        do {
            number = try NumberParser(conventions: format.conventions).exactNumber(numberText)
        } catch {
            throw .number(NumberTextError(error.reason, text: text, offset: error.offset.map { $0 + String(decoding: bytes[..<split.number.lowerBound], as: UTF8.self).count }))
        }
        var decimal = number.decimalValue
        if split.isNegatedBeforeUnit { decimal = decimal.negated }
        return UnitValue(value: decimal, unitSymbol: unit.symbol)
    }
}

