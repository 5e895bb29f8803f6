import UnitPipeCSV
import UnitPipeNumbers

/// What a `convert` run did, written as JSON with `--summary`.
public struct ConvertSummary: JobSummary, Equatable {
    /// Counts for one converted column.
    public struct Column: Sendable, Equatable {
        public var name: String
        public var from: String
        public var to: String
        /// How the column's numbers were read: a locale identifier, or `auto:decimal_point`,
        /// `auto:decimal_comma`, `auto:undecided` with `--locale auto`.
        public var locale = "C"
        /// With `--locale auto`: the number of cells that showed the decided convention.
        public var localeEvidence: Int?
        /// Cells converted in rows that reached the output.
        public var converted = 0
        /// Empty cells (nulls) in rows that reached the output.
        public var empty = 0
        /// Cells of this column reported as errors.
        public var errors = 0
        /// Smallest and largest converted value, in the target unit.
        public var min: Double?
        public var max: Double?
    }

    public var rowsIn = 0
    public var rowsOut = 0
    public var rowsRejected = 0
    public var bytesIn = 0
    public var seconds = 0.0
    public var columns: [Column] = []
    public var errorsByCode: [ErrorCode: Int] = [:]
    /// In shard mode (`--byte-range`): the bytes whose records the run processed, and the first one's numbers.
    public var byteRange: ResolvedByteRange?
    /// With `--on-error keep`: the failed cells that were emptied in rows kept in the output; `nil` in the other modes.
    public var cellsEmptied: Int?
    public var status = RunStatus.ok
    public var reason: String?
    public var detail: String?
    /// Output rows that reached their destination: the file renamed into place, or the stream up
    /// to where it failed or closed; 0 when no output file was left (a failed run).
    public var rowsWritten = 0
    /// Whether an input ended without a line end after its last record (written to the summary
    /// only when it did): a writer that stopped in the middle of a record leaves exactly that.
    public var lastRecordWithoutLineEnd = false

    public init() {}

    /// Rows rejected, or cells reported (with `--on-error keep`, whose rows stay in the output).
    public var hasFailures: Bool { rowsRejected > 0 || errorsByCode.values.contains { $0 > 0 } }

    /// The summary as one JSON object, keys in the documented order.
    public var json: String {
        var out = "{"
        out += "\"status\": \(JSON.string(status.rawValue))"
        if let reason { out += ", \"reason\": \(JSON.string(reason))" }
        if let detail { out += ", \"detail\": \(JSON.string(detail))" }
        out += ", \"rows_in\": \(rowsIn), \"rows_out\": \(rowsOut), \"rows_rejected\": \(rowsRejected)"
        if let cellsEmptied { out += ", \"cells_emptied\": \(cellsEmptied)" }
        out += ", \"bytes_in\": \(bytesIn), \"seconds\": \(JSON.seconds(seconds))"
        out += ", \"rows_written\": \(rowsWritten)"
        if lastRecordWithoutLineEnd { out += ", \"last_record_without_line_end\": true" }
        if let range = byteRange {
            out += ", \"byte_range\": \(range.json)"
        }
        out += ", \"columns\": ["
        out += columns.map { column in
            "{\"name\": \(JSON.string(column.name)), \"from\": \(JSON.string(column.from)), "
                + "\"to\": \(JSON.string(column.to)), \"locale\": \(JSON.string(column.locale)), "
                + (column.localeEvidence.map { "\"locale_evidence\": \($0), " } ?? "")
                + "\"converted\": \(column.converted), "
                + "\"empty\": \(column.empty), \"errors\": \(column.errors), "
                + "\"min\": \(column.min.map(JSON.number) ?? "null"), \"max\": \(column.max.map(JSON.number) ?? "null")}"
        }.joined(separator: ", ")
        out += "], \"errors_by_code\": {"
        out += errorsByCode.sorted { $0.key < $1.key }
            .map { "\(JSON.string($0.key.rawValue)): \($0.value)" }.joined(separator: ", ")
        out += "}}\n"
        return out
    }
}

/// The two JSON scalars the summary needs.
enum JSON {
    /// A JSON string literal with the required escapes.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number: shortest round-trip digits (finite values only; others become null).
    static func number(_ value: Double) -> String {
        value.isFinite ? NumberWriter.shortest(value) : "null"
    }

    /// A duration in seconds, to the millisecond (`0.448`), or `null` when it is not finite.
    static func seconds(_ value: Double) -> String {
        value.isFinite ? NumberWriter.fixed(value, decimals: 3) ?? "null" : "null"
    }
}
