// Where records start, without parsing fields: a quote-parity scan, 64 bytes
// at a time (after simdjson's stage 1). Each block becomes bit masks — quote,
// LF, CR, delimiter — from SIMD16 compares; a prefix XOR of the quote mask gives
// "inside a quoted field" for every byte, the carry taking it from one block to
// the next. Outside quotes, a CR or LF ends a record and the next byte that is
// neither starts one (libcsv skips blank lines); a line ends at LF, CRLF or a
// lone CR wherever it is, quoted or not, as the record parser counts lines.
//
// Parity is libcsv's reading only while every quote stands where RFC 4180 puts
// it. libcsv opens a quoted field only at a field's first byte (a quote inside
// an unquoted field is literal), and after a closing quote anything but a
// delimiter, a line end, the end of input or a second quote returns it to the
// quoted field. So a quote that parity calls opening must follow a delimiter,
// a line end, a quote or the start; one that parity calls closing must precede
// a delimiter, a line end, a quote or the end. The first quote that breaks
// either rule is an anomaly: from there on parity no longer says where records
// start (a reader may also recover from such a quote in its own way), so no
// record start at or after it is ever reported as certain. Records that start
// before it are exactly where libcsv starts them.

/// The state a scan supposes at its first byte, when that byte need not start a record.
public struct ScanEntry: Sendable, Equatable {
    /// The byte is inside a quoted field.
    public var isInsideQuotes: Bool
    /// The byte follows a record's line end (outside quotes): it starts a record unless it ends a line.
    public var followsRecordEnd: Bool
    /// The byte follows a delimiter, a line end or a quote: a quote there may open a field.
    public var followsBoundary: Bool

    /// A record start, or the byte after a record's end: where the file's data begins.
    public static let recordStart = ScanEntry(isInsideQuotes: false, followsRecordEnd: true, followsBoundary: true)

    public init(isInsideQuotes: Bool, followsRecordEnd: Bool, followsBoundary: Bool) {
        self.isInsideQuotes = isInsideQuotes
        self.followsRecordEnd = followsRecordEnd
        self.followsBoundary = followsBoundary
    }
}

/// Finds record starts and counts lines by quote parity, one 64-byte block at a time.
struct RecordBoundaryScanner {
    /// What one block held: bit `i` stands for byte `i` of the block.
    struct Block {
        /// Bytes that start a record.
        var recordStarts: UInt64
        /// Bytes that end a physical line (LF, the CR of a lone CR; a CRLF counts at its LF).
        var lineEnds: UInt64
        /// The first anomalous quote of the block, if any.
        var anomaly: (bit: Int, kind: ParityAnomaly.Kind)?
    }

    private let quote: UInt8
    private let delimiter: UInt8
    private let quotes: SIMD16<UInt8>
    private let delimiters: SIMD16<UInt8>
    /// `true` while the bytes scanned so far end inside a quoted field.
    private(set) var isInsideQuotes = false
    /// 1 when the next byte follows a record end outside quotes (or starts the scan).
    private var recordStartCarry: UInt64 = 1
    /// 1 when the next byte follows a delimiter, line end or quote (or starts the scan).
    private var fieldStartCarry: UInt64 = 1
    /// Record starts seen so far.
    private(set) var records = 0
    /// Line ends seen so far.
    private(set) var lineEnds = 0

    /// Creates a scanner that starts at a record start, outside quotes.
    ///
    /// - Parameters:
    ///   - delimiter: The field delimiter (it decides where quoted fields may open).
    ///   - quote: The quote byte, or `nil` without quoting (libcsv then quotes with NUL, and so does the scan).
    init(delimiter: UInt8, quote: UInt8?) {
        self.quote = quote ?? 0
        self.delimiter = delimiter
        quotes = SIMD16(repeating: quote ?? 0)
        delimiters = SIMD16(repeating: delimiter)
    }

    /// Creates a scanner that starts at any byte, in the state `entry` supposes.
    init(delimiter: UInt8, quote: UInt8?, entry: ScanEntry) {
        self.init(delimiter: delimiter, quote: quote)
        isInsideQuotes = entry.isInsideQuotes
        recordStartCarry = entry.followsRecordEnd ? 1 : 0
        fieldStartCarry = entry.followsBoundary ? 1 : 0
    }

