// The reader's fast path. A record whose physical line holds no quote byte has a trivial
// grammar under the rules libcsv is configured with (spaces kept, blank lines skipped): its
// fields are the bytes between delimiters, and it ends at the first CR or LF. Such a line is
// copied into the batch arena as it is — the arena stores every field followed by the
// delimiter, so the line's bytes *are* its stored fields — and its delimiters are its field
// ends. A line that holds a quote byte before its end, is over the record budget, or does not
// end within the bytes given is left to libcsv, which parses every record that needs it and
// defines what every record means.
//
// The splitter takes a run of such lines at once: each 64-byte block of the input is
// classified once (byte_classes.c in CSystemShims makes four bit masks — delimiters, quotes,
// CR/LF, spaces — with the widest compares the processor has, up to eight blocks a call), and
// the lines are walked through the masks, so a line costs about one classification per 64
// bytes, a bit-mask step per field and one copy. A space or tab next to a delimiter or a line
// edge makes its record non-plain (one the writer must examine, see SpaceTrimCheck.swift).

import CSystemShims

/// Splits runs of quote-free lines straight into a `RecordStorage`.
struct PlainLineSplitter {
    let delimiter: UInt8
    /// The quote byte, `nil` with quoting off (then no line is read by `splitQuotedLine`).
    let quote: UInt8?
    /// The delimiter, libcsv's quote byte (NUL with `--quote none`: libcsv then treats NUL as a
    /// quote) and the bytes that count as spaces for the plain test (see SpaceTrimCheck.swift).
    let classes: unitpipe_byte_classes
    /// The classifier's version (ByteClassifier.swift).
    let classify: unitpipe_classifier

    /// Creates a splitter for a dialect; lines over the record budget (RecordStorage.recordBudgetEnd)
    /// are left to libcsv's path, which marks them.
    init(delimiter: UInt8, quote: UInt8?, classifier: ByteClassifier = .default) {
        self.delimiter = delimiter
        self.quote = quote
        classify = classifier.function
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        classes = unitpipe_byte_classes(
            delimiter: delimiter, quote: quote ?? 0,
            space0: delimiter == space ? tab : space, space1: delimiter == tab ? space : tab)
    }

    /// How a run of lines ended.
    struct Run {
        /// The bytes taken: whole lines, each with its line end.
        var consumed: Int
        /// `true` when the last line taken ends with a CR that is the last byte given: whether a
        /// LF follows is for the next bytes to say, so that line's end is not settled.
        var endsWithCarriageReturn: Bool
        /// `true` when the run stopped before a line the splitter does not take (it holds a
        /// quote byte, is over the record budget, or does not end within the bytes): that line
        /// is libcsv's.
        var leavesLineToLibCSV: Bool
    }

    /// Stores the lines at the start of `bytes` as records (a line holding only its line end
    /// stores nothing: a blank line) and returns how many bytes they took. Stops before the
    /// first line that holds a quote byte before its end, is over the record budget, or does
    /// not end within `bytes`; after a line that ends with a CR as the last byte; and after
    /// `lineLimit` lines, or once the storage holds `recordLimit` records or `byteLimit` bytes. `offset` is the offset of
    /// `bytes` in the bytes fed since the reader's reset; the storage must be at a line start,
    /// between records, with every record's line end settled.
    func splitLines(
        _ bytes: UnsafeRawBufferPointer, offset: Int, into storage: UnsafeMutablePointer<RecordStorage>,
        lineLimit: Int, recordLimit: Int, byteLimit: Int
    ) -> Run {
        withUnsafeTemporaryAllocation(
            of: unitpipe_masks64.self, capacity: Self.maxWindowBlocks + Self.quotedWindowBlocks
        ) { window in
            splitLines(
                bytes, offset: offset, into: storage, lineLimit: lineLimit, recordLimit: recordLimit,
                byteLimit: byteLimit, window: window)
        }
    }

