import Foundation
import Testing
import TestSupport
@testable import UnitPipeCSV

/// A record as the tests expect it: starting line, fields and problem.
struct ExpectedRecord: Equatable, CustomStringConvertible {
    var line: Int
    var fields: [String]
    var problem: RecordProblem = .none

    var description: String { "line \(line) \(fields) \(problem)" }
}

/// Writes `bytes` to a file and reads it back the way the engine does: a `ChunkReader` cuts the
/// file into chunks after line ends (one byte each with `oneBytePerRead`, so every record is cut
/// everywhere and every `read(2)` returns one byte), and one `RecordParser` continues through them.
func readAll(
    _ bytes: [UInt8], dialect: CSVDialect = .csv, oneBytePerRead: Bool, maxFieldSize: Int = 1 << 20,
    batchRecords: Int = 8192, reader: ReaderKind = .default
) throws -> [ExpectedRecord] {
    try readAll(bytes, dialect: dialect, chunkSize: oneBytePerRead ? 1 : 1 << 20, maxFieldSize: maxFieldSize,
                batchRecords: batchRecords, reader: reader)
}

/// `readAll` with any chunk size.
func readAll(
    _ bytes: [UInt8], dialect: CSVDialect, chunkSize: Int, maxFieldSize: Int = 1 << 20,
    batchRecords: Int = 8192, reader: ReaderKind = .default
) throws -> [ExpectedRecord] {
    let path = NSTemporaryDirectory() + "unitpipe-reader-\(UUID().uuidString).csv"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let chunks = ChunkReader(source: try InputSource(path: path), start: [], chunkSize: chunkSize)
    let parser = RecordParser(dialect: dialect, maxFieldSize: maxFieldSize, batchRecords: batchRecords, reader: reader)
    var records: [ExpectedRecord] = []
    func takeBatch() {
        let batch = parser.batch()
        for r in 0..<batch.count {
            records.append(ExpectedRecord(line: batch.line(of: r), fields: batch.strings(of: r), problem: batch.problem(of: r)))
        }
        parser.clearBatch()
    }
    let chunk = chunks.makeChunk()
    while try chunks.fill(chunk) {
        let bytes = chunk.bytes
        var offset = 0
        while offset < bytes.count {
            offset += parser.feedLines(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if parser.isBatchFull { takeBatch() }
        }
        parser.endPiece()
        if chunk.isLast { parser.finish() }
        if chunk.isLast || !parser.isInRecord { takeBatch() }
        if chunk.isLast { break }
    }
    return records
}

struct ReaderCase: CustomStringConvertible, Sendable {
    let name: String
    let input: String
    let dialect: CSVDialect
    let expected: [ExpectedRecordValue]

    init(_ name: String, _ input: String, _ expected: [ExpectedRecordValue], dialect: CSVDialect = .csv) {
        self.name = name
        self.input = input
        self.dialect = dialect
        self.expected = expected
    }

    var description: String { name }
}

/// A Sendable stand-in for `ExpectedRecord` in test arguments.
struct ExpectedRecordValue: Sendable {
    let line: Int
    let fields: [String]
    let problem: RecordProblem

    init(_ line: Int, _ fields: [String], _ problem: RecordProblem = .none) {
        self.line = line
        self.fields = fields
        self.problem = problem
    }

    var record: ExpectedRecord { ExpectedRecord(line: line, fields: fields, problem: problem) }
}

let tsv = CSVDialect(delimiter: UInt8(ascii: "\t"), quote: UInt8(ascii: "\""), hasHeader: true)
let unquotedTSV = CSVDialect(delimiter: UInt8(ascii: "\t"), quote: nil, hasHeader: true)
let semicolon = CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "\""), hasHeader: true)

