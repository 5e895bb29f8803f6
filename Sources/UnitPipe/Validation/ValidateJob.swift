// A `validate` run: the same input head and record engine as `convert`, a plan of
// checked columns instead of conversions, `ValidateWorker`s that run the column
// stages and check instead of format, and a commit here that renders every
// failure into the error report, copies invalid rows to the rejects and folds the
// counts. The header's problems against a schema are reported first, on line 1.

import UnitPipeCSV
import UnitPipeNumbers

/// One `unitpipe validate` run.
public final class ValidateJob {
    public let options: ValidateOptions

    public init(options: ValidateOptions) { self.options = options }

    /// The outcome of a run: its summary, the column-level hints and, when it stopped (exit 2), why.
    public struct Outcome: Sendable {
        public var summary: ValidateSummary
        public var failure: JobError?
        /// One line per column most of whose cells another number style reads
        /// (`column 'price': 4 of 6 cells read as de_DE-style numbers; try --locale de_DE`).
        public var columnHints: [String] = []
        /// The process exit status: 0 valid, 1 invalid cells found, 2 stopped.
        public var exitStatus: Int32 {
            if case .interrupted(let signal) = failure { return 128 + signal }
            return failure == nil ? summary.exitStatus : 2
        }
    }

    /// Runs the job to the end, writing the report, the rejects and the summary. Never throws.
    public func run() -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        var summary = ValidateSummary()
        var failure: JobError?
        var outputs: ValidateOutputs?
        var run: ValidateRun?
        var shardRange: ResolvedByteRange?
        // Bytes read from the inputs done, and the input being read.
        var bytesDone = 0
        var current: InputSource?
        var progress: ProgressDisplay?
        do throws(JobError) {
            let opening = try InputList.start(options.inputPaths, outputs: options.outputs, progress: options.progress, open: openHead)
            let inputs = opening.inputs
            var heads = opening.heads
            progress = opening.progress
            for (index, input) in inputs.enumerated() {
                let head: InputHead
                if let kept = heads.removeValue(forKey: index) { head = kept } else { head = try openHead(input) }
                current = head.source
                let file = inputs.count > 1 ? input : options.inputName
                if outputs == nil, head.firstRecord != nil || index == inputs.count - 1 {
                    // Every input is empty: nothing to check the named columns or the schema against.
                    // A run that is one part of a larger job (a cluster task) leaves that to the job.
                    let isPart = options.inputName != nil || !options.shard.writesHeaders
                    if head.firstRecord == nil, options.hasHeader, !isPart, !options.rules.isEmpty || options.schema != nil {
                        throw .emptyInput(hasSchema: options.schema != nil)
                    }
                    let header = head.dialect.hasHeader && head.firstRecord != nil ? head.firstRecordLine : nil
                    outputs = try ValidateOutputs(options: options, dialect: head.dialect, header: header, hasFileColumn: file != nil)
                }
                if let outputs, head.firstRecord != nil {
                    let plan = try ValidatePlan.make(options: options, head: head)
                    if run == nil {
                        shardRange = try options.shard.resolve(path: options.inputPath, head: head, maxFieldSize: options.maxFieldSize)
                    }
                    let active = run ?? ValidateRun(plan: plan, outputs: outputs, reportsHeader: shardRange?.ownsHead ?? true)
                    run = active
                    active.start(plan, file: file)
                    if let progress {
                        let before = bytesDone
                        active.progressObserver = { progress.update(bytes: before + $0.bytesRead, rows: $0.records) }
                    }
                    try active.run(head, shard: shardRange)
                }
                bytesDone += head.source.bytesRead
                current = nil
            }
        } catch {
            failure = error
        }
        // A signal that arrived at any moment until now fails the run before any output is made
        // durable; `OutputCommit` checks once more just before the first rename.
        if let signal = Interruption.signalNumber { failure = .interrupted(signal: signal) }
        var hints: [String] = []
        if let run {
            summary = run.summary
            hints = run.columnHints
        }
        summary.bytesIn = bytesDone + (current?.bytesRead ?? 0)
        progress?.finish(bytes: summary.bytesIn, rows: summary.rowsIn)
        if let range = shardRange {
            summary.bytesIn = range.bytesIn
            summary.byteRange = range
        }
        summary.seconds = (clock.now - started).seconds
        summary.notes = options.schema?.notes.map(\.description) ?? []
        let endedAtClosedPipe = run?.endedAtClosedPipe == true
        let members = [outputs?.report, outputs?.rejects].compactMap { $0 }.map { OutputCommit.Member(file: $0, isKeptWhenStopped: true) }
        // Never into a summary path that is itself the problem (the input, another output, nowhere).
        let summaryPath = failure.isOutputPathError(of: .summary) ? nil : options.summaryPath
        let settle = { (failure: JobError?, sawClosedPipe: Bool) -> ValidateSummary in
            var settled = summary
            if failure == nil && (endedAtClosedPipe || sawClosedPipe) { settled.reason = "closed_pipe" }
            if let failure {
                settled.status = .failed
                settled.reason = failure.reason
                settled.detail = failure.detail
                if case .tooManyErrors = failure { settled.isErrorLimitReached = true }
            } else if settled.rowsInvalid > 0 || !settled.headerProblems.isEmpty {
                settled.status = .rejected
            }
            return settled
        }
        let sawClosedPipe = OutputCommit.finish(members, summaryPath: summaryPath, failure: &failure) { settle($0, $1).json }
        summary = settle(failure, sawClosedPipe)
        return Outcome(summary: summary, failure: failure, columnHints: hints)
    }

    /// Opens `input` and reads its head with the run's dialect options.
    private func openHead(_ input: String) throws(JobError) -> InputHead {
        try InputList.head(
            of: input, delimiter: options.delimiter, quote: options.quote, hasHeader: options.hasHeader,
            maxFieldSize: options.maxFieldSize, locale: options.locale, encoding: options.encoding)
    }

}

