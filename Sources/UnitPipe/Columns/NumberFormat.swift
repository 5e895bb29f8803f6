import UnitPipeCSV
import UnitPipeNumbers

/// The format stage: how a converted number is written — shortest round-trip digits or a fixed
/// number of decimals, normalized or in an output locale.
public final class NumberFormat: @unchecked Sendable {
    // Safety: the scratch buffer is written only by the worker that owns this format (one per worker).

    /// `--decimals N`, or `nil` for the shortest digits that read back to the same double.
    public let decimals: Int?
    /// `--output-locale`'s conventions, or `nil` for normalized numbers.
    public let conventions: NumberConventions?
    /// `conventions != nil`, tested per number without touching the conventions.
    private let isLocalized: Bool
    private let writer: CSVWriter
    /// A number's ASCII form before the output locale rewrites it.
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)

    /// Creates a format; `writer` quotes a localized number that holds the delimiter.
    public init(decimals: Int?, conventions: NumberConventions?, writer: CSVWriter) {
        self.decimals = decimals
        self.conventions = conventions
        isLocalized = conventions != nil
        self.writer = writer
    }

    deinit { scratch.deallocate() }

    /// Writes `value` as a field.
    @inline(__always)
    public func write(_ value: Double, to cursor: inout ByteCursor) {
        guard isLocalized else {
            if let decimals {
                cursor.write(maxCount: NumberWriter.maxFixedLength(decimals: decimals)) {
                    NumberWriter.writeFixed(value, decimals: decimals, into: $0)
                }
            } else {
                cursor.write(maxCount: NumberWriter.maxShortestLength) { NumberWriter.writeShortest(value, into: $0) }
            }
            return
        }
        writeLocalized(value, to: &cursor)
    }

    @inline(never)
    private func writeLocalized(_ value: Double, to cursor: inout ByteCursor) {
        guard let conventions else { return }
        let count = decimals.map { NumberWriter.writeFixed(value, decimals: $0, into: scratch) }
            ?? NumberWriter.writeShortest(value, into: scratch)
        let ascii = UnsafeRawBufferPointer(start: scratch, count: count)
        let localized = UnsafeMutablePointer<UInt8>.allocate(capacity: conventions.localizedCapacity(forASCIICount: count))
        defer { localized.deallocate() }
        let n = conventions.writeLocalized(ascii, into: localized)
        // A localized number may hold the delimiter (`1.234,5` in a comma file): quote it then.
        writer.writeField(UnsafeRawBufferPointer(start: localized, count: n), to: &cursor)
    }
}
