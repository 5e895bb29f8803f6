// A `validate` run: the same runner, input head and record engine as `convert`, a
// plan of checked columns instead of conversions, `ValidateWorker`s that run the
// column stages and check instead of format, and a committer here that renders every
// failure into the error report, copies invalid rows to the rejects and folds the
// counts. The header's problems against a schema are reported first, on line 1. A Data
// Package is read as groups of inputs, one per resource, each with its own options and
// committer, into one report.

import UnitPipeCSV
import UnitPipeNumbers

/// One `unitpipe validate` run: of its inputs as one table, or of the resources of a Data Package.
public final class ValidateJob: RecordJob {
    public let options: ValidateOptions
    /// The resources of a Data Package, each checked with its own options (`nil`: `options`'
    /// inputs, as one table).
    public let resources: [ValidateResource]?
    /// Renders a failure that stops the run, for the JSON report's top-level error.
    public var failureMessage: @Sendable (JobError) -> String = { $0.reason }
    private var committer: ValidateCommitter?
    private var outputs: ValidateOutputs?
    private(set) var shardRange: ResolvedByteRange?
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// The resource being read (an index into ``resources``) and how many of its inputs were started.
    private var group = 0
    private var groupInputs = 0
    /// The summaries of the resources read to the end.
    private var resourceSummaries: [ValidateSummary.Resource] = []
    /// When the resource being read started, and its inputs so far.
    private var resourceStarted: ContinuousClock.Instant
    private var resourceSources: [InputSource] = []
    /// The JSON report's open task: where it started, its rows before it and the inputs it read.
    private var task: (started: ContinuousClock.Instant, rowsBefore: Int, sources: [InputSource], fields: Int)?

    public init(options: ValidateOptions) {
        self.options = options
        resources = nil
        started = clock.now
        resourceStarted = started
    }

    /// A run over the resources of a Data Package; `options` holds what they share (the outputs,
    /// `--max-errors`, threads), each resource its inputs, dialect, encoding and schema.
    public init(options: ValidateOptions, resources: [ValidateResource]) {
        self.options = options
        self.resources = resources
        started = clock.now
        resourceStarted = started
    }

    /// The outcome of a run: its summary, the column-level hints and, when it stopped (exit 2), why.
    public struct Outcome: JobOutcome {
        public var summary: ValidateSummary
        public var failure: JobError?
        /// The columns most of whose cells another number style reads, one hint each.
        public var columnHints: [ColumnLocaleHint] = []
        /// What the run did that the user may not have meant (a stream that ended mid-record).
        public var warnings: [JobWarning] = []
    }

    /// Runs the job to the end, writing the report, the rejects and the summary. Never throws.
    public func run() -> Outcome {
        let (summary, failure, warnings) = JobRunner.run(self)
        return Outcome(summary: summary, failure: failure, columnHints: resources == nil ? committer?.columnHints ?? [] : [], warnings: warnings)
    }

    /// The options of the table being read: its resource's in a package, else the run's.
    private var tableOptions: ValidateOptions { resources?[group].options ?? options }

    var inputGroups: [[String]] { resources?.map(\.options.inputPaths) ?? [options.inputPaths] }

    func startGroup(_ index: Int) {
        guard resources != nil else { return }
        if index > 0 { finishResource() }
        group = index
        groupInputs = 0
        resourceStarted = clock.now
        resourceSources = []
    }

    /// Keeps the summary of the resource read to the end and closes its task; the next starts afresh.
    private func finishResource() {
        guard let resources, group < resources.count, resourceSummaries.count == group else { return }
        endTask()
        resourceSummaries.append(resourceSummary())
        committer = nil
    }

    /// The summary of the resource being read, so far.
    private func resourceSummary() -> ValidateSummary.Resource {
        var summary = committer?.summary ?? ValidateSummary()
        summary.notes = tableOptions.schema?.notes.map(\.description) ?? []
        summary.bytesIn = resourceSources.reduce(0) { $0 + $1.bytesRead }
        summary.seconds = (clock.now - resourceStarted).seconds
        return ValidateSummary.Resource(name: resources?[group].name ?? "", summary: summary)
    }

