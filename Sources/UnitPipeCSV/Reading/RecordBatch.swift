// A batch of parsed records in one reusable byte arena (after rust-csv's
// ByteRecord): all field bytes back to back, each followed by the delimiter,
// the end offset of every field, and per record the end index into the
// fields, the physical line it starts on, whether it was malformed and whether
// it is plain, and the span of input bytes it was read from (its first byte
// to its line end, as offsets into the bytes fed since the reader's reset;
// RawWindow.swift keeps those bytes for the rejects). The delimiters make a record's fields, as stored, the same
// bytes as its line when nothing in it was quoted, so the writer can copy a
// run of plain fields in one go. The arena is followed by `RecordBatch.readableSlack` bytes it
// never stores into, so such a run may be copied in 16-byte blocks that read past its end.
// The reader owns the memory and reuses it for the next batch, so a batch is a view valid
// until the reader's next call.

/// Growable storage the libcsv callbacks append to, reached through a raw pointer.
struct RecordStorage {
    /// The byte arena: `byteCapacity` bytes, then `RecordBatch.readableSlack` more that are
    /// allocated but never stored into.
    var bytes: UnsafeMutablePointer<UInt8>
    var byteCount = 0
    var byteCapacity: Int
    var fieldEnds: UnsafeMutablePointer<Int>
    var fieldCount = 0
    var fieldCapacity: Int
    var recordEnds: UnsafeMutablePointer<Int>
    var recordLines: UnsafeMutablePointer<Int>
    var recordProblems: UnsafeMutablePointer<RecordProblem>
    /// Per record, the fields whose stored bytes a minimally quoting writer might not write as
    /// they are (bit f for field f; every bit when the reader did not look field by field), 0 for a
    /// plain record.
    var recordQuotedFields: UnsafeMutablePointer<UInt64>
    /// Per record, the offsets (in the bytes fed since the reader's reset) of its first byte
    /// and of the byte after its line end; `-1` while its line end is not settled.
    var recordRawStarts: UnsafeMutablePointer<Int>
    var recordRawEnds: UnsafeMutablePointer<Int>
    var recordCount = 0
    var recordCapacity: Int
    /// The byte stored after every field: the dialect's delimiter.
    let separator: UInt8

    /// The physical line (1-based) the reader is feeding.
    var line = 1
    /// The line on which the record being parsed started.
    var recordStartLine = 1
    /// The offset of the current line's first byte in the bytes fed since the reader's reset.
    var lineStart = 0
    /// The offset of the first byte of the record being parsed (a record starts at a line start).
    var recordRawStart = 0
    /// Records at the end of the batch whose line end is not settled yet (their raw end is `-1`).
    var unsettledRawEnds = 0
    /// `true` between the first byte of a record and its terminator.
    var isInRecord = false
    /// A problem to attach to the record being parsed when it ends.
    var pendingProblem = RecordProblem.none
    /// Longest field accepted; longer fields are truncated and their record marked.
    var maxFieldSize: Int
    /// Where the open record's budget ends, in `storedSize` terms: a record may hold
    /// `maxFieldSize` bytes, counting a separator and `fieldCost` per field after the first.
    /// Fields past it are dropped and the record marked, so memory is bounded for any record.
    var recordBudgetEnd = 0
    /// The start of an oversized field whose bytes libcsv was told to drop; it stands in for the field.
    var oversizedFieldPrefix: [UInt8]? = nil
    /// Whether the piece being parsed holds no quote and no trimmable space (SpaceTrimCheck).
    var isPiecePlain = false
    /// Whether every piece the open record has taken bytes from so far was plain.
    var isOpenRecordPlain = true

    init(maxFieldSize: Int, separator: UInt8) {
        self.separator = separator
        byteCapacity = 1 << 20
        fieldCapacity = 1 << 14
        recordCapacity = 1 << 12
        bytes = PlainBuffer.allocate(UInt8.self, capacity: byteCapacity + RecordBatch.readableSlack)
        fieldEnds = PlainBuffer.allocate(Int.self, capacity: fieldCapacity)
        recordEnds = PlainBuffer.allocate(Int.self, capacity: recordCapacity)
        recordLines = PlainBuffer.allocate(Int.self, capacity: recordCapacity)
        recordProblems = PlainBuffer.allocate(RecordProblem.self, capacity: recordCapacity)
        recordQuotedFields = PlainBuffer.allocate(UInt64.self, capacity: recordCapacity)
        recordRawStarts = PlainBuffer.allocate(Int.self, capacity: recordCapacity)
        recordRawEnds = PlainBuffer.allocate(Int.self, capacity: recordCapacity)
        self.maxFieldSize = maxFieldSize
        startRecordBudget()
    }

