// Shards (`--byte-range START:END`): a shard processes exactly the records that
// start in [START, END), so shards of any cuts together hold every record once.
// Where those records begin and end is found by the quote-parity search; where
// parity cannot decide (a stray quote before the offset), by the record parser
// itself from the last certain record start — slower, and exactly what one run
// over the whole file reads.
//
// A shard may instead find its first record from the bytes after START alone
// (no scan from the file's start), numbering it record 1 on line 1: it tries
// both states START can be in — outside or inside a quoted field — and keeps
// the one parity does not contradict (a quote where libcsv could not put one).
// That is a guess: most cuts decide it within a record, and a file can hold
// stretches where both states read as CSV. It is checked by whoever joins the
// shards: the previous shard says where the next record after its range
// starts (`next`), which is certain once its own start is, so a chain of
// shards that agree link by link is exact, and a link that disagrees names
// the shard to run again from the right start.

/// The records of one shard: those that start in `[start, end)`, the first numbered `record` on `line`.
public struct ResolvedByteRange: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var record: Int
    public var line: Int
    /// Where the file's first data record starts (its size when it has none): the shard that
    /// starts there also accounts for the bytes before it.
    public var firstRecordStart: Int
    /// The first record at or after END (at START for an empty range), numbered as this shard
    /// numbers its records; `nil` when none starts before the end of the file.
    public var next: RecordPosition?
    /// `true` when START's first record was guessed from the bytes after it (see the note above).
    public var isGuessed = false

    public init(start: Int, end: Int, record: Int, line: Int, firstRecordStart: Int, next: RecordPosition? = nil) {
        self.start = start
        self.end = end
        self.record = record
        self.line = line
        self.firstRecordStart = firstRecordStart
        self.next = next
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
    ///   - guessesStart: Without `firstRecord`: START's first record is guessed from the bytes
    ///     after START and numbered record 1 on line 1, instead of found by a scan from `data`.
    /// - Throws: `InputError` when the file cannot be read.
    public static func resolve(
        path: String, requested: Range<Int>, firstRecord: Int?, firstLine: Int?, data: RecordPosition,
        dialect: CSVDialect, maxFieldSize: Int, guessesStart: Bool = false
    ) throws(InputError) -> ResolvedByteRange {
        let input = try InputSource(path: path)
        guard let size = input.fileDescriptor.regularFileSize else { throw .notRegularFile(path) }
        try RecordStartSearch.refuseCompressed(input.fileDescriptor, path: path)
        let locator = Locator(path: path, file: input.fileDescriptor, size: size, dialect: dialect, maxFieldSize: maxFieldSize)
        let first = try locator.locate(atOrAfter: data.offset, from: data)
        let firstRecordStart = first?.offset ?? size
        var start: RecordPosition?
        var isGuessed = false
        if let firstRecord, let firstLine, let first, requested.lowerBound > first.offset {
            start = RecordPosition(offset: requested.lowerBound, record: firstRecord, line: firstLine)
        } else if let first, requested.lowerBound <= first.offset {
            start = first
        } else if let first {
            let guess = guessesStart ? try locator.guess(atOrAfter: requested.lowerBound, through: requested.upperBound) : nil
            if let guess {
                start = guess.position
                isGuessed = true
            } else {
                start = try locator.locate(atOrAfter: requested.lowerBound, from: first)
            }
        }
        guard let start, start.offset < requested.upperBound, start.offset < size else {
            let at = min(start?.offset ?? size, size)
            var empty = ResolvedByteRange(
                start: at, end: at, record: start?.record ?? 1, line: start?.line ?? 1, firstRecordStart: firstRecordStart,
                next: start.flatMap { $0.offset < size ? $0 : nil })
            empty.isGuessed = isGuessed
            return empty
        }
        let next = try locator.locate(atOrAfter: requested.upperBound, from: start)
        var range = ResolvedByteRange(
            start: start.offset, end: next?.offset ?? size, record: start.record, line: start.line,
            firstRecordStart: firstRecordStart, next: next)
        range.isGuessed = isGuessed
        return range
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

        /// A guess at the first record start at or after `target` (past the first data record),
        /// numbered record 1 on line 1, from the bytes from `target - 1` on: the state at `target`
        /// (outside or inside a quoted field) that parity does not contradict up to the first
        /// record start at or after `limit`; outside when neither or both are contradicted there.
        /// `nil` when the state kept is contradicted before it gives a record start: the caller
        /// then scans from a certain start.
        func guess(atOrAfter target: Int, through limit: Int) throws(InputError) -> (position: RecordPosition, isInside: Bool)? {
            let previous = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
            defer { previous.deallocate() }
            let byte: UInt8
            do {
                guard target > 0, try file.read(into: previous, atOffset: target - 1) == 1 else { return nil }
                byte = previous[0]
            } catch {
                throw .cannotRead(path, error)
            }
            let endsLine = byte == 0x0A || byte == 0x0D
            let isBoundary = endsLine || byte == dialect.delimiter || byte == dialect.quote
            let origin = RecordPosition(offset: target, record: 1, line: 1)
            let targets = limit > target ? [target, limit] : [target]
            var results: [Result] = []
            for isInside in [false, true] {
                let entry = ScanEntry(isInsideQuotes: isInside, followsRecordEnd: !isInside && endsLine, followsBoundary: isBoundary)
                do {
                    results.append(try RecordStartSearch.run(
                        file: file, from: origin, targets: targets, delimiter: dialect.delimiter, quote: dialect.quote, entry: entry))
                } catch {
                    throw .cannotRead(path, error)
                }
                // Without quoting there is no inside.
                if dialect.quote == nil { break }
            }
            let outside = results[0]
            let inside = results.count > 1 ? results[1] : nil
            let keepsInside: Bool
            switch (outside.anomaly, inside?.anomaly) {
            case (.some, .none) where inside != nil: keepsInside = true
            case (.some(let a), .some(let b)): keepsInside = b.offset > a.offset
            default: keepsInside = false
            }
            guard let kept = keepsInside ? inside : outside else { return nil }
            // Numbered from its own start (the scan counted from `target`).
            if let position = kept.found[0] { return (RecordPosition(offset: position.offset, record: 1, line: 1), keepsInside) }
            // No record starts after `target`: the range is empty, at the end of the file.
            return kept.anomaly == nil ? (RecordPosition(offset: size, record: 1, line: 1), keepsInside) : nil
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
