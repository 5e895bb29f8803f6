// The reader's second fast path: a one-line record whose quoting is regular. libcsv reads such
// a line (spaces kept, stray quotes allowed) as follows: a field that starts with the quote byte
// runs to the quote that a delimiter, CR or LF follows, a doubled quote inside it standing for
// one quote byte; any other field is the bytes up to the next delimiter. The splitter reads a
// line that holds a quote byte that way when every quote is where that grammar puts it: each
// quoted field opens at the field's first byte and closes just before a delimiter or the line's
// end, and no unquoted field holds a quote. Anything else — a quote inside an unquoted field, text
// after a closing quote, a quoted field with a line end inside (a record over several lines), a
// line that does not end within the bytes given or ends with a CR as their last byte, a line over
// the record budget — stores nothing and is left to libcsv, which defines what such a record
// means. The differential tests hold both paths to the same records.

import CSystemShims

extension PlainLineSplitter {
    /// Stores the line at the start of `bytes` as one record when its quoting is regular (see the
    /// note above) and returns the bytes it took, its line end included; returns `nil`, storing
    /// nothing, when the line is libcsv's. The storage must be at a line start, between records,
    /// with every record's line end settled; `offset` is the offset of `bytes` in the bytes fed
    /// since the reader's reset.
    func splitQuotedLine(
        _ bytes: UnsafeRawBufferPointer, offset: Int, into storage: UnsafeMutablePointer<RecordStorage>
    ) -> Int? {
        guard let quote, let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        guard count > 0, source[0] != 0x0A, source[0] != 0x0D else { return nil }
        var scanner = ByteScanner(source, count: count, classes: classes, classify: classify)
        let firstField = storage.pointee.fieldCount
        var arena = storage.pointee.bytes
        var byteCapacity = storage.pointee.byteCapacity
        var fieldEnds = storage.pointee.fieldEnds
        var fieldCapacity = storage.pointee.fieldCapacity
        var byteCount = storage.pointee.byteCount
        var fieldCount = firstField
        var p = 0
        // The line's CR or LF, found by the field that ends there.
        var terminator = 0
        // The fields a writer may have to quote: the quoted ones and those with a blank edge.
        var quotedFields: UInt64 = 0

        /// Marks the open field as one a writer may have to quote.
        @inline(__always) func markQuoted() {
            let index = fieldCount &- firstField
            quotedFields |= index < 64 ? 1 << UInt64(index) : ~0
        }

        /// Appends `n` bytes from `from` to the open field, with room for its separator.
        @inline(__always) func append(_ from: Int, _ n: Int) {
            if byteCount &+ n &+ 1 > byteCapacity {
                storage.pointee.reserve(bytes: byteCount &+ n &+ 1, fields: 0)
                arena = storage.pointee.bytes
                byteCapacity = storage.pointee.byteCapacity
            }
            copyBytes(arena + byteCount, source + from, n)
            byteCount &+= n
        }
        /// Ends the open field: its end offset, then the separator (room made by `append`).
        @inline(__always) func endField() {
            if fieldCount == fieldCapacity {
                storage.pointee.reserve(bytes: 0, fields: fieldCount &+ 1)
                fieldEnds = storage.pointee.fieldEnds
                fieldCapacity = storage.pointee.fieldCapacity
            }
            fieldEnds[fieldCount] = byteCount
            fieldCount &+= 1
            arena[byteCount] = delimiter
            byteCount &+= 1
        }

        fields: while true {
            if p < count && source[p] == quote {
                // A quoted field: up to the quote that a delimiter or the line's end follows.
                markQuoted()
                var from = p &+ 1
                while true {
                    let q = scanner.next(from: from) { $0.quotes | $0.ends }
                    // A line end inside the field (a record over several lines), or no closing
                    // quote within the bytes: libcsv's.
                    guard q &+ 1 < count, source[q] == quote else { return nil }
                    let next = source[q &+ 1]
                    if next == quote {
                        // A doubled quote: one quote byte of the field.
                        append(from, q &+ 1 &- from)
                        from = q &+ 2
                        continue
                    }
                    append(from, q &- from)
                    endField()
                    if next == delimiter {
                        p = q &+ 2
                        continue fields
                    }
                    // Text after the closing quote: libcsv's.
                    guard next == 0x0A || next == 0x0D else { return nil }
                    terminator = q &+ 1
                    break fields
                }
            }
            // An unquoted field: up to the next delimiter or the line's end; a quote in it is libcsv's.
            let i = scanner.next(from: p) { $0.delimiters | $0.quotes | $0.ends }
            guard i < count, source[i] != quote else { return nil }
            if i > p && (isBlank(source[p]) || isBlank(source[i &- 1])) { markQuoted() }
            append(p, i &- p)
            endField()
            if source[i] == delimiter {
                p = i &+ 1
                continue
            }
            terminator = i
            break
        }
        // The line end: LF, CR LF or a CR alone; a CR as the last byte is settled by the bytes
        // after it, on libcsv's path.
        let next: Int
        if source[terminator] == 0x0A {
            next = terminator &+ 1
        } else {
            guard terminator &+ 1 < count else { return nil }
            next = source[terminator &+ 1] == 0x0A ? terminator &+ 2 : terminator &+ 1
        }
        // The splitter's record budget (`splitLines`): over it, libcsv marks the record.
        let delimiters = fieldCount &- firstField &- 1
        if terminator &+ 2 &* delimiters &* RecordStorage.fieldCost > storage.pointee.maxFieldSize { return nil }
        let r = storage.pointee.recordCount
        if r >= storage.pointee.recordCapacity { storage.pointee.reserve(records: r &+ 1) }
        storage.pointee.byteCount = byteCount
        storage.pointee.fieldCount = fieldCount
        storage.pointee.recordEnds[r] = fieldCount
        storage.pointee.recordLines[r] = storage.pointee.line
        storage.pointee.recordProblems[r] = .none
        storage.pointee.recordQuotedFields[r] = quotedFields
        storage.pointee.recordRawStarts[r] = offset
        storage.pointee.recordRawEnds[r] = offset &+ next
        storage.pointee.recordCount = r &+ 1
        storage.pointee.line &+= 1
        storage.pointee.lineStart = offset &+ next
        storage.pointee.startRecordBudget()
        return next
    }
}