    func deallocate() {
        PlainBuffer.free(bytes)
        PlainBuffer.free(fieldEnds)
        PlainBuffer.free(recordEnds)
        PlainBuffer.free(recordLines)
        PlainBuffer.free(recordProblems)
        PlainBuffer.free(recordQuotedFields)
        PlainBuffer.free(recordRawStarts)
        PlainBuffer.free(recordRawEnds)
    }

    /// Appends one field's bytes (a libcsv field callback).
    @inline(__always)
    mutating func appendField(_ source: UnsafeRawPointer?, count: Int) {
        if !isInRecord {
            isInRecord = true
            recordStartLine = line
            recordRawStart = lineStart
        }
        // The common case: an ordinary field that fits (in the record's budget and the storage).
        if let source, storedSize(adding: count) <= recordBudgetEnd, oversizedFieldPrefix == nil,
            byteCount + count < byteCapacity, fieldCount < fieldCapacity
        {
            copyBytes(bytes + byteCount, source.assumingMemoryBound(to: UInt8.self), count)
            byteCount += count
            fieldEnds[fieldCount] = byteCount
            bytes[byteCount] = separator
            byteCount += 1
            fieldCount += 1
            return
        }
        appendFieldSlowly(source, count: count)
    }

    /// The storage's size in the record budget's terms (bytes, separators included, plus
    /// `fieldCost` per field) once a field of `count` bytes is added.
    @inline(__always)
    func storedSize(adding count: Int) -> Int {
        byteCount &+ count &+ 1 &+ (fieldCount &+ 1) &* RecordStorage.fieldCost
    }

    /// Bytes of bookkeeping counted per field against the record budget (its end offset).
    static let fieldCost = MemoryLayout<Int>.stride

    /// Starts the next record's budget: `maxFieldSize` bytes, plus one separator and
    /// `fieldCost` for each field but the first (so a record of one field of the largest size fits).
    mutating func startRecordBudget() {
        recordBudgetEnd = byteCount &+ fieldCount &* RecordStorage.fieldCost &+ maxFieldSize &+ 1 &+ RecordStorage.fieldCost
    }

    /// `appendField` when the storage must grow, the field is empty or oversized, the record is
    /// over its budget, or an oversized field's prefix stands in for it.
    @inline(never)
    private mutating func appendFieldSlowly(_ source: UnsafeRawPointer?, count: Int) {
        if var prefix = oversizedFieldPrefix, let source {
            // The end of an oversized field whose first bytes were dropped piece by piece: its
            // last bytes top up the prefix, as if the field had come in one piece.
            oversizedFieldPrefix = nil
            prefix.append(contentsOf: UnsafeRawBufferPointer(start: source, count: min(count, max(0, RecordStorage.truncatedFieldLength - prefix.count))))
            oversizedFieldPrefix = prefix
        }
        let storedCount = oversizedFieldPrefix?.count ?? (count > maxFieldSize ? min(count, RecordStorage.truncatedFieldLength) : count)
        if oversizedFieldPrefix != nil || count > maxFieldSize { note(.fieldTooLarge) }
        if storedSize(adding: storedCount) > recordBudgetEnd {
            // Too many fields: the record keeps those that fit (for the error report) and is marked.
            oversizedFieldPrefix = nil
            note(.recordTooLarge)
            return
        }
        if let prefix = oversizedFieldPrefix {
            oversizedFieldPrefix = nil
            prefix.withUnsafeBytes { appendBytes($0.baseAddress, count: $0.count) }
        } else if count > maxFieldSize {
            appendBytes(source, count: min(count, RecordStorage.truncatedFieldLength))
        } else {
            appendBytes(source, count: count)
        }
        if fieldCount == fieldCapacity { grow(&fieldEnds, capacity: &fieldCapacity, needed: fieldCount + 1) }
        fieldEnds[fieldCount] = byteCount
        if byteCount == byteCapacity { grow(&bytes, capacity: &byteCapacity, needed: byteCount + 1, slack: RecordBatch.readableSlack) }
        bytes[byteCount] = separator
        byteCount += 1
        fieldCount += 1
    }

