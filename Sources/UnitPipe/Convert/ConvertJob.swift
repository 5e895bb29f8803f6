// A `convert` run: `JobRunner` reads the inputs and drives the record engine; this job
// resolves each input's columns and units once into a `ConvertPlan`, opens the outputs
// on the first input with records, and its committer (`ConvertCommitter`) takes the
// `ConvertWorker`s' results in input order: output rows, rendered failures, rejects,
// counts. Every data record ends up in exactly one of output or rejects, and
// rows_in = rows_out + rows_rejected holds on every path, failures included.

import UnitPipeCSV

/// One `unitpipe convert` run.
public final class ConvertJob: RecordJob {
    public let options: ConvertOptions
    private var committer: ConvertCommitter?
    private var outputs: ConvertOutputs?
    /// What the run did that the user may not have meant (a header that reads like data).
    private var warnings: [JobWarning] = []
    private(set) var shardRange: ResolvedByteRange?

    public init(options: ConvertOptions) { self.options = options }

    /// The outcome of a run: its summary, its warnings and, when it stopped (exit 2), why.
    public struct Outcome: JobOutcome {
        public var summary: ConvertSummary
        public var failure: JobError?
        /// What the run did that the user may not have meant (a header that reads like data).
        public var warnings: [JobWarning] = []
    }

    /// Runs the job to the end, writing output, reports and summary. Never throws: failures are in the outcome.
    public func run() -> Outcome {
        let (summary, failure, inputWarnings) = JobRunner.run(self)
        return Outcome(summary: summary, failure: failure, warnings: warnings + inputWarnings)
    }

    func openHead(_ input: String) throws(JobError) -> InputHead {
        try InputList.head(
            of: input, delimiter: options.delimiter, quote: options.quoting.byte, hasHeader: options.hasHeader,
            maxFieldSize: options.maxFieldSize, locale: options.locale, reader: options.reader, encoding: options.encoding)
    }

    func start(_ head: InputHead, file: String?, isLast: Bool) throws(JobError) -> ConvertCommitter? {
        guard let first = head.firstRecord else { return nil }
        if let committer {
            committer.start(try ConvertPlan.make(options: options, head: head), file: file)
            return committer
        }
        if head.dialect.hasHeader && Sniffer.recordLooksLikeData(first) { warnings.append(.headerLooksLikeData(fields: first)) }
        let plan = try ConvertPlan.make(options: options, head: head)
        warnings += plan.warnings
        shardRange = try options.shard.resolve(path: options.inputPath, head: head, maxFieldSize: options.maxFieldSize)
        let header = head.dialect.hasHeader && options.shard.writesHeaders ? (input: head.firstRecordLine, output: plan.outputHeader(head.firstRecordFields ?? [])) : nil
        let opened = try ConvertOutputs(options: options, dialect: head.dialect, header: header, writer: plan.writer, hasFileColumn: file != nil)
        outputs = opened
        let created = ConvertCommitter(plan: plan, outputs: opened)
        committer = created
        created.start(plan, file: file)
        return created
    }

    func failureLimitError() -> JobError? {
        guard let limit = options.failureLimit else { return nil }
        if options.onError == .fail, let firstFailure = committer?.firstFailure { return .stoppedAtError(firstFailure) }
        return .tooManyErrors(limit: limit)
    }

    func finishInputs() throws(JobError) {
        guard outputs == nil else { return }
        // Every input is empty: an empty run, unless columns were named: they are nowhere.
        // A run that is one part of a larger job (a cluster task) leaves that to the job.
        let isPart = options.inputName != nil || !options.shard.writesHeaders
        if options.hasHeader && !options.columns.isEmpty && !isPart { throw .emptyInput(hasSchema: false) }
        let dialect = CSVDialect(delimiter: UInt8(ascii: ","), quote: options.quoting.byte, hasHeader: options.hasHeader)
        outputs = try ConvertOutputs(options: options, dialect: dialect, header: nil)
    }

    var summary: ConvertSummary { committer?.summary ?? ConvertSummary() }

    var outputMembers: [OutputCommit.Member] {
        guard let outputs else { return [] }
        return [OutputCommit.Member(file: outputs.output, isKeptWhenStopped: false)]
            + [outputs.report, outputs.rejects].compactMap { $0 }.map { OutputCommit.Member(file: $0, isKeptWhenStopped: true) }
    }

    func settle(_ summary: inout ConvertSummary, failure: JobError?) {
        if options.onError == .keep {
            // Kept rows lose only their failed cells; a row that fails as a whole is rejected and empties none.
            summary.cellsEmptied = summary.errorsByCode.filter { $0.key != .fieldCount && $0.key != .malformedCSV }.values.reduce(0, +)
        }
        if let outputs { summary.rowsWritten = outputs.output.isDiscarded ? 0 : committer?.rowsWritten ?? 0 }
    }

    /// Writes the summary of a run stopped before it started (`"status": "failed"`, `"reason"`
    /// `usage`, or the signal that stopped it while the command line was settled), unless `path`
    /// is one of the files the command line names (the input).
    public static func writeUsageFailureSummary(to path: String, arguments: [String], reason: String = "usage") {
        // The summary's own token names the file once; any other token naming it too is another use.
        if let target = FileSystem.identity(of: path), target.isRegularFile,
            arguments.map({ $0.hasPrefix("--summary=") ? String($0.dropFirst(10)) : $0 })
                .filter({ FileSystem.identity(of: $0) == target }).count > 1 {
            return
        }
        var summary = ConvertSummary()
        summary.status = .failed
        summary.reason = reason
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
final class ConvertCommitter: InputCommitter {
    /// The plan of the input being read (each input settles its own `--locale auto` columns).
    private var plan: ConvertPlan
    private var renderer: FailureRenderer
    private let outputs: ConvertOutputs
    /// The input's name in the error report's `file` column (`nil`: no such column).
    private var file: String?
    private var columns: [ColumnStats]
    /// The first failure committed (`--on-error fail` stops with it).
    private(set) var firstFailure: ReportRow?
    private(set) var summary = ConvertSummary()
    /// Output rows written so far (for a file, into its temporary file).
    private(set) var rowsWritten = 0

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
                failure.place(after: bases)
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
    func finishInput() {
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

extension ConvertOptions: RunOptions {
    /// The output paths with their roles (`nil`: not given; `-o` absent means standard output).
    var outputs: [(role: OutputRole, path: String?)] {
        [(.output, outputPath), (.errors, errorsPath), (.rejects, rejectsPath), (.summary, summaryPath)]
    }

    /// Failed rows the run accepts before it stops: `--max-errors`, 0 with `--on-error fail`.
    var failureLimit: Int? { onError == .fail ? 0 : maxErrors }
}
