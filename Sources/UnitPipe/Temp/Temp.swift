// TEMPORARY scaffolding until helpers deliver; never committed.
public enum NumberWriter {
    public static let maxShortestLength = 32
    public static func maxFixedLength(decimals: Int) -> Int { 340 + decimals }
    public static func writeShortest(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let s = shortest(value); var i = 0; for b in s.utf8 { buffer[i] = b; i += 1 }; return i
    }
    public static func writeFixed(_ value: Double, decimals: Int, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let s = fixed(value, decimals: decimals); var i = 0; for b in s.utf8 { buffer[i] = b; i += 1 }; return i
    }
    public static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }
        var s = value.description; if s.hasSuffix(".0") { s.removeLast(2) }; return s
    }
    public static func fixed(_ value: Double, decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
}
public struct Rational: Hashable, Sendable { var n: Double }
public struct Dimension: Hashable, Sendable, CustomStringConvertible { public let name: String; public var description: String { name } }
public struct UnitDefinition: Hashable, Sendable { public let symbol: String; public let dimension: Dimension; let s: Double; let o: Double }
public enum UnitError: Error, Sendable, Equatable {
    case unknownUnit(String, suggestion: String?)
    case dimensionMismatch(from: String, fromDimension: Dimension, to: String, toDimension: Dimension)
}
public struct UnitCatalog: Sendable {
    public static let standard = UnitCatalog()
    public var units: [UnitDefinition] = [
        UnitDefinition(symbol: "m", dimension: Dimension(name: "length"), s: 1, o: 0),
        UnitDefinition(symbol: "km", dimension: Dimension(name: "length"), s: 1000, o: 0),
        UnitDefinition(symbol: "mi", dimension: Dimension(name: "length"), s: 1609.344, o: 0),
        UnitDefinition(symbol: "K", dimension: Dimension(name: "temperature"), s: 1, o: 0),
        UnitDefinition(symbol: "degC", dimension: Dimension(name: "temperature"), s: 1, o: 273.15),
        UnitDefinition(symbol: "degF", dimension: Dimension(name: "temperature"), s: 5.0/9, o: 459.67*5/9),
    ]
    public func unit(named name: String) throws(UnitError) -> UnitDefinition {
        guard let u = units.first(where: { $0.symbol == name }) else { throw .unknownUnit(name, suggestion: nil) }
        return u
    }
}
public struct FactorMatrix: Sendable {
    let s: Double; let o: Double
    public init(sources: [UnitDefinition], target: UnitDefinition) throws(UnitError) {
        let f = sources[0]
        guard f.dimension == target.dimension else { throw .dimensionMismatch(from: f.symbol, fromDimension: f.dimension, to: target.symbol, toDimension: target.dimension) }
        s = f.s / target.s; o = (f.o - target.o) / target.s
    }
    public func convert(_ values: UnsafeMutableBufferPointer<Double>, source sourceIndex: Int) {
        for i in values.indices { values[i] = values[i] * s + o }
    }
}
import Foundation
