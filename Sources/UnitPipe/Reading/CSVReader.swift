// The streaming reader. It reads blocks with read(2) and hands libcsv one
// physical line at a time (split at LF with memchr), so it knows the line on
// which every record starts even though libcsv reports no positions: a record
// starts on the first line after the previous record's end that holds anything
// but CR/LF (libcsv skips blank lines). Records are collected into a reused
// `RecordStorage` and handed out as `RecordBatch` views between records.

#if canImport(Glibc)
import Glibc
#endif

/// Reads records from an input source in batches, with bounded memory.
public final class CSVReader {
    /// The dialect the reader parses.
    public let dialect: CSVDialect
    private let source: InputSource
    private let parser: LibCSVParser
    private let storage: UnsafeMutablePointer<RecordStorage>
    private let block: UnsafeMutableRawBufferPointer
    private var blockStart = 0
    private var blockEnd = 0
    private var isAtLineStart = true
    private var isSourceExhausted = false
    private var isFinished = false
    private var recordsHandedOut = 0
    private let batchRecords: Int
    private let batchBytes = 1 << 20
    private let readSize: Int

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
    public init(
        source: InputSource, prefix: [UInt8], dialect: CSVDialect,
        maxFieldSize: Int = 64 << 20, batchRecords: Int = 8192, blockSize: Int = 1 << 20
    ) {
        self.source = source
        self.dialect = dialect
        self.batchRecords = batchRecords
        parser = LibCSVParser(delimiter: dialect.delimiter, quote: dialect.quote)
        storage = .allocate(capacity: 1)
        storage.initialize(to: RecordStorage(maxFieldSize: maxFieldSize))
        block = .allocate(byteCount: max(blockSize, prefix.count, 1), alignment: 64)
        readSize = max(blockSize, 1)
        var skip = 0
        if prefix.starts(with: CSVReader.byteOrderMark) { skip = CSVReader.byteOrderMark.count }
        prefix.withUnsafeBytes { bytes in
            if bytes.count > skip, let base = bytes.baseAddress {
                block.copyMemory(from: UnsafeRawBufferPointer(start: base + skip, count: bytes.count - skip))
            }
        }
        blockEnd = max(0, prefix.count - skip)
    }

    deinit {
        storage.pointee.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
        block.deallocate()
    }

    /// The UTF-8 byte order mark, dropped from the start of the input.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

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
        if isFinished { return nil }
        storage.pointee.reset()
        while true {
            if blockStart == blockEnd {
                if isSourceExhausted {
                    parser.finish(into: storage)
                    isFinished = true
                    break
                }
                try refill()
                continue
            }
            feedSegment()
            if !storage.pointee.isInRecord
                && (storage.pointee.recordCount >= batchRecords || storage.pointee.byteCount >= batchBytes)
            {
                break
            }
        }
        if storage.pointee.recordCount == 0 { return nil }
        let batch = RecordBatch(storage: storage.pointee, firstRecordIndex: recordsHandedOut)
        recordsHandedOut += batch.count
        return batch
    }

    private func refill() throws(InputError) {
        blockStart = 0
        blockEnd = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: block[0..<readSize]))
        if blockEnd == 0 { isSourceExhausted = true }
    }

    /// Feeds libcsv the rest of the current line (or of the block), keeping line numbers.
    private func feedSegment() {
        guard let base = block.baseAddress else { return }
        let start = base + blockStart
        let available = blockEnd - blockStart
        let newline = memchr(start, 0x0A, available)
        let length = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(start) + 1 } ?? available
        if isAtLineStart && !storage.pointee.isInRecord && !CSVReader.isBlank(start, length) {
            storage.pointee.isInRecord = true
            storage.pointee.recordStartLine = storage.pointee.line
        }
        parser.parse(UnsafeRawBufferPointer(start: start, count: length), into: storage)
        if parser.pendingFieldSize > storage.pointee.maxFieldSize {
            if storage.pointee.oversizedFieldPrefix == nil {
                storage.pointee.oversizedFieldPrefix = parser.discardPendingField(keeping: RecordStorage.truncatedFieldLength)
            } else {
                _ = parser.discardPendingField(keeping: 0)
            }
            storage.pointee.pendingProblem = .fieldTooLarge
        }
        blockStart += length
        isAtLineStart = newline != nil
        if isAtLineStart { storage.pointee.line += 1 }
    }

    /// `true` when the segment holds only CR and LF bytes (a line libcsv skips).
    private static func isBlank(_ start: UnsafeMutableRawPointer, _ length: Int) -> Bool {
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        for i in 0..<length where bytes[i] != 0x0D && bytes[i] != 0x0A { return false }
        return true
    }
}