    func openHead(_ input: String) throws(JobError) -> InputHead {
        let options = tableOptions
        return try InputList.head(
            of: input, delimiter: options.delimiter, quote: options.quote, hasHeader: options.hasHeader,
            maxFieldSize: options.maxFieldSize, locale: options.locale, encoding: options.encoding)
    }

    func start(_ head: InputHead, file: String?, isLast: Bool) throws(JobError) -> ValidateCommitter? {
        let options = tableOptions
        let resource = resources?[group].name
        let file = resource != nil ? head.source.path ?? "-" : file
        if outputs == nil, head.firstRecord != nil || isLast || resource != nil {
            // Every input is empty: nothing to check the named columns or the schema against.
            // A run that is one part of a larger job (a cluster task) leaves that to the job.
            let isPart = options.inputName != nil || !options.shard.writesHeaders
            if head.firstRecord == nil, options.hasHeader, !isPart, !options.rules.isEmpty || options.schema != nil {
                throw .emptyInput(hasSchema: options.schema != nil)
            }
            let header = head.dialect.hasHeader && head.firstRecord != nil ? head.firstRecordLine : nil
            outputs = try ValidateOutputs(options: self.options, dialect: head.dialect, header: header,
                                          leadingColumns: resource != nil ? ["resource", "file"] : file != nil ? ["file"] : [])
        }
        if resource != nil, head.firstRecord == nil, options.hasHeader, options.schema != nil { throw .emptyInput(hasSchema: true) }
        // The JSON report's tasks: one per input, or one per resource.
        if resource == nil || groupInputs == 0 {
            endTask()
            outputs?.beginTask(name: resource ?? ValidateOutputs.taskName(of: head.source.path ?? "-"),
                               place: resource != nil ? options.inputPaths.joined(separator: ", ") : head.source.path ?? "-",
                               labels: head.dialect.hasHeader ? head.columnNames : [])
            task = (clock.now, committer?.summary.rowsIn ?? 0, [], head.dialect.hasHeader ? head.columnNames.count : 0)
        }
        groupInputs += 1
        task?.sources.append(head.source)
        resourceSources.append(head.source)
        guard let outputs, head.firstRecord != nil else { return nil }
        let plan = try ValidatePlan.make(options: options, head: head)
        if committer == nil {
            shardRange = try options.shard.resolve(path: options.inputPath, head: head, maxFieldSize: options.maxFieldSize)
        }
        let active = committer ?? ValidateCommitter(plan: plan, outputs: outputs, reportsHeader: shardRange?.ownsHead ?? true)
        committer = active
        try active.start(plan, file: file, resource: resource)
        return active
    }

    /// Closes the JSON report's open task with its counts.
    private func endTask() {
        guard let open = task else { return }
        outputs?.endTask(rows: (committer?.summary.rowsIn ?? 0) - open.rowsBefore, bytes: open.sources.reduce(0) { $0 + $1.bytesRead },
                         seconds: (clock.now - open.started).seconds, fields: open.fields)
        task = nil
    }

    func failureLimitError() -> JobError? { options.maxErrors.map { .tooManyErrors(limit: $0) } }

    func finishInputs() {}

    var summary: ValidateSummary {
        guard resources != nil else { return committer?.summary ?? ValidateSummary() }
        // A resource the run stopped in (or ended with) counts with what it read.
        let current = resourceSummaries.count == group ? [resourceSummary()] : []
        return ValidateSummary(resources: resourceSummaries + current)
    }

    var outputMembers: [OutputCommit.Member] {
        [outputs?.report, outputs?.rejects].compactMap { $0 }.map { OutputCommit.Member(file: $0, isKeptWhenStopped: true) }
    }

    func willCommit(failure: JobError?) {
        endTask()
        outputs?.finishReport(seconds: (clock.now - started).seconds, stopped: failure.map { ($0.reason, failureMessage($0)) })
    }

    func settle(_ summary: inout ValidateSummary, failure: JobError?) {
        if resources == nil { summary.notes = options.schema?.notes.map(\.description) ?? [] }
        if case .tooManyErrors? = failure { summary.isErrorLimitReached = true }
    }
}