    /// Marks the open record with `problem` unless it already has one that outranks it (see
    /// `RecordProblem.rank`), so the mark does not depend on the order problems are found in —
    /// which, for an oversized field, depends on where reads end.
    @inline(__always)
    mutating func note(_ problem: RecordProblem) {
        if problem.rank > pendingProblem.rank { pendingProblem = problem }
    }

    /// How many bytes of an oversized field are kept for the error report.
    static let truncatedFieldLength = 256

    private mutating func appendBytes(_ source: UnsafeRawPointer?, count n: Int) {
        if byteCount + n > byteCapacity { grow(&bytes, capacity: &byteCapacity, needed: byteCount + n, slack: RecordBatch.readableSlack) }
        if let source, n > 0 {
            copyBytes(bytes + byteCount, source.assumingMemoryBound(to: UInt8.self), n)
        }
        byteCount += n
    }

    /// Closes the current record (a libcsv record callback).
    mutating func endRecord() {
        if recordCount == recordCapacity { reserve(records: recordCount + 1) }
        recordEnds[recordCount] = fieldCount
        recordLines[recordCount] = isInRecord ? recordStartLine : line
        recordProblems[recordCount] = pendingProblem
        recordQuotedFields[recordCount] = isOpenRecordPlain && isPiecePlain ? 0 : ~0
        recordRawStarts[recordCount] = isInRecord ? recordRawStart : lineStart
        recordRawEnds[recordCount] = -1
        unsettledRawEnds += 1
        recordCount += 1
        isInRecord = false
        pendingProblem = .none
        isOpenRecordPlain = true
        startRecordBudget()
    }

    /// Appends the record whose fields were just stored by the plain-line splitter.
    @inline(__always)
    mutating func appendRecord(line: Int, isPlain: Bool) {
        isInRecord = true
        recordStartLine = line
        recordRawStart = lineStart
        isPiecePlain = isPlain
        isOpenRecordPlain = true
        endRecord()
    }

    /// Makes room for `needed` records in all.
    mutating func reserve(records needed: Int) {
        guard needed > recordCapacity else { return }
        var capacity = recordCapacity
        grow(&recordEnds, capacity: &capacity, needed: needed)
        capacity = recordCapacity
        grow(&recordLines, capacity: &capacity, needed: needed)
        capacity = recordCapacity
        grow(&recordProblems, capacity: &capacity, needed: needed)
        capacity = recordCapacity
        grow(&recordQuotedFields, capacity: &capacity, needed: needed)
        capacity = recordCapacity
        grow(&recordRawStarts, capacity: &capacity, needed: needed)
        capacity = recordCapacity
        grow(&recordRawEnds, capacity: &capacity, needed: needed)
        recordCapacity = capacity
    }

    /// Makes room for `bytes` arena bytes and `fields` field ends in all.
    @inline(__always)
    mutating func reserve(bytes needed: Int, fields neededFields: Int) {
        if needed > byteCapacity { grow(&bytes, capacity: &byteCapacity, needed: needed, slack: RecordBatch.readableSlack) }
        if neededFields > fieldCapacity { grow(&fieldEnds, capacity: &fieldCapacity, needed: neededFields) }
    }

    /// Notes, after a piece is parsed, that a record left open took bytes from it.
    mutating func notePieceParsed() {
        if isInRecord { isOpenRecordPlain = isOpenRecordPlain && isPiecePlain }
    }

    /// Notes that a new line starts at `offset`: the records that ended on the line before end there.
    @inline(__always)
    mutating func startLine(at offset: Int) {
        lineStart = offset
        if unsettledRawEnds > 0 { settleRawEnds(at: offset) }
    }

    @inline(never)
    private mutating func settleRawEnds(at offset: Int) {
        for r in (recordCount - unsettledRawEnds)..<recordCount { recordRawEnds[r] = offset }
        unsettledRawEnds = 0
    }

