// The plain-cell scan (`NumberParser+PlainCell.swift`) against the general path and against its
// contract written byte by byte (`plainShape`): edge cells, every byte of a cell replaced by or
// preceded by a stray byte, both decimal separators, and cells that end (or start) exactly at
// an inaccessible page, where a load past the cell would fault. The random differential runs
// with the fast path's (`NumberParserFastPathTests.swift`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
@testable import UnitPipeNumbers

private let plainLocales = ["C", "de_DE", "en_US", "fr_FR", "de_CH"]

/// The plain-cell scan of `cell` as a decimal (its exponent is the kernel's slot, negated).
private func plainScan(_ cell: [UInt8], decimal: UInt8) -> ScannedDecimal? {
    cell.withUnsafeBytes { field in
        NumberParser.scanPlainCell(field, decimal: decimal).map {
            ScannedDecimal(mantissa: $0.mantissa, exponent: -$0.fractionDigitCount, isNegative: $0.isNegative)
        }
    }
}

/// Checks one cell: the scan answers exactly the plain cells, with their decimal, which is the
/// general path's; returns whether it answered.
@discardableResult
private func checkPlain(_ cell: [UInt8], _ parser: NumberParser, _ note: String = "") -> Bool {
    guard let decimal = parser.plainCellDecimal else { return false }
    let shown = String(decoding: cell, as: UTF8.self).debugDescription
    let plain = plainScan(cell, decimal: decimal)
    #expect(plain == plainShape(cell, decimal: decimal), "\(parser.conventions.identifier) \(shown) \(note)")
    if let plain {
        let general = cell.withUnsafeBytes { parser.scanGeneral($0) }
        guard case .decimal(let expected) = general, normalized(expected) == normalized(plain) else {
            Issue.record("\(parser.conventions.identifier) \(shown): plain \(plain), general \(general)")
            return true
        }
    }
    return plain != nil
}

@Test(arguments: [
    ("C", "0", 0, 0, false), ("C", "-0", 0, 0, true), ("C", "+0", 0, 0, false), ("C", "-0.0", 0, 1, true),
    ("C", "007", 7, 0, false), ("C", "12.", 12, 0, false), ("C", ".5", 5, 1, false), ("C", "-.5", 5, 1, true),
    ("C", "23.682957", 23_682_957, 6, false), ("C", "-4.5", 45, 1, true), ("C", "1.2345678", 12_345_678, 7, false),
    ("C", "12345678.9", 123_456_789, 1, false), ("C", "1.23456789", 123_456_789, 8, false),
    ("C", "9007199254740992", 9_007_199_254_740_992, 0, false), ("C", "-900719925474.099", 900_719_925_474_099, 3, true),
    ("C", ".000000000000001", 1, 15, false), ("C", "123456789012345.", 123_456_789_012_345, 0, false),
    ("de_DE", "23,682957", 23_682_957, 6, false), ("de_DE", "-0,0", 0, 1, true), ("de_DE", ",5", 5, 1, false),
    ("de_DE", "77047,97", 7_704_797, 2, false), ("de_CH", "1234.5", 12345, 1, false),
] as [(String, String, UInt64, Int, Bool)])
func plainCellsReadTheirDigitsSeparatorAndSign(locale: String, text: String, mantissa: UInt64, fraction: Int, isNegative: Bool) throws {
    let parser = NumberParser(conventions: conventions(locale))
    let decimal = try #require(parser.plainCellDecimal)
    let plain = Array(text.utf8).withUnsafeBytes { NumberParser.scanPlainCell($0, decimal: decimal) }
    #expect(plain?.mantissa == mantissa && plain?.fractionDigitCount == fraction && plain?.isNegative == isNegative, "\(locale) \(text)")
    checkPlain(Array(text.utf8), parser)
}

@Test(arguments: [
    // Not plain: the full scan decides (grouped, blank, exponent, two separators, the other
    // separator, no digit, more than 16 bytes after the sign or a mantissa above 2^53).
    ("C", ""), ("C", "-"), ("C", "+"), ("C", "."), ("C", "-."), ("C", "+-1"), ("C", "--1"), ("C", "1-"), ("C", " 1"),
    ("C", "1 "), ("C", "1e5"), ("C", "1.2.3"), ("C", "1..2"), ("C", "1,5"), ("C", "1,234.5"), ("C", "\u{2212}1"),
    ("C", "9007199254740993"), ("C", "12345678901234567"), ("C", "1234567890123456.7"), ("C", "12345678901234567890"),
    ("C", "0.0000000000000001"), ("C", "1\u{0}"), ("C", "(1)"), ("C", "1%"),
    ("de_DE", "1.234,5"), ("de_DE", "1.509"), ("de_DE", "1,2,3"), ("de_DE", "12.5"), ("de_DE", "\u{A0}1,5"),
] as [(String, String)])
func otherCellsTakeTheFullScan(locale: String, text: String) throws {
    let parser = NumberParser(conventions: conventions(locale))
    let decimal = try #require(parser.plainCellDecimal)
    #expect(Array(text.utf8).withUnsafeBytes { NumberParser.scanPlainCell($0, decimal: decimal) } == nil, "\(locale) \(text)")
    #expect(!checkPlain(Array(text.utf8), parser))
}

