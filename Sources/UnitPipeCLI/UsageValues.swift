import UnitPipe
import UnitPipeUnits
import UnitPipeCSV

/// Turns option values into typed values, with usage errors that say what is accepted.
enum UsageValues {
    /// One byte: an ASCII character (`,` `;` `|` `:` `^`, a space), `tab` (or `\t`), or `\xHH` (`\x1f`);
    /// never CR, LF or NUL, which cannot separate fields, nor a letter or digit, which would split
    /// words and numbers (`-d t` is more likely a mistyped `tab`).
    static func delimiter(_ text: String, option: String) throws(UsageError) -> UInt8 {
        let byte: UInt8
        switch text {
        case "tab", "\\t", "TAB": byte = UInt8(ascii: "\t")
        default:
            let utf8 = Array(text.utf8)
            if utf8.count == 1 {
                byte = utf8[0]
            } else if utf8.count == 4, text.hasPrefix("\\x") || text.hasPrefix("\\X"), text.dropFirst(2).allSatisfy(\.isHexDigit),
                      let value = UInt8(text.dropFirst(2), radix: 16) {
                byte = value
            } else {
                throw .invalidValue(option: option, value: text, reason: "use one ASCII character such as ',' ';' '|' ':' '^', 'tab', or a byte written \\xHH (\\x1f)")
            }
        }
        if byte == 0x0A || byte == 0x0D || byte == 0 {
            throw .invalidValue(option: option, value: text, reason: "a line end or NUL cannot separate fields; use one character such as ',' ':' '^', 'tab' or \\x1f")
        }
        if (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
            throw .invalidValue(option: option, value: text, reason: "a letter or digit would split words and numbers; use punctuation (',' ';' '|' ':' '^'), a space, 'tab' or a byte such as \\x1f")
        }
        if byte >= 0x80 {
            throw .invalidValue(option: option, value: text, reason: "bytes from \\x80 up are parts of UTF-8 characters; use an ASCII character or a byte below \\x80")
        }
        return byte
    }

    /// Refuses a delimiter (`option`) that is the quote byte: no field could be read or written then.
    static func check(delimiter: UInt8?, option: String, text: String?, quote: UInt8?) throws(UsageError) {
        guard let delimiter, let quote, delimiter == quote else { return }
        throw .invalidValue(option: option, value: text ?? "", reason: "it is also the quote character; choose another delimiter, or another quote with --quote (or --quote none)")
    }

    /// A single ASCII punctuation byte, or `none`.
    static func quote(_ text: String, option: String) throws(UsageError) -> ConvertOptions.Quoting {
        if text == "none" { return .none }
        if text == "\"" { return .standard }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte > 0x20, byte < 0x7F,
            !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        else {
            throw .invalidValue(option: option, value: text, reason: "use one ASCII punctuation character such as '\"' or \"'\", or 'none'")
        }
        return .byte(byte)
    }

    /// An integer from `minimum` to `maximum`.
    static func count(_ text: String, option: String, minimum: Int = 0, maximum: Int = Int.max) throws(UsageError) -> Int {
        guard let n = Int(text), n >= minimum, n <= maximum else {
            let range = maximum == Int.max ? "\(minimum) or more" : "from \(minimum) to \(maximum)"
            throw .invalidValue(option: option, value: text, reason: "use a whole number \(range)")
        }
        return n
    }

    /// A byte size with an optional `K`, `M` or `G` suffix (powers of 1024).
    static func byteSize(_ text: String, option: String) throws(UsageError) -> Int {
        var digits = Substring(text)
        var multiplier = 1
        switch text.last {
        case "K", "k": multiplier = 1 << 10
        case "M", "m": multiplier = 1 << 20
        case "G", "g": multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        guard let n = Int(digits), n > 0, n <= Int.max / multiplier else {
            throw .invalidValue(option: option, value: text, reason: "use a positive size in bytes, optionally with K, M or G (e.g. 64M)")
        }
        return n * multiplier
    }

    /// A size as `byteSize(_:option:)` reads it, with the largest suffix that divides it: `64M`.
    static func sizeText(_ bytes: Int) -> String {
        for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes > 0 && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return "\(bytes)"
    }

    /// `--encoding NAME`: the input's text encoding (common spellings accepted); refused with
    /// `--byte-range` unless UTF-8, since byte offsets count bytes as stored.
    static func encoding(_ text: String, byteRange: Range<Int>?) throws(UsageError) -> TextEncoding {
        guard let encoding = TextEncoding(name: text) else {
            throw .invalidValue(option: "--encoding", value: text, reason: "use one of " + TextEncoding.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if byteRange != nil, encoding != .utf8 {
            throw .invalidValue(option: "--encoding", value: text, reason: "byte ranges are read as UTF-8; convert the file to UTF-8 before cutting it into ranges")
        }
        return encoding
    }

    /// One of the cases of a string enum.
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, option: String, as type: T.Type) throws(UsageError) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            var reason = "use one of " + names.joined(separator: ", ")
            if let near = Suggestion.nearest(to: text, among: names) { reason = "did you mean '\(near)'? " + reason }
            throw .invalidValue(option: option, value: text, reason: reason)
        }
        return value
    }
}
