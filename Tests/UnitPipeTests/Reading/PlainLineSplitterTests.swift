import Foundation
import Testing
@testable import UnitPipe

/// Random CSV text in the shapes that matter to the two reader paths: fields with spaces and
/// tabs at their edges, empty fields, delimiters at the line's edges, every line end (LF, CRLF,
/// a CR alone), blank lines, long fields (many 16-byte blocks), other candidate delimiters, and
/// now and then a quote byte (a record libcsv must parse, sometimes over several lines).
struct RandomCSV {
    var random: SplitMix64
    let dialect: CSVDialect

    /// The quote byte libcsv uses: NUL with quoting off.
    var quote: UInt8 { dialect.quote ?? 0 }

    mutating func field() -> [UInt8] {
        let d = dialect.delimiter
        switch random.next(20) {
        case 0, 1: return []
        case 2: return Array(" a".utf8)
        case 3: return Array("b ".utf8)
        case 4: return Array("\tc\t".utf8)
        case 5: return Array("  ".utf8)
        case 6: return (0..<random.next(in: 17...70)).map { _ in UInt8(ascii: "a") + UInt8(random.next(26)) }
        case 7: return Array("x y".utf8)
        case 8:
            // A quoted field, sometimes with a line end or the delimiter inside, sometimes stray.
            switch random.next(5) {
            case 0: return [quote] + Array("q".utf8) + [d] + Array("r".utf8) + [quote]
            case 1: return [quote] + Array("multi\nline".utf8) + [quote]
            case 2: return Array("mid".utf8) + [quote] + Array("dle".utf8)
            case 3: return [quote] + Array("cr\rin".utf8) + [quote]
            default: return [quote, quote]
            }
        case 9:
            // Another candidate delimiter, or a byte libcsv might treat specially.
            let others: [UInt8] = [44, 59, 9, 124, 32]
            return [others[random.next(others.count)]]
        case 10: return Array("Äpfel".utf8)
        default:
            let n = random.next(in: 1...9)
            return (0..<n).map { _ in UInt8(ascii: "0") + UInt8(random.next(10)) }
        }
    }

    mutating func lineEnd() -> [UInt8] {
        switch random.next(10) {
        case 0: return [0x0D, 0x0A]
        case 1: return [0x0D]
        default: return [0x0A]
        }
    }

    /// `lines` random lines (blank ones included); the last line end is sometimes left off.
    mutating func text(lines: Int) -> [UInt8] {
        var text: [UInt8] = []
        for _ in 0..<lines {
            if random.next(15) == 0 {
                text += lineEnd()
                continue
            }
            let fields = random.next(in: 1...9)
            for f in 0..<fields {
                if f > 0 { text.append(dialect.delimiter) }
                text += field()
            }
            text += lineEnd()
        }
        if random.next(4) == 0, !text.isEmpty { text.removeLast() }
        return text
    }
}

