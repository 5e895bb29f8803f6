// Design note — a Frictionless-shaped report, streamed.
//
// `validate --report-format json` writes one JSON document in the shape of
// `frictionless validate --json`: `valid`, `stats`, `warnings`, `errors` and `tasks`,
// each task with its own `valid`, `stats` and `errors`. The document is written as the
// run goes, never held: a task's errors go out as they are committed, and the members
// known only at the end (`valid`, `stats`) come after the `errors` array — JSON objects
// are unordered, so the shape is the same. Memory is the report's staging buffer,
// whatever the number of errors; none is dropped. Each error keeps unitpipe's own
// `code`, `record`, `line` and `byte` (a row's) beside Frictionless' `type`, `rowNumber`, `fieldName`,
// `fieldNumber` and `cell`, so the JSON and CSV reports of a run say the same, row by row.

import UnitPipeCSV

/// The format of `validate`'s error report (`--report-format`).
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `record,line,column,value,code,message` rows.
    case csv
    /// One JSON document in the shape of Frictionless' validation report.
    case json
}

/// A Frictionless error type: its `type`, `title`, `description` and `tags`.
public struct FrictionlessErrorType: Sendable, Equatable {
    public var type: String
    public var title: String
    public var description: String
    public var tags: [String]

    static let typeError = FrictionlessErrorType(
        type: "type-error", title: "Type Error",
        description: "The value does not match the schema type and format for this field.", tags: ["#table", "#row", "#cell"])
    static let constraintError = FrictionlessErrorType(
        type: "constraint-error", title: "Constraint Error",
        description: "A field value does not conform to a constraint.", tags: ["#table", "#row", "#cell"])
    static let missingLabel = FrictionlessErrorType(
        type: "missing-label", title: "Missing Label",
        description: "Based on the schema there should be a label that is missing in the data's header.", tags: ["#table", "#header", "#label"])
    static let extraLabel = FrictionlessErrorType(
        type: "extra-label", title: "Extra Label",
        description: "The header of the data source contains label that does not exist in the provided schema.", tags: ["#table", "#header", "#label"])
    static let duplicateLabel = FrictionlessErrorType(
        type: "duplicate-label", title: "Duplicate Label",
        description: "Two columns in the header row have the same value. Column names should be unique.", tags: ["#table", "#header", "#label"])
    static let extraCell = FrictionlessErrorType(
        type: "extra-cell", title: "Extra Cell",
        description: "This row has more values compared to the header row (the first row in the data source).", tags: ["#table", "#row", "#cell"])
    static let missingCell = FrictionlessErrorType(
        type: "missing-cell", title: "Missing Cell",
        description: "This row has less values compared to the header row (the first row in the data source).", tags: ["#table", "#row", "#cell"])
    static let uniqueError = FrictionlessErrorType(
        type: "unique-error", title: "Unique Error",
        description: "This field is a unique field but it contains a value that has been used in another row.", tags: ["#table", "#row", "#cell"])
    static let primaryKey = FrictionlessErrorType(
        type: "primary-key", title: "PrimaryKey Error",
        description: "Values in the primary key fields should be unique for every row", tags: ["#table", "#row"])
    static let sourceError = FrictionlessErrorType(
        type: "source-error", title: "Source Error",
        description: "Data reading error because of not supported or inconsistent contents.", tags: [])
    static let encodingError = FrictionlessErrorType(
        type: "encoding-error", title: "Encoding Error", description: "Data reading error because of an encoding problem.", tags: [])

    /// The Frictionless type of a report row with `code`; for `field_count`, `hasMoreFields` tells
    /// an extra cell from a missing one, for `duplicate_value` `isPrimaryKey` the key from a unique field.
    public static func of(_ code: ErrorCode, hasMoreFields: Bool = false, isPrimaryKey: Bool = false) -> FrictionlessErrorType {
        switch code {
        case .outOfRange, .empty, .patternMismatch, .invalidLength: .constraintError
        case .duplicateValue: isPrimaryKey ? .primaryKey : .uniqueError
        case .missingColumn: .missingLabel
        case .extraColumn: .extraLabel
        case .duplicateColumn: .duplicateLabel
        case .fieldCount: hasMoreFields ? .extraCell : .missingCell
        case .malformedCSV: .sourceError
        case .invalidUTF8: .encodingError
        case .invalidNumber, .grouping, .multipleDecimal, .overflow, .unknownUnit, .dimensionMismatch, .unitMismatch,
             .ambiguousUnit, .ambiguousNumber, .noRate, .notInteger, .unitTooDeep, .zeroReciprocal, .invalidValue:
            .typeError
        }
    }

    /// Whether errors of this type are about the header (`rowNumbers`, `label`) rather than a row.
    var isLabel: Bool { tags.contains("#label") }
}

/// Writes `validate`'s report as one Frictionless-shaped JSON document into a staging buffer.
struct JSONReportWriter {
    /// One error of the report, as the run knows it.
    struct Entry {
        var row: ReportRow
        var type: FrictionlessErrorType
        /// The 1-based position of the cell's column in the record (`nil` when unknown).
        var fieldNumber: Int?
        /// The input the row comes from, when a task reads several.
        var file: String?
        /// The records of the task's earlier files (the parts of a resource before this one):
        /// `rowNumber` counts on across them, as Frictionless reads the parts as one table.
        var recordsBefore = 0
    }

