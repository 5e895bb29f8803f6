import Foundation
import Testing
import TestSupport
@testable import UnitPipeCSV

/// Where the record parser (libcsv) starts records in `bytes`: offset and line of each.
func parserRecordStarts(_ bytes: [UInt8], dialect: CSVDialect) -> [(offset: Int, line: Int)] {
    let parser = RecordParser(dialect: dialect, maxFieldSize: 1 << 20, batchRecords: Int.max)
    var starts: [(offset: Int, line: Int)] = []
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let wasInRecord = parser.isInRecord
            let before = parser.pendingRecords
            let line = parser.line
            let n = parser.feedLine(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            if !wasInRecord && (parser.isInRecord || parser.pendingRecords > before) { starts.append((offset, line)) }
            offset += n
        }
    }
    parser.finish()
    // Cross-check the lines against the batch's own record lines.
    let batch = parser.batch()
    precondition(batch.count == starts.count && (0..<batch.count).allSatisfy { batch.line(of: $0) == starts[$0].line })
    return starts
}

/// Writes `bytes` to a temporary file and runs the search for every offset of it.
func searchEveryOffset(_ bytes: [UInt8], dialect: CSVDialect, readSize: Int) throws -> RecordStartSearch.Result {
    let path = NSTemporaryDirectory() + "unitpipe-search-\(UUID().uuidString).csv"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try FileDescriptor.openForReading(path)
    defer { try? file.close() }
    return try RecordStartSearch.run(
        file: file, from: RecordPosition(offset: 0, record: 1, line: 1), targets: Array(0..<max(1, bytes.count)),
        delimiter: dialect.delimiter, quote: dialect.quote, readSize: readSize)
}

/// Random CSV text: quoted fields with line ends and doubled quotes inside, CR, LF and CRLF,
/// blank lines, ragged rows, spaces; with `strays`, now and then a quote where parity cannot
/// follow libcsv (inside an unquoted field, or text after a closing quote).
func randomCSV(_ random: inout SplitMix64, records: Int, delimiter: UInt8, strays: Bool) -> [UInt8] {
    var out: [UInt8] = []
    let ends: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0A], [0x0D, 0x0A, 0x0D, 0x0A]]
    let plain: [UInt8] = Array("ab1 .-x".utf8)
    for record in 0..<records {
        let fields = random.next(in: 1...4)
        for f in 0..<fields {
            if f > 0 { out.append(delimiter) }
            switch random.next(6) {
            case 0:
                break
            case 1, 2:
                out.append(0x22)
                for _ in 0..<random.next(in: 0...6) {
                    switch random.next(8) {
                    case 0: out += [0x22, 0x22]
                    case 1: out += ends[random.next(ends.count)]
                    case 2: out.append(delimiter)
                    default: out.append(plain[random.next(plain.count)])
                    }
                }
                out.append(0x22)
                if strays && random.next(40) == 0 { out.append(UInt8(ascii: "z")) }
            default:
                for _ in 0..<random.next(in: 1...5) { out.append(plain[random.next(plain.count)]) }
                if strays && random.next(40) == 0 { out += [0x22, UInt8(ascii: "q")] }
            }
        }
        // The last record may end without a line end.
        if record < records - 1 || random.next(10) > 0 { out += ends[random.next(ends.count)] }
    }
    return out
}

@Suite("Record starts by quote parity")
struct RecordStartSearchTests {
    /// Checks the search against the parser: every answer it gives is the parser's, and before
    /// the first anomaly (or everywhere without one) it gives every answer.
    func check(_ bytes: [UInt8], dialect: CSVDialect, readSize: Int, seed: UInt64) throws {
        let expected = parserRecordStarts(bytes, dialect: dialect)
        let result = try searchEveryOffset(bytes, dialect: dialect, readSize: readSize)
        let anomaly = result.anomaly?.offset ?? Int.max
        var next = 0
        for target in 0..<bytes.count {
            while next < expected.count && expected[next].offset < target { next += 1 }
            let truth = next < expected.count
                ? RecordPosition(offset: expected[next].offset, record: next + 1, line: expected[next].line) : nil
            let found = result.found[target]
            if let found {
                #expect(found == truth, "seed \(seed), target \(target): \(found) vs \(String(describing: truth))")
            } else if let truth {
                #expect(truth.offset >= anomaly, "seed \(seed), target \(target): missed \(truth)")
            }
            if found != truth && found != nil { return }
        }
    }