/// The files a `validate` run writes: the error report and the invalid rows.
final class ValidateOutputs {
    let report: ReportFile?
    let rejects: ReportFile?

    init(options: ValidateOptions, dialect: CSVDialect, header: [UInt8]?, hasFileColumn: Bool = false) throws(JobError) {
        do {
            if let path = options.errorsPath {
                let report = try ReportFile(path: path)
                if options.shard.writesHeaders { ErrorReportFormat.writeHeader(to: report.buffer, hasFileColumn: hasFileColumn) }
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
}

/// The engine-thread half of `validate`: commits every worker's results, in input order.
final class ValidateRun: RecordJob {
    /// The plan of the input being read (each input settles its own `--locale auto` columns).
    private var plan: ValidatePlan
    private var renderer: FailureRenderer
    private let outputs: ValidateOutputs
    /// The input's name in the error report's `file` column (`nil`: no such column).
    private var file: String?
    /// One engine for every input, so the failure budget runs across them.
    private var engine: RecordEngine?
    /// `--progress`: told the engine's progress after every commit (bytes of the inputs before this one included).
    var progressObserver: ((RecordEngine.Progress) -> Void)?
    private var columns: [ValidateColumnStats]
    private(set) var summary = ValidateSummary()
    /// Whether the header's problems are reported (`false` in a shard after the first).
    private let reportsHeader: Bool
    /// `true` when the run ended because the reader of a report went away (`| head`).
    private(set) var endedAtClosedPipe = false

    init(plan: ValidatePlan, outputs: ValidateOutputs, reportsHeader: Bool = true) {
        self.plan = plan
        self.outputs = outputs
        self.reportsHeader = reportsHeader
        renderer = plan.renderer
        columns = Array(repeating: ValidateColumnStats(), count: plan.columns.count)
        summary.columns = plan.columns.map {
            var column = ValidateSummary.Column(name: $0.name, type: $0.rule.kind.rawValue)
            column.unit = $0.unit?.symbol
            if $0.parser != nil {
                column.locale = $0.localeDescription
                column.localeEvidence = $0.localeEvidence
            }
            return column
        }
        summary.headerProblems = reportsHeader ? plan.headerProblems : []
    }

    /// Makes `plan` the plan of the next input, named `file` in the error report.
    func start(_ plan: ValidatePlan, file: String?) {
        self.plan = plan
        renderer = plan.renderer
        self.file = file
    }

    /// One line per column most of whose non-empty cells one other number style reads.
    var columnHints: [String] {
        plan.columns.indices.compactMap { k -> String? in
            let stats = columns[k]
            let nonEmpty = stats.cells - stats.empty - stats.invalid[.empty, default: 0]
            guard let (locale, count) = stats.hintedLocales.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                  count * 2 > nonEmpty else { return nil }
            return "column '\(plan.columns[k].name)': \(count) of \(nonEmpty) cells read as \(locale)-style numbers; try --locale \(locale)"
        }
    }

    /// Reports the header's problems, then streams the records of `head`'s input (or of its
    /// shard) through the engine.
    func run(_ head: InputHead, shard: ResolvedByteRange? = nil) throws(JobError) {
        for problem in plan.headerProblems where reportsHeader {
            summary.errorsByCode[problem.code, default: 0] += 1
            if let report = outputs.report {
                ErrorReportFormat.write(problem.reportRow, file: file, to: report.buffer, escapingFormulas: plan.options.escapesFormulas)
            }
        }
        let engine = self.engine ?? RecordEngine(
            threads: plan.options.threads, chunkSize: plan.options.chunkSize, maxFieldSize: plan.options.maxFieldSize,
            failureLimit: plan.options.maxErrors, keepsRawBytes: outputs.rejects != nil)
        self.engine = engine
        engine.progressObserver = progressObserver
        defer { foldColumns() }
        let end: RecordEngine.End
        do {
            end = try engine.run(head, job: self, shard: shard)
        } catch .output(.closedPipe) {
            endedAtClosedPipe = true
            return
        }
        guard end == .failureLimitReached, let limit = plan.options.maxErrors else { return }
        throw .tooManyErrors(limit: limit)
    }

    func makeWorker() -> ValidateWorker { ValidateWorker(plan: plan) }

    func commit(_ worker: ValidateWorker, bases: RecordEngine.Bases) throws(JobError) {
        do {
            summary.rowsIn += worker.counts.rowsIn
            summary.rowsInvalid += worker.counts.rowsInvalid
            for k in columns.indices { columns[k].add(worker.counts.columns[k]) }
            for failure in worker.failures {
                var failure = failure
                failure.record += bases.record + 1
                failure.line += bases.line
                summary.errorsByCode[failure.code, default: 0] += 1
                if let report = outputs.report {
                    ErrorReportFormat.write(renderer.reportRow(failure), file: file, to: report.buffer, escapingFormulas: plan.options.escapesFormulas)
                    try report.flushIfFull()
                }
            }
            if let rejects = outputs.rejects {
                try rejects.take(worker.rejects)
            }
        } catch {
            throw .output(error)
        }
    }

    /// Writes the column counts into the summary.
    private func foldColumns() {
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
