#if canImport(Glibc)
import Glibc
#endif

/// Writes records in a dialect: the delimiter kept, fields quoted only where RFC 4180 needs it
/// (a delimiter, quote, CR or LF inside) or where a field starts or ends with a space or tab,
/// which some readers would trim (or, by ``QuoteStyle``, every field or every field that is not
/// a number); LF line ends, no BOM.
public struct CSVWriter: Sendable {
    /// Which fields are quoted (`--quote-style`).
    public enum QuoteStyle: String, Sendable, CaseIterable {
        /// Only where a field would not read back otherwise (the default).
        case minimal
        /// Every field, empty ones included (`""`).
        case all
        /// Every field that is not empty and not a number as written: an optional sign, digits
        /// with an optional `.` fraction, an optional exponent (`-5`, `1.25`, `.5`, `2.5e-3`).
        case nonnumeric
    }

    /// The delimiter byte written between fields.
    public let delimiter: UInt8
    /// The quote byte, or `nil` to write fields as they are.
    public let quote: UInt8?
    /// The set of ASCII bytes that force quoting anywhere in a field: delimiter, quote, CR, LF.
    @usableFromInline let special: UInt128

    /// `true` when records end with CR LF instead of LF (`--crlf`).
    public let usesCRLF: Bool
    /// `true` when a field a spreadsheet would take for a formula gets a leading `'` (`--escape-formulas`).
    public let escapesFormulas: Bool
    /// Which fields are quoted; without a quote byte, none is.
    public let quoteStyle: QuoteStyle
    /// `true` when fields are quoted only where needed, there is a quote byte and the delimiter and
    /// quote are ASCII (the bytes ``isSpecial(_:)`` knows): the word-at-a-time test then decides.
    @usableFromInline let isMinimallyQuoted: Bool

    public init(delimiter: UInt8, quote: UInt8?, usesCRLF: Bool = false, escapesFormulas: Bool = false, quoteStyle: QuoteStyle = .minimal) {
        self.usesCRLF = usesCRLF
        self.quoteStyle = quoteStyle
        isMinimallyQuoted = quote.map { $0 < 128 } == true && quoteStyle == .minimal && delimiter < 128
        self.escapesFormulas = escapesFormulas
        self.delimiter = delimiter
        self.quote = quote
        var mask: UInt128 = 0
        for byte in [delimiter, 0x0A, 0x0D] + (quote.map { [$0] } ?? []) where byte < 128 {
            mask |= 1 << UInt128(byte)
        }
        special = mask
    }

    /// `true` when `byte` forces quoting wherever it appears in a field (delimiters and quotes are ASCII).
    @inlinable @inline(__always)
    func isSpecial(_ byte: UInt8) -> Bool {
        byte < 128 && (special >> UInt128(byte)) & 1 != 0
    }

    /// `true` when `field` must be quoted to read back as the same bytes.
    @inlinable @inline(__always)
    public func needsQuotes(_ field: UnsafeRawBufferPointer) -> Bool {
        guard quote != nil else { return false }
        switch quoteStyle {
        case .minimal: break
        case .all: return true
        case .nonnumeric: return !field.isEmpty && !CSVWriter.isPlainNumber(field)
        }
        guard let first = field.first, let last = field.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in field where isSpecial(byte) { return true }
        return false
    }

