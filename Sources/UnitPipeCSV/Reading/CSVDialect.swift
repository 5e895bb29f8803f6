#if canImport(Glibc)
import Glibc
#endif

/// How a delimited text file is written: its delimiter, quote character and header.
public struct CSVDialect: Sendable, Equatable {
    /// The field delimiter byte: `,` `;` `|` or tab.
    public var delimiter: UInt8
    /// The quote byte, or `nil` when fields are never quoted (`--quote none`).
    public var quote: UInt8?
    /// `true` when the first record names the columns (the default).
    public var hasHeader: Bool

    /// Comma-separated, `"`-quoted, with a header: RFC 4180.
    public static let csv = CSVDialect(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), hasHeader: true)

    public init(delimiter: UInt8, quote: UInt8?, hasHeader: Bool) {
        self.delimiter = delimiter
        self.quote = quote
        self.hasHeader = hasHeader
    }

    /// The delimiters `-d` accepts, in the order that breaks sniffing ties.
    public static let candidateDelimiters: [UInt8] = [
        UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|"),
    ]

    /// A printable name of a delimiter byte as `-d` takes it: `,`, `tab`, or `\x1f` for other control bytes.
    public static func name(ofDelimiter byte: UInt8) -> String {
        if byte == UInt8(ascii: "\t") { return "tab" }
        if byte < 0x20 || byte >= 0x7F {
            let hex = String(byte, radix: 16)
            return "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
        return String(UnicodeScalar(byte))
    }
}

/// Which parser reads the records (`--reader`).
public enum ReaderKind: String, Sendable, CaseIterable {
    /// Lines without a quote byte, or whose quoting is regular, are split directly; libcsv parses
    /// every other record (the default).
    case split
    /// libcsv parses every record.
    case libcsv

    /// `split`, unless the environment variable `UNITPIPE_READER` names another kind (so a whole
    /// test suite can run with either reader).
    public static let `default`: ReaderKind = {
        guard let name = getenv("UNITPIPE_READER") else { return .split }
        return ReaderKind(rawValue: String(cString: name)) ?? .split
    }()
}