let readerCases: [ReaderCase] = [
    ReaderCase("simple LF", "a,b\n1,2\n", [.init(1, ["a", "b"]), .init(2, ["1", "2"])]),
    ReaderCase("CRLF", "a,b\r\n1,2\r\n", [.init(1, ["a", "b"]), .init(2, ["1", "2"])]),
    ReaderCase("no final newline", "a,b\n1,2", [.init(1, ["a", "b"]), .init(2, ["1", "2"])]),
    ReaderCase(
        "quotes, delimiters, doubled quotes, newlines",
        "a,b\n\"x,y\",\"he said \"\"hi\"\"\"\n\"multi\nline\",z\nlast,1\n",
        [.init(1, ["a", "b"]), .init(2, ["x,y", "he said \"hi\""]), .init(3, ["multi\nline", "z"]), .init(5, ["last", "1"])]),
    ReaderCase("CRLF inside quotes kept", "\"a\r\nb\",c\r\nd,e\r\n", [.init(1, ["a\r\nb", "c"]), .init(3, ["d", "e"])]),
    ReaderCase("blank lines skipped, lines counted", "a,b\n\n1,2\n\r\n3,4\n", [.init(1, ["a", "b"]), .init(3, ["1", "2"]), .init(5, ["3", "4"])]),
    ReaderCase("spaces preserved", "a, b \n 1 ,2\t\n", [.init(1, ["a", " b "]), .init(2, [" 1 ", "2\t"])]),
    ReaderCase(
        "spaces at every place libcsv would trim",
        "x y,\"q\" ,\" q\",  \"r\"\n \t\n\"a\" \"b\",c \r\nlast ",
        // Text after a closing quote goes on unquoted (as Python's csv reads it) and marks the record.
        [.init(1, ["x y", "q ", " q", "  \"r\""], .textAfterQuote), .init(2, [" \t"]), .init(3, ["a \"b\"", "c "], .textAfterQuote),
         .init(4, ["last "])]),
    // A character after a closing quote costs its own record only, never the ones after it
    // (these once read the rest of the file into one field); records as Python's csv reads them.
    ReaderCase(
        "space after closing quote", "a,b\n\"ab\" ,1\n2,3\n4,5\n",
        [.init(1, ["a", "b"]), .init(2, ["ab ", "1"], .textAfterQuote), .init(3, ["2", "3"]), .init(4, ["4", "5"])]),
    ReaderCase(
        "letter after closing quote", "a,b\n\"ab\"c,1\n2,3\n",
        [.init(1, ["a", "b"]), .init(2, ["abc", "1"], .textAfterQuote), .init(3, ["2", "3"])]),
    ReaderCase(
        "space between quoted fields", "a,b\n\"1\" ,\"2\"\n3,4\n",
        [.init(1, ["a", "b"]), .init(2, ["1 ", "2"], .textAfterQuote), .init(3, ["3", "4"])]),
    ReaderCase(
        "text after a doubled quote and after a multi-line field", "\"a\"\"b\" x,\"multi\nline\"z\n1,2\n",
        [.init(1, ["a\"b x", "multi\nlinez"], .textAfterQuote), .init(3, ["1", "2"])]),
    ReaderCase(
        "text after closing quote, CRLF and quote none", "a\tb\r\n\"x\" y\t1\r\n2\t3\r\n",
        [.init(1, ["a", "b"]), .init(2, ["\"x\" y", "1"]), .init(3, ["2", "3"])], dialect: unquotedTSV),
    ReaderCase("empty fields", ",\n,,\n", [.init(1, ["", ""]), .init(2, ["", "", ""])]),
    ReaderCase("ragged rows kept as read", "a,b,c\n1\n1,2,3,4\n", [.init(1, ["a", "b", "c"]), .init(2, ["1"]), .init(3, ["1", "2", "3", "4"])]),
    ReaderCase(
        "unterminated quote swallows the rest, marked",
        "a,b\n1,\"open\n2,3\n",
        [.init(1, ["a", "b"]), .init(2, ["1", "open\n2,3\n"], .unterminatedQuote)]),
    ReaderCase("tab", "a\tb\n\"x\ty\"\t2\n", [.init(1, ["a", "b"]), .init(2, ["x\ty", "2"])], dialect: tsv),
    ReaderCase("quote none keeps quotes", "a\tb\n\"x\t2\"\n", [.init(1, ["a", "b"]), .init(2, ["\"x", "2\""])], dialect: unquotedTSV),
    ReaderCase("semicolon", "a;b\n1,5;\"2;3\"\n", [.init(1, ["a", "b"]), .init(2, ["1,5", "2;3"])], dialect: semicolon),
    ReaderCase("UTF-8 passes through", "名前,値\nÄpfel,1\n", [.init(1, ["名前", "値"]), .init(2, ["Äpfel", "1"])]),
    ReaderCase("only a header", "a,b\n", [.init(1, ["a", "b"])]),
    ReaderCase("empty input", "", []),
    ReaderCase("CR line ends (old Mac)", "a,b\r1,2\r3,4\r", [.init(1, ["a", "b"]), .init(2, ["1", "2"]), .init(3, ["3", "4"])]),
    ReaderCase("mixed line ends", "a\r\nb\rc\n\rd\n", [.init(1, ["a"]), .init(2, ["b"]), .init(3, ["c"]), .init(5, ["d"])]),
    ReaderCase("CR inside quotes kept and counted", "\"x\ry\",1\r2,3\n", [.init(1, ["x\ry", "1"]), .init(3, ["2", "3"])]),
]

@Suite("Reader: chunk reader and record parser")
struct RecordReadingTests {
    @Test(arguments: readerCases)
    func readsWholeBlocks(_ c: ReaderCase) throws {
        let records = try readAll(Array(c.input.utf8), dialect: c.dialect, oneBytePerRead: false)
        #expect(records == c.expected.map(\.record))
    }

