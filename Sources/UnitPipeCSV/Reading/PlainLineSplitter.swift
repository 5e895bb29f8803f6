// The reader's fast path. A record whose physical line holds no quote byte has a trivial
// grammar under the rules libcsv is configured with (spaces kept, blank lines skipped): its
// fields are the bytes between delimiters, and it ends at the first CR or LF. Such a line is
// copied into the batch arena as it is — the arena stores every field followed by the
// delimiter, so the line's bytes *are* its stored fields — while one pass of 16-byte SIMD
// compares finds the delimiters (the field ends), the first CR or LF (the line end), any quote
// byte, and any space or tab next to a delimiter or a line edge (a record the writer must
// examine). A quote byte before the line end, a line longer than the longest field allowed, or
// bytes that end before the line does make the splitter decline and leave the line to libcsv,
// which parses every record that needs it and defines what every record means.
//
// Each block is copied into the arena as it is looked at (the storage keeps slack beyond the
// line), so a line costs one load and one store per 16 bytes and one bit-mask walk per field
// (byte_classes.h in CSystemShims makes the masks); a declined line leaves the storage as it was.

import CSystemShims

/// Splits quote-free lines straight into a `RecordStorage`, or declines.
struct PlainLineSplitter {
    private let delimiter: UInt8
    /// The delimiter, libcsv's quote byte (NUL with `--quote none`: libcsv then treats NUL as a
    /// quote) and the bytes that count as spaces for the plain test (see SpaceTrimCheck.swift).
    private let classes: unitpipe_byte_classes
    /// Arena bytes reserved at a time: a line longer than this reserves again.
    private static let reserveStep = 1024

    /// Creates a splitter for a dialect; lines over the record budget (RecordStorage.recordBudgetEnd)
    /// are left to libcsv's path, which marks them.
    init(delimiter: UInt8, quote: UInt8?) {
        self.delimiter = delimiter
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        classes = unitpipe_byte_classes(
            delimiter: delimiter, quote: quote ?? 0,
            space0: delimiter == space ? tab : space, space1: delimiter == tab ? space : tab)
    }

    /// How a line that the splitter took ends.
    struct LineEnd {
        /// The offset of the line's first CR or LF in the bytes given.
        var terminator: Int
    }

    /// Stores the line at the start of `bytes` as one record starting on `line` and returns where
    /// its first CR or LF is; a line holding only its line end stores nothing (a blank line).
    /// Returns `nil`, leaving `storage` unchanged, when the line holds a quote byte before its
    /// end, is over the record budget, or does not end within `bytes`.
    @inline(__always)
    func split(
        _ bytes: UnsafeRawBufferPointer, line: Int, into storage: UnsafeMutablePointer<RecordStorage>
    ) -> LineEnd? {
        guard let source = bytes.baseAddress else { return nil }
        let count = bytes.count
        let byteStart = storage.pointee.byteCount
        let fieldStart = storage.pointee.fieldCount
        var fieldCount = fieldStart
        let budgetEnd = storage.pointee.recordBudgetEnd
        // Positions next to which a space or tab makes the record non-plain: delimiters and the
        // line's edges. `edgeCarry` is 1 when the byte before the block is one (the line start is).
        var edgeCarry: UInt64 = 1
        var spaceCarry: UInt64 = 0
        var trimmable: UInt64 = 0
        var offset = 0
        // Room is made for `reserveStep` bytes (and as many fields) at a time, checked per block.
        var reservedUpTo = 0
        var arenaBase = storage.pointee.bytes + byteStart
        var fieldEnds = storage.pointee.fieldEnds
        while true {
            if offset >= reservedUpTo {
                // Over the record budget (see RecordStorage.recordBudgetEnd): libcsv's path marks it.
                if byteStart + offset + fieldCount * RecordStorage.fieldCost > budgetEnd { return nil }
                storage.pointee.reserve(
                    bytes: byteStart + offset + Self.reserveStep + 32, fields: fieldCount + Self.reserveStep + 16)
                reservedUpTo = offset + Self.reserveStep
                arenaBase = storage.pointee.bytes + byteStart
                fieldEnds = storage.pointee.fieldEnds
            }
            let arena = UnsafeMutableRawPointer(arenaBase + offset)
            var valid: UInt64 = 0xFFFF
            let found: UInt64
            if offset + 16 <= count {
                arena.storeBytes(of: (source + offset).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                found = unitpipe_classify16(source + offset, classes)
            } else {
                // The last bytes given: copy what there is, then look at it in the arena.
                let rest = count - offset
                if rest <= 0 { return nil }
                copyBytes(arena.assumingMemoryBound(to: UInt8.self), (source + offset).assumingMemoryBound(to: UInt8.self), rest)
                found = unitpipe_classify16(arena, classes)
                valid = (1 << UInt64(rest)) - 1
            }
            var delimiterBits = found & valid
            let quoteBits = (found >> 16) & valid
            let ends = (found >> 32) & valid
            var spaceBits = (found >> 48) & valid
            var edges = delimiterBits
            var terminator = -1
            if ends != 0 {
                let t = ends.trailingZeroBitCount
                let before: UInt64 = (1 << UInt64(t)) - 1
                if quoteBits & before != 0 { return nil }
                delimiterBits &= before
                spaceBits &= before
                edges = delimiterBits | 1 << UInt64(t)
                terminator = t
            } else if quoteBits != 0 {
                return nil
            }
            trimmable |= spaceBits & ((edges << 1) | edgeCarry | (edges >> 1)) | (spaceCarry & edges)
            edgeCarry = (edges >> 15) & 1
            spaceCarry = (spaceBits >> 15) & 1
            let base = byteStart + offset
            while delimiterBits != 0 {
                fieldEnds[fieldCount] = base + delimiterBits.trailingZeroBitCount
                fieldCount += 1
                delimiterBits &= delimiterBits - 1
            }
            if terminator >= 0 {
                let length = offset + terminator
                if length > 0 {
                    if storage.pointee.storedSize(adding: length) + (fieldCount - fieldStart) * RecordStorage.fieldCost > budgetEnd {
                        return nil
                    }
                    let end = byteStart + length
                    fieldEnds[fieldCount] = end
                    storage.pointee.bytes[end] = delimiter
                    storage.pointee.fieldCount = fieldCount + 1
                    storage.pointee.byteCount = end + 1
                    storage.pointee.appendRecord(line: line, isPlain: trimmable & 0xFFFF == 0)
                }
                return LineEnd(terminator: length)
            }
            offset += 16
        }
    }
}
