// Input in another encoding than UTF-8 (`--encoding`), transcoded to UTF-8 as a decoding stage
// after gzip/zstd, before the CSV reader sees a byte: Latin-1, Windows-1252 and ISO-8859-15 map
// each byte to one character; UTF-16 maps code units (surrogate pairs joined) to characters. A
// sequence that is no character (a lone surrogate, an odd last byte) stops the run with its
// offset: text is never guessed or replaced.

/// An encoding the input can be read in.
public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
    case utf8 = "utf-8"
    case latin1
    case cp1252
    case iso885915 = "iso-8859-15"
    case utf16le = "utf-16le"
    case utf16be = "utf-16be"

    /// The encoding named `name`, accepting common spellings (`UTF8`, `latin-1`, `iso-8859-1`,
    /// `windows-1252`, `latin9`, `utf16le`); `nil` when none.
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        switch key {
        case "utf8": self = .utf8
        case "latin1", "iso88591", "l1": self = .latin1
        case "cp1252", "windows1252", "win1252": self = .cp1252
        case "iso885915", "latin9", "l9": self = .iso885915
        case "utf16le": self = .utf16le
        case "utf16be": self = .utf16be
        default: return nil
        }
    }

    /// The most bytes of UTF-8 one input byte can become.
    var expansion: Int { self == .utf8 ? 1 : 3 }
}

/// Transcodes a stream to UTF-8 block by block, keeping what a block cuts (half a UTF-16 unit,
/// a high surrogate) for the next.
struct TextTranscoder {
    let encoding: TextEncoding
    /// Input bytes consumed so far (for the offset in an error).
    private(set) var offset = 0
    private var pendingByte: UInt8?
    private var highSurrogate: UInt16?

    init(_ encoding: TextEncoding) { self.encoding = encoding }

    /// Why input could not be transcoded: at which input offset.
    struct Failure: Error { let offset: Int }

    /// Appends the UTF-8 of `input` to `output`.
    mutating func transcode(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(Failure) {
        switch encoding {
        case .utf8:
            output.append(contentsOf: input)
        case .latin1, .cp1252, .iso885915:
            for byte in input {
                if byte < 0x80 { output.append(byte) } else { Self.appendUTF8(scalar(of: byte), to: &output) }
            }
        case .utf16le, .utf16be:
            for byte in input {
                guard let first = pendingByte else {
                    pendingByte = byte
                    continue
                }
                pendingByte = nil
                let unit = encoding == .utf16le ? UInt16(first) | UInt16(byte) << 8 : UInt16(first) << 8 | UInt16(byte)
                try take(unit, into: &output)
            }
        }
        offset += input.count
    }

    /// Checks that the input ended on a whole character.
    func finish() throws(Failure) {
        if pendingByte != nil || highSurrogate != nil { throw Failure(offset: offset - (pendingByte != nil ? 1 : 2)) }
    }

    private mutating func take(_ unit: UInt16, into output: inout [UInt8]) throws(Failure) {
        if let high = highSurrogate {
            guard (0xDC00...0xDFFF).contains(unit) else { throw Failure(offset: offset) }
            highSurrogate = nil
            Self.appendUTF8(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00), to: &output)
            return
        }
        switch unit {
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF: throw Failure(offset: offset)
        default: Self.appendUTF8(UInt32(unit), to: &output)
        }
    }

    /// The character a byte of 0x80 or more stands for in a single-byte encoding.
    private func scalar(of byte: UInt8) -> UInt32 {
        switch encoding {
        case .cp1252 where byte < 0xA0:
            return UInt32(Self.windows1252[Int(byte) - 0x80])
        case .iso885915:
            return UInt32(Self.latin9[byte] ?? UInt16(byte))
        default:
            return UInt32(byte)
        }
    }

    /// Windows-1252's 0x80–0x9F; the five bytes it leaves undefined stand for the C1 controls of
    /// the same value, as WHATWG's windows-1252 decoder reads them.
    static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Where ISO-8859-15 differs from Latin-1.
    static let latin9: [UInt8: UInt16] = [
        0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D, 0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178,
    ]

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(scalar >> 6))
            output.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(0xE0 | UInt8(scalar >> 12))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        default:
            output.append(0xF0 | UInt8(scalar >> 18))
            output.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        }
    }
}