    @Test(arguments: readerCases)
    func readsOneBytePerRead(_ c: ReaderCase) throws {
        let records = try readAll(Array(c.input.utf8), dialect: c.dialect, oneBytePerRead: true)
        #expect(records == c.expected.map(\.record))
    }

    @Test(arguments: readerCases)
    func readsEveryChunkSize(_ c: ReaderCase) throws {
        for chunkSize in [2, 3, 5, 8] {
            let records = try readAll(Array(c.input.utf8), dialect: c.dialect, chunkSize: chunkSize)
            #expect(records == c.expected.map(\.record), "chunks of \(chunkSize)")
        }
    }

    @Test(arguments: readerCases, ReaderKind.allCases)
    func eachReaderReadsTheCases(_ c: ReaderCase, _ reader: ReaderKind) throws {
        for oneByte in [false, true] {
            let records = try readAll(Array(c.input.utf8), dialect: c.dialect, oneBytePerRead: oneByte, reader: reader)
            #expect(records == c.expected.map(\.record), "\(reader), one byte per read: \(oneByte)")
        }
    }

    /// The text-after-quote cases cut at every offset (the check straddles the pieces' edges).
    @Test(arguments: readerCases.filter { $0.expected.contains { $0.problem == .textAfterQuote } || $0.name.contains("quote none") })
    func textAfterClosingQuoteAtEveryCut(_ c: ReaderCase) {
        let text = Array(c.input.utf8)
        for cut in 1...text.count {
            for reader in ReaderKind.allCases {
                let (records, _, _) = parseInPieces(text, [cut], dialect: c.dialect, reader: reader)
                #expect(records == c.expected.map(\.record), "pieces of \(cut), \(reader)")
            }
        }
    }

    @Test func batchesSplitOnlyBetweenRecords() throws {
        var text = "n,text\n"
        var expected = [ExpectedRecord(line: 1, fields: ["n", "text"])]
        var line = 2
        for i in 0..<1000 {
            if i % 7 == 0 {
                text += "\(i),\"two\nlines\"\n"
                expected.append(ExpectedRecord(line: line, fields: ["\(i)", "two\nlines"]))
                line += 2
            } else {
                text += "\(i),x\n"
                expected.append(ExpectedRecord(line: line, fields: ["\(i)", "x"]))
                line += 1
            }
        }
        let records = try readAll(Array(text.utf8), oneBytePerRead: false, batchRecords: 10)
        #expect(records == expected)
    }

    @Test func oversizedFieldIsTruncatedAndMarked() throws {
        let long = String(repeating: "x", count: 5000)
        let text = "a,b\n1,\"\(long)\"\n2,3\n"
        for oneByte in [false, true] {
            let records = try readAll(Array(text.utf8), oneBytePerRead: oneByte, maxFieldSize: 1000)
            #expect(records.count == 3)
            #expect(records[1].problem == .fieldTooLarge)
            #expect(records[1].line == 2)
            #expect(records[1].fields[1].count == RecordStorage.truncatedFieldLength)
            #expect(records[2] == ExpectedRecord(line: 3, fields: ["2", "3"]))
        }
    }

    /// A record with many fields has a limit too (`wide.csv`: 50M commas once took 1.34 GiB):
    /// its fields' bytes, counting 9 per field after the first, must fit in the field limit.
    @Test(arguments: ReaderKind.allCases)
    func recordWithManyFieldsIsBoundedAndMarked(_ reader: ReaderKind) throws {
        let fits = (0..<10).map { _ in String(repeating: "x", count: 91) }.joined(separator: ",")
        let over = (0..<10).map { _ in String(repeating: "x", count: 92) }.joined(separator: ",")
        let quoted = "\"" + String(repeating: ",", count: 3000) + "\"," + String(repeating: ",", count: 3000)
        let text = "v\n" + String(repeating: ",", count: 5000) + "\n2\n\(fits)\n\(over)\n\(quoted)\n3\n"
        for oneByte in [false, true] {
            let records = try readAll(Array(text.utf8), oneBytePerRead: oneByte, maxFieldSize: 1000, reader: reader)
            let shown = "one byte per read: \(oneByte)"
            #expect(records.map(\.line) == [1, 2, 3, 4, 5, 6, 7], "\(shown)")
            #expect(records.map(\.problem) == [.none, .recordTooLarge, .none, .none, .recordTooLarge, .fieldTooLarge, .none], "\(shown)")
            // 1000 bytes hold the first field and 111 more at 9 bytes each.
            #expect(records[1].fields.count == 112, "\(shown)")
            #expect(records[3].fields.count == 10 && records[3].fields.allSatisfy { $0.count == 91 }, "\(shown)")
            #expect(records[4].fields.count == 9, "\(shown)")
            // An oversized field keeps 256 bytes; the fields after it fill the rest of the budget.
            #expect(records[5].fields.first == String(repeating: ",", count: RecordStorage.truncatedFieldLength), "\(shown)")
            #expect(records[5].fields.count == 1 + (1000 - RecordStorage.truncatedFieldLength) / 9, "\(shown)")
            #expect(records[6].fields == ["3"], "\(shown)")
        }
    }