    /// The most 64-byte blocks classified at once. A run's window starts at one block and
    /// doubles at each refill up to this, so a run of one short line classifies one block, and a
    /// long run calls the classifier once per 512 bytes.
    static let maxWindowBlocks = 8

    /// `splitLines` with room for the masks of `maxWindowBlocks` blocks, then of
    /// `quotedWindowBlocks` for the quoted lines.
    private func splitLines(
        _ bytes: UnsafeRawBufferPointer, offset: Int, into storage: UnsafeMutablePointer<RecordStorage>,
        lineLimit: Int, recordLimit: Int, byteLimit: Int, window: UnsafeMutableBufferPointer<unitpipe_masks64>
    ) -> Run {
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), let window = window.baseAddress else {
            return Run(consumed: 0, endsWithCarriageReturn: false, leavesLineToLibCSV: false)
        }
        let count = bytes.count
        let fieldCost = RecordStorage.fieldCost
        let maxRecordSize = storage.pointee.maxFieldSize
        var byteCount = storage.pointee.byteCount
        var fieldCount = storage.pointee.fieldCount
        var recordCount = storage.pointee.recordCount
        var line = storage.pointee.line
        let lastLine = line &+ min(lineLimit, Int.max &- line)
        var arena = storage.pointee.bytes
        var fieldEnds = storage.pointee.fieldEnds
        var fieldCapacity = storage.pointee.fieldCapacity
        var byteCapacity = storage.pointee.byteCapacity
        // The start of the open line, its first field, and what earlier blocks saw of it.
        var lineStart = 0
        var lineFirstField = fieldCount
        var lineIsTrimmable = false
        var endsWithCarriageReturn = false
        var storedLastLine = false
        var isAtLimit = false
        var recordCapacity = storage.pointee.recordCapacity
        var records = RecordColumns(storage.pointee)
        // Edges (delimiters, line ends, the run's start) and spaces of the previous block's last byte.
        var edgeCarry: UInt64 = 1
        var spaceCarry: UInt64 = 0
        var blockStart = 0
        // The classified bytes: masks of the blocks from `windowStart` to `windowEnd` (the last
        // one cut at the bytes' end) in `window`.
        var windowStart = 0
        var windowEnd = 0
        var windowBlocks = 1

        /// Takes the storage's pointers and capacities again (after it grew).
        func reloadPointers() {
            recordCapacity = storage.pointee.recordCapacity
            records = RecordColumns(storage.pointee)
            arena = storage.pointee.bytes
            fieldEnds = storage.pointee.fieldEnds
            fieldCapacity = storage.pointee.fieldCapacity
            byteCapacity = storage.pointee.byteCapacity
        }

        /// Writes the counts back and makes room; the pointers may move.
        func grow(bytes neededBytes: Int, fields neededFields: Int, records neededRecords: Int) {
            storage.pointee.byteCount = byteCount
            storage.pointee.fieldCount = fieldCount
            storage.pointee.reserve(bytes: neededBytes, fields: neededFields)
            storage.pointee.reserve(records: neededRecords)
            reloadPointers()
        }

        /// Stores the open line, which holds a quote byte, when its quoting is regular
        /// (PlainLineSplitter+Quoted.swift), and sets the run up to go on from the next line's first
        /// byte; returns `false` when the run ends: the line is libcsv's (nothing stored), or a
        /// limit is reached after it.
        func takeQuotedLine() -> Bool {
            storage.pointee.byteCount = byteCount
            storage.pointee.fieldCount = lineFirstField
            storage.pointee.recordCount = recordCount
            storage.pointee.line = line
            storage.pointee.lineStart = offset &+ lineStart
            guard let taken = splitQuotedLine(
                UnsafeRawBufferPointer(start: source + lineStart, count: count &- lineStart), offset: offset &+ lineStart,
                into: storage, window: window + Self.maxWindowBlocks,
                // The masks of the window from the line's block on, when the window holds its start.
                classified: lineStart >= windowStart ? window + (lineStart &- windowStart) &>> 6 : nil,
                lineBit: (lineStart &- windowStart) & 63, classifiedEnd: windowEnd &- lineStart)
            else { return false }
            byteCount = storage.pointee.byteCount
            fieldCount = storage.pointee.fieldCount
            recordCount = storage.pointee.recordCount
            line = storage.pointee.line
            reloadPointers()
            lineStart &+= taken
            lineFirstField = fieldCount
            lineIsTrimmable = false
            storedLastLine = false
            if line == lastLine || recordCount >= recordLimit || byteCount >= byteLimit {
                isAtLimit = true
                return false
            }
            // Back to the block of the window that holds the next line, or past the window.
            blockStart = lineStart < windowEnd ? windowStart &+ (lineStart &- windowStart) & ~63 : lineStart
            edgeCarry = 1
            spaceCarry = 0
            return true
        }