    /// Appends `field`, quoting and doubling quotes when needed (and with `escapesFormulas`, a
    /// leading `'` before what a spreadsheet would run as a formula).
    @inlinable @inline(__always)
    public func writeField(_ field: UnsafeRawBufferPointer, to output: inout ByteCursor) {
        if escapesFormulas, let first = field.first, CSVWriter.startsFormula(first), !CSVWriter.isPlainNumber(field) {
            writeEscaped(field, to: &output)
            return
        }
        // Most fields are short and plain: test and copy them a word at a time. The words cover
        // every byte, so a field that fails the test needs quotes (the minimal style's rule).
        let n = field.count
        if n >= 4, let base = field.baseAddress, isMinimallyQuoted, let quote {
            if n > 16 {
                // Longer fields: every 8-byte word, the last one overlapping, then one copy.
                var offset = 0
                var found = false
                while offset + 8 < n && !found {
                    found = hasSpecialByte(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    offset += 8
                }
                let tail = base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                let edges = UInt64(base.load(as: UInt8.self)) | (tail >> 56) << 8
                if !found && !hasSpecialByte(tail) && !CSVWriter.isBlankEdge(edges) {
                    output.append(field)
                    return
                }
                return writeQuoted(field, quote: quote, to: &output)
            } else if n >= 8 {
                let head = base.loadUnaligned(as: UInt64.self)
                let tail = base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                let edges = (head & 0xFF) | (tail >> 56) << 8
                if !hasSpecialByte(head) && !hasSpecialByte(tail) && !CSVWriter.isBlankEdge(edges) {
                    output.appendEnds(head, tail, count: n)
                    return
                }
                return writeQuoted(field, quote: quote, to: &output)
            } else {
                let head = UInt64(base.loadUnaligned(as: UInt32.self))
                let tail = UInt64(base.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
                let edges = (head & 0xFF) | (tail >> 24) << 8
                if !hasSpecialByte(head | tail << 32) && !CSVWriter.isBlankEdge(edges) {
                    output.appendEnds(UInt32(truncatingIfNeeded: head), UInt32(truncatingIfNeeded: tail), count: n)
                    return
                }
                return writeQuoted(field, quote: quote, to: &output)
            }
        }
        guard let quote, needsQuotes(field) else {
            output.append(field)
            return
        }
        writeQuoted(field, quote: quote, to: &output)
    }

    /// `true` when either of the two low bytes of `edges` (a field's first and last byte) is a space or tab.
    @inlinable @inline(__always)
    static func isBlankEdge(_ edges: UInt64) -> Bool {
        let first = edges & 0xFF
        let last = edges >> 8
        return first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    }

    /// `true` when one of the eight bytes of `word` is the delimiter, the quote, CR or LF
    /// (the SWAR zero-byte test on `word` XOR each of them broadcast).
    @inlinable @inline(__always)
    func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        var found = hasZero(word ^ (ones &* UInt64(delimiter)))
        found |= hasZero(word ^ (ones &* 0x0A))
        found |= hasZero(word ^ (ones &* 0x0D))
        if let quote { found |= hasZero(word ^ (ones &* UInt64(quote))) }
        return found != 0
    }

    /// `true` for the first bytes OWASP's CSV-injection rule escapes: `=`, `+`, `-`, `@`, tab, CR.
    @inlinable @inline(__always)
    static func startsFormula(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// `true` for a plain decimal number with an optional sign and exponent (`-5`, `+1.5`,
    /// `-2.5e-3`), which a spreadsheet reads as a number, never as a formula: not escaped.
    @usableFromInline
    static func isPlainNumber(_ field: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = field.count
        @inline(__always) func digits() -> Int {
            let start = i
            while i < n, field[i] >= 0x30, field[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < n, field[i] == 0x2B || field[i] == 0x2D { i += 1 }
        var count = digits()
        if i < n, field[i] == 0x2E {
            i += 1
            count += digits()
        }
        guard count > 0 else { return false }
        if i < n, field[i] == 0x65 || field[i] == 0x45 {
            i += 1
            if i < n, field[i] == 0x2B || field[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    /// Appends `'` and `field`, quoted where the result needs it.
    @usableFromInline @inline(never)
    func writeEscaped(_ field: UnsafeRawBufferPointer, to output: inout ByteCursor) {
        var escaped: [UInt8] = [0x27]
        escaped.append(contentsOf: field)
        escaped.withUnsafeBytes { bytes in
            // Starts with `'`, so this writes it as any other field.
            writeField(bytes, to: &output)
        }
    }

    /// Appends `field` between quotes, each quote inside doubled (found with `memchr`).
    @usableFromInline @inline(never)
    func writeQuoted(_ field: UnsafeRawBufferPointer, quote: UInt8, to output: inout ByteCursor) {
        output.append(quote)
        if let base = field.baseAddress {
            let n = field.count
            var runStart = 0
            while runStart < n, let found = memchr(base + runStart, Int32(quote), n - runStart) {
                let end = UnsafeRawPointer(found) - base + 1
                output.append(UnsafeRawBufferPointer(start: base + runStart, count: end - runStart))
                output.append(quote)
                runStart = end
            }
            output.append(UnsafeRawBufferPointer(start: base + runStart, count: n - runStart))
        }
        output.append(quote)
    }

    /// Appends a whole record of text fields and a LF (headers, reports).
    public func writeRecord(_ fields: [String], to output: ByteBuffer) {
        writeRecord(fields.map { Array($0.utf8) }, to: output)
    }

    /// Appends a record of fields given as bytes (a header as read), quoted where needed, and a LF.
    public func writeRecord(_ fields: [[UInt8]], to output: ByteBuffer) {
        output.withCursor { cursor in
            let start = cursor.count
            for (i, field) in fields.enumerated() {
                if i > 0 { cursor.append(delimiter) }
                field.withUnsafeBytes { writeField($0, to: &cursor) }
            }
            if cursor.count == start { writeEmptyRecordMark(to: &cursor) }
            appendLineEnd(to: &cursor)
        }
    }

    /// Appends the record terminator: LF, or CR LF with `usesCRLF`.
    @inlinable @inline(__always)
    public func appendLineEnd(to output: inout ByteCursor) {
        if usesCRLF { output.append(UInt8(ascii: "\r")) }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends record `r` of `batch` with its fields as read, and a LF.
    public func writeRecord(_ r: Int, of batch: RecordBatch, to output: inout ByteCursor) {
        let start = output.count
        for f in 0..<batch.fieldCount(of: r) {
            if f > 0 { output.append(delimiter) }
            writeField(batch.field(f, of: r), to: &output)
        }
        if output.count == start { writeEmptyRecordMark(to: &output) }
        appendLineEnd(to: &output)
    }

    /// Appends record `r` of `batch` as it was read: its input bytes, line end included (a LF
    /// is added when the input ended without one). When the reader does not hold its bytes, its
    /// fields are written as read instead (``writeRecord(_:of:to:)``).
    public func writeVerbatim(_ r: Int, of batch: RecordBatch, to output: inout ByteCursor) {
        // Escaping formulas rewrites the record field by field: bytes as read cannot be escaped.
        guard !escapesFormulas, let (first, second) = batch.rawBytes(of: r) else { return writeRecord(r, of: batch, to: &output) }
        output.append(first)
        if second.count > 0 { output.append(second) }
        let last = second.last ?? first.last
        if last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r") { output.append(UInt8(ascii: "\n")) }
    }

    /// The quote byte written around every converted number (`--quote-style all`), `nil` when numbers are written bare.
    public var numberQuote: UInt8? { quoteStyle == .all ? quote : nil }

    /// Writes `""` for a record whose only field is empty: an empty line would be read back as a
    /// blank line, which CSV readers skip, and the record would be lost. (Without quoting there is
    /// no way to write it; the line stays empty.)
    @inline(never)
    public func writeEmptyRecordMark(to output: inout ByteCursor) {
        guard let quote else { return }
        output.append(quote)
        output.append(quote)
    }
}