    @Test("agrees with libcsv on random well-quoted files, every offset, reads cut everywhere")
    func wellQuoted() throws {
        for seed in UInt64(1)...120 {
            var random = SplitMix64(state: seed)
            let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")][random.next(3)]
            let bytes = randomCSV(&random, records: random.next(in: 1...60), delimiter: delimiter, strays: false)
            let dialect = CSVDialect(delimiter: delimiter, quote: 0x22, hasHeader: false)
            let result = try searchEveryOffset(bytes, dialect: dialect, readSize: 128)
            #expect(result.anomaly == nil, "seed \(seed)")
            for readSize in [128, 200, 1 << 20] { try check(bytes, dialect: dialect, readSize: readSize, seed: seed) }
        }
    }

    @Test("never contradicts libcsv on files with stray quotes, and stops at the first one")
    func strayQuotes() throws {
        var anomalies = 0
        for seed in UInt64(1000)...1150 {
            var random = SplitMix64(state: seed)
            let bytes = randomCSV(&random, records: random.next(in: 1...60), delimiter: 0x2C, strays: true)
            let dialect = CSVDialect(delimiter: 0x2C, quote: 0x22, hasHeader: false)
            if try searchEveryOffset(bytes, dialect: dialect, readSize: 128).anomaly != nil { anomalies += 1 }
            try check(bytes, dialect: dialect, readSize: 128, seed: seed)
        }
        #expect(anomalies > 20)
    }

    @Test("random bytes of the special characters")
    func randomBytes() throws {
        let alphabet: [UInt8] = Array("a,\"\n\r ;\"".utf8)
        for seed in UInt64(5000)...5300 {
            var random = SplitMix64(state: seed)
            let bytes = (0..<random.next(in: 1...300)).map { _ in alphabet[random.next(alphabet.count)] }
            try check(bytes, dialect: CSVDialect(delimiter: 0x2C, quote: 0x22, hasHeader: false), readSize: 128, seed: seed)
            // Without quoting libcsv quotes with NUL; the search does the same.
            try check(bytes, dialect: CSVDialect(delimiter: 0x2C, quote: nil, hasHeader: false), readSize: 128, seed: seed)
        }
    }

    @Test("names the first stray quote and its line", arguments: [
        ("a,b\n1,x\"y\n2,3\n", 7, 2, ParityAnomaly.Kind.quoteInUnquotedField),
        ("a,b\r\n\"1\"x,2\r\n3,4\r\n", 7, 2, .textAfterClosingQuote),
        ("a\n\"ok\",\"two\nlines\"\n\"ab\" ,1\n", 22, 4, .textAfterClosingQuote),
    ])
    func anomaly(input: String, offset: Int, line: Int, kind: ParityAnomaly.Kind) throws {
        let result = try searchEveryOffset(Array(input.utf8), dialect: .csv, readSize: 1 << 20)
        #expect(result.anomaly == ParityAnomaly(offset: offset, line: line, kind: kind))
    }
}

@Suite("Byte ranges to records")
struct ByteRangeTests {
    @Test("any cut gives exactly the records that start in it, stray quotes or not (the parser decides there)")
    func anyCut() throws {
        for seed in UInt64(7000)...7060 {
            var random = SplitMix64(state: seed)
            let bytes = randomCSV(&random, records: random.next(in: 1...40), delimiter: 0x2C, strays: seed % 2 == 0)
            let dialect = CSVDialect(delimiter: 0x2C, quote: 0x22, hasHeader: false)
            let expected = parserRecordStarts(bytes, dialect: dialect)
            let path = NSTemporaryDirectory() + "unitpipe-range-\(UUID().uuidString).csv"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            func truth(_ offset: Int) -> Int { expected.firstIndex { $0.offset >= offset } ?? expected.count }
            for _ in 0..<12 {
                let a = random.next(bytes.count + 1)
                let b = a + random.next(bytes.count + 1 - a)
                let range = try RecordStartSearch.resolve(
                    path: path, requested: a..<b, firstRecord: nil, firstLine: nil,
                    data: RecordPosition(offset: 0, record: 1, line: 1), dialect: dialect, maxFieldSize: 1 << 20)
                let first = truth(a)
                let last = max(first, truth(b))
                let startOffset = first < expected.count ? expected[first].offset : bytes.count
                let endOffset = last < expected.count ? expected[last].offset : bytes.count
                #expect(range.start == startOffset && range.end == (first == last ? startOffset : endOffset), "seed \(seed) \(a)..<\(b): \(range)")
                if first < last {
                    #expect(range.record == first + 1 && range.line == expected[first].line, "seed \(seed) \(a)..<\(b): \(range)")
                }
            }
        }
    }
}
