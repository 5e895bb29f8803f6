// libcsv trims spaces and tabs around unquoted fields unless it is given a space test of its
// own; unitpipe keeps them, so it hands libcsv a test that always says "no". That test is a C
// call per byte — about a seventh of a whole run's cycles — while libcsv's built-in test is two
// inline compares. The two parse a piece of input the same unless a space or tab can be trimmed,
// and libcsv trims only at three places: where a field begins (at the start of a piece, after a
// delimiter or a line end), where an unquoted field ends (before a delimiter, a line end, or the
// end of the piece) and after a quote (between a quoted field's closing quote and what follows).
// So a piece in which no space or tab touches a delimiter, a quote, CR or LF, or either end of
// the piece, can use the built-in test. The check below is conservative (a space after a comma
// inside quotes also counts) and costs about a word operation per byte, found with SWAR masks.
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
    /// The two bytes libcsv's built-in test takes for spaces, minus the delimiter (libcsv never trims it).
    private let spaceWords: (UInt64, UInt64)
    /// The bytes around which a space can be trimmed: delimiter, quote, CR, LF.
    private let specialWords: (UInt64, UInt64, UInt64, UInt64)
    private let space0: UInt8
    private let space1: UInt8
    private let delimiter: UInt8
    private let quote: UInt8

    /// Creates the check for a dialect; `quote` is libcsv's quote byte (NUL when quoting is off).
    init(delimiter: UInt8, quote: UInt8) {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        space0 = delimiter == space ? tab : space
        space1 = delimiter == tab ? space : tab
        self.delimiter = delimiter
        self.quote = quote
        spaceWords = (Self.lanes &* UInt64(space0), Self.lanes &* UInt64(space1))
        specialWords = (
            Self.lanes &* UInt64(delimiter), Self.lanes &* UInt64(quote),
            Self.lanes &* 0x0D, Self.lanes &* 0x0A
        )
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

    /// Returns `true` when libcsv's built-in space test could split `bytes` into different fields
    /// than the test that never sees a space.
    func mayTrim(_ bytes: UnsafeRawBufferPointer) -> Bool { verdict(bytes) == .mayTrim }

    /// Classifies `bytes`: whether a space could be trimmed, else whether a quote byte occurs.
    func verdict(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .plain }
        let count = bytes.count
        let byte = base.assumingMemoryBound(to: UInt8.self)
        if isSpace(byte[0]) || isSpace(byte[count &- 1]) { return .mayTrim }
        var quotes: UInt64 = 0
        var i = 0
        while i &+ 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quoteBytes = Self.zeroBytes(word ^ specialWords.1)
            quotes |= quoteBytes
            let spaces = Self.zeroBytes(word ^ spaceWords.0) | Self.zeroBytes(word ^ spaceWords.1)
            if spaces != 0 {
                let specials = Self.zeroBytes(word ^ specialWords.0) | quoteBytes
                    | Self.zeroBytes(word ^ specialWords.2) | Self.zeroBytes(word ^ specialWords.3)
                // Little-endian lanes: `specials << 8` marks bytes that follow a special byte.
                if spaces & (specials << 8 | specials >> 8) != 0 { return .mayTrim }
                // The neighbours in the words either side (the piece's ends are checked above).
                if spaces & 0x80 != 0 && i > 0 && isSpecial(byte[i &- 1]) { return .mayTrim }
                if spaces >> 63 != 0 && i &+ 8 < count && isSpecial(byte[i &+ 8]) { return .mayTrim }
            }
            i &+= 8
        }
        while i < count {
            // Byte 0 is not a space, so byte[i - 1] is read only for i ≥ 1.
            if isSpace(byte[i]) && (isSpecial(byte[i &- 1]) || (i &+ 1 < count && isSpecial(byte[i &+ 1]))) {
                return .mayTrim
            }
            if byte[i] == quote { quotes = 1 }
            i &+= 1
        }
        return quotes == 0 ? .plain : .quoted
    }

    @inline(__always)
    private func isSpace(_ b: UInt8) -> Bool { b == space0 || b == space1 }

    @inline(__always)
    private func isSpecial(_ b: UInt8) -> Bool { b == delimiter || b == quote || b == 0x0D || b == 0x0A }

    private static let lanes: UInt64 = 0x0101_0101_0101_0101

    /// 0x80 in every byte of `t` that is zero, 0 elsewhere (exact: no carry crosses a byte).
    @inline(__always)
    private static func zeroBytes(_ t: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((t & low7) &+ low7) | t | low7)
    }
}
