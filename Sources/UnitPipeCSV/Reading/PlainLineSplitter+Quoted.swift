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
//
// The line is read from the classifier's masks, 64 bytes at a time, without a byte loop. The
// running parity of the quote bits (a prefix XOR) tells which bytes are inside quotes: a quote
// that opens (even parity before it) must start a field or follow a closing quote (a doubled
// quote), one that closes must come before a delimiter, the line end or another quote. The
// stored field drops the opening quotes and the closing quotes not doubled; the bytes between
// dropped quotes are copied as runs, and the delimiters outside quotes are the field ends.

import CSystemShims

extension PlainLineSplitter {
    /// The most 64-byte blocks of a quoted line classified at once.
    static let quotedWindowBlocks = 2

    /// Stores the line at the start of `bytes` as one record when its quoting is regular (see the
    /// note above) and returns the bytes it took, its line end included; returns `nil`, storing
    /// nothing, when the line is libcsv's. The storage must be at a line start, between records,
    /// with every record's line end settled; `offset` is the offset of `bytes` in the bytes fed
    /// since the reader's reset; `window` has room for `quotedWindowBlocks` blocks' masks.
    /// `classified` masks, when given, are those the caller already made of the blocks from
    /// `lineBit` bytes before the line's start up to `classifiedEnd` bytes after it (masks of
    /// blocks of the same 64-byte grid).
    func splitQuotedLine(
        _ bytes: UnsafeRawBufferPointer, offset: Int, into storage: UnsafeMutablePointer<RecordStorage>,
        window: UnsafeMutablePointer<unitpipe_masks64>,
        classified: UnsafePointer<unitpipe_masks64>? = nil, lineBit: Int = 0, classifiedEnd: Int = 0
    ) -> Int? {
        guard let quote, let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        guard count > 0, source[0] != 0x0A, source[0] != 0x0D else { return nil }
        let firstField = storage.pointee.fieldCount
        // The arena offset of the line's first byte; a byte at `i` is stored at `lineBase + i - dropped`.
        let lineBase = storage.pointee.byteCount
        var arena = storage.pointee.bytes
        var fieldEnds = storage.pointee.fieldEnds
        var fieldCount = firstField
        // The bytes of the line dropped so far (quotes), and the first byte not copied yet.
        var dropped = 0
        var runStart = 0
        var fieldStart = 0
        // The fields a writer may have to quote: the quoted ones and those with a blank edge.
        var quotedFields: UInt64 = 0
        // ~0 when the byte before the block is inside quotes.
        var inside: UInt64 = 0
        // The blocks are those of the caller's grid: the first starts `lineBit` bytes before the
        // line, whose bytes are the bits from `lineBit` on. `edgeBefore` holds the bit of the
        // block's first byte of the line when the byte before that is one an opening quote may
        // follow (the line's start, a delimiter, a closing quote).
        let firstBit = classified != nil && classifiedEnd > 0 ? lineBit & 63 : 0
        var edgeBefore: UInt64 = 1 << UInt64(firstBit)
        var lineBits: UInt64 = ~0 << UInt64(firstBit)
        var blockStart = -firstBit
        var windowMasks = UnsafePointer(window)
        var windowStart = blockStart
        var windowEnd = blockStart
        if let classified, classifiedEnd > 0 {
            windowMasks = classified
            windowEnd = min(classifiedEnd, count)
        }

        /// Copies the bytes from `runStart` up to `end` to where they are stored.
        @inline(__always) func copyRun(to end: Int) {
            copyBytes(arena + (lineBase &+ runStart &- dropped), source + runStart, end &- runStart)
        }
        /// Ends the field that the delimiter or line end at `end` closes.
        @inline(__always) func endField(at end: Int) {
            let first = source[fieldStart]
            if first == quote || (end > fieldStart && (isBlank(first) || isBlank(source[end &- 1]))) {
                let index = fieldCount &- firstField
                quotedFields |= index < 64 ? 1 << UInt64(index) : ~0
            }
            fieldEnds[fieldCount] = lineBase &+ end &- dropped
            fieldCount &+= 1
            fieldStart = end &+ 1
        }

        while true {
            // No line end within the bytes: libcsv's.
            guard blockStart < count else { return nil }
            if blockStart >= windowEnd {
                let blocks = min((count &- blockStart) &>> 6, Self.quotedWindowBlocks)
                if blocks > 0 {
                    classify(source + blockStart, blocks, classes, window)
                    windowEnd = blockStart &+ blocks &<< 6
                } else {
                    unitpipe_classify_tail(classify, source + blockStart, count &- blockStart, classes, window)
                    windowEnd = count
                }
                windowStart = blockStart
                windowMasks = UnsafePointer(window)
            }
            var masks = windowMasks[(blockStart &- windowStart) &>> 6]
            masks.delimiters &= lineBits
            masks.quotes &= lineBits
            masks.ends &= lineBits
            lineBits = ~0
            // Room for what this block can add: its bytes, a separator, 64 field ends.
            let blockEnd = min(blockStart &+ 64, count)
            if lineBase &+ blockEnd &+ 1 > storage.pointee.byteCapacity || fieldCount &+ 65 > storage.pointee.fieldCapacity {
                storage.pointee.reserve(bytes: lineBase &+ blockEnd &+ 1, fields: fieldCount &+ 65)
                arena = storage.pointee.bytes
                fieldEnds = storage.pointee.fieldEnds
            }
            let terminatorBit = masks.ends & (0 &- masks.ends)
            let inLine = terminatorBit == 0 ? ~0 : terminatorBit &- 1
            let quotes = masks.quotes & inLine
            let parity = RecordBoundaryScanner.prefixXor(quotes) ^ inside
            // A line end inside quotes (a record over several lines): libcsv's.
            if parity & terminatorBit != 0 { return nil }
            let opening = quotes & parity
            let closing = quotes & ~parity
            // An opening quote that does not start a field (a quote inside an unquoted field): libcsv's.
            if opening & ~(masks.delimiters << 1 | closing << 1 | edgeBefore) != 0 { return nil }
            // What follows the block's last byte, when the line goes on.
            var mayFollowClosing: UInt64 = 0
            var quoteAfter: UInt64 = 0
            if terminatorBit == 0 {
                guard blockStart &+ 64 < count else { return nil }
                let next = source[blockStart &+ 64]
                if next == quote {
                    mayFollowClosing = 1 << 63
                    quoteAfter = 1 << 63
                } else if next == delimiter || next == 0x0A || next == 0x0D {
                    mayFollowClosing = 1 << 63
                }
            }
            // Text after a closing quote: libcsv's.
            if closing & ~(masks.delimiters >> 1 | masks.ends >> 1 | masks.quotes >> 1 | mayFollowClosing) != 0 {
                return nil
            }
            // Dropped: the opening quotes and the closing ones not doubled (a doubled quote keeps its first byte).
            let drops = opening | closing & ~(masks.quotes >> 1 | quoteAfter)
            let delimiters = masks.delimiters & ~parity & inLine
            var events = drops | delimiters
            while events != 0 {
                let i = blockStart &+ events.trailingZeroBitCount
                let bit = events & (0 &- events)
                events ^= bit
                if drops & bit != 0 {
                    copyRun(to: i)
                    dropped &+= 1
                    runStart = i &+ 1
                } else {
                    endField(at: i)
                }
            }
            if terminatorBit != 0 {
                let terminator = blockStart &+ terminatorBit.trailingZeroBitCount
                // The line end: LF, CR LF or a CR alone; a CR as the last byte is settled by the
                // bytes after it, on libcsv's path.
                let next: Int
                if source[terminator] == 0x0A {
                    next = terminator &+ 1
                } else {
                    guard terminator &+ 1 < count else { return nil }
                    next = source[terminator &+ 1] == 0x0A ? terminator &+ 2 : terminator &+ 1
                }
                // The splitter's record budget (`splitLines`): over it, libcsv marks the record.
                if terminator &+ 2 &* (fieldCount &- firstField) &* RecordStorage.fieldCost > storage.pointee.maxFieldSize {
                    return nil
                }
                copyRun(to: terminator)
                endField(at: terminator)
                let byteCount = lineBase &+ terminator &- dropped
                arena[byteCount] = delimiter
                let r = storage.pointee.recordCount
                if r >= storage.pointee.recordCapacity { storage.pointee.reserve(records: r &+ 1) }
                storage.pointee.byteCount = byteCount &+ 1
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
            inside = parity >> 63 == 0 ? 0 : ~0
            edgeBefore = (masks.delimiters | closing) >> 63
            blockStart &+= 64
        }
    }
}

/// `true` for a space or tab, which a writer quotes at a field's edge.
@inline(__always)
private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