        run: while blockStart < count {
            if blockStart >= windowEnd {
                let blocks = min((count &- blockStart) &>> 6, windowBlocks)
                if blocks > 0 {
                    classify(source + blockStart, blocks, classes, window)
                    windowEnd = blockStart &+ blocks &<< 6
                    windowBlocks = min(windowBlocks &<< 1, Self.maxWindowBlocks)
                } else {
                    unitpipe_classify_tail(classify, source + blockStart, count &- blockStart, classes, window)
                    windowEnd = count
                }
                windowStart = blockStart
            }
            let masks = window[(blockStart &- windowStart) &>> 6]
            let edges = masks.delimiters | masks.ends
            // Spaces next to an edge; one before an edge that starts this block counts at the edge.
            let trimmable = masks.spaces & ((edges << 1) | edgeCarry | (edges >> 1)) | (spaceCarry & edges)
            edgeCarry = edges >> 63
            spaceCarry = masks.spaces >> 63
            // A block holds at most 64 field ends.
            if fieldCount + 65 > fieldCapacity { grow(bytes: 0, fields: fieldCount + 65, records: 0) }
            var from = Self.bits(from: lineStart - blockStart)
            var ends = masks.ends & from
            while true {
                // The fields of the open line up to its end in this block (or the block's end).
                let before = ends == 0 ? ~0 : (ends & (0 &- ends)) &- 1
                var delimiters = masks.delimiters & from & before
                let base = byteCount &+ blockStart &- lineStart
                while delimiters != 0 {
                    fieldEnds[fieldCount] = base &+ delimiters.trailingZeroBitCount
                    fieldCount &+= 1
                    delimiters &= delimiters &- 1
                }
                if ends == 0 { break }
                let terminator = blockStart &+ ends.trailingZeroBitCount
                let inLine = from & before
                if masks.quotes & inLine != 0 {
                    guard takeQuotedLine() else { break run }
                    continue run
                }
                let length = terminator &- lineStart
                // A CR as the last byte given: whether a LF follows is for the next bytes to say.
                let endsWithLoneCarriageReturn = source[terminator] == 0x0D && terminator &+ 1 == count
                let next: Int
                if source[terminator] == 0x0A || endsWithLoneCarriageReturn {
                    next = terminator &+ 1
                } else {
                    next = source[terminator &+ 1] == 0x0A ? terminator &+ 2 : terminator &+ 1
                }
                if length > 0 {
                    if length &+ 2 &* (fieldCount &- lineFirstField) &* fieldCost > maxRecordSize { break run }
                    // Room for the copy's last 32 bytes (see copyLine).
                    if byteCount &+ length &+ 32 > byteCapacity || recordCount >= recordCapacity {
                        grow(bytes: byteCount &+ length &+ 32, fields: 0, records: recordCount &+ 1)
                    }
                    Self.copyLine(arena + byteCount, source + lineStart, length, readable: count &- lineStart)
                    byteCount &+= length
                    fieldEnds[fieldCount] = byteCount
                    fieldCount &+= 1
                    arena[byteCount] = delimiter
                    byteCount &+= 1
                    let isPlain = !lineIsTrimmable && trimmable & (inLine | (before &+ 1)) == 0
                    records.ends[recordCount] = fieldCount
                    records.lines[recordCount] = line
                    records.problems[recordCount] = .none
                    records.quotedFields[recordCount] = isPlain ? 0 : ~0
                    records.rawStarts[recordCount] = offset &+ lineStart
                    records.rawEnds[recordCount] = endsWithLoneCarriageReturn ? -1 : offset &+ next
                    recordCount &+= 1
                    storedLastLine = true
                }
                lineFirstField = fieldCount
                lineIsTrimmable = false
                if endsWithLoneCarriageReturn {
                    endsWithCarriageReturn = true
                    break run
                }
                storedLastLine = false
                line &+= 1
                lineStart = next
                if line == lastLine || recordCount >= recordLimit || byteCount >= byteLimit {
                    isAtLimit = true
                    break run
                }
                from = Self.bits(from: lineStart &- blockStart)
                ends &= from
            }
            // The line still open at the block's end: what this block holds of it.
            let blockEnd = blockStart &+ 64
            if lineStart < blockEnd {
                if masks.quotes & from != 0 {
                    guard takeQuotedLine() else { break run }
                    continue run
                }
                if trimmable & from != 0 { lineIsTrimmable = true }
                if blockEnd &- lineStart &+ 2 &* (fieldCount &- lineFirstField) &* fieldCost > maxRecordSize { break run }
            }
            blockStart = blockEnd
        }
        // The open line is left to libcsv: its fields are dropped.
        storage.pointee.byteCount = byteCount
        storage.pointee.fieldCount = lineFirstField
        storage.pointee.recordCount = recordCount
        storage.pointee.startRecordBudget()
        storage.pointee.line = line
        storage.pointee.lineStart = offset &+ lineStart
        // A line ended by a CR as the last byte: its end is settled by the bytes that come next
        // (RecordParser.endPiece and feedLine), as is its record's.
        if endsWithCarriageReturn && storedLastLine { storage.pointee.unsettledRawEnds = 1 }
        return Run(
            consumed: endsWithCarriageReturn ? count : lineStart, endsWithCarriageReturn: endsWithCarriageReturn,
            leavesLineToLibCSV: !isAtLimit && !endsWithCarriageReturn && lineStart < count)
    }

    /// The per-record columns of a storage, as the splitter fills them.
    private struct RecordColumns {
        var ends: UnsafeMutablePointer<Int>
        var lines: UnsafeMutablePointer<Int>
        var problems: UnsafeMutablePointer<RecordProblem>
        var quotedFields: UnsafeMutablePointer<UInt64>
        var rawStarts: UnsafeMutablePointer<Int>
        var rawEnds: UnsafeMutablePointer<Int>

        init(_ storage: RecordStorage) {
            ends = storage.recordEnds
            lines = storage.recordLines
            problems = storage.recordProblems
            quotedFields = storage.recordQuotedFields
            rawStarts = storage.recordRawStarts
            rawEnds = storage.recordRawEnds
        }
    }

    /// The bits of a block at and after bit `first` (all for `first <= 0`, none for `first >= 64`).
    @inline(__always)
    private static func bits(from first: Int) -> UInt64 {
        first <= 0 ? ~0 : first >= 64 ? 0 : ~0 << UInt64(first)
    }

    /// Copies a line of `count` bytes, 32 at a time. When `readable` bytes from `source` cover
    /// the last 32-byte step, that step copies whole (the bytes past the line land in the
    /// arena's free room after it, where the delimiter and later lines go, so the destination
    /// must have room for `count` + 32 bytes); otherwise the last bytes are copied exactly.
    @inline(__always)
    private static func copyLine(
        _ destination: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ count: Int, readable: Int
    ) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        let whole = (count &+ 31) & ~31
        let end = whole <= readable ? whole : count & ~31
        var k = 0
        while k < end {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: k, as: SIMD32<UInt8>.self), toByteOffset: k, as: SIMD32<UInt8>.self)
            k &+= 32
        }
        if k < count { copyBytes(destination + k, source + k, count &- k) }
    }
}
