// A converted or validated cell must be UTF-8 text; one that is not is reported as
// `invalid_utf8` (naming the first bad byte), not as `invalid_number`. Fields that pass through
// are copied byte for byte and never checked.

/// Finds bytes that are not UTF-8 (`FailureRenderer` words the message).
enum InvalidUTF8 {
    /// The offset of the first byte of `bytes` that does not start or continue a valid UTF-8
    /// sequence (overlong forms, surrogates and values above U+10FFFF included), or `nil`.
    static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            // Eight ASCII bytes at a time: no byte with its high bit set.
            if i + 8 <= n, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            if bytes[i + 1] < low || bytes[i + 1] > high { return i }
            for j in 2..<length where bytes[i + j] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