    /// Forgets every complete record; only valid between records.
    mutating func reset() {
        byteCount = 0
        fieldCount = 0
        recordCount = 0
        unsettledRawEnds = 0
        startRecordBudget()
    }

    /// Between batches, gives back the byte arena and field offsets a huge field or record grew
    /// past 4 MiB (`realloc` to the initial sizes), so no parser keeps a 64 MiB arena it used once.
    mutating func releaseLargeStorage() {
        guard byteCount == 0, fieldCount == 0 else { return }
        if byteCapacity > 4 << 20 {
            byteCapacity = 1 << 20
            bytes = PlainBuffer.reallocate(bytes, capacity: byteCapacity + RecordBatch.readableSlack)
        }
        if fieldCapacity > 1 << 19 {
            fieldCapacity = 1 << 14
            fieldEnds = PlainBuffer.reallocate(fieldEnds, capacity: fieldCapacity)
        }
    }

    /// Grows a buffer to hold at least `needed` values (`capacity` of them), with `slack` more allocated after them.
    @inline(never)
    private func grow<T>(_ pointer: inout UnsafeMutablePointer<T>, capacity: inout Int, needed: Int, slack: Int = 0) {
        var newCapacity = max(capacity * 2, 16)
        while newCapacity < needed { newCapacity *= 2 }
        pointer = PlainBuffer.reallocate(pointer, capacity: newCapacity + slack)
        capacity = newCapacity
    }
}

/// What was wrong with a record as read, before any field was looked at.
public enum RecordProblem: UInt8, Sendable {
    case none
    /// The input ended inside a quoted field (an unterminated quote).
    case unterminatedQuote
    /// A field was longer than the reader's maximum field size.
    case fieldTooLarge
    /// Text follows the closing quote of a field (`"ab" ,1`); the field was read on unquoted,
    /// as Python's csv module reads it.
    case textAfterQuote
    /// The record's fields (with `RecordStorage.fieldCost` bytes counted per field after the
    /// first) are more than the maximum field size; only the first fields were kept.
    case recordTooLarge

    /// Which problem a record is marked with when it has several: text after a quote, then too
    /// many fields, then an oversized field (even one whose kept prefix is what overflows the
    /// record); an unterminated quote (found at the end of input, after every other) over all.
    var rank: Int {
        switch self {
        case .none: 0
        case .textAfterQuote: 1
        case .recordTooLarge: 2
        case .fieldTooLarge: 3
        case .unterminatedQuote: 4
        }
    }

    /// `true` when the record as stored lacks bytes of the input (a truncated field, dropped
    /// fields), so it cannot be written back as it was read.
    public var isTruncated: Bool { self == .fieldTooLarge || self == .recordTooLarge }
}

/// A view of parsed records; valid until the reader's next `nextBatch()` call.
public struct RecordBatch {
    /// The number of records in the batch.
    public let count: Int
    /// The 0-based index of the batch's first record in the whole input (header included).
    public let firstRecordIndex: Int
    @usableFromInline package let bytes: UnsafePointer<UInt8>
    @usableFromInline package let fieldEnds: UnsafePointer<Int>
    @usableFromInline let recordEnds: UnsafePointer<Int>
    @usableFromInline let recordLines: UnsafePointer<Int>
    @usableFromInline let recordProblems: UnsafePointer<RecordProblem>
    @usableFromInline let recordQuotedFields: UnsafePointer<UInt64>
    @usableFromInline let recordRawStarts: UnsafePointer<Int>
    @usableFromInline let recordRawEnds: UnsafePointer<Int>
    /// The input bytes the reader still holds (none unless it keeps them for the rejects).
    let raw: RawWindow

    init(storage: RecordStorage, firstRecordIndex: Int, raw: RawWindow = RawWindow()) {
        count = storage.recordCount
        self.firstRecordIndex = firstRecordIndex
        bytes = UnsafePointer(storage.bytes)
        fieldEnds = UnsafePointer(storage.fieldEnds)
        recordEnds = UnsafePointer(storage.recordEnds)
        recordLines = UnsafePointer(storage.recordLines)
        recordProblems = UnsafePointer(storage.recordProblems)
        recordQuotedFields = UnsafePointer(storage.recordQuotedFields)
        recordRawStarts = UnsafePointer(storage.recordRawStarts)
        recordRawEnds = UnsafePointer(storage.recordRawEnds)
        self.raw = raw
    }

