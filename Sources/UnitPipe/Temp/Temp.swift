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
import Foundation
