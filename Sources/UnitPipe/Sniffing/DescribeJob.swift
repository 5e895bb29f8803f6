// Design note — `describe`: a Table Schema from the data, checked by `validate`.
//
// The whole file (or its first N records) goes through the record engine once, each
// worker profiling its rows' cells (`ColumnProfile`); the profiles are folded in input
// order and each column settles its field: boolean, date, datetime, time, integer or number with the
// `decimalChar`/`groupChar`/`bareNumber` that read every cell, or string. The schema is
// then written as JSON, read back by the same reader `validate --schema` uses, and the
// file is validated against it: a field some cell still fails (a mark the profile
// took for a currency that the validator does not know, a 30 February) becomes a string, and says so.
// So `describe FILE > s.json; validate FILE --schema s.json` exits 0 on a file whose rows
// all have the header's number of fields; rows that do not are named on standard error.

import UnitPipeCSV
import UnitPipeNumbers

/// What `unitpipe describe` reads, as parsed from the command line.
public struct DescribeOptions: Sendable {
    /// The file described.
    public var inputPath: String
    /// The delimiter (`-d`); `nil` sniffs it (tab for `.tsv` and `.tab`).
    public var delimiter: UInt8?
    /// The quote character (`--quote`).
    public var quote: UInt8? = UInt8(ascii: "\"")
    /// `--encoding`.
    public var encoding: TextEncoding?
    /// `--sample-rows N`: describe the first N data records only (the schema is then not checked
    /// against the rest of the file); `nil` reads the whole file.
    public var sampleRows: Int?
    public var threads = ConvertOptions.processorCount
    public var maxFieldSize = 64 << 20

    public init(inputPath: String) { self.inputPath = inputPath }
}

/// A described file: its schema and what the user should know about it.
public struct FileDescription: Sendable {
    /// The Table Schema, as JSON text (ending in a newline).
    public var schema: String
    /// One sentence per column left as a string for a reason, per row problem, per field changed by the check.
    public var notes: [String]
    /// Data records looked at.
    public var rows: Int
}

/// One `unitpipe describe` run.
public final class DescribeJob: BatchCommitter {
    /// One field of the schema being made.
    struct Field {
        var name: String
        var type: String
        var decimal: Unicode.Scalar?
        var grouping: Unicode.Scalar?
        var isBareNumber = true
        var isRequired = false
    }

    private let readers = ColumnProfile.Readers()
    private let width: Int
    private var profiles: [ColumnProfile]
    /// Records with another number of fields than the header, or that do not read as CSV.
    private var badRows = 0
    private var firstBadRecord: Int?

    private init(width: Int) {
        self.width = width
        profiles = Array(repeating: ColumnProfile(), count: width)
    }

    /// Describes the file `options` names.
    ///
    /// - Returns: The description, or `nil` for an empty file (no header to name the fields).
    /// - Throws: `JobError` when the file cannot be read.
    public static func run(_ options: DescribeOptions) throws(JobError) -> FileDescription? {
        let head: InputHead
        do {
            let source = try InputSource(path: options.inputPath, encoding: options.encoding)
            head = try InputHead(source: source, delimiter: options.delimiter, quote: options.quote, hasHeader: true,
                                 maxFieldSize: options.maxFieldSize, minimumRecords: options.sampleRows.map { $0 + 1 } ?? 0)
        } catch {
            throw .input(error)
        }
        guard head.firstRecord != nil else { return nil }
        let names = head.columnNames
        let job = DescribeJob(width: names.count)
        var rows = 0
        if let sampleRows = options.sampleRows {
            let batch = head.records
            for r in head.sampleRange.prefix(sampleRows) {
                job.observe(record: r, of: batch, number: rows + 1)
                rows += 1
            }
        } else {
            let engine = RecordEngine(threads: options.threads, chunkSize: RecordEngine.defaultChunkSize,
                                      maxFieldSize: options.maxFieldSize, failureLimit: nil)
            _ = try engine.run(head, job: job)
            rows = job.rowsCommitted
        }
        var notes: [String] = []
        var fields = names.indices.map { job.field(named: names[$0], profile: job.profiles[$0], notes: &notes) }
        var seen: Set<String> = []
        for (index, name) in names.enumerated() where !seen.insert(name).inserted {
            notes.append("column \(index + 1) repeats the name '\(name)'; validate reports it as duplicate_column: rename it")
        }
        fields = fields.enumerated().filter { index, field in names.firstIndex(of: field.name) == index }.map(\.element)
        let markers = job.profiles.reduce(into: [String: Int]()) { $0.merge($1.markers, uniquingKeysWith: +) }
        let missingValues = [""] + markers.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map(\.key)
        if job.badRows > 0, let first = job.firstBadRecord {
            notes.append("\(job.badRows) \(job.badRows == 1 ? "record does" : "records do") not read as \(names.count) fields (the first: record \(first)); validate reports \(job.badRows == 1 ? "it" : "them") as field_count or malformed_csv")
        }
        if options.sampleRows == nil {
            try check(&fields, missingValues: missingValues, head: head, options: options, notes: &notes)
        }
        return FileDescription(schema: schemaJSON(fields, missingValues: missingValues), notes: notes, rows: rows)
    }