/// Reads `text` through `RecordParser` with each reader, in random pieces: whole, one byte at
/// a time, or cut anywhere.
private func compareReaders(
    _ text: [UInt8], dialect: CSVDialect, random: inout SplitMix64, maxFieldSize: Int
) -> Bool {
    let cuts: [[Int]] = [
        [1 << 20], [1], (0..<random.next(in: 1...5)).map { _ in random.next(in: 1...90) },
    ]
    for pieces in cuts {
        let split = parseInPieces(text, pieces, dialect: dialect, reader: .split, maxFieldSize: maxFieldSize)
        let libcsv = parseInPieces(text, pieces, dialect: dialect, reader: .libcsv, maxFieldSize: maxFieldSize)
        let shown = "\(String(decoding: text, as: UTF8.self).debugDescription) in pieces of \(pieces)"
        #expect(split.records == libcsv.records, "\(shown)")
        if pieces == [1 << 20] { #expect(split.plain == libcsv.plain, "plain flags of \(shown)") }
        // A record marked plain is copied unexamined by the writer: none of its fields may need quotes.
        let writer = CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote)
        for (record, isPlain) in zip(split.records, split.plain) where isPlain {
            let quoted = record.fields.filter { Array($0.utf8).withUnsafeBytes { writer.needsQuotes($0) } }
            #expect(quoted.isEmpty, "plain record \(record) of \(shown)")
            if !quoted.isEmpty { return false }
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
]

@Suite("PlainLineSplitter")
struct PlainLineSplitterTests {
    /// The split path and libcsv give the same records (fields, lines, problems) on random text
    /// cut into random pieces, for every delimiter and with quoting off.
    @Test(arguments: splitterDialects)
    func splitAgreesWithLibCSV(_ dialect: CSVDialect) {
        var generator = RandomCSV(random: SplitMix64(state: 0x5917_7E12 &+ UInt64(dialect.delimiter) &* 31 &+ UInt64(dialect.quote ?? 0)), dialect: dialect)
        var random = SplitMix64(state: 99 &+ UInt64(dialect.delimiter))
        // ~16,000 lines per dialect by default, each read three ways (millions with UNITPIPE_LONG_TESTS=1).
        for round in 0..<(isLongRun ? 400_000 : 800) {
            let text = generator.text(lines: random.next(in: 1...40))
            // Some rounds use a tiny field limit, so that lines longer than it go to libcsv.
            let maxFieldSize = round % 7 == 0 ? random.next(in: 1...40) : 1 << 20
            if !compareReaders(text, dialect: dialect, random: &random, maxFieldSize: maxFieldSize) { return }
        }
    }

    /// The same through the real reader on a file: whole blocks and one byte per read(2).
    @Test(arguments: splitterDialects)
    func splitAgreesWithLibCSVThroughTheFileReader(_ dialect: CSVDialect) throws {
        var generator = RandomCSV(random: SplitMix64(state: 0xF11E &+ UInt64(dialect.delimiter)), dialect: dialect)
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

    /// The whole job (chunks cut anywhere, one and two threads) writes the same output, error
    /// report and rejects with either reader, on random text whose first column is converted.
    @Test(arguments: [CSVDialect.csv, semicolon, unquotedTSV])
    func jobOutputIsTheSameWithEitherReader(_ dialect: CSVDialect) throws {
        var generator = RandomCSV(random: SplitMix64(state: 0x10B &+ UInt64(dialect.delimiter)), dialect: dialect)
        var random = SplitMix64(state: 7)
        let d = String(UnicodeScalar(dialect.delimiter))
        for _ in 0..<(isLongRun ? 100 : 2) {
            var text = "n\(d)a\(d)b\(d)c\n"
            for line in generator.text(lines: 400).split(separator: 0x0A, omittingEmptySubsequences: false) {
                text += "\(random.next(in: 0...999)).\(random.next(in: 0...99))\(d)" + String(decoding: line, as: UTF8.self) + "\n"
            }
            for (threads, chunkSize) in [(1, 1 << 18), (2, 61), (1, 23)] {
                let runs = try ReaderKind.allCases.map { reader in
                    try runJob(text) {
                        $0.columns = [ColumnSpec(column: .name("n"), from: "km", to: "mi")]
                        $0.delimiter = dialect.delimiter
                        $0.quoting = dialect.quote.map { $0 == 34 ? .standard : .byte($0) } ?? .none
                        $0.threads = threads
                        $0.chunkSize = chunkSize
                        $0.reader = reader
                    }
                }
                #expect(runs[0].output == runs[1].output, "threads \(threads), chunk \(chunkSize)")
                #expect(runs[0].errors == runs[1].errors)
                #expect(runs[0].rejects == runs[1].rejects)
                #expect(runs[0].summary.rowsIn == runs[1].summary.rowsIn)
                #expect(runs[0].output.count > 1000)
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
            let (records, _) = parseInPieces(Array(text.utf8), pieces, dialect: .csv, reader: .split)
            #expect(records.map { "\($0.line):" + $0.fields.joined(separator: "|") } == expected, "pieces \(pieces)")
        }
    }

    @Test func plainFlagsOfSplitLines() {
        let text = Array("a,b c,d\nlead, z\nend \n\tx,1\ny\t,2\n,\n0123456789abcde ,f\n0123456789abcdef, f\n".utf8)
        let (records, plain) = parseInPieces(text, [1 << 20], dialect: .csv, reader: .split)
        #expect(records.count == 8)
        #expect(plain == [true, false, false, false, false, true, false, false])
    }
}