/// Bytes a digit run must not swallow: its neighbours, signs, separators, blanks, bytes with
/// the high bit set (and those whose sum carries into the next byte), NUL.
private let strayBytes: [UInt8] = [0x00, 0x2F, 0x3A, 0x2E, 0x2C, 0x2B, 0x2D, 0x20, 0x27, 0x65, 0x45, 0x7F, 0x80, 0x89, 0x8A, 0xB0, 0xC2, 0xFF]

@Test(arguments: ["C", "de_DE"])
func aStrayByteAtEveryPositionIsSeen(locale: String) {
    let parser = NumberParser(conventions: conventions(locale))
    guard let decimal = parser.plainCellDecimal else { return }
    var answered = 0
    // Cells of digits around the word edges with the separator at every place (or none), with
    // and without a sign.
    for length in [1, 2, 7, 8, 9, 15, 16, 17] {
        let digits = (0..<length).map { UInt8(0x31 + ($0 * 7) % 9) }
        for place in -1...length {
            var body = digits
            if place >= 0 { body.insert(decimal, at: place) }
            for sign in [[], [UInt8(ascii: "-")], [UInt8(ascii: "+")]] {
                let cell = sign + body
                if checkPlain(cell, parser) { answered += 1 }
                for position in 0...cell.count {
                    for byte in strayBytes {
                        var inserted = cell
                        inserted.insert(byte, at: position)
                        checkPlain(inserted, parser, "inserted at \(position)")
                        if position < cell.count {
                            var replaced = cell
                            replaced[position] = byte
                            checkPlain(replaced, parser, "replaced at \(position)")
                        }
                    }
                }
            }
        }
    }
    #expect(answered > 150, "\(locale): \(answered)")
}

@Test func edgeCellsAgreeWithTheGeneralPath() {
    let cells = ["0", "-0", "+0", "00", "-00.00", "0.", ".0", "12.", ".5", "-.5", "+.5", "5,", ",5", "-,5",
                 "9999999999999999", "999999999999999.9", "9007199254740992", "9007199254740993", "0000000000000001",
                 "1234567890123456789", "12345678901234567890", "-1234567890123456789", ".1234567890123456789"]
    for locale in plainLocales {
        let parser = NumberParser(conventions: conventions(locale))
        for cell in cells { checkPlain(Array(cell.utf8), parser) }
    }
}

/// Runs `body` with `count` bytes that end exactly at an inaccessible page (and, at `start`,
/// bytes that begin exactly after one): any load outside them faults.
private func withGuardedBytes(_ bytes: [UInt8], _ body: (_ atEnd: UnsafeRawBufferPointer, _ atStart: UnsafeRawBufferPointer) -> Void) throws {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard let mapping = mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          mapping != MAP_FAILED else {
        Issue.record("mmap failed")
        return
    }
    defer { munmap(mapping, 3 * page) }
    let middle = mapping + page
    try #require(mprotect(mapping, page, PROT_NONE) == 0)
    try #require(mprotect(middle + page, page, PROT_NONE) == 0)
    let end = middle + page - bytes.count
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress {
            end.copyMemory(from: base, byteCount: bytes.count)
            middle.copyMemory(from: base, byteCount: bytes.count)
        }
    }
    body(UnsafeRawBufferPointer(start: end, count: bytes.count), UnsafeRawBufferPointer(start: middle, count: bytes.count))
}

@Test func aCellAtAPageEdgeIsReadWithinItsBytes() throws {
    var random = SplitMix64(state: 0x9A6E_ED6E)
    for locale in ["C", "de_DE"] {
        let parser = NumberParser(conventions: conventions(locale))
        let decimal = try #require(parser.plainCellDecimal)
        for length in 0...20 {
            for _ in 0..<40 {
                var cell = (0..<length).map { _ in UInt8(0x30 + random.next(10)) }
                if length > 0, random.next(3) != 0 { cell[random.next(length)] = decimal }
                if length > 0, random.next(3) == 0 { cell[0] = random.next(2) == 0 ? 0x2D : 0x2B }
                let expected = plainScan(cell, decimal: decimal)
                try withGuardedBytes(cell) { atEnd, atStart in
                    for field in [atEnd, atStart] {
                        let read = NumberParser.scanPlainCell(field, decimal: decimal)
                        let scanned = read.map { ScannedDecimal(mantissa: $0.mantissa, exponent: -$0.fractionDigitCount, isNegative: $0.isNegative) }
                        #expect(scanned == expected, "\(locale) \(String(decoding: cell, as: UTF8.self))")
                        #expect(parser.scan(field) == cell.withUnsafeBytes { parser.scan($0) })
                    }
                }
            }
        }
    }
}
