// Records from bytes, with the line each starts on. libcsv reports no
// positions, so the parser hands it one physical line at a time (split after
// LF, CRLF or a lone CR, found with memchr): a record starts on the first line after the previous record's
// end that holds anything but CR/LF (libcsv skips blank lines). Complete
// records collect in a reused `RecordStorage` and are handed out as
// `RecordBatch` views, only ever between records. Lines that start a record and hold no
// quote byte are split without libcsv, a run of them at a time (PlainLineSplitter.swift);
// libcsv is then between records, as it would be after parsing those lines itself.

#if canImport(Glibc)
import Glibc
#endif

/// Parses bytes into batches of records, keeping line numbers and bounding field sizes.
package final class RecordParser {
    private let parser: LibCSVParser
    /// Splits quote-free lines without libcsv; `nil` with `--reader libcsv`.
    private let splitter: PlainLineSplitter?
    private let storage: UnsafeMutablePointer<RecordStorage>
    private var isAtLineStart = true
    /// `true` when the last piece fed ended with a CR whose line end is not settled yet.
    private var isAfterCarriageReturn = false
    private var recordsHandedOut = 0
    private let batchRecords: Int
    private let batchBytes = 1 << 20
    /// Bytes fed since the reset: the offset of the next byte.
    private var consumed = 0
    /// With `keepsRawBytes`: the bytes records still need past their piece (RawWindow.swift).
    private let carry: RawCarry?
    /// The piece being parsed (between `beginPiece` and `retainRawBytes`) and its offset.
    private var piece: UnsafeRawBufferPointer?
    private var pieceStart = 0

    /// Creates a parser for `dialect`; lines are counted from `firstLine`.
    ///
    /// `usesBuiltInSpaceTest: false` makes libcsv call the keep-spaces test on every byte
    /// (slower, same records; tests compare the two). `classifier` is the splitter's byte
    /// classifier (tests run each version; ByteClassifier.swift).
    package init(
        dialect: CSVDialect, maxFieldSize: Int, batchRecords: Int = 8192, firstLine: Int = 1,
        usesBuiltInSpaceTest: Bool = true, reader: ReaderKind = .default, keepsRawBytes: Bool = false,
        classifier: ByteClassifier = .default
    ) {
        carry = keepsRawBytes ? RawCarry() : nil
        parser = LibCSVParser(
            delimiter: dialect.delimiter, quote: dialect.quote, usesBuiltInSpaceTest: usesBuiltInSpaceTest)
        splitter = reader == .split
            ? PlainLineSplitter(delimiter: dialect.delimiter, quote: dialect.quote, classifier: classifier) : nil
        storage = .allocate(capacity: 1)
        storage.initialize(to: RecordStorage(maxFieldSize: maxFieldSize, separator: dialect.delimiter))
        storage.pointee.line = firstLine
        self.batchRecords = batchRecords
    }

    deinit {
        storage.pointee.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Returns to the state of a new parser (line 1, no records), keeping the memory.
    package func reset() {
        parser.reset()
        storage.pointee.reset()
        storage.pointee.line = 1
        storage.pointee.isInRecord = false
        storage.pointee.pendingProblem = .none
        storage.pointee.oversizedFieldPrefix = nil
        storage.pointee.isOpenRecordPlain = true
        isAtLineStart = true
        isAfterCarriageReturn = false
        recordsHandedOut = 0
        consumed = 0
        storage.pointee.lineStart = 0
        storage.pointee.unsettledRawEnds = 0
        piece = nil
        carry?.clear(at: 0)
    }

    /// `true` between a record's first byte and its end: the bytes fed so far end inside a record.
    package var isInRecord: Bool { storage.pointee.isInRecord }

    /// The line the next byte fed is on.
    package var line: Int { storage.pointee.line }

    /// The bytes fed since the parser's reset.
    package var bytesFed: Int { consumed }

    /// `true` when enough complete records are collected to hand out a batch.
    package var isBatchFull: Bool {
        !storage.pointee.isInRecord && storage.pointee.unsettledRawEnds == 0
            && (storage.pointee.recordCount >= batchRecords || storage.pointee.byteCount >= batchBytes)
    }

    /// The number of complete records waiting in the current batch.
    package var pendingRecords: Int { storage.pointee.recordCount }

    /// Parses the bytes of `bytes` up to the end of the first line — after a LF, a CRLF or a
    /// lone CR (old Mac files) — or all of them; returns how many bytes it consumed.
    package func feedLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        let n = feedLineCounted(bytes, lineLimit: 1)
        consumed += n
        return n
    }

    /// Parses the bytes of `bytes` up to the end of the first line, as `feedLine`, or — when
    /// that line and the ones after it hold no quote byte — up to the end of the last such line
    /// that fits in the batch; returns how many bytes it consumed.
    package func feedLines(_ bytes: UnsafeRawBufferPointer) -> Int {
        let n = feedLineCounted(bytes, lineLimit: Int.max)
        consumed += n
        return n
    }

    private func feedLineCounted(_ bytes: UnsafeRawBufferPointer, lineLimit: Int) -> Int {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return 0 }
        if isAfterCarriageReturn {
            // The previous piece ended with CR: a LF now completes a CRLF; anything else means the
            // CR ended its line alone.
            isAfterCarriageReturn = false
            storage.pointee.line += 1
            isAtLineStart = true
            if bytes[0] == 0x0A {
                parser.parse(UnsafeRawBufferPointer(start: start, count: 1), into: storage)
                storage.pointee.startLine(at: consumed + 1)
                return 1
            }
            storage.pointee.startLine(at: consumed)
        }
        var taken = 0
        if isAtLineStart && !storage.pointee.isInRecord && storage.pointee.unsettledRawEnds == 0, let splitter {
            // libcsv is between records (as after a record or a blank line), where it stays.
            let run = splitter.splitLines(
                bytes, offset: consumed, into: storage, lineLimit: lineLimit, recordLimit: batchRecords,
                byteLimit: batchBytes)
            if run.endsWithCarriageReturn {
                isAfterCarriageReturn = true
                isAtLineStart = false
                return run.consumed
            }
            if !run.leavesLineToLibCSV { return run.consumed }
            taken = run.consumed
        }
        return taken + feedLibCSVLine(UnsafeRawBufferPointer(rebasing: bytes[taken...]), at: consumed + taken)
    }

    /// `feedLine` through libcsv, for bytes at offset `offset` of the bytes fed since the reset.
    private func feedLibCSVLine(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return 0 }
        let count = bytes.count
        let newline = memchr(start, 0x0A, count).map { UnsafeRawPointer($0) - start }
        var length = newline.map { $0 + 1 } ?? count
        var endsLine = newline != nil
        if let cr = memchr(start, 0x0D, newline ?? count).map({ UnsafeRawPointer($0) - start }) {
            if cr + 1 == count {
                // A CR at the end of what is here: whether a LF follows is decided by the next piece.
                length = count
                endsLine = false
                isAfterCarriageReturn = true
            } else {
                length = bytes[cr + 1] == 0x0A ? cr + 2 : cr + 1
                endsLine = true
            }
        }
        if isAtLineStart && !storage.pointee.isInRecord && !RecordParser.isBlank(start, length) {
            storage.pointee.isInRecord = true
            storage.pointee.recordStartLine = storage.pointee.line
            storage.pointee.recordRawStart = storage.pointee.lineStart
        }
        parser.parse(UnsafeRawBufferPointer(start: start, count: length), into: storage)
        if storage.pointee.oversizedFieldPrefix != nil || parser.pendingFieldSize > storage.pointee.maxFieldSize {
            // The field is over the limit: its bytes so far go to its prefix (up to the length kept
            // for the report; the field's end tops it up), so the prefix is the same for any pieces.
            var prefix = storage.pointee.oversizedFieldPrefix ?? []
            storage.pointee.oversizedFieldPrefix = nil
            parser.discardPendingField(appendingTo: &prefix, limit: RecordStorage.truncatedFieldLength)
            storage.pointee.oversizedFieldPrefix = prefix
            storage.pointee.note(.fieldTooLarge)
        }
        if !storage.pointee.isInRecord { parser.releaseLargeBuffer() }
        isAtLineStart = endsLine
        if endsLine {
            storage.pointee.line += 1
            storage.pointee.startLine(at: offset + length)
        }
        return length
    }

    /// Settles a CR that ended the bytes fed so far as a line end of its own, for a caller that
    /// knows no LF follows it (a chunk is cut after a CR only when the next byte is not a LF).
    package func endPiece() {
        guard isAfterCarriageReturn else { return }
        isAfterCarriageReturn = false
        storage.pointee.line += 1
        storage.pointee.startLine(at: consumed)
        isAtLineStart = true
    }

    /// Feeds every byte of `sample`, collecting its records in one batch (create the parser with
    /// `batchRecords: Int.max`); `isComplete` also ends the input.
    package func feed(sample: [UInt8], isComplete: Bool) {
        sample.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count { offset += feedLines(UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        }
        if isComplete { finish() }
    }

    /// Ends the input: flushes a last record without a final newline, marking an unterminated quote.
    package func finish() {
        parser.finish(into: storage)
        // The last record ends with the input, with or without a line end.
        storage.pointee.startLine(at: consumed)
    }

    /// Starts parsing `bytes` (fed next with `feedLine`): with `keepsRawBytes`, rejected records
    /// can be copied from them until ``retainRawBytes()``.
    package func beginPiece(_ bytes: UnsafeRawBufferPointer) {
        guard carry != nil else { return }
        piece = bytes
        pieceStart = consumed
    }

    /// Ends the piece begun with ``beginPiece(_:)``: copies into the carry the bytes of the
    /// records still waiting for a batch and of the open record — unless that one is too large
    /// to keep (it will not be copied to the rejects).
    package func retainRawBytes() {
        guard let carry else { return }
        defer { piece = nil }
        let records = storage.pointee.recordCount
        let isOpen = storage.pointee.isInRecord
        let isOpenKept = isOpen && !storage.pointee.pendingProblem.isTruncated
        var end = consumed
        if isOpen && !isOpenKept {
            end = records > 0 ? max(0, storage.pointee.recordRawEnds[records - 1]) : consumed
        }
        let needed = records > 0 ? storage.pointee.recordRawStarts[0] : (isOpenKept ? storage.pointee.recordRawStart : end)
        guard needed < end, let piece else { return carry.clear(at: end) }
        carry.keep(needed..<end, piece: piece, pieceStart: pieceStart)
    }

    /// The complete records collected so far; valid until `clearBatch()`.
    package func batch() -> RecordBatch {
        RecordBatch(
            storage: storage.pointee, firstRecordIndex: recordsHandedOut,
            raw: carry?.window(piece: piece, pieceStart: pieceStart) ?? RawWindow())
    }

    /// Between records, gives back the memory a huge field or record made the parser hold.
    package func releaseLargeBuffers() {
        guard !storage.pointee.isInRecord, storage.pointee.recordCount == 0 else { return }
        storage.pointee.releaseLargeStorage()
    }

    /// Forgets the records of the current batch (between records only).
    package func clearBatch() {
        recordsHandedOut += storage.pointee.recordCount
        storage.pointee.reset()
    }

    /// `true` when the segment holds only CR and LF bytes (a line libcsv skips).
    private static func isBlank(_ start: UnsafeRawPointer, _ length: Int) -> Bool {
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        for i in 0..<length where bytes[i] != 0x0D && bytes[i] != 0x0A { return false }
        return true
    }
}
