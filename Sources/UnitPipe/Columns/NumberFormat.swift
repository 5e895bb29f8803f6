import UnitPipeCSV
import UnitPipeNumbers

/// The format stage: how a converted number is written — shortest round-trip digits (with
/// exponent notation for very large and small values, or plain with `--notation plain`), or N
/// fraction digits from the exact value — normalized or in an output locale.
public final class NumberFormat: @unchecked Sendable {
    // Safety: the scratch buffer is written only by the worker that owns this format (one per worker).

    /// `--output-locale`'s conventions, or `nil` for normalized numbers.
    public let conventions: NumberConventions?
    /// `conventions != nil`, tested per number without touching the conventions.
    private let isLocalized: Bool
    /// `--notation plain`: shortest digits never in exponent notation.
    private let isPlain: Bool
    private let writer: CSVWriter
    /// A number's ASCII form before the output locale rewrites it.
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)

    /// Creates a format; `writer`'s dialect quotes a localized number that holds the delimiter.
    public init(conventions: NumberConventions?, isPlain: Bool, writer: CSVWriter) {
        self.conventions = conventions
        isLocalized = conventions != nil
        self.isPlain = isPlain
        // A converted number is never escaped as a formula (`-1.234,5` is a number in its locale);
        // it is quoted as the output's quote style says (`--quote-style all`).
        self.writer = CSVWriter(delimiter: writer.delimiter, quote: writer.quote, usesCRLF: writer.usesCRLF, quoteStyle: writer.quoteStyle)
    }

    deinit { scratch.deallocate() }

    /// Writes `value`'s shortest round-trip digits as a field.
    @inline(__always)
    public func writeShortest(_ value: Double, to cursor: inout ByteCursor) {
        guard isLocalized || isPlain else {
            cursor.write(maxCount: NumberWriter.maxShortestLength) { NumberWriter.writeShortest(value, into: $0) }
            return
        }
        writeShortestOther(value, to: &cursor)
    }

    /// ``writeShortest(_:to:)`` with `--notation plain` or `--output-locale`.
    @inline(never)
    private func writeShortestOther(_ value: Double, to cursor: inout ByteCursor) {
        if !isLocalized {
            cursor.write(maxCount: NumberWriter.maxPlainLength) { NumberWriter.writeShortestPlain(value, into: $0) }
            return
        }
        let count = isPlain ? NumberWriter.writeShortestPlain(value, into: scratch) : NumberWriter.writeShortest(value, into: scratch)
        writeLocalized(count: count, to: &cursor)
    }

    /// Writes a value with `decimals` fraction digits: `scaled` is the value times 10^N rounded
    /// once, or NaN when the exact path left the digits in `text`.
    @inline(__always)
    public func writeFixed(_ scaled: Double, decimals: Int, text: @autoclosure () -> [UInt8]?, to cursor: inout ByteCursor) {
        if scaled.isNaN {
            writeDigits(text(), to: &cursor)
            return
        }
        guard isLocalized else {
            cursor.write(maxCount: NumberWriter.maxFixedLength(decimals: decimals)) {
                NumberWriter.writeScaledInteger(scaled, decimals: decimals, into: $0)
            }
            return
        }
        writeLocalized(count: NumberWriter.writeScaledInteger(scaled, decimals: decimals, into: scratch), to: &cursor)
    }

    /// Writes digits the exact path produced (nothing when there are none).
    @inline(never)
    private func writeDigits(_ text: [UInt8]?, to cursor: inout ByteCursor) {
        guard let text else { return }
        if !isLocalized {
            cursor.write(maxCount: text.count) { $0.update(from: text, count: text.count); return text.count }
            return
        }
        let count = min(text.count, 512)
        scratch.update(from: text, count: count)
        writeLocalized(count: count, to: &cursor)
    }

    /// Writes the `count` ASCII bytes of a number in `scratch` in `--output-locale`.
    @inline(never)
    private func writeLocalized(count: Int, to cursor: inout ByteCursor) {
        guard let conventions else { return }
        let ascii = UnsafeRawBufferPointer(start: scratch, count: count)
        let localized = UnsafeMutablePointer<UInt8>.allocate(capacity: conventions.localizedCapacity(forASCIICount: count))
        defer { localized.deallocate() }
        let n = conventions.writeLocalized(ascii, into: localized)
        // A localized number may hold the delimiter (`1.234,5` in a comma file): quote it then.
        writer.writeField(UnsafeRawBufferPointer(start: localized, count: n), to: &cursor)
    }
}
