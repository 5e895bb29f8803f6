#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension NumberParser {
    /// Parses an already validated number exactly with the C library's `strtod` on the C locale.
    ///
    /// Kept out of line so the fast path stays small. The bytes of `body` (digits, `.`,
    /// exponent — the grammar was checked by the caller) are copied behind an ASCII sign
    /// into a temporary NUL-terminated buffer; `strtod` must consume all of it.
    /// - Parameters:
    ///   - field: The cell's bytes.
    ///   - body: The validated number after its sign.
    ///   - isNegative: Whether the number had a minus sign (`-` or U+2212).
    /// - Returns: The correctly rounded number, or ``NumberError/overflow``.
    @inline(never)
    static func parseExactly(_ field: UnsafeRawBufferPointer, body: Range<Int>, isNegative: Bool) -> NumberParseResult {
        let capacity = body.count + 2
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            var length = 0
            if isNegative {
                buffer[0] = CChar(bitPattern: ASCII.minus)
                length = 1
            }
            for index in body {
                buffer[length] = CChar(bitPattern: field[index])
                length += 1
            }
            buffer[length] = 0
            guard let text = buffer.baseAddress else { return .failure(.invalidNumber) }
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let value = CNumericLocale.shared.parseDouble(text, &parsedEnd)
            guard parsedEnd == text + length else { return .failure(.invalidNumber) }
            return value.isInfinite ? .failure(.overflow) : .number(value)
        }
    }
}

/// The C library's "C" locale, created once, for `strtod` calls that do not depend on the process locale.
///
/// `@unchecked Sendable`: a `locale_t` is immutable after `newlocale`, and glibc allows
/// installing it on any number of threads at once.
struct CNumericLocale: @unchecked Sendable {
    /// The shared instance, created on first use.
    static let shared = CNumericLocale()

    private let handle: locale_t?

    private init() {
        handle = newlocale(LC_NUMERIC_MASK, "C", nil)
    }

    /// Converts a NUL-terminated decimal string with `strtod` while this thread uses the C locale.
    ///
    /// Calls `uselocale` to install the C locale on the calling thread for the duration
    /// of the `strtod` call (the Swift Glibc module does not export `strtod_l`). If the
    /// C library could not create the locale object (only when out of memory), `strtod`
    /// runs in the thread's current locale; the caller's check that every byte was
    /// consumed still rejects anything it did not parse completely.
    /// - Parameters:
    ///   - text: The NUL-terminated string.
    ///   - end: Receives the position after the last byte converted.
    /// - Returns: The correctly rounded value, `±infinity` on overflow.
    func parseDouble(_ text: UnsafePointer<CChar>, _ end: inout UnsafeMutablePointer<CChar>?) -> Double {
        guard let handle else { return strtod(text, &end) }
        let previous = uselocale(handle)
        defer { uselocale(previous) }
        return strtod(text, &end)
    }
}
