// Design note — the input head, settled once.
//
// Everything a job must know before its first data record comes from the first
// 64 KiB of the input: whether it starts with a BOM, its delimiter (given, from
// the file name, or sniffed), its first record (the header, unless there is
// none) and a sample of records for `--locale auto` and `sniff`. The head is read
// once and parsed once per candidate delimiter (once when the delimiter is
// known); the winning parse is kept, and the first record, the sample and the
// bytes the engine starts from all come from it. `sniff`, `convert` and
// `validate` open their input through `InputHead.read`.

import UnitPipeCSV
import UnitPipeNumbers

/// The start of an input: BOM, dialect, first record and a sample of records, settled once.
public final class InputHead {
    /// How many bytes the head reads (more only when the first record is longer).
    public static let size = 64 << 10

    /// The input; reading continues after ``bytes``.
    public let source: InputSource
    /// Whether the input starts with a UTF-8 byte order mark (dropped from ``bytes``).
    public let hasByteOrderMark: Bool
    /// The head's bytes, without the BOM.
    public let bytes: [UInt8]
    /// `true` when ``bytes`` is the whole input.
    public let isWholeInput: Bool
    /// The delimiter and quote the input is read with, and whether the first record is a header.
    public let dialect: CSVDialect
    /// The first record's fields (the header with `hasHeader`), or `nil` for an empty input.
    ///
    /// Names for matching `-c` and messages: bytes that are not UTF-8 read as U+FFFD here, so the
    /// output's header is written from ``firstRecordFields``, the bytes as read.
    public let firstRecord: [String]?
    /// The first record's fields as read, byte for byte.
    public let firstRecordFields: [[UInt8]]?
    /// Bytes and lines the first record spans (0 for an empty input).
    public let firstRecordByteCount: Int
    public let firstRecordLineCount: Int
    /// The parse of ``bytes``; its batch holds every record complete in the head.
    private let parser: RecordParser

    /// Reads the head of `source` and settles its dialect.
    ///
    /// - Parameters:
    ///   - source: The input, not read yet.
    ///   - delimiter: The delimiter to use (`-d`); `nil` takes tab for `.tsv`/`.tab` names and
    ///     otherwise sniffs it, trying the candidates in `sniffingOrder` (default `,` `;` tab `|`).
    ///   - quote: The quote byte, or `nil` for none.
    ///   - hasHeader: Whether the first record names the columns.
    ///   - maxFieldSize: The longest field the head's parse keeps.
    ///   - sniffingOrder: The candidate delimiters in tie-breaking order.
    ///   - reader: How records are split (`--reader`).
    ///   - minimumRecords: Read past the first 64 KiB until the head holds this many complete
    ///     records (or the input ends): `sniff --sample-rows`.
    /// - Throws: `InputError` when the input cannot be read.
    public init(
        source: InputSource, delimiter: UInt8?, quote: UInt8?, hasHeader: Bool, maxFieldSize: Int = RecordEngine.defaultMaxFieldSize,
        sniffingOrder: [UInt8] = CSVDialect.candidateDelimiters, reader: ReaderKind = .default, minimumRecords: Int = 0
    ) throws(InputError) {
        self.source = source
        var bytes = try InputHead.read(source, limit: InputHead.size)
        var isWholeInput = bytes.count < InputHead.size
        hasByteOrderMark = bytes.starts(with: InputHead.byteOrderMark)
        if hasByteOrderMark { bytes.removeFirst(InputHead.byteOrderMark.count) }
        let fixed = delimiter ?? source.path.flatMap(InputHead.delimiter(forPath:))
        var parse: HeadParse
        while true {
            if let fixed {
                parse = HeadParse(bytes, delimiter: fixed, quote: quote, isComplete: isWholeInput, maxFieldSize: maxFieldSize, reader: reader)
            } else {
                // Each candidate parses the head; the one for which most records share one field
                // count (> 1) wins, ties to the earlier; none splits anything: `,`.
                var best: (parse: HeadParse, score: Int)?
                for candidate in sniffingOrder {
                    let attempt = HeadParse(
                        bytes, delimiter: candidate, quote: quote, isComplete: isWholeInput, maxFieldSize: maxFieldSize, reader: reader)
                    let score = attempt.consistency
                    if score > 0, score > (best?.score ?? 0) { best = (attempt, score) }
                }
                parse = best?.parse
                    ?? HeadParse(
                        bytes, delimiter: UInt8(ascii: ","), quote: quote, isComplete: isWholeInput, maxFieldSize: maxFieldSize,
                        reader: reader)
            }
            if parse.firstRecordFields != nil || isWholeInput { break }
            // A header counts against the limit like any record: one whose bytes alone pass
            // twice the limit (quotes doubled at most) is over it, and is not read further.
            if hasHeader && bytes.count > 2 * maxFieldSize + 2 { throw .headerTooLarge(source.displayName, limit: maxFieldSize) }
            // The first record is longer than the head: read as much again and parse again.
            let limit = max(bytes.count, InputHead.size)
            let more = try InputHead.read(source, limit: limit)
            isWholeInput = more.count < limit
            bytes.append(contentsOf: more)
        }
        if hasHeader, parse.firstRecordFields != nil, parse.parser.batch().problem(of: 0) == .fieldTooLarge || parse.parser.batch().problem(of: 0) == .recordTooLarge {
            // Never a header cut to its first fields or bytes: the columns would be wrong.
            throw .headerTooLarge(source.displayName, limit: maxFieldSize)
        }
        // More records wanted: read as much again each time, parsing with the delimiter found.
        while parse.parser.batch().count < minimumRecords && !isWholeInput {
            let limit = max(bytes.count, InputHead.size)
            let more = try InputHead.read(source, limit: limit)
            isWholeInput = more.count < limit
            bytes.append(contentsOf: more)
            parse = HeadParse(bytes, delimiter: parse.delimiter, quote: quote, isComplete: isWholeInput, maxFieldSize: maxFieldSize, reader: reader)
        }
        self.bytes = bytes
        self.isWholeInput = isWholeInput
        parser = parse.parser
        dialect = CSVDialect(delimiter: parse.delimiter, quote: quote, hasHeader: hasHeader)
        firstRecord = parse.firstRecordFields.map { $0.map { String(decoding: $0, as: UTF8.self) } }
        firstRecordFields = parse.firstRecordFields
        firstRecordByteCount = parse.firstRecordByteCount
        firstRecordLineCount = parse.firstRecordLineCount
    }

