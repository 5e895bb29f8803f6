// What the input is, decided from its first bytes whatever its name: gzip and zstd are decoded
// as they stream; other archives, text in UTF-16 or UTF-32, and binary data are refused with
// the command that fixes them, before a single record is parsed (instead of a megabyte of
// "normalized" binary and thousands of rejected rows).

/// How the input's bytes are stored.
public enum InputCompression: String, Sendable, Equatable {
    case none
    case gzip
    case zstd

    /// The compression whose magic bytes start `head`, or `nil` when it is none we read.
    static func detect(_ head: UnsafeRawBufferPointer) -> InputCompression? {
        if head.starts(with: GzipDecoder.magic) { return .gzip }
        if head.starts(with: ZstdDecoder.magic) { return .zstd }
        return nil
    }
}

/// A format unitpipe does not read, recognised by its first bytes.
public enum RefusedFormat: Sendable, Equatable {
    case bzip2
    case xz
    case zip
    case tar
    /// Another compressor (lz4, compress, 7z).
    case otherArchive(String)
    /// Text in UTF-16 or UTF-32, by its byte order mark (or, without one, NUL bytes in every other position).
    case wideText(String)
    /// A file of another program: a spreadsheet workbook, a Parquet file.
    case document(String)
    /// Data with NUL bytes: not text. The offset of the first NUL in the (decoded) data.
    case binary(offset: Int)

    /// The refused format of a stream that starts with `head` (bytes as stored), if any.
    static func detectArchive(_ head: UnsafeRawBufferPointer) -> RefusedFormat? {
        let bytes = Array(head.prefix(8))
        func starts(_ magic: [UInt8]) -> Bool { bytes.starts(with: magic) }
        if starts([0x42, 0x5A, 0x68]), bytes.count > 3, (0x31...0x39).contains(bytes[3]) { return .bzip2 }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x50, 0x4B, 0x07, 0x08]) { return .zip }
        if starts([0x04, 0x22, 0x4D, 0x18]) { return .otherArchive("lz4") }
        if starts([0x1F, 0x9D]) { return .otherArchive("compress (.Z)") }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return .otherArchive("7z") }
        if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .document("an Excel workbook (or another OLE2 document)") }
        if starts(Array("PAR1".utf8)) { return .document("a Parquet file") }
        if head.count >= 262 && Array(head[257..<262]) == Array("ustar".utf8) { return .tar }
        return nil
    }

    /// The refused format of decoded data that starts with `head`, if any: a UTF-16/UTF-32 byte
    /// order mark, a tar archive, or NUL bytes — in every other byte (UTF-16 without a mark), or
    /// with other signs of binary data: bytes that are not UTF-8, or one byte in ten a control
    /// character (not a separator: tab, line ends, form feed, 0x1E, 0x1F). (A NUL now and then in UTF-8 text is left to pass through, as any byte does.)
    static func detectText(_ head: UnsafeRawBufferPointer) -> RefusedFormat? {
        let first = Array(head.prefix(4))
        if first.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .wideText("UTF-32LE") }
        if first.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .wideText("UTF-32BE") }
        if first.starts(with: [0xFF, 0xFE]) { return .wideText("UTF-16LE") }
        if first.starts(with: [0xFE, 0xFF]) { return .wideText("UTF-16BE") }
        if let archive = detectArchive(head) { return archive }
        guard let nul = head.firstIndex(of: 0) else { return nil }
        // Mostly-ASCII UTF-16 without a mark: NULs at every odd (LE) or every even (BE) offset.
        let pairs = min(head.count / 2, 512)
        if pairs >= 2 {
            var evenZeros = 0
            var oddZeros = 0
            for i in 0..<pairs {
                if head[2 * i] == 0 { evenZeros += 1 }
                if head[2 * i + 1] == 0 { oddZeros += 1 }
            }
            if oddZeros * 10 >= pairs * 9 && evenZeros * 10 < pairs { return .wideText("UTF-16LE") }
            if evenZeros * 10 >= pairs * 9 && oddZeros * 10 < pairs { return .wideText("UTF-16BE") }
        }
        var controls = 0
        // Tab, LF, CR, form feed and the ASCII record and unit separators (0x1E, 0x1F: `-d '\x1f'`) are text.
        for byte in head where byte < 0x1E && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C { controls += 1 }
        if controls * 10 >= head.count || !isUTF8(head) { return .binary(offset: nul) }
        return nil
    }

    /// `true` when `bytes` are valid UTF-8, but for a sequence cut at the end (the head ends anywhere).
    static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var end = bytes.count
        var back = 0
        while back < 3 && end > 0 && bytes[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        if end > 0 && bytes[end - 1] >= 0xC0 { end -= 1 }
        return String(validating: UnsafeRawBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self) != nil
    }
}
