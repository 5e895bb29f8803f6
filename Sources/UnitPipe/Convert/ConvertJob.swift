// A `convert` run: reads the input head, resolves columns and units once into
// a `ConvertPlan`, opens the outputs, then lets the record engine stream the
// records through `ConvertWorker`s and commits their results here, in input
// order: output rows, rendered failures, rejects, counts. Every data record
// ends up in exactly one of output or rejects, and
// rows_in = rows_out + rows_rejected holds on every path, failures included.

import UnitPipeCSV

/// One `unitpipe convert` run.
public final class ConvertJob {
    public let options: ConvertOptions

    public init(options: ConvertOptions) { self.options = options }

    /// The outcome of a run: its summary and, when it stopped (exit 2), why.
    public struct Outcome: Sendable {
        public var summary: ConvertSummary
        public var failure: JobError?
        /// What the run did that the user may not have meant (a header that reads like data).
        public var warnings: [JobWarning] = []
        /// The process exit status: 0 ok, 1 rows failed, 2 stopped.
        public var exitStatus: Int32 {
            if case .interrupted(let signal) = failure { return 128 + signal }
            return failure == nil ? summary.exitStatus : 2
        }
    }

    /// Runs the job to the end, writing output, reports and summary. Never throws: failures are in the outcome.
    public func run() -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        var summary = ConvertSummary()
        var failure: JobError?
        var outputs: ConvertOutputs?
        var run: ConvertRun?
        var warnings: [JobWarning] = []
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
            var reference: InputHead?
            for (index, input) in inputs.enumerated() {
                let head: InputHead
                if let kept = heads.removeValue(forKey: index) { head = kept } else { head = try openHead(input) }
                current = head.source
                if let first = head.firstRecord {
                    if let run {
                        run.start(try ConvertPlan.make(options: options, head: head), file: input)
                    } else {
                        if head.dialect.hasHeader && Sniffer.recordLooksLikeData(first) { warnings.append(.headerLooksLikeData(fields: first)) }
                        let plan = try ConvertPlan.make(options: options, head: head)
                        warnings += plan.warnings
                        shardRange = try options.shard.resolve(path: options.inputPath, head: head, maxFieldSize: options.maxFieldSize)
                        let header = head.dialect.hasHeader && options.shard.writesHeaders ? (input: head.firstRecordLine, output: plan.outputHeader(head.firstRecordFields ?? [])) : nil
                        let fileColumn = inputs.count > 1 ? input : options.inputName
                        let opened = try ConvertOutputs(
                            options: options, dialect: head.dialect, header: header, writer: plan.writer, hasFileColumn: fileColumn != nil)
                        outputs = opened
                        let created = ConvertRun(plan: plan, outputs: opened)
                        run = created
                        created.start(plan, file: fileColumn)
                    }
                    reference = reference ?? head
                    if let run, let progress {
                        let before = bytesDone
                        run.progressObserver = { progress.update(bytes: before + $0.bytesRead, rows: $0.records) }
                    }
                    if let run, try !run.run(head, shard: shardRange) { break }
                }
                bytesDone += head.source.bytesRead
                current = nil
            }
            if outputs == nil {
                // Every input is empty: an empty run, unless columns were named: they are nowhere.
                // A run that is one part of a larger job (a cluster task) leaves that to the job.
                let isPart = options.inputName != nil || !options.shard.writesHeaders
                if options.hasHeader && !options.columns.isEmpty && !isPart { throw .emptyInput(hasSchema: false) }
                outputs = try ConvertOutputs(options: options, dialect: reference?.dialect ?? CSVDialect(delimiter: UInt8(ascii: ","), quote: options.quoting.byte, hasHeader: options.hasHeader), header: nil)
            }
        } catch {
            failure = error
        }
        // A signal that arrived at any moment until now fails the run before any output is made
        // durable; `OutputCommit` checks once more just before the first rename.
        if let signal = Interruption.signalNumber { failure = .interrupted(signal: signal) }
        if let run { summary = run.summary }
        summary.bytesIn = bytesDone + (current?.bytesRead ?? 0)
        progress?.finish(bytes: summary.bytesIn, rows: summary.rowsIn)
        if let range = shardRange {
            summary.bytesIn = range.bytesIn
            summary.byteRange = range
        }
        summary.seconds = (clock.now - started).seconds
        if options.onError == .keep {
            // Kept rows lose only their failed cells; a row that fails as a whole is rejected and empties none.
            summary.cellsEmptied = summary.errorsByCode.filter { $0.key != .fieldCount && $0.key != .malformedCSV }.values.reduce(0, +)
        }
        let rowsWritten = run?.rowsWritten ?? 0
        let endedAtClosedPipe = run?.endedAtClosedPipe == true
        let members = outputs.map {
            [OutputCommit.Member(file: $0.output, isKeptWhenStopped: false)]
                + [$0.report, $0.rejects].compactMap { $0 }.map { OutputCommit.Member(file: $0, isKeptWhenStopped: true) }
        } ?? []
        // Never into a summary path that is itself the problem (the input, another output, nowhere).
        let summaryPath = failure.isOutputPathError(of: .summary) ? nil : options.summaryPath
        let settle = { (failure: JobError?, sawClosedPipe: Bool) -> ConvertSummary in
            var settled = summary
            if let outputs { settled.rowsWritten = outputs.output.isDiscarded ? 0 : rowsWritten }
            if failure == nil && (endedAtClosedPipe || sawClosedPipe) { settled.reason = "closed_pipe" }
            if let failure {
                settled.status = .failed
                settled.reason = failure.reason
                settled.detail = failure.detail
            } else if settled.rowsRejected > 0 || settled.errorsByCode.values.contains(where: { $0 > 0 }) {
                settled.status = .rejected
            }
            return settled
        }
        let sawClosedPipe = OutputCommit.finish(members, summaryPath: summaryPath, failure: &failure) { settle($0, $1).json }
        summary = settle(failure, sawClosedPipe)
        return Outcome(summary: summary, failure: failure, warnings: warnings)
    }

    /// Opens `input` and reads its head with the run's dialect options.
    private func openHead(_ input: String) throws(JobError) -> InputHead {
        try InputList.head(
            of: input, delimiter: options.delimiter, quote: options.quoting.byte, hasHeader: options.hasHeader,
            maxFieldSize: options.maxFieldSize, locale: options.locale, reader: options.reader, encoding: options.encoding)
    }

    /// Writes the summary of a run stopped by a usage error before it started (`"status": "failed"`,
    /// `"reason": "usage"`), unless `path` is one of the files the command line names (the input).
    public static func writeUsageFailureSummary(to path: String, arguments: [String]) {
        // The summary's own token names the file once; any other token naming it too is another use.
        if let target = FileSystem.identity(of: path), target.isRegularFile,
            arguments.map({ $0.hasPrefix("--summary=") ? String($0.dropFirst(10)) : $0 })
                .filter({ FileSystem.identity(of: $0) == target }).count > 1 {
            return
        }
        var summary = ConvertSummary()
        summary.status = .failed
        summary.reason = "usage"
        try? ReportFile.writeSummary(summary.json, to: path)
    }

}