/// The files a `validate` run writes: the error report (CSV or JSON) and the invalid rows.
final class ValidateOutputs {
    let report: ReportFile?
    let rejects: ReportFile?
    /// The report's first columns (`file`, or `resource,file` for a Data Package), CSV only.
    private let leadingColumns: [String]
    private var json: JSONReportWriter?
    private let escapesFormulas: Bool

    init(options: ValidateOptions, dialect: CSVDialect, header: [UInt8]?, leadingColumns: [String] = []) throws(JobError) {
        self.leadingColumns = leadingColumns
        escapesFormulas = options.escapesFormulas
        do {
            if let path = options.errorsPath {
                let report = try ReportFile(path: path)
                if options.reportFormat == .json {
                    json = JSONReportWriter(buffer: report.buffer)
                } else if options.shard.writesHeaders {
                    ErrorReportFormat.writeHeader(to: report.buffer, leadingColumns: leadingColumns)
                }
                self.report = report
            } else {
                report = nil
            }
            rejects = try options.rejectsPath.map { path throws(OutputError) in try ReportFile(path: path) }
            if let rejects, let header, options.shard.writesHeaders {
                header.withUnsafeBytes { rejects.buffer.append($0) }
            }
        } catch {
            throw .output(error)
        }
    }

    /// A JSON report's name for the task of `input`: its file name without directory and extensions.
    static func taskName(of input: String) -> String {
        if input == "-" { return "stdin" }
        let base = input.split(separator: "/").last.map(String.init) ?? input
        return base.split(separator: ".").first.map(String.init) ?? base
    }

    /// Opens a task of the JSON report (nothing for CSV).
    func beginTask(name: String, place: String, labels: [String]) {
        json?.beginTask(name: name, place: place, labels: labels)
    }

    /// Closes the JSON report's task with its counts.
    func endTask(rows: Int, bytes: Int, seconds: Double, fields: Int) {
        json?.endTask(JSONReportWriter.Stats(rows: rows, bytes: bytes, seconds: seconds), fields: fields)
    }

    /// Ends the JSON report's document (a stopped run names its reason and message).
    func finishReport(seconds: Double, stopped: (reason: String, message: String)?) {
        json?.finish(seconds: seconds, stopped: stopped)
    }

    /// Writes one error: a CSV row after the leading columns' `values`, or a JSON error.
    func write(_ row: ReportRow, leading values: [String], type: FrictionlessErrorType, fieldNumber: Int?, hasHeader: Bool,
               recordsBefore: Int = 0) throws(OutputError) {
        guard let report else { return }
        if json != nil {
            json?.write(JSONReportWriter.Entry(row: row, type: type, fieldNumber: fieldNumber, file: values.last, recordsBefore: recordsBefore),
                        hasHeader: hasHeader)
        } else {
            ErrorReportFormat.write(row, leading: Array(values.prefix(leadingColumns.count)), to: report.buffer, escapingFormulas: escapesFormulas)
        }
        try report.flushIfFull()
    }
}

/// The engine-thread half of `validate`: commits every worker's results, in input order.
final class ValidateCommitter: InputCommitter {
    /// The plan of the input being read (each input settles its own `--locale auto` columns).
    private var plan: ValidatePlan
    private var renderer: FailureRenderer
    private let outputs: ValidateOutputs
    /// The input's name in the error report's `file` column (`nil`: no such column).
    private var file: String?
    /// The Data Package resource being read (the report's `resource` column), if any.
    private var resource: String?
    /// The records of the resource's parts before the one being read (the JSON report's `rowNumber` counts on).
    private var recordsBefore = 0
    private var columns: [ValidateColumnStats]
    private(set) var summary = ValidateSummary()
    /// Whether the header's problems are reported (`false` in a shard after the first).
    private let reportsHeader: Bool
    /// Per `unique` field or `primaryKey`, the digest of every value seen (across the inputs).
    private var keyTables: [KeyTable] = []