    /// libcsv's built-in space test runs only on pieces where it cannot trim (SpaceTrimCheck.swift);
    /// on random text heavy in spaces, quotes and line ends, cut into random pieces, the records
    /// must be those of the per-byte keep-spaces test, and no field of a record marked plain may
    /// need quoting (the writer copies those unexamined).
    @Test(arguments: [CSVDialect.csv, tsv, unquotedTSV, semicolon])
    func builtInSpaceTestParsesLikeKeepingSpaces(_ dialect: CSVDialect) {
        var random = SplitMix64(state: 0x5EED_5BAC + UInt64(dialect.delimiter))
        let alphabet: [UInt8] = Array("abcdefgh \t\t  ,;\"\"\r\n\n".utf8)
        for _ in 0..<(isLongRun ? 200_000 : 4_000) {
            // Pieces up to 64 bytes: below 18 bytes the check goes byte by byte, above in blocks of 16.
            let text = (0..<random.next(in: 0...90)).map { _ in alphabet[random.next(alphabet.count)] }
            let pieces = (0..<random.next(in: 1...4)).map { _ in random.next(in: 1...64) }
            let (fast, plain, _) = parseInPieces(text, pieces, dialect: dialect, usesBuiltInSpaceTest: true)
            let (slow, _, _) = parseInPieces(text, pieces, dialect: dialect, usesBuiltInSpaceTest: false)
            let shown = "\(String(decoding: text, as: UTF8.self).debugDescription) in pieces of \(pieces)"
            #expect(fast == slow, "\(shown)")
            let writer = CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote)
            for (record, isPlain) in zip(fast, plain) where isPlain {
                let quoted = record.fields.filter { field in
                    Array(field.utf8).withUnsafeBytes { writer.needsQuotes($0) }
                }
                #expect(quoted.isEmpty, "plain record \(record) of \(shown)")
                if !quoted.isEmpty { return }
            }
            if fast != slow { return }
        }
    }

    @Test func plainRecordsAreThoseWithoutQuotesOrEdgeSpaces() {
        let text = Array("a,b c,d\n\"x\",y\nlead, z\nend \nq\"q,1\n\"multi\nline\",2\nlast,3".utf8)
        let (records, plain, _) = parseInPieces(text, [1 << 20], dialect: .csv, usesBuiltInSpaceTest: true)
        #expect(records.map(\.fields) == [
            ["a", "b c", "d"], ["x", "y"], ["lead", " z"], ["end "], ["q\"q", "1"], ["multi\nline", "2"], ["last", "3"],
        ])
        #expect(plain == [true, false, false, false, false, false, true])
    }

    @Test func missingFileIsAnInputError() {
        #expect(throws: InputError.self) { try InputSource(path: "/nonexistent/unitpipe/input.csv") }
    }
}

/// Parses `text` with a `RecordParser`, offering it at most `pieces[k % count]` bytes at a time.
func parseInPieces(
    _ text: [UInt8], _ pieces: [Int], dialect: CSVDialect, usesBuiltInSpaceTest: Bool = true,
    reader: ReaderKind = .libcsv, maxFieldSize: Int = 1 << 20, classifier: ByteClassifier = .default
) -> (records: [ExpectedRecord], plain: [Bool], quoted: [UInt64]) {
    let parser = RecordParser(
        dialect: dialect, maxFieldSize: maxFieldSize, batchRecords: Int.max, usesBuiltInSpaceTest: usesBuiltInSpaceTest,
        reader: reader, classifier: classifier)
    text.withUnsafeBytes { bytes in
        var offset = 0
        var k = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieces[k % pieces.count])
            // One line at a time (as the input head and the record-start search read) and runs of
            // lines (as the engine reads), in turns.
            let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
            offset += k % 3 == 0 ? parser.feedLine(piece) : parser.feedLines(piece)
            k += 1
        }
    }
    parser.endPiece()
    parser.finish()
    let batch = parser.batch()
    let records = (0..<batch.count).map {
        ExpectedRecord(line: batch.line(of: $0), fields: batch.strings(of: $0), problem: batch.problem(of: $0))
    }
    return (records, (0..<batch.count).map { batch.isPlain($0) }, (0..<batch.count).map { batch.quotedFields(of: $0) })
}