    /// Every record complete in the head, the first record included; valid while the head lives.
    public var records: RecordBatch { parser.batch() }

    /// The column names: the header, or `#1`, `#2`, … without one (`[]` for an empty input).
    public var columnNames: [String] {
        guard let firstRecord else { return [] }
        return dialect.hasHeader ? firstRecord : (1...max(1, firstRecord.count)).map { "#\($0)" }
    }

    /// Records of the head that are data (all but a header), as indices into ``records``.
    public var sampleRange: Range<Int> {
        let count = records.count
        return min(dialect.hasHeader ? 1 : 0, count)..<count
    }

    /// The first record as written, for the rejects' header line: the UTF-8 BOM when the input
    /// starts with one, then the record's bytes with their line end (a LF when the input ends
    /// without one); blank lines before it are left out.
    public var firstRecordLine: [UInt8] {
        var line = bytes[..<firstRecordByteCount].drop { $0 == 0x0A || $0 == 0x0D }
        if let last = line.last, last != 0x0A, last != 0x0D { line.append(0x0A) }
        return (hasByteOrderMark ? InputHead.byteOrderMark : []) + line
    }

    /// Lines before the first data record (the header's, with a header).
    public var linesBeforeData: Int { dialect.hasHeader ? firstRecordLineCount : 0 }

    /// The offset of the first data byte in the input as read: after the BOM and the header.
    public var dataOffset: Int {
        (hasByteOrderMark ? InputHead.byteOrderMark.count : 0) + (dialect.hasHeader ? firstRecordByteCount : 0)
    }

    /// A chunk reader that starts at the first data record and continues through the input.
    package func dataChunks(chunkSize: Int) -> ChunkReader {
        let start = dialect.hasHeader ? Array(bytes[firstRecordByteCount...]) : bytes
        return ChunkReader(source: source, start: start, chunkSize: max(1, chunkSize))
    }

    /// The UTF-8 byte order mark, dropped from the start of the input.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Tab for `.tsv` and `.tab` files (also compressed), otherwise `nil` (sniff).
    public static func delimiter(forPath path: String) -> UInt8? {
        let lower = path.lowercased()
        for suffix in [".tsv", ".tab", ".tsv.gz", ".tab.gz", ".tsv.zst", ".tab.zst"] where lower.hasSuffix(suffix) {
            return UInt8(ascii: "\t")
        }
        return nil
    }

    /// The sniffing order for a locale: `;` first when it writes a decimal comma (its numbers hold commas).
    public static func sniffingOrder(locale: String) -> [UInt8] {
        var order = CSVDialect.candidateDelimiters
        if let conventions = try? NumberConventions(localeIdentifier: locale), conventions.decimalSeparator == "," {
            order.removeAll { $0 == UInt8(ascii: ";") }
            order.insert(UInt8(ascii: ";"), at: 0)
        }
        return order
    }

    /// Reads up to `limit` bytes of `source` (looping over short reads).
    private static func read(_ source: InputSource, limit: Int) throws(InputError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, limit), alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < limit {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<limit]))
            if n == 0 { break }
            filled += n
        }
        return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
    }
}

/// One parse of the head with one delimiter: its records, and the span of the first one.
private struct HeadParse {
    let delimiter: UInt8
    let parser: RecordParser
    var firstRecordFields: [[UInt8]]?
    var firstRecordByteCount = 0
    var firstRecordLineCount = 0

    init(_ bytes: [UInt8], delimiter: UInt8, quote: UInt8?, isComplete: Bool, maxFieldSize: Int, reader: ReaderKind) {
        self.delimiter = delimiter
        parser = RecordParser(
            dialect: CSVDialect(delimiter: delimiter, quote: quote, hasHeader: false),
            maxFieldSize: maxFieldSize, batchRecords: Int.max, reader: reader)
        let parser = self.parser
        var consumed = 0
        var first: (byteCount: Int, lineCount: Int)?
        bytes.withUnsafeBytes { buffer in
            while consumed < buffer.count {
                consumed += parser.feedLine(UnsafeRawBufferPointer(rebasing: buffer[consumed...]))
                if first == nil && parser.pendingRecords > 0 { first = (consumed, parser.line - 1) }
            }
        }
        if isComplete {
            parser.endPiece()
            parser.finish()
            if first == nil && parser.pendingRecords > 0 { first = (consumed, parser.line - 1) }
        }
        if let first {
            let batch = parser.batch()
            firstRecordFields = (0..<batch.fieldCount(of: 0)).map { Array(batch.field($0, of: 0)) }
            firstRecordByteCount = first.byteCount
            firstRecordLineCount = first.lineCount
        }
    }

    /// How many records share the most common field count (> 1): the sniffing score.
    var consistency: Int {
        let batch = parser.batch()
        var histogram: [Int: Int] = [:]
        for record in 0..<batch.count where batch.problem(of: record) == .none {
            histogram[batch.fieldCount(of: record), default: 0] += 1
        }
        return histogram.filter { $0.key > 1 }.values.max() ?? 0
    }
}
