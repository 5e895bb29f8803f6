// libcsv trims spaces and tabs around unquoted fields unless it is given a space test of its
// own; unitpipe keeps them, so it hands libcsv a test that always says "no". That test is a C
// call per byte — about a seventh of a whole run's cycles — while libcsv's built-in test is two
// inline compares. The two parse a piece of input the same unless a space or tab can be trimmed,
// and libcsv trims only at three places: where a field begins (at the start of a piece, after a
// delimiter or a line end), where an unquoted field ends (before a delimiter, a line end, or the
// end of the piece) and after a quote (between a quoted field's closing quote and what follows).
// So a piece in which no space or tab touches a delimiter, a quote, CR or LF, or either end of
// the piece, can use the built-in test. The check below is conservative (a space after a comma
// inside quotes also counts). It compares 16 bytes at a time, together with the same 16 bytes
// shifted one to the left and one to the right (three overlapping loads), so "a space whose
// neighbour is special" is a handful of vector compares: about one and a half operations a byte.
//
// libcsv's `spaces` counter, carried from one piece to the next, stays consistent: with the
// built-in test it is non-zero only after a trailing space or tab, and a piece that ends with
// one never uses the built-in test.
//
// The same pass also notes whether the piece holds a quote byte. A piece with neither a quote nor
// a trimmable space yields only fields that need no quoting on output (no delimiter, quote, CR or
// LF inside, no space or tab at either end): the writer copies such records without looking.

/// Decides, piece by piece, whether libcsv's built-in space test may stand in for "never a space".
struct SpaceTrimCheck {
    private let space0: UInt8
    private let space1: UInt8
    private let delimiter: UInt8
    private let quote: UInt8
    /// The same bytes in every lane, for the block compares.
    private let spaces0: SIMD16<UInt8>
    private let spaces1: SIMD16<UInt8>
    private let delimiters: SIMD16<UInt8>
    private let quotes: SIMD16<UInt8>

    /// Creates the check for a dialect; `quote` is libcsv's quote byte (NUL when quoting is off).
    init(delimiter: UInt8, quote: UInt8) {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        // The bytes libcsv's built-in test takes for spaces, minus the delimiter (never trimmed).
        space0 = delimiter == space ? tab : space
        space1 = delimiter == tab ? space : tab
        self.delimiter = delimiter
        self.quote = quote
        spaces0 = SIMD16(repeating: space0)
        spaces1 = SIMD16(repeating: space1)
        delimiters = SIMD16(repeating: delimiter)
        quotes = SIMD16(repeating: quote)
    }

    /// What a piece of input holds, as far as spaces and quotes go.
    enum Verdict {
        /// A space or tab where libcsv's built-in test could trim it.
        case mayTrim
        /// Nothing to trim, but a quote byte.
        case quoted
        /// Nothing to trim and no quote byte: every field it yields is plain text.
        case plain
    }

    /// Classifies `bytes`: whether a space could be trimmed, else whether a quote byte occurs.
    func verdict(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .plain }
        let count = bytes.count
        let first = base.load(as: UInt8.self)
        let last = base.load(fromByteOffset: count &- 1, as: UInt8.self)
        if isSpace(first) || isSpace(last) { return .mayTrim }
        guard count >= 18 else { return shortVerdict(base, count) }
        // Blocks of 16 bytes at 1, 17, 33, … and a last one ending just before the final byte
        // (overlap is harmless): every byte but the two ends, each with both neighbours loaded.
        var hasQuote = first == quote || last == quote
        var i = 1
        while true {
            let block = verdict(blockAt: base + i)
            if block.mayTrim { return .mayTrim }
            hasQuote = hasQuote || block.hasQuote
            if i &+ 17 >= count { break }
            i = min(i &+ 16, count &- 17)
        }
        return hasQuote ? .quoted : .plain
    }

    /// Looks at the 16 bytes from `start`, reading one byte either side.
    @inline(__always)
    private func verdict(blockAt start: UnsafeRawPointer) -> (mayTrim: Bool, hasQuote: Bool) {
        let bytes = start.loadUnaligned(as: SIMD16<UInt8>.self)
        let before = (start - 1).loadUnaligned(as: SIMD16<UInt8>.self)
        let after = (start + 1).loadUnaligned(as: SIMD16<UInt8>.self)
        let spaces = (bytes .== spaces0) .| (bytes .== spaces1)
        let nearSpecial = isSpecial(before) .| isSpecial(after)
        return (Self.isAnySet(spaces .& nearSpecial), Self.isAnySet(bytes .== quotes))
    }

    @inline(__always)
    private func isSpecial(_ v: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (v .== delimiters) .| (v .== quotes) .| (v .== SIMD16(repeating: 0x0D)) .| (v .== SIMD16(repeating: 0x0A))
    }

    /// `true` when any lane of `mask` is set (two 64-bit words tested; the standard library's
    /// `any` reduces lane by lane here).
    @inline(__always)
    private static func isAnySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// `verdict` for pieces too short for a block; byte 0 and the last byte are not spaces.
    private func shortVerdict(_ base: UnsafeRawPointer, _ count: Int) -> Verdict {
        let byte = base.assumingMemoryBound(to: UInt8.self)
        var hasQuote = false
        for i in 0..<count {
            if byte[i] == quote { hasQuote = true }
            if isSpace(byte[i]) && (isSpecial(byte[i &- 1]) || (i &+ 1 < count && isSpecial(byte[i &+ 1]))) {
                return .mayTrim
            }
        }
        return hasQuote ? .quoted : .plain
    }

    @inline(__always)
    private func isSpace(_ b: UInt8) -> Bool { b == space0 || b == space1 }

    @inline(__always)
    private func isSpecial(_ b: UInt8) -> Bool { b == delimiter || b == quote || b == 0x0D || b == 0x0A }
}
