/// Writes records in a dialect: the delimiter kept, fields quoted only where RFC 4180 needs it
/// (a delimiter, quote, CR or LF inside) or where a field starts or ends with a space or tab,
/// which some readers would trim; LF line ends, no BOM.
public struct CSVWriter: Sendable {
    /// The delimiter byte written between fields.
    public let delimiter: UInt8
    /// The quote byte, or `nil` to write fields as they are.
    public let quote: UInt8?
    /// The set of ASCII bytes that force quoting anywhere in a field: delimiter, quote, CR, LF.
    private let special: UInt128

    public init(delimiter: UInt8, quote: UInt8?) {
        self.delimiter = delimiter
        self.quote = quote
        var mask: UInt128 = 0
        for byte in [delimiter, 0x0A, 0x0D] + (quote.map { [$0] } ?? []) where byte < 128 {
            mask |= 1 << UInt128(byte)
        }
        special = mask
    }

    /// `true` when `byte` forces quoting wherever it appears in a field (delimiters and quotes are ASCII).
    @inline(__always)
    private func isSpecial(_ byte: UInt8) -> Bool {
        byte < 128 && (special >> UInt128(byte)) & 1 != 0
    }

    /// `true` when `field` must be quoted to read back as the same bytes.
    @inline(__always)
    public func needsQuotes(_ field: UnsafeRawBufferPointer) -> Bool {
        guard quote != nil, let first = field.first, let last = field.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in field where isSpecial(byte) { return true }
        return false
    }

    /// Appends `field`, quoting and doubling quotes when needed.
    @inline(__always)
    public func writeField(_ field: UnsafeRawBufferPointer, to output: inout ByteCursor) {
        guard let quote, needsQuotes(field) else {
            output.append(field)
            return
        }
        writeQuoted(field, quote: quote, to: &output)
    }

    @inline(never)
    private func writeQuoted(_ field: UnsafeRawBufferPointer, quote: UInt8, to output: inout ByteCursor) {
        output.append(quote)
        var runStart = 0
        for i in 0..<field.count where field[i] == quote {
            output.append(UnsafeRawBufferPointer(rebasing: field[runStart...i]))
            output.append(quote)
            runStart = i + 1
        }
        output.append(UnsafeRawBufferPointer(rebasing: field[runStart...]))
        output.append(quote)
    }

    /// Appends a whole record of text fields and a LF (headers, reports).
    public func writeRecord(_ fields: [String], to output: ByteBuffer) {
        output.withCursor { cursor in
            for (i, field) in fields.enumerated() {
                if i > 0 { cursor.append(delimiter) }
                var field = field
                field.withUTF8 { writeField(UnsafeRawBufferPointer($0), to: &cursor) }
            }
            cursor.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends record `r` of `batch` with its fields as read, and a LF.
    public func writeRecord(_ r: Int, of batch: RecordBatch, to output: inout ByteCursor) {
        for f in 0..<batch.fieldCount(of: r) {
            if f > 0 { output.append(delimiter) }
            writeField(batch.field(f, of: r), to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }
}