/// The files a `convert` run writes: the output, the error report and the rejects.
final class ConvertOutputs {
    let output: OutputFile
    let report: ReportFile?
    let rejects: ReportFile?

    /// Opens every output; with `writer` (the input has records) writes the BOM (`--bom`) and the
    /// header rows: the renamed header to the output, the input's header line as written to the rejects.
    init(
        options: ConvertOptions, dialect: CSVDialect, header: (input: [UInt8], output: [[UInt8]])?, writer: CSVWriter? = nil,
        hasFileColumn: Bool = false
    ) throws(JobError) {
        do {
            output = try OutputFile(path: options.outputPath)
            if let path = options.errorsPath {
                let report = try ReportFile(path: path)
                if options.shard.writesHeaders { ErrorReportFormat.writeHeader(to: report.buffer, hasFileColumn: hasFileColumn) }
                self.report = report
            } else {
                report = nil
            }
            rejects = try options.rejectsPath.map { path throws(OutputError) in try ReportFile(path: path) }
            guard let writer else { return }
            let buffer = ByteBuffer()
            if options.writesBOM { buffer.append("\u{FEFF}") }
            if let header { writer.writeRecord(header.output, to: buffer) }
            try output.write(buffer)
            if let header, let rejects { header.input.withUnsafeBytes { rejects.buffer.append($0) } }
        } catch {
            throw .output(error)
        }
    }
}