    init(plan: ValidatePlan, outputs: ValidateOutputs, reportsHeader: Bool = true) {
        self.plan = plan
        self.outputs = outputs
        self.reportsHeader = reportsHeader
        renderer = plan.renderer
        columns = Array(repeating: ValidateColumnStats(), count: plan.columns.count)
        summary.columns = plan.columns.map {
            // A checked field that is not a number is named by its type (`string`, `date`, …).
            let type = $0.rule.field.flatMap { $0.type.isChecked && !$0.type.isNumeric ? $0.type.rawValue : nil } ?? $0.rule.kind.rawValue
            var column = ValidateSummary.Column(name: $0.name, type: type)
            column.unit = $0.unit?.symbol
            if $0.parser != nil {
                column.locale = $0.localeDescription
                column.localeEvidence = $0.localeEvidence
            }
            return column
        }
        summary.headerProblems = reportsHeader ? plan.headerProblems : []
    }

    /// Makes `plan` the plan of the next input, named `file` in the error report, and reports
    /// the input's header problems (before any of its records).
    func start(_ plan: ValidatePlan, file: String?, resource: String? = nil) throws(JobError) {
        self.plan = plan
        renderer = plan.renderer
        self.file = file
        self.resource = resource
        recordsBefore = resource != nil ? summary.rowsIn : 0
        for problem in plan.headerProblems where reportsHeader {
            summary.errorsByCode[problem.code, default: 0] += 1
            do {
                try outputs.write(problem.reportRow, leading: leading, type: .of(problem.code),
                                  fieldNumber: problem.fieldNumber(in: plan.options.schema), hasHeader: plan.dialect.hasHeader)
            } catch {
                throw .output(error)
            }
        }
    }

    /// The report's leading columns of this input's rows.
    private var leading: [String] { (resource.map { [$0] } ?? []) + (file.map { [$0] } ?? []) }

    /// The columns most of whose non-empty cells one other number style reads.
    var columnHints: [ColumnLocaleHint] {
        plan.columns.indices.compactMap { k -> ColumnLocaleHint? in
            let stats = columns[k]
            let nonEmpty = stats.cells - stats.empty - stats.invalid[.empty, default: 0]
            guard let (locale, count) = stats.hintedLocales.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                  count * 2 > nonEmpty else { return nil }
            return ColumnLocaleHint(column: plan.columns[k].name, cells: count, nonEmptyCells: nonEmpty, locale: locale)
        }
    }

    func makeWorker() -> ValidateWorker { ValidateWorker(plan: plan) }

    func commit(_ worker: ValidateWorker, bases: RecordEngine.Bases) throws(JobError) {
        do {
            summary.rowsIn += worker.counts.rowsIn
            summary.rowsInvalid += worker.counts.rowsInvalid
            for k in columns.indices { columns[k].add(worker.counts.columns[k]) }
            var failures = worker.failures
            var duplicateRows: [(record: Int, row: [UInt8])] = []
            if !plan.keys.isEmpty {
                let duplicates = findDuplicates(worker, bases: bases, rows: &duplicateRows)
                if !duplicates.isEmpty {
                    failures = Self.merged(failures, duplicates)
                }
            }
            for failure in failures {
                var failure = failure
                failure.place(after: bases)
                summary.errorsByCode[failure.code, default: 0] += 1
                if outputs.report != nil {
                    try outputs.write(renderer.reportRow(failure), leading: leading, type: failure.frictionlessType(fieldCount: plan.columnCount),
                                      fieldNumber: fieldNumber(of: failure), hasHeader: plan.dialect.hasHeader, recordsBefore: recordsBefore)
                }
            }
            if let rejects = outputs.rejects {
                if duplicateRows.isEmpty {
                    try rejects.take(worker.rejects)
                } else {
                    try rejects.take(Self.merged(worker.rejects, rows: worker.rejectedRows, with: duplicateRows))
                }
            }
        } catch {
            throw .output(error)
        }
    }