    /// The bytes `record` was read from, as they are in the input — its first byte to its line
    /// end included (a last record without one has none) — in up to two parts (bytes kept from
    /// earlier reads, then the current read's); `nil` when the reader does not hold them all
    /// (it was not asked to keep them, or the record was too large to keep).
    public func rawBytes(of record: Int) -> (UnsafeRawBufferPointer, UnsafeRawBufferPointer)? {
        raw.bytes(recordRawStarts[record]..<max(recordRawStarts[record], recordRawEnds[record]), settled: recordRawEnds[record] >= 0)
    }

    /// Bytes that may be read past the end of the batch's byte arena (allocated, never stored into):
    /// a run of fields that ends at the arena's end may still be read 16 bytes at a time.
    package static let readableSlack = 64

    /// Bytes a record's budget (`--max-field-size`) counts for each field after the first,
    /// besides the field's own bytes: its delimiter and its end offset.
    public static let bytesCountedPerField = RecordStorage.fieldCost + 1

    /// The index of the record's first field in the batch's field list.
    @inlinable @inline(__always)
    package func firstField(of record: Int) -> Int { record == 0 ? 0 : recordEnds[record &- 1] }

    /// The number of fields in `record`.
    @inlinable @inline(__always)
    public func fieldCount(of record: Int) -> Int { recordEnds[record] - firstField(of: record) }

    /// The offset of field `f` (an index into the batch's field list) in the byte arena.
    ///
    /// Wrapping arithmetic, here and in the accessors built on it: a field's end offset is below
    /// the byte arena's capacity (a separator follows it), so adding one cannot overflow, and an
    /// index out of range would read outside the offsets whether or not the sums were checked.
    @inlinable @inline(__always)
    package func start(ofField f: Int) -> Int { f == 0 ? 0 : fieldEnds[f &- 1] &+ 1 }

    /// The bytes of field `index` (0-based) of `record`.
    ///
    /// `index` must be less than ``fieldCount(of:)``.
    @inlinable @inline(__always)
    public func field(_ index: Int, of record: Int) -> UnsafeRawBufferPointer {
        // With `index` in the record, `f` is a field of the batch and starts at or before its
        // end: neither the sum nor the difference can overflow (see ``start(ofField:)``).
        let f = firstField(of: record) &+ index
        let start = start(ofField: f)
        return UnsafeRawBufferPointer(start: bytes + start, count: fieldEnds[f] &- start)
    }

    /// `true` when no field of `record` needs quoting: it came from input without quotes and
    /// without a space or tab at a field's edge. Its fields as stored, delimiters included, are
    /// its output bytes.
    @inlinable @inline(__always)
    public func isPlain(_ record: Int) -> Bool { recordQuotedFields[record] == 0 }

    /// The fields of `record` that may need quoting on output, bit f for field f (0-based): a
    /// field the input quoted, or one with a space or tab at an edge. Every other field of fewer
    /// than 64 holds no delimiter, quote, CR or LF of the input's dialect, so its bytes as stored
    /// are its output in that dialect. Every bit is set when the reader did not look field by
    /// field (the record then goes through the writer field by field); 0 when ``isPlain(_:)``.
    @inlinable @inline(__always)
    public func quotedFields(of record: Int) -> UInt64 { recordQuotedFields[record] }

    /// The 1-based physical line on which `record` starts.
    @inlinable @inline(__always)
    public func line(of record: Int) -> Int { recordLines[record] }

    /// The offset of `record`'s first byte in the bytes fed to the reader since its reset (the
    /// start of the line the record starts on).
    @inlinable @inline(__always)
    public func byteOffset(of record: Int) -> Int { recordRawStarts[record] }

    /// What was wrong with `record` as read.
    @inlinable @inline(__always)
    public func problem(of record: Int) -> RecordProblem { recordProblems[record] }

    /// The fields of `record` as strings (for headers, messages and tests; not for the hot path).
    public func strings(of record: Int) -> [String] {
        (0..<fieldCount(of: record)).map { String(decoding: field($0, of: record), as: UTF8.self) }
    }
}
