import UnitPipeCSV

/// The JSON summary of a `validate` run (`--summary FILE`).
public struct ValidateSummary: JobSummary, Equatable {
    /// One checked column.
    public struct Column: Sendable, Equatable {
        public var name: String
        /// `number`, `integer`, a checked schema type (`string`, `boolean`, `date`, …) or `presence`.
        public var type: String
        /// The unit bounds are in, if any.
        public var unit: String?
        /// How numbers were read (`C`, `de_DE`, `auto:decimal_comma`, a schema's separators); `nil` for presence.
        public var locale: String?
        /// With `--locale auto`: the sample cells that decided the convention.
        public var localeEvidence: Int?
        /// Cells looked at (rows that read as CSV with the header's field count).
        public var cells = 0
        public var empty = 0
        public var valid = 0
        /// Invalid cells by code.
        public var invalid: [ErrorCode: Int] = [:]
        /// The smallest and largest valid number, in the column's unit.
        public var min: Double?
        public var max: Double?

        public init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }

    public var rowsIn = 0
    /// Rows with at least one invalid cell (or that fail as a whole).
    public var rowsInvalid = 0
    public var bytesIn = 0
    public var seconds = 0.0
    /// In shard mode (`--byte-range`): the bytes whose records the run processed, and the first one's numbers.
    public var byteRange: ResolvedByteRange?
    public var columns: [Column] = []
    public var headerProblems: [HeaderProblem] = []
    public var errorsByCode: [ErrorCode: Int] = [:]
    public var status = RunStatus.ok
    public var reason: String?
    /// For a run stopped by an output it could not write: the system's reason (`No space left on device`).
    public var detail: String?
    /// Whether `--max-errors` stopped the run.
    public var isErrorLimitReached = false
    /// The schema's keywords that were not checked.
    public var notes: [String] = []
    /// Whether an input ended without a line end after its last record (as in `convert`'s summary).
    public var lastRecordWithoutLineEnd = false

    /// The summary of one resource of a Data Package.
    public struct Resource: Sendable, Equatable {
        public var name: String
        public var summary: ValidateSummary
    }

    /// For a Data Package: each resource's own summary (the run's counts are their sums).
    public var resources: [Resource] = []

    public init() {}

    /// Invalid rows, or problems of the header.
    public var hasFailures: Bool { rowsInvalid > 0 || !headerProblems.isEmpty }

    /// The summary of a Data Package run: the resources' counts summed, each kept under its name.
    init(resources: [Resource]) {
        self.resources = resources
        for resource in resources {
            rowsIn += resource.summary.rowsIn
            rowsInvalid += resource.summary.rowsInvalid
            headerProblems += resource.summary.headerProblems
            errorsByCode.merge(resource.summary.errorsByCode, uniquingKeysWith: +)
            notes += resource.summary.notes.map { "\(resource.name): \($0)" }
        }
    }

    /// The summary as one JSON object on one line.
    public var json: String {
        func codes(_ counts: [ErrorCode: Int]) -> String {
            "{" + counts.sorted { $0.key < $1.key }.map { "\(JSON.string($0.key.rawValue)): \($0.value)" }.joined(separator: ", ") + "}"
        }
        var out = "{\"status\": \(JSON.string(status.rawValue))"
        if let reason { out += ", \"reason\": \(JSON.string(reason))" }
        if let detail { out += ", \"detail\": \(JSON.string(detail))" }
        out += ", \"max_errors_reached\": \(isErrorLimitReached)"
        out += ", \"rows_in\": \(rowsIn), \"rows_valid\": \(rowsIn - rowsInvalid), \"rows_invalid\": \(rowsInvalid)"
        out += ", \"bytes_in\": \(bytesIn), \"seconds\": \(JSON.seconds(seconds))"
        if lastRecordWithoutLineEnd { out += ", \"last_record_without_line_end\": true" }
        if let range = byteRange {
            out += ", \"byte_range\": \(range.json)"
        }
        out += ", \"columns\": [" + columns.map { column in
            var fields = ["\"name\": \(JSON.string(column.name))", "\"type\": \(JSON.string(column.type))"]
            if let unit = column.unit { fields.append("\"unit\": \(JSON.string(unit))") }
            if let locale = column.locale { fields.append("\"locale\": \(JSON.string(locale))") }
            if let evidence = column.localeEvidence { fields.append("\"locale_evidence\": \(evidence)") }
            fields += ["\"cells\": \(column.cells)", "\"empty\": \(column.empty)", "\"valid\": \(column.valid)",
                       "\"invalid\": \(codes(column.invalid))",
                       "\"min\": \(column.min.map(JSON.number) ?? "null")", "\"max\": \(column.max.map(JSON.number) ?? "null")"]
            return "{" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]"
        out += ", \"header\": [" + headerProblems.map {
            "{\"code\": \(JSON.string($0.code.rawValue)), \"column\": \(JSON.string($0.reportRow.column))}"
        }.joined(separator: ", ") + "]"
        out += ", \"errors_by_code\": \(codes(errorsByCode))"
        out += ", \"schema_not_checked\": [" + notes.map(JSON.string).joined(separator: ", ") + "]"
        if !resources.isEmpty {
            // Each resource's own summary, its status settled like the run's.
            out += ", \"resources\": [" + resources.map { resource in
                var summary = resource.summary
                summary.status = summary.rowsInvalid > 0 || !summary.headerProblems.isEmpty ? .rejected : .ok
                return "{\"name\": \(JSON.string(resource.name)), " + summary.json.dropFirst().dropLast(2) + "}"
            }.joined(separator: ", ") + "]"
        }
        return out + "}\n"
    }
}