    /// Validates the file against the schema of `fields`; a field with invalid cells becomes a string.
    private static func check(_ fields: inout [Field], missingValues: [String], head: InputHead, options: DescribeOptions,
                              notes: inout [String]) throws(JobError) {
        let schema: TableSchema
        do {
            schema = try TableSchema.parse(Array(schemaJSON(fields, missingValues: missingValues).utf8))
        } catch {
            notes.append("the schema does not read back (\(error)); it is not checked against the file")
            return
        }
        var validate = ValidateOptions()
        validate.inputPath = options.inputPath
        validate.schema = schema
        validate.delimiter = head.dialect.delimiter
        validate.quote = head.dialect.quote
        validate.encoding = options.encoding
        validate.threads = options.threads
        validate.maxFieldSize = options.maxFieldSize
        validate.progress = .never
        let outcome = ValidateJob(options: validate).run()
        if let failure = outcome.failure { throw failure }
        for column in outcome.summary.columns {
            let invalid = column.invalid.values.reduce(0, +)
            guard invalid > 0, let k = fields.firstIndex(where: { $0.name == column.name }), fields[k].type != "string" else { continue }
            let type = fields[k].type
            let kind = type == "integer" ? "an integer" : "a \(type)"
            notes.append("column '\(column.name)': \(invalid) \(invalid == 1 ? "cell is" : "cells are") not \(kind) as described (\(column.invalid.keys.sorted().map(\.rawValue).joined(separator: ", "))); left as a string")
            fields[k] = Field(name: fields[k].name, type: "string", isRequired: fields[k].isRequired)
        }
    }

    /// The field a column's profile settles.
    private func field(named name: String, profile: ColumnProfile, notes: inout [String]) -> Field {
        let present = profile.cells - profile.missing
        var field = Field(name: name, type: "string", isRequired: profile.cells > 0 && present == profile.cells)
        guard present > 0 else { return field }
        if profile.booleans == present { field.type = "boolean"; return field }
        if profile.dates == present { field.type = "date"; return field }
        if profile.datetimes == present { field.type = "datetime"; return field }
        if profile.times == present { field.type = "time"; return field }
        let styles = ColumnProfile.Style.all
        let point = styles.indices.first { profile.isAlive[$0] && styles[$0].decimal == "." }
        let comma = styles.indices.first { profile.isAlive[$0] && styles[$0].decimal == "," }
        let chosen: Int
        switch (point, comma) {
        case (nil, nil):
            if profile.numbers * 2 > present {
                let example = profile.firstText.map { "'\($0)' is not a number" } ?? "they are not written in one style"
                notes.append("column '\(name)': \(profile.numbers) of \(present) cells are numbers, but \(example); left as a string")
            }
            return field
        case (let p?, let c?):
            guard !profile.hasSeparator else {
                notes.append("column '\(name)': its numbers read two ways (\(describe(styles[p])) or \(describe(styles[c]))) and no cell decides; left as a string: set decimalChar and groupChar in the schema")
                return field
            }
            chosen = p
        case (let p?, nil): chosen = p
        case (nil, let c?): chosen = c
        }
        let style = styles[chosen]
        // Whole numbers with grouping are a number field: Table Schema v1 gives integer no groupChar.
        field.type = profile.isWhole[chosen] && style.grouping == nil ? "integer" : "number"
        field.decimal = field.type == "number" ? style.decimal : nil
        field.grouping = style.grouping
        field.isBareNumber = !profile.needsMarks[chosen]
        return field
    }