/// `true` for a space or tab, which a writer quotes at a field's edge.
@inline(__always)
private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

/// Finds bytes of a class in a line, classifying it 64 bytes at a time (byte_classes.h) and
/// keeping the last block's masks.
private struct ByteScanner {
    private let source: UnsafePointer<UInt8>
    private let count: Int
    private let classes: unitpipe_byte_classes
    private let classify: unitpipe_classifier
    private var masks = unitpipe_masks64(delimiters: 0, quotes: 0, ends: 0, spaces: 0)
    private var blockStart = 0
    private var blockEnd = 0

    init(_ source: UnsafePointer<UInt8>, count: Int, classes: unitpipe_byte_classes, classify: @escaping unitpipe_classifier) {
        self.source = source
        self.count = count
        self.classes = classes
        self.classify = classify
    }

    /// The offset of the first byte at or after `offset` whose bit `select` sets, or `count`.
    @inline(__always)
    mutating func next(from offset: Int, _ select: (unitpipe_masks64) -> UInt64) -> Int {
        var i = offset
        while i < count {
            if i >= blockEnd || i < blockStart {
                if count &- i >= 64 {
                    classify(source + i, 1, classes, &masks)
                } else {
                    unitpipe_classify_tail(classify, source + i, count &- i, classes, &masks)
                }
                blockStart = i
                blockEnd = i &+ 64
            }
            let found = select(masks) >> UInt64(i &- blockStart)
            if found != 0 { return i &+ found.trailingZeroBitCount }
            i = blockEnd
        }
        return count
    }
}
