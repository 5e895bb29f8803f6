import Foundation
import Testing
import TestSupport
@testable import UnitPipeCSV

/// Reads `text` through `RecordParser` with each reader, in random pieces: whole, one byte at
/// a time, or cut anywhere.
func compareReaders(
    _ text: [UInt8], dialect: CSVDialect, random: inout SplitMix64, maxFieldSize: Int,
    classifier: ByteClassifier = .default
) -> Bool {
    let cuts: [[Int]] = [
        [1 << 20], [1], (0..<random.next(in: 1...5)).map { _ in random.next(in: 1...90) },
    ]
    for pieces in cuts {
        let split = parseInPieces(text, pieces, dialect: dialect, reader: .split, maxFieldSize: maxFieldSize, classifier: classifier)
        let libcsv = parseInPieces(text, pieces, dialect: dialect, reader: .libcsv, maxFieldSize: maxFieldSize)
        let shown = "\(String(decoding: text, as: UTF8.self).debugDescription) in pieces of \(pieces)"
        #expect(split.records == libcsv.records, "\(shown)")
        if pieces == [1 << 20] { #expect(split.plain == libcsv.plain, "plain flags of \(shown)") }
        // A record marked plain is copied unexamined by the writer: none of its fields may need
        // quotes; nor may a field of another record whose bit in its quoted fields is clear.
        let writer = CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote)
        for (record, (isPlain, quotedFields)) in zip(split.records, zip(split.plain, split.quoted)) {
            #expect(isPlain == (quotedFields == 0), "plain flag and quoted fields of \(record) of \(shown)")
            let needingQuotes = record.fields.indices.filter { f in
                f < 64 && quotedFields >> UInt64(f) & 1 == 0 && Array(record.fields[f].utf8).withUnsafeBytes { writer.needsQuotes($0) }
            }
            #expect(needingQuotes.isEmpty, "fields \(needingQuotes) of \(record) of \(shown) need quotes, unmarked")
            if !needingQuotes.isEmpty { return false }
        }
        if split.records != libcsv.records || (pieces == [1 << 20] && split.plain != libcsv.plain) { return false }
    }
    return true
}

let splitterDialects: [CSVDialect] = [
    .csv, tsv, unquotedTSV, semicolon,
    CSVDialect(delimiter: UInt8(ascii: "|"), quote: UInt8(ascii: "\""), hasHeader: true),
    CSVDialect(delimiter: UInt8(ascii: ","), quote: nil, hasHeader: true),
    CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'"), hasHeader: true),
    // Any single byte but the quote, CR and LF: `-d ':'`, `-d '^'`, `-d '\x1f'`, a space.
    CSVDialect(delimiter: UInt8(ascii: ":"), quote: UInt8(ascii: "\""), hasHeader: true),
    CSVDialect(delimiter: UInt8(ascii: "^"), quote: UInt8(ascii: "\""), hasHeader: true),
    CSVDialect(delimiter: 0x1F, quote: UInt8(ascii: "\""), hasHeader: true),
    CSVDialect(delimiter: 0x1F, quote: nil, hasHeader: true),
    CSVDialect(delimiter: UInt8(ascii: " "), quote: UInt8(ascii: "\""), hasHeader: true),
]

@Suite("PlainLineSplitter")
struct PlainLineSplitterTests {
    /// The split path and libcsv give the same records (fields, lines, problems) on random text
    /// cut into random pieces, for every delimiter and with quoting off.
    @Test(arguments: splitterDialects)
    func splitAgreesWithLibCSV(_ dialect: CSVDialect) {
        var generator = RandomCSV(random: SplitMix64(state: 0x5917_7E12 &+ UInt64(dialect.delimiter) &* 31 &+ UInt64(dialect.quote ?? 0)), delimiter: dialect.delimiter, quote: dialect.quote)
        var random = SplitMix64(state: 99 &+ UInt64(dialect.delimiter))
        // ~10,000 lines per dialect by default, each read three ways (millions with UNITPIPE_LONG_TESTS=1).
        for round in 0..<(isLongRun ? 400_000 : 500) {
            let text = generator.text(lines: random.next(in: 1...40))
            // Some rounds use a tiny field limit, so that lines longer than it go to libcsv.
            let maxFieldSize = round % 7 == 0 ? random.next(in: 1...40) : 1 << 20
            if !compareReaders(text, dialect: dialect, random: &random, maxFieldSize: maxFieldSize) { return }
        }
    }