    /// Puts every key of the worker's rows into the run's tables, in input order: the failures of
    /// the keys an earlier row has (positions relative to the worker's stretch, in record order),
    /// and the rows they make invalid that were valid before.
    private func findDuplicates(_ worker: ValidateWorker, bases: RecordEngine.Bases,
                                rows: inout [(record: Int, row: [UInt8])]) -> [CellFailure] {
        if keyTables.count < plan.keys.count { keyTables += Array(repeating: KeyTable(), count: plan.keys.count - keyTables.count) }
        var duplicates: [CellFailure] = []
        var invalidated: Set<Int> = []
        // A cell counted valid once: its column's valid count falls once, however many keys it is in.
        var invalidCells: Set<[Int]> = []
        for (index, key) in plan.keys.enumerated() {
            for entry in worker.keyEntries[index] {
                guard let first = keyTables[index].insert(entry.digest, record: bases.record + entry.record + 1) else { continue }
                duplicates.append(CellFailure(.duplicate(firstRecord: first, fields: key.names, isPrimaryKey: key.isPrimaryKey),
                                              record: entry.record, line: entry.line, byte: entry.byte, column: key.columns[0], raw: Array(worker.keyBytes[entry.raw])))
                if invalidCells.insert([entry.record, key.columns[0]]).inserted { columns[key.columns[0]].valid -= 1 }
                columns[key.columns[0]].invalid[.duplicateValue, default: 0] += 1
                if entry.isRowValid, invalidated.insert(entry.record).inserted {
                    rows.append((entry.record, Array(worker.keyBytes[entry.row])))
                }
            }
        }
        summary.rowsInvalid += invalidated.count
        rows.sort { $0.record < $1.record }
        return duplicates.sorted { ($0.record, $0.column ?? -1) < ($1.record, $1.column ?? -1) }
    }

    /// Two lists of failures, each in record and column order, as one in that order.
    static func merged(_ failures: [CellFailure], _ others: [CellFailure]) -> [CellFailure] {
        var result: [CellFailure] = []
        result.reserveCapacity(failures.count + others.count)
        var i = 0
        var j = 0
        while i < failures.count || j < others.count {
            if j == others.count || (i < failures.count && (failures[i].record, failures[i].column ?? -1) <= (others[j].record, others[j].column ?? -1)) {
                result.append(failures[i])
                i += 1
            } else {
                result.append(others[j])
                j += 1
            }
        }
        return result
    }

    /// The rejected rows and the rows a duplicate key made invalid, in record order.
    static func merged(_ rejects: ByteBuffer, rows: [(record: Int, end: Int)], with others: [(record: Int, row: [UInt8])]) -> ByteBuffer {
        let result = ByteBuffer(capacity: rejects.count + others.reduce(0) { $0 + $1.row.count })
        let bytes = rejects.bytes
        var start = 0
        var i = 0
        var j = 0
        while i < rows.count || j < others.count {
            if j == others.count || (i < rows.count && rows[i].record < others[j].record) {
                result.append(UnsafeRawBufferPointer(rebasing: bytes[start..<rows[i].end]))
                start = rows[i].end
                i += 1
            } else {
                others[j].row.withUnsafeBytes { result.append($0) }
                j += 1
            }
        }
        return result
    }

    /// The 1-based position in the record of the cell `failure` is about: its column's, or for a
    /// row of the wrong length the first extra or missing field's.
    private func fieldNumber(of failure: CellFailure) -> Int? {
        if let k = failure.column, k < plan.columns.count { return plan.columns[k].field + 1 }
        if case .fieldCount(let found) = failure.detail { return min(found, plan.columnCount) + 1 }
        return nil
    }

    /// Writes the column counts into the summary.
    func finishInput() {
        for k in columns.indices where k < summary.columns.count {
            let stats = columns[k]
            summary.columns[k].cells = stats.cells
            summary.columns[k].empty = stats.empty
            summary.columns[k].valid = stats.valid
            summary.columns[k].invalid = stats.invalid
            if stats.valid > 0, plan.columns[k].parser != nil {
                summary.columns[k].min = stats.min
                summary.columns[k].max = stats.max
            }
        }
    }
}

extension ValidateOptions: RunOptions {
    /// Invalid rows the run accepts before it stops: `--max-errors`.
    var failureLimit: Int? { maxErrors }
}