    /// The counts a task or the whole report ends with.
    struct Stats {
        var errors = 0
        var rows = 0
        var bytes = 0
        var seconds = 0.0
    }

    private let buffer: ByteBuffer
    private var isTaskOpen = false
    private var tasks = 0
    private var taskErrors = 0
    private var isFirstTask = true
    private var isFirstError = true
    /// Errors of the tasks closed so far.
    private var errorsBefore = 0
    /// Whether the tasks closed so far were all valid.
    private var isValidSoFar = true

    /// Starts the document in `buffer`.
    init(buffer: ByteBuffer) {
        self.buffer = buffer
        buffer.append("{\"tasks\": [")
    }

    /// Opens a task: one input file, or one resource of a Data Package.
    ///
    /// - Parameters:
    ///   - name: The task's name (the resource's name, or the file's name without its extension).
    ///   - place: Where its data is (the path, or the paths joined by `, `).
    ///   - labels: The header's names (empty without a header).
    mutating func beginTask(name: String, place: String, labels: [String]) {
        if isTaskOpen { endTask(Stats(), fields: labels.count) }
        buffer.append((isFirstTask ? "\n" : ",\n") + "{\"name\": \(JSON.string(name)), \"type\": \"table\", \"place\": \(JSON.string(place)), ")
        buffer.append("\"labels\": [" + labels.map(JSON.string).joined(separator: ", ") + "], \"warnings\": [], \"errors\": [")
        isFirstTask = false
        isTaskOpen = true
        isFirstError = true
        taskErrors = 0
        tasks += 1
    }

    /// Appends one error to the open task.
    mutating func write(_ entry: Entry, hasHeader: Bool) {
        let row = entry.row
        var members = [
            "\"type\": \(JSON.string(entry.type.type))", "\"title\": \(JSON.string(entry.type.title))",
            "\"description\": \(JSON.string(entry.type.description))", "\"message\": \(JSON.string(row.message))",
            "\"tags\": [" + entry.type.tags.map(JSON.string).joined(separator: ", ") + "]", "\"note\": \(JSON.string(row.message))",
        ]
        if entry.type.isLabel {
            members += ["\"labels\": []", "\"rowNumbers\": [1]", "\"label\": \(JSON.string(row.value))"]
        } else {
            members += ["\"cells\": []", "\"rowNumber\": \(entry.recordsBefore + row.record + (hasHeader ? 1 : 0))", "\"cell\": \(JSON.string(row.value))"]
        }
        members.append("\"fieldName\": \(JSON.string(row.column))")
        if let number = entry.fieldNumber { members.append("\"fieldNumber\": \(number)") }
        members += ["\"code\": \(JSON.string(row.code.rawValue))", "\"record\": \(row.record)", "\"line\": \(row.line)"]
        if let byte = row.byte { members.append("\"byte\": \(byte)") }
        if let file = entry.file { members.append("\"file\": \(JSON.string(file))") }
        buffer.append((isFirstError ? "\n" : ",\n") + "{" + members.joined(separator: ", ") + "}")
        isFirstError = false
        taskErrors += 1
    }

    /// Closes the open task with its counts (`stats.errors` is counted here).
    mutating func endTask(_ stats: Stats, fields: Int) {
        guard isTaskOpen else { return }
        let isValid = taskErrors == 0
        buffer.append("], \"valid\": \(isValid), \"stats\": {\"errors\": \(taskErrors), \"warnings\": 0, ")
        buffer.append("\"seconds\": \(JSON.seconds(stats.seconds)), \"bytes\": \(stats.bytes), \"fields\": \(fields), \"rows\": \(stats.rows)}}")
        isValidSoFar = isValidSoFar && isValid
        errorsBefore += taskErrors
        isTaskOpen = false
    }

    /// Ends the document: closes an open task, then the report's `valid`, `stats` and `errors`
    /// (a run that stopped has one error there, of type `task-error`, with its reason and message).
    mutating func finish(seconds: Double, stopped: (reason: String, message: String)?) {
        if isTaskOpen { endTask(Stats(seconds: seconds), fields: 0) }
        let isValid = isValidSoFar && stopped == nil
        var errors = ""
        if let stopped {
            errors = "{\"type\": \"task-error\", \"title\": \"Task Error\", \"description\": \"The run stopped before the end of its data.\", "
                + "\"message\": \(JSON.string(stopped.message)), \"tags\": [], \"note\": \(JSON.string(stopped.message)), \"code\": \(JSON.string(stopped.reason))}"
        }
        let count = errorsBefore + (stopped == nil ? 0 : 1)
        buffer.append("\n], \"valid\": \(isValid), \"stats\": {\"tasks\": \(tasks), \"errors\": \(count), \"warnings\": 0, \"seconds\": \(JSON.seconds(seconds))}, ")
        buffer.append("\"warnings\": [], \"errors\": [\(errors)]}\n")
    }
}

extension CellFailure {
    /// The Frictionless error type of the failure, in records of `fieldCount` fields (a row of
    /// the wrong length is an extra or a missing cell).
    func frictionlessType(fieldCount: Int) -> FrictionlessErrorType {
        switch detail {
        case .fieldCount(let found): .of(code, hasMoreFields: found > fieldCount)
        case .duplicate(_, _, let isPrimaryKey): .of(code, isPrimaryKey: isPrimaryKey)
        default: .of(code)
        }
    }
}
