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
        guard quote != nil, let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var scanner = ByteScanner(source, count: bytes.count, classes: classes)
        // The line's first CR or LF bounds every field: a quoted field that runs past it holds a
        // line end (a record over several lines), which is libcsv's.
        let firstEnd = scanner.next(from: 0) { $0.ends }
        guard firstEnd > 0, firstEnd < bytes.count, firstEnd <= storage.pointee.maxFieldSize else { return nil }
        let firstField = storage.pointee.fieldCount
        let start = storage.pointee.byteCount
        // The line's fields take at most its bytes and a separator.
        storage.pointee.reserve(bytes: start &+ firstEnd &+ 1, fields: firstField &+ 64)
        let arena = storage.pointee.bytes
        var fieldEnds = storage.pointee.fieldEnds
        var fieldCapacity = storage.pointee.fieldCapacity
        var byteCount = start
        var fieldCount = firstField
        var p = 0

        /// Ends the open field: its end offset, then the separator.
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

        while true {
            if source[p] == quote {
                // A quoted field: up to the quote that a delimiter or the line's end follows.
                var from = p &+ 1
                while true {
                    let q = scanner.next(from: from) { $0.quotes }
                    // No closing quote before the line's first end: libcsv's.
                    guard q < firstEnd else { return nil }
                    let next = source[q &+ 1]
                    if next == quote {
                        // A doubled quote: one quote byte of the field.
                        copyBytes(arena + byteCount, source + from, q &+ 1 &- from)
                        byteCount &+= q &+ 1 &- from
                        from = q &+ 2
                        continue
                    }
                    copyBytes(arena + byteCount, source + from, q &- from)
                    byteCount &+= q &- from
                    p = q &+ 1
                    break
                }
                endField()
                if p == firstEnd { break }
                // Text after the closing quote: libcsv's.
                guard source[p] == delimiter else { return nil }
                p &+= 1
                continue
            }
            // An unquoted field: up to the next delimiter or the line's end; a quote in it is libcsv's.
            let i = scanner.next(from: p) { $0.delimiters | $0.quotes | $0.ends }
            guard source[i] != quote else { return nil }
            copyBytes(arena + byteCount, source + p, i &- p)
            byteCount &+= i &- p
            endField()
            if i == firstEnd { break }
            p = i &+ 1
        }
        // The line end: LF, CR LF or a CR alone; a CR as the last byte is settled by the bytes
        // after it, on libcsv's path.
        let next: Int
        if source[firstEnd] == 0x0A {
            next = firstEnd &+ 1
        } else {
            guard firstEnd &+ 1 < bytes.count else { return nil }
            next = source[firstEnd &+ 1] == 0x0A ? firstEnd &+ 2 : firstEnd &+ 1
        }
        // The splitter's record budget (`splitLines`): over it, libcsv marks the record.
        let delimiters = fieldCount &- firstField &- 1
        if firstEnd &+ 2 &* delimiters &* RecordStorage.fieldCost > storage.pointee.maxFieldSize { return nil }
        let r = storage.pointee.recordCount
        if r >= storage.pointee.recordCapacity { storage.pointee.reserve(records: r &+ 1) }
        storage.pointee.byteCount = byteCount
        storage.pointee.fieldCount = fieldCount
        storage.pointee.recordEnds[r] = fieldCount
        storage.pointee.recordLines[r] = storage.pointee.line
        storage.pointee.recordProblems[r] = .none
        storage.pointee.recordIsPlain[r] = false
        storage.pointee.recordRawStarts[r] = offset
        storage.pointee.recordRawEnds[r] = offset &+ next
        storage.pointee.recordCount = r &+ 1
        storage.pointee.line &+= 1
        storage.pointee.lineStart = offset &+ next
        storage.pointee.startRecordBudget()
        return next
    }
}

/// Finds bytes of a class in a line, classifying it 64 bytes at a time (byte_classes.h) and
/// keeping the last block's masks.
private struct ByteScanner {
    private let source: UnsafePointer<UInt8>
    private let count: Int
    private let classes: unitpipe_byte_classes
    private var masks = unitpipe_masks64(delimiters: 0, quotes: 0, ends: 0, spaces: 0)
    private var blockStart = 0
    private var blockEnd = 0

    init(_ source: UnsafePointer<UInt8>, count: Int, classes: unitpipe_byte_classes) {
        self.source = source
        self.count = count
        self.classes = classes
    }

    /// The offset of the first byte at or after `offset` whose bit `select` sets, or `count`.
    @inline(__always)
    mutating func next(from offset: Int, _ select: (unitpipe_masks64) -> UInt64) -> Int {
        var i = offset
        while i < count {
            if i >= blockEnd || i < blockStart {
                masks = count &- i >= 64
                    ? unitpipe_classify64(source + i, classes) : unitpipe_classify_tail(source + i, count &- i, classes)
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