    /// Scans the `count` (1…64) bytes at `start`, updating the counts and the quote state.
    ///
    /// - Parameters:
    ///   - start: The block; 64 bytes must be readable there (bytes past `count` are ignored).
    ///   - count: The bytes of the block that are input.
    ///   - next: The byte after the block, or `nil` at the end of input.
    /// - Returns: The block's record starts, line ends and first anomaly.
    @inline(__always)
    mutating func scan(_ start: UnsafeRawPointer, count: Int, next: UInt8?) -> Block {
        let valid: UInt64 = count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
        let v0 = start.loadUnaligned(as: SIMD16<UInt8>.self)
        let v1 = start.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let v2 = start.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
        let v3 = start.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let lfs = SIMD16<UInt8>(repeating: 0x0A)
        let crs = SIMD16<UInt8>(repeating: 0x0D)
        let lf = Self.bits(v0 .== lfs, v1 .== lfs, v2 .== lfs, v3 .== lfs) & valid
        let cr = Self.anySet(v0 .== crs, v1 .== crs, v2 .== crs, v3 .== crs)
            ? Self.bits(v0 .== crs, v1 .== crs, v2 .== crs, v3 .== crs) & valid : 0
        let quoteBits = Self.anySet(v0 .== quotes, v1 .== quotes, v2 .== quotes, v3 .== quotes)
            ? Self.bits(v0 .== quotes, v1 .== quotes, v2 .== quotes, v3 .== quotes) & valid : 0
        let nextIsLF: UInt64 = next == 0x0A ? 1 : 0
        let terminators = lf | cr
        let last = UInt64(count - 1)
        var block = Block(recordStarts: 0, lineEnds: lf | (cr & ~((lf >> 1) | (nextIsLF << last))), anomaly: nil)
        let insideCarry: UInt64 = isInsideQuotes ? ~0 : 0
        if quoteBits == 0 {
            // The common block: the quote state holds throughout.
            let recordEnds = isInsideQuotes ? 0 : terminators
            block.recordStarts = ~terminators & ((recordEnds << 1) | recordStartCarry) & valid
            recordStartCarry = (recordEnds >> last) & 1
        } else {
            let delimiterBits = Self.bits(v0 .== delimiters, v1 .== delimiters, v2 .== delimiters, v3 .== delimiters) & valid
            let inside = Self.prefixXor(quoteBits) ^ insideCarry
            let recordEnds = terminators & ~inside
            block.recordStarts = ~terminators & ((recordEnds << 1) | recordStartCarry) & valid
            // Opening quotes (inside after them) must follow a field boundary; closing ones precede one.
            let boundaries = delimiterBits | terminators | quoteBits
            let nextIsBoundary: UInt64 = next.map(isBoundary) ?? true ? 1 : 0
            let afterBoundary = (boundaries << 1) | fieldStartCarry
            let beforeBoundary = (boundaries >> 1) | (nextIsBoundary << last)
            let strayOpening = quoteBits & inside & ~afterBoundary
            let strayClosing = quoteBits & ~inside & ~beforeBoundary
            let stray = strayOpening | strayClosing
            if stray != 0 {
                let bit = stray.trailingZeroBitCount
                block.anomaly = (bit, strayOpening >> UInt64(bit) & 1 == 1 ? .quoteInUnquotedField : .textAfterClosingQuote)
            }
            isInsideQuotes = (inside >> last) & 1 == 1
            recordStartCarry = (recordEnds >> last) & 1
        }
        let lastByte = start.load(fromByteOffset: count - 1, as: UInt8.self)
        fieldStartCarry = isBoundary(lastByte) ? 1 : 0
        records += block.recordStarts.nonzeroBitCount
        lineEnds += block.lineEnds.nonzeroBitCount
        return block
    }

    /// `true` for a byte a quoted field may open after or close before: delimiter, quote, CR, LF.
    @inline(__always)
    private func isBoundary(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == quote || byte == 0x0A || byte == 0x0D
    }

    /// Bit `i` set when lane `i` of the 64 lanes (four masks of 16) is set.
    @inline(__always)
    static func bits(
        _ m0: SIMDMask<SIMD16<Int8>>, _ m1: SIMDMask<SIMD16<Int8>>,
        _ m2: SIMDMask<SIMD16<Int8>>, _ m3: SIMDMask<SIMD16<Int8>>
    ) -> UInt64 {
        bits(m0) | bits(m1) << 16 | bits(m2) << 32 | bits(m3) << 48
    }

    /// The 16 lanes of `mask` as the low 16 bits: each 8-lane half's 0x01 bytes are gathered into
    /// the top byte of one multiplication (no carries: every partial product lands on its own bit).
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self) & SIMD2(repeating: 0x0101_0101_0101_0101)
        let gathered = words &* SIMD2(repeating: 0x0102_0408_1020_4080)
        return gathered[0] >> 56 | (gathered[1] >> 56) << 8
    }

    /// `true` when any lane of the four masks is set.
    @inline(__always)
    static func anySet(
        _ m0: SIMDMask<SIMD16<Int8>>, _ m1: SIMDMask<SIMD16<Int8>>,
        _ m2: SIMDMask<SIMD16<Int8>>, _ m3: SIMDMask<SIMD16<Int8>>
    ) -> Bool {
        let words = unsafeBitCast(m0 .| m1 .| m2 .| m3, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Bit `i` of the result is the XOR of bits `0…i` of `x`: 1 inside a quoted field.
    @inline(__always)
    static func prefixXor(_ x: UInt64) -> UInt64 {
        var x = x
        x ^= x << 1
        x ^= x << 2
        x ^= x << 4
        x ^= x << 8
        x ^= x << 16
        x ^= x << 32
        return x
    }
}
