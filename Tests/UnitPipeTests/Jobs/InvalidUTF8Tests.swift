import Foundation
import TestSupport
import Testing
@testable import UnitPipe

@Suite("invalid UTF-8 in converted cells")
struct InvalidUTF8Tests {
    @Test(arguments: [
        ([0x31, 0x2C, 0x35] as [UInt8], nil as Int?),
        ([0x31, 0xFF], 1),
        ([0xC3, 0xA9, 0x35], nil),            // é
        ([0xC0, 0xAF], 0),                    // overlong '/'
        ([0xED, 0xA0, 0x80], 0),              // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),        // above U+10FFFF
        ([0x35, 0xE2, 0x82], 1),              // cut short
        ([0xE2, 0x88, 0x92, 0x35], nil),      // U+2212 minus
        ([0xF0, 0x9F, 0x98, 0x80, 0x80], 4),  // a stray continuation byte after an emoji
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xFF], 9),  // after eight ASCII bytes read at once
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xC3, 0xA9, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x80], 18),
    ])
    func firstInvalidOffset(_ bytes: [UInt8], _ expected: Int?) {
        #expect(bytes.withUnsafeBytes { InvalidUTF8.firstInvalidOffset(in: $0) } == expected)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var random = SplitMix64(state: 0x0711_F8)
        for _ in 0..<20_000 {
            let count = Int(random.next() % 8)
            // Bytes from a small alphabet of lead, continuation and ASCII bytes, so sequences form often,
            // after a run of ASCII of 0 to 19 bytes (read eight at a time).
            let alphabet: [UInt8] = [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
            let ascii = [UInt8](repeating: 0x61, count: Int(random.next() % 20))
            let bytes = ascii + (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((bytes.withUnsafeBytes { InvalidUTF8.firstInvalidOffset(in: $0) } == nil) == valid, "\(bytes)")
        }
    }
}