/// The engine-thread half of `convert`: commits every worker's results, in input order.
final class ConvertRun: RecordJob {
    /// The plan of the input being read (each input settles its own `--locale auto` columns).
    private var plan: ConvertPlan
    private var renderer: FailureRenderer
    private let outputs: ConvertOutputs
    /// The input's name in the error report's `file` column (`nil`: no such column).
    private var file: String?
    /// One engine for every input, so the failure budget runs across them.
    private var engine: RecordEngine?
    /// `--progress`: told the engine's progress after every commit (bytes of the inputs before this one included).
    var progressObserver: ((RecordEngine.Progress) -> Void)?
    private var columns: [ColumnStats]
    /// The first failure committed (`--on-error fail` stops with it).
    private var firstFailure: CellError?
    private(set) var summary = ConvertSummary()
    /// Output rows written so far (for a file, into its temporary file).
    private(set) var rowsWritten = 0
    /// `true` when the run ended because a reader of an output went away (`| head`).
    private(set) var endedAtClosedPipe = false

    init(plan: ConvertPlan, outputs: ConvertOutputs) {
        self.plan = plan
        self.outputs = outputs
        renderer = plan.renderer
        columns = Array(repeating: ColumnStats(), count: plan.conversions.count)
        summary.columns = plan.conversions.map {
            var column = ConvertSummary.Column(name: $0.spec.newName ?? $0.name, from: $0.spec.from, to: $0.spec.to)
            column.locale = $0.localeDescription
            column.localeEvidence = $0.localeEvidence
            return column
        }
    }

    /// Makes `plan` the plan of the next input, named `file` in the error report.
    func start(_ plan: ConvertPlan, file: String?) {
        self.plan = plan
        renderer = plan.renderer
        self.file = file
    }

    /// Streams the records of `head`'s input through the engine; returns `false` when the output
    /// pipe was closed (the run ends quietly, reading no further input).
    func run(_ head: InputHead, shard: ResolvedByteRange?) throws(JobError) -> Bool {
        let engine = self.engine ?? RecordEngine(
            threads: plan.options.threads, chunkSize: plan.options.chunkSize, maxFieldSize: plan.options.maxFieldSize,
            failureLimit: plan.failureLimit, reader: plan.options.reader, keepsRawBytes: outputs.rejects != nil,
            batchRecords: plan.options.batchRecords, speculationFailureLimit: plan.options.speculationFailureLimit)
        self.engine = engine
        engine.progressObserver = progressObserver
        defer { foldColumns() }
        let end: RecordEngine.End
        do {
            end = try engine.run(head, job: self, shard: shard)
        } catch .output(.closedPipe) {
            endedAtClosedPipe = true
            return false
        }
        guard end == .failureLimitReached, let limit = plan.failureLimit else { return true }
        if plan.options.onError == .fail, let firstFailure { throw .stoppedAtError(firstFailure) }
        throw .tooManyErrors(limit: limit)
    }

    func makeWorker() -> ConvertWorker { ConvertWorker(plan: plan) }

    func commit(_ worker: ConvertWorker, bases: RecordEngine.Bases) throws(JobError) {
        do {
            // The rows first: a batch whose rows cannot be delivered (a closed pipe, a full disk)
            // is counted nowhere, so the counts say what was delivered.
            try outputs.output.writeStored(worker.sealedOutput)
            rowsWritten += worker.counts.rowsOut
            summary.rowsIn += worker.counts.rowsIn
            summary.rowsOut += worker.counts.rowsOut
            summary.rowsRejected += worker.counts.rowsRejected
            for k in columns.indices { columns[k].add(worker.counts.columns[k]) }
            for failure in worker.failures {
                var failure = failure
                failure.record += bases.record + 1
                failure.line += bases.line
                summary.errorsByCode[failure.code, default: 0] += 1
                guard firstFailure == nil || outputs.report != nil else { continue }
                let row = renderer.reportRow(failure)
                if firstFailure == nil { firstFailure = row }
                if let report = outputs.report {
                    ErrorReportFormat.write(row, file: file, to: report.buffer, escapingFormulas: plan.options.escapesFormulas)
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
            summary.columns[k].converted = columns[k].converted
            summary.columns[k].empty = columns[k].empty
            summary.columns[k].errors = columns[k].errors
            if columns[k].converted > 0 {
                summary.columns[k].min = columns[k].min
                summary.columns[k].max = columns[k].max
            }
        }
    }
}

extension ConvertOptions {
    /// The output paths with their roles (`nil`: not given; `-o` absent means standard output).
    var outputs: [(role: OutputRole, path: String?)] {
        [(.output, outputPath), (.errors, errorsPath), (.rejects, rejectsPath), (.summary, summaryPath)]
    }
}

extension Optional where Wrapped == JobError {
    /// `true` when the failure is an output path problem involving `role`.
    func isOutputPathError(of role: OutputRole) -> Bool {
        if case .outputPath(let error)? = self { return error.roles.contains(role) }
        return false
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
