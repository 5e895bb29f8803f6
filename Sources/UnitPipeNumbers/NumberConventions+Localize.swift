// Design note — localizing normalized output.
//
// `NumberWriter` produces normalized ASCII (`-12345.678`, `5000`, `1.5e-07`, `2.5e+20`). For
// `--output-locale` this file rewrites those bytes the way CLDR writes the number in a locale:
// the locale's minus sign (bidi marks included), digits (native in `ar_EG`, `fa_IR`), grouping
// at the locale's group sizes (Indian 3-then-2 included) once the integer part has at least
// `primary + minimumGroupingDigits` digits (`es_ES`: `1234`, `12.345`), and decimal separator.
// Exponent forms keep their ASCII digits, sign and `e`; only the decimal separator changes.
// The output parses back to the same `Double` with the same conventions.

extension NumberConventions {
    /// The most bytes ``writeLocalized(_:into:)`` writes for normalized ASCII of `count` bytes.
    ///
    /// - Parameter count: The byte count of the normalized ASCII number.
    /// - Returns: A capacity that always suffices (each digit up to 4 bytes, a separator of up to
    ///   4 bytes per digit, and the minus sign).
    public func localizedCapacity(forASCIICount count: Int) -> Int {
        count * 8 + minusSign.utf8.count + 8
    }

    /// Rewrites a normalized ASCII number for this locale into `output`.
    ///
    /// - Parameters:
    ///   - ascii: A number as `NumberWriter` writes it: an optional `-`, ASCII digits, an optional
    ///     `.` with digits, an optional exponent (`e-07`, `e+20`).
    ///   - output: Room for at least ``localizedCapacity(forASCIICount:)`` bytes.
    /// - Returns: The number of bytes written.
    public func writeLocalized(_ ascii: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        let hasExponent = ascii.contains { $0 | 0x20 == NumberParser.ASCII.lowercaseE }
        if hasExponent {
            for byte in ascii {
                if byte == NumberParser.ASCII.period {
                    count += Self.writeUTF8(decimalScalar, to: output + count)
                } else {
                    output[count] = byte
                    count += 1
                }
            }
            return count
        }
        var index = 0
        if index < ascii.count, ascii[index] == NumberParser.ASCII.minus {
            for byte in minusSign.utf8 {
                output[count] = byte
                count += 1
            }
            index += 1
        }
        var integerEnd = index
        while integerEnd < ascii.count, ascii[integerEnd] != NumberParser.ASCII.period { integerEnd += 1 }
        let integerCount = integerEnd - index
        let groups = groupingScalar != 0 && integerCount >= primaryGroupSize + minimumGroupingDigitCount
        for position in index..<integerEnd {
            count += Self.writeUTF8(outputZero + UInt32(ascii[position] &- NumberParser.ASCII.zero), to: output + count)
            let remaining = integerEnd - position - 1
            if groups, remaining >= primaryGroupSize,
               (remaining - primaryGroupSize) % max(secondaryGroupSize, 1) == 0 {
                count += Self.writeUTF8(groupingScalar, to: output + count)
            }
        }
        if integerEnd < ascii.count {
            count += Self.writeUTF8(decimalScalar, to: output + count)
            for position in (integerEnd + 1)..<ascii.count {
                count += Self.writeUTF8(outputZero + UInt32(ascii[position] &- NumberParser.ASCII.zero), to: output + count)
            }
        }
        return count
    }

    /// Rewrites a normalized ASCII number for this locale.
    ///
    /// - Parameter ascii: The normalized number (`-12345.678`).
    /// - Returns: The localized text (`-12.345,678` in `de_DE`).
    public func localized(_ ascii: String) -> String {
        let bytes = Array(ascii.utf8)
        let capacity = localizedCapacity(forASCIICount: bytes.count)
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = bytes.withUnsafeBytes { source in
                guard let base = buffer.baseAddress else { return 0 }
                return writeLocalized(source, into: base)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes a scalar as UTF-8; returns the byte count.
    @inline(__always)
    static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            output[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case ..<0x800:
            output[0] = 0xC0 | UInt8(truncatingIfNeeded: scalar >> 6)
            output[1] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return 2
        case ..<0x10000:
            output[0] = 0xE0 | UInt8(truncatingIfNeeded: scalar >> 12)
            output[1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
            output[2] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return 3
        default:
            output[0] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
            output[1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
            output[2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
            output[3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return 4
        }
    }
}