    private func describe(_ style: ColumnProfile.Style) -> String {
        "decimalChar '\(style.decimal)'" + (style.grouping.map { ", groupChar '\($0)'" } ?? "")
    }

    /// The schema as JSON: one field per line.
    static func schemaJSON(_ fields: [Field], missingValues: [String]) -> String {
        let lines = fields.map { field -> String in
            var members = ["\"name\": \(JSON.string(field.name))", "\"type\": \(JSON.string(field.type))"]
            if let decimal = field.decimal { members.append("\"decimalChar\": \(JSON.string(String(decimal)))") }
            if let grouping = field.grouping { members.append("\"groupChar\": \(JSON.string(String(grouping)))") }
            if !field.isBareNumber { members.append("\"bareNumber\": false") }
            if field.isRequired { members.append("\"constraints\": {\"required\": true}") }
            return "    {" + members.joined(separator: ", ") + "}"
        }
        var out = "{\n  \"fields\": [\n" + lines.joined(separator: ",\n") + "\n  ]"
        if missingValues != [""] { out += ",\n  \"missingValues\": [" + missingValues.map(JSON.string).joined(separator: ", ") + "]" }
        return out + "\n}\n"
    }

    // MARK: The record engine's side

    private var rowsCommitted = 0

    /// Profiles record `r` of `batch` (record `number` of the file).
    private func observe(record r: Int, of batch: RecordBatch, number: Int) {
        guard batch.problem(of: r) == .none, batch.fieldCount(of: r) == width else {
            badRows += 1
            if firstBadRecord == nil { firstBadRecord = number }
            return
        }
        for k in 0..<width { profiles[k].observe(batch.field(k, of: r), readers: readers) }
    }

    public func makeWorker() -> DescribeWorker { DescribeWorker(width: width, readers: readers) }

    public func commit(_ worker: DescribeWorker, bases: RecordEngine.Bases) throws(JobError) {
        for k in profiles.indices { profiles[k].add(worker.profiles[k]) }
        badRows += worker.badRows
        if firstBadRecord == nil, let first = worker.firstBadRecord { firstBadRecord = bases.record + first + 1 }
        rowsCommitted += worker.rows
    }
}

/// The per-thread half of `describe`: profiles the cells of the batches its thread parses.
public final class DescribeWorker: BatchWorker, @unchecked Sendable {
    // Safety: a worker is used by one thread at a time; it changes hands only through the
    // engine's locked queues and semaphores, which order every access.

    private let width: Int
    private let readers: ColumnProfile.Readers
    fileprivate var profiles: [ColumnProfile]
    fileprivate var badRows = 0
    /// The first bad record, 0-based in the stretch.
    fileprivate var firstBadRecord: Int?
    fileprivate var rows = 0

    init(width: Int, readers: ColumnProfile.Readers) {
        self.width = width
        self.readers = readers
        profiles = Array(repeating: ColumnProfile(), count: width)
    }

    public func process(_ batch: RecordBatch, budget: inout FailureBudget) {
        for r in 0..<batch.count {
            rows += 1
            guard batch.problem(of: r) == .none, batch.fieldCount(of: r) == width else {
                badRows += 1
                if firstBadRecord == nil { firstBadRecord = batch.firstRecordIndex + r }
                continue
            }
            for k in 0..<width { profiles[k].observe(batch.field(k, of: r), readers: readers) }
        }
    }

    public func keepResults(throughFailedRow n: Int) {}

    public func seal() {}

    public func clearResults() {
        profiles = Array(repeating: ColumnProfile(), count: width)
        badRows = 0
        firstBadRecord = nil
        rows = 0
    }
}
