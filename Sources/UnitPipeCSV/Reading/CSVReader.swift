/// Reads records from an input source in batches, with bounded memory (a pull interface over
/// `RecordParser` for callers that want one batch at a time).
public final class CSVReader {
    /// The dialect the reader parses.
    public let dialect: CSVDialect
    private let source: InputSource
    private let parser: RecordParser
    private let block: UnsafeMutableRawBufferPointer
    private let readSize: Int
    private var blockStart = 0
    private var blockEnd = 0
    private var isSourceExhausted = false
    private var isFinished = false
    private var hasPendingBatch = false

    /// Bytes read from the source so far (as stored).
    public var bytesRead: Int { source.bytesRead }

    /// Creates a reader over `source`, which may already have been partly read into `prefix`.
    ///
    /// - Parameters:
    ///   - source: The input; reading continues after `prefix`.
    ///   - prefix: Bytes already read from `source` (for sniffing); a UTF-8 BOM at its start is dropped.
    ///   - dialect: The delimiter and quote to parse with.
    ///   - maxFieldSize: Longest field in bytes; a longer one makes its record `malformed_csv`.
    ///   - batchRecords: Records per batch.
    ///   - blockSize: Bytes per `read(2)` call (tests use 1 to cut the input everywhere).
    ///   - reader: Whether quote-free lines are split without libcsv.
    public init(
        source: InputSource, prefix: [UInt8], dialect: CSVDialect,
        maxFieldSize: Int = 64 << 20, batchRecords: Int = 8192, blockSize: Int = 1 << 20,
        reader: ReaderKind = .default
    ) {
        self.source = source
        self.dialect = dialect
        parser = RecordParser(dialect: dialect, maxFieldSize: maxFieldSize, batchRecords: batchRecords, reader: reader)
        block = .allocate(byteCount: max(blockSize, prefix.count, 1), alignment: 64)
        readSize = max(blockSize, 1)
        let skip = CSVReader.byteOrderMarkLength(prefix)
        prefix.withUnsafeBytes { bytes in
            block.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[skip...]))
        }
        blockEnd = prefix.count - skip
    }

    deinit { block.deallocate() }

    /// The UTF-8 byte order mark, dropped from the start of the input.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` starts with a UTF-8 BOM, else 0.
    public static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// Reads up to `limit` bytes from the start of `source` (looping over short reads), for sniffing.
    public static func readPrefix(of source: InputSource, limit: Int = 64 << 10) throws(InputError) -> [UInt8] {
        var prefix = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let n: Int
            do {
                n = try prefix.withUnsafeMutableBytes { bytes in
                    try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
                }
            } catch let error as InputError {
                throw error
            } catch {
                n = 0
            }
            if n == 0 { break }
            filled += n
        }
        prefix.removeLast(limit - filled)
        return prefix
    }

    /// Parses the next batch of whole records; `nil` once the input is exhausted.
    ///
    /// The batch is valid until the next call.
    public func nextBatch() throws(InputError) -> RecordBatch? {
        if hasPendingBatch {
            parser.clearBatch()
            hasPendingBatch = false
        }
        if isFinished { return nil }
        while !parser.isBatchFull {
            if blockStart == blockEnd {
                if isSourceExhausted {
                    parser.finish()
                    isFinished = true
                    break
                }
                try refill()
                continue
            }
            guard let base = block.baseAddress else { break }
            blockStart += parser.feedLine(UnsafeRawBufferPointer(start: base + blockStart, count: blockEnd - blockStart))
        }
        if parser.pendingRecords == 0 { return nil }
        hasPendingBatch = true
        return parser.batch()
    }

    private func refill() throws(InputError) {
        blockStart = 0
        blockEnd = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: block[0..<readSize]))
        if blockEnd == 0 { isSourceExhausted = true }
    }
}
