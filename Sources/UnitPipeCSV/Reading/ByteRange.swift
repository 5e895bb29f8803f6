// Shards (`--byte-range START:END`): a shard processes exactly the records that
// start in [START, END), so shards of any cuts together hold every record once.
// Where those records begin and end is found by the quote-parity search; where
// parity cannot decide (a stray quote before the offset), by the record parser
// itself from the last certain record start — slower, and exactly what one run
// over the whole file reads.

/// The records of one shard: those that start in `[start, end)`, the first numbered `record` on `line`.
public struct ResolvedByteRange: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var record: Int
    public var line: Int
    /// Where the file's first data record starts (its size when it has none): the shard that
    /// starts there also accounts for the bytes before it.
    public var firstRecordStart: Int

    public init(start: Int, end: Int, record: Int, line: Int, firstRecordStart: Int) {
        self.start = start
        self.end = end
        self.record = record
        self.line = line
        self.firstRecordStart = firstRecordStart
    }
}

extension RecordStartSearch {
    /// Resolves a requested byte range to the records it holds.
    ///
    /// - Parameters:
    ///   - path: The file (a regular file).
    ///   - requested: `START..<END` as given.
    ///   - firstRecord: With `firstLine`: START is a record start with this number and line
    ///     (from `unitpipe plan`), taken as given; without them START is located.
    ///   - data: The offset right after the header (or the BOM), numbered record 1 on its line.
    ///   - dialect: How the file is read.
    ///   - maxFieldSize: The reader's field limit (for the parser, where parity cannot decide).
    /// - Throws: `InputError` when the file cannot be read.
    public static func resolve(
        path: String, requested: Range<Int>, firstRecord: Int?, firstLine: Int?, data: RecordPosition,
        dialect: CSVDialect, maxFieldSize: Int
    ) throws(InputError) -> ResolvedByteRange {
        let input = try InputSource(path: path)
        guard let size = input.fileDescriptor.regularFileSize else { throw .notRegularFile(path) }
        try RecordStartSearch.refuseCompressed(input.fileDescriptor, path: path)
        let locator = Locator(path: path, file: input.fileDescriptor, size: size, dialect: dialect, maxFieldSize: maxFieldSize)
        let first = try locator.locate(atOrAfter: data.offset, from: data)
        let firstRecordStart = first?.offset ?? size
        var start: RecordPosition?
        if let firstRecord, let firstLine, let first, requested.lowerBound > first.offset {
            start = RecordPosition(offset: requested.lowerBound, record: firstRecord, line: firstLine)
        } else if let first {
            start = requested.lowerBound <= first.offset ? first : try locator.locate(atOrAfter: requested.lowerBound, from: first)
        }
        guard let start, start.offset < requested.upperBound, start.offset < size else {
            let at = min(start?.offset ?? size, size)
            return ResolvedByteRange(
                start: at, end: at, record: start?.record ?? 1, line: start?.line ?? 1, firstRecordStart: firstRecordStart)
        }
        let end = try locator.locate(atOrAfter: requested.upperBound, from: start)?.offset ?? size
        return ResolvedByteRange(start: start.offset, end: end, record: start.record, line: start.line, firstRecordStart: firstRecordStart)
    }

    /// Throws when `file` starts like a gzip or zstd stream: its offsets are not the text's.
    public static func refuseCompressed(_ file: FileDescriptor, path: String) throws(InputError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1)
        defer { buffer.deallocate() }
        let n: Int
        do {
            n = try file.read(into: buffer, atOffset: 0)
        } catch {
            throw .cannotRead(path, error)
        }
        let magic = Array(buffer.prefix(n))
        if n >= 2 && magic[0] == 0x1F && magic[1] == 0x8B { throw .compressedAtOffsets(path, "gzip") }
        if magic == [0x28, 0xB5, 0x2F, 0xFD] { throw .compressedAtOffsets(path, "zstd") }
    }

    /// Finds record starts by parity, and by the record parser where parity cannot decide.
    struct Locator {
        let path: String
        let file: FileDescriptor
        let size: Int
        let dialect: CSVDialect
        let maxFieldSize: Int

        /// The first record start at or after `target`, from `origin`; `nil` when there is none.
        func locate(atOrAfter target: Int, from origin: RecordPosition) throws(InputError) -> RecordPosition? {
            let search: Result
            do {
                search = try RecordStartSearch.run(
                    file: file, from: origin, targets: [target], delimiter: dialect.delimiter, quote: dialect.quote)
            } catch {
                throw .cannotRead(path, error)
            }
            if let found = search.found[0] { return found }
            guard search.anomaly != nil else { return nil }
            return try RecordStartSearch.parse(path: path, from: origin, atOrAfter: target, dialect: dialect, maxFieldSize: maxFieldSize)
        }
    }

    /// The first record start at or after `target`, found by the record parser reading from `origin`
    /// (a record start) in chunks cut at line ends, as a run reads the file; `nil` when there is none.
    static func parse(
        path: String, from origin: RecordPosition, atOrAfter target: Int, dialect: CSVDialect, maxFieldSize: Int
    ) throws(InputError) -> RecordPosition? {
        let input = try InputSource(path: path)
        guard let size = input.fileDescriptor.regularFileSize else { throw .notRegularFile(path) }
        input.restrict(to: origin.offset..<size)
        let chunks = ChunkReader(source: input, start: [])
        let chunk = chunks.makeChunk()
        let parser = RecordParser(dialect: dialect, maxFieldSize: maxFieldSize, firstLine: origin.line)
        var offset = origin.offset
        var record = origin.record
        while try chunks.fill(chunk) {
            let bytes = chunk.bytes
            var position = 0
            // Every piece fed starts a line: a chunk ends at a line end, a piece at the next one.
            while position < bytes.count {
                let wasInRecord = parser.isInRecord
                let pending = parser.pendingRecords
                let line = parser.line
                let n = parser.feedLine(UnsafeRawBufferPointer(rebasing: bytes[position...]))
                if !wasInRecord && (parser.isInRecord || parser.pendingRecords > pending) {
                    if offset + position >= target { return RecordPosition(offset: offset + position, record: record, line: line) }
                    record += 1
                }
                position += n
                if !parser.isInRecord { parser.clearBatch() }
            }
            parser.endPiece()
            offset += bytes.count
            if chunk.isLast { break }
        }
        return nil
    }
}
