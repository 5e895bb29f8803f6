import Testing
@testable import UnitPipeCSV

/// Regression tests for the reader's two fuzz findings (fixtures/fuzz/findings/reader-*): with a
/// small `--max-field-size` an oversized field's kept prefix, and whether a quoted field of exactly
/// the limit was over it, depended on where reads ended. Each input is read whole, through the
/// chunk reader at every chunk size (so reads end at every byte, down to one byte per read), and
/// in two pieces cut at every offset; every way must give the same records as an expectation
/// written out by hand.
@Suite("Reader: field limit independent of read boundaries")
struct FieldLimitPiecesTests {
    /// Every way of feeding `text` gives `expected`.
    func expectEveryFeeding(_ text: [UInt8], dialect: CSVDialect, maxFieldSize: Int, _ expected: [ExpectedRecord]) throws {
        let shown = String(decoding: text, as: UTF8.self).debugDescription
        for chunkSize in 1...(text.count + 1) {
            let records = try readAll(text, dialect: dialect, chunkSize: chunkSize, maxFieldSize: maxFieldSize)
            #expect(records == expected, "\(shown) in chunks of \(chunkSize)")
        }
        for reader in ReaderKind.allCases {
            for cut in 0...text.count {
                let pieces = cut == 0 ? [text.count + 1] : [cut, text.count + 1]
                let (records, _, _) = parseInPieces(text, pieces, dialect: dialect, reader: reader, maxFieldSize: maxFieldSize)
                #expect(records == expected, "\(shown) cut at \(cut), \(reader) reader")
            }
        }
    }

    static let bar = CSVDialect(delimiter: UInt8(ascii: "|"), quote: UInt8(ascii: "\""), hasHeader: false)
    static let semicolons = CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "\""), hasHeader: false)

    /// The finding: `"x,""y"+",\x8d` is one field (text after the closing quote goes on unquoted),
    /// 8 bytes over a limit of 4; it was dropped or kept (with a prefix of as many bytes as had
    /// been read when it went over the limit), and the record marked as too large or as having a
    /// field too large, depending on the reads. Its kept prefix does not fit the record's budget
    /// (with a limit this small), so it is dropped, and the record marked for its field.
    @Test func readerOversizedFieldPrefixDependsOnPieces() throws {
        let text: [UInt8] = Array("\"x,\"\"y\"+\",".utf8) + [0x8D] + Array("\r\n\"multi\nline\",2\r\n".utf8)
        try expectEveryFeeding(text, dialect: Self.bar, maxFieldSize: 4, [
            ExpectedRecord(line: 1, fields: [], problem: .fieldTooLarge),
            ExpectedRecord(line: 2, fields: [], problem: .fieldTooLarge),
        ])
    }

    /// A field far over the limit keeps its first 256 bytes, quoted or not, however it is read
    /// (the prefix once held only the bytes read before the limit was crossed).
    @Test func oversizedFieldKeepsItsFirstBytesInEveryChunking() throws {
        let long = Array(String(repeating: "abcdefghij", count: 60).utf8)
        let kept = String(decoding: long[0..<RecordStorage.truncatedFieldLength], as: UTF8.self)
        let text = Array("1;\"".utf8) + long + Array("\";2\n3;".utf8) + long + Array("\n4;5\n".utf8)
        try expectEveryFeeding(text, dialect: Self.semicolons, maxFieldSize: 300, [
            ExpectedRecord(line: 1, fields: ["1", kept, "2"], problem: .fieldTooLarge),
            ExpectedRecord(line: 2, fields: ["3", kept], problem: .fieldTooLarge),
            ExpectedRecord(line: 3, fields: ["4", "5"]),
        ])
    }

    /// The finding: `"q,2\r"` is a quoted field of exactly 4 bytes, the limit; a read that ended
    /// just after its closing quote counted that quote (libcsv holds it until the next byte) and
    /// marked the record. (The first line's 5-byte field is over the limit, and its prefix over
    /// the record's budget, so it is dropped.)
    @Test func readerFieldOfExactlyMaxSizeTooLargeInPieces() throws {
        let text: [UInt8] = [0xA3] + Array("q\" ".utf8) + [0x04] + Array("\n\"q,2\r\"\r3,4".utf8)
        try expectEveryFeeding(text, dialect: Self.semicolons, maxFieldSize: 4, [
            ExpectedRecord(line: 1, fields: [], problem: .fieldTooLarge),
            ExpectedRecord(line: 2, fields: ["q,2\r"]),
            ExpectedRecord(line: 4, fields: ["3,4"]),
        ])
    }

    /// Quoted fields at the limit (a doubled quote counts once) are within it; one byte more is
    /// over. (One field per record: a second would take the record over its budget.)
    @Test func quotedFieldsAtTheLimitInEveryChunking() throws {
        let limit = 260
        let x = String(repeating: "x", count: limit - 2)
        let text = Array("\"\(x)ab\"\n\"\(x)a\"\"\"\n\"\(x)abc\"\n\"\(x)a\"\"b\"\n\"\"\n".utf8)
        try expectEveryFeeding(text, dialect: Self.semicolons, maxFieldSize: limit, [
            ExpectedRecord(line: 1, fields: [x + "ab"]),
            ExpectedRecord(line: 2, fields: [x + "a\""]),
            ExpectedRecord(line: 3, fields: [String((x + "abc").prefix(RecordStorage.truncatedFieldLength))], problem: .fieldTooLarge),
            ExpectedRecord(line: 4, fields: [String((x + "a\"b").prefix(RecordStorage.truncatedFieldLength))], problem: .fieldTooLarge),
            ExpectedRecord(line: 5, fields: [""]),
        ])
    }
}