    /// The same through the real reader on a file: whole blocks and one byte per read(2).
    @Test(arguments: splitterDialects)
    func splitAgreesWithLibCSVThroughTheFileReader(_ dialect: CSVDialect) throws {
        var generator = RandomCSV(random: SplitMix64(state: 0xF11E &+ UInt64(dialect.delimiter)), delimiter: dialect.delimiter, quote: dialect.quote)
        for _ in 0..<(isLongRun ? 200 : 2) {
            let text = generator.text(lines: 2000)
            for oneByte in [false, true] {
                let split = try readAll(text, dialect: dialect, oneBytePerRead: oneByte, batchRecords: 100, reader: .split)
                let libcsv = try readAll(text, dialect: dialect, oneBytePerRead: oneByte, batchRecords: 100, reader: .libcsv)
                #expect(split == libcsv, "one byte per read: \(oneByte)")
                if split != libcsv { return }
            }
        }
    }

    @Test(arguments: [
        // (text, records as "line:field|field")
        ("a,b\n", ["1:a|b"]),
        (",a,\n", ["1:|a|"]),
        (" a , b \n", ["1: a | b "]),
        ("\n\r\n\r,\n", ["4:|"]),
        ("0123456789abcdef,0123456789abcdef\r\n", ["1:0123456789abcdef|0123456789abcdef"]),
        ("0123456789abcde,\n", ["1:0123456789abcde|"]),
        ("a,b\rc\r\nd", ["1:a|b", "2:c", "3:d"]),
        ("x,\"y\"\nz\n", ["1:x|y", "2:z"]),
    ])
    func splitsLinesAtTheirEnds(_ text: String, _ expected: [String]) {
        for pieces in [[1 << 20], [1], [16], [17], [15, 3]] {
            let (records, _, _) = parseInPieces(Array(text.utf8), pieces, dialect: .csv, reader: .split)
            #expect(records.map { "\($0.line):" + $0.fields.joined(separator: "|") } == expected, "pieces \(pieces)")
        }
    }

    /// Lines with quotes: the regular ones are split without libcsv, the others left to it; either
    /// way the records are libcsv's, whole, a byte at a time or cut anywhere, in every mix of
    /// line-at-a-time and run-of-lines feeding.
    @Test(arguments: [
        // (text, records as "line:field|field", with the problem when there is one)
        ("a,\"b,c\",d\n", ["1:a|b,c|d"]),
        ("\"x\"\"y\",1\r\n2,\"\"\"\"\n", ["1:x\"y|1", "2:2|\""]),
        ("1,\"\",2\n\"\"\n", ["1:1||2", "2:"]),
        ("\"a\"\rb,\"c\"\r", ["1:a", "2:b|c"]),
        ("x,\"tail\"", ["1:x|tail"]),
        ("1,\"a\",\n", ["1:1|a|"]),
        // Not regular: text after a closing quote, a quote inside an unquoted field, a space
        // before an opening quote, a line end inside quotes, an unterminated quote.
        ("\"ab\"c,1\n2\n", ["1:abc|1 textAfterQuote", "2:2"]),
        ("a,b\"c,d\n", ["1:a|b\"c|d"]),
        ("1, \"a\"\n", ["1:1| \"a\""]),
        ("1,\"multi\nline\",2\n3\n", ["1:1|multi\nline|2", "3:3"]),
        ("1,\"open\n", ["1:1|open\n unterminatedQuote"]),
    ])
    func splitsRegularQuotedLinesAsLibCSVDoes(_ text: String, _ expected: [String]) {
        for pieces in [[1 << 20], [1], [2], [5], [9, 1, 3]] {
            let split = parseInPieces(Array(text.utf8), pieces, dialect: .csv, reader: .split)
            let libcsv = parseInPieces(Array(text.utf8), pieces, dialect: .csv, reader: .libcsv)
            let shown = split.records.map {
                "\($0.line):" + $0.fields.joined(separator: "|") + ($0.problem == .none ? "" : " \($0.problem)")
            }
            #expect(shown == expected, "pieces \(pieces)")
            #expect(split.records == libcsv.records, "pieces \(pieces)")
            #expect(split.plain == libcsv.plain, "pieces \(pieces)")
        }
    }

    @Test func plainFlagsOfSplitLines() {
        let text = Array("a,b c,d\nlead, z\nend \n\tx,1\ny\t,2\n,\n0123456789abcde ,f\n0123456789abcdef, f\n".utf8)
        let (records, plain, _) = parseInPieces(text, [1 << 20], dialect: .csv, reader: .split)
        #expect(records.count == 8)
        #expect(plain == [true, false, false, false, false, true, false, false])
    }
}
