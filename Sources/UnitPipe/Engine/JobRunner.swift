// The run every job shares: the inputs in order (files, a directory's files, standard
// input; in groups, one table each, for a Data Package's resources), each input's head, one record engine for all of them (so record numbers, the
// failure budget and `--max-errors` run across inputs), progress, signals, and the
// all-or-nothing commit of the outputs and the summary with its status. A job
// (`RecordJob`, RecordJob.swift) supplies what differs: the plan and committer for each
// input, its outputs and its summary's own fields.

import UnitPipeCSV

/// The options every job has: its inputs, the paths it writes, progress, shard mode and the engine's settings.
protocol RunOptions {
    /// The inputs, in order; none reads standard input.
    var inputPaths: [String] { get }
    /// `--input-name`: the single input's name in the error report.
    var inputName: String? { get }
    var summaryPath: String? { get }
    var shard: ShardSettings { get }
    var progress: ProgressMode { get }
    /// The output paths with their roles (`nil`: not given), checked before any input is read.
    var outputs: [(role: OutputRole, path: String?)] { get }
    /// `-r`: the rejected rows' path (the engine then keeps each record's bytes).
    var rejectsPath: String? { get }
    var threads: Int { get }
    var chunkSize: Int { get }
    var maxFieldSize: Int { get }
    /// Failed rows the run accepts before it stops (`nil`: no limit).
    var failureLimit: Int? { get }
    var reader: ReaderKind { get }
    var batchRecords: Int { get }
    var speculationFailureLimit: Int { get }
}

extension RunOptions {
    var reader: ReaderKind { .default }
    var batchRecords: Int { 8192 }
    var speculationFailureLimit: Int { 16_384 }
}

/// A job's committer, as the runner drives it: told when an input's records are all committed.
protocol InputCommitter: BatchCommitter {
    /// Folds what was counted for the input just run into the summary.
    func finishInput()
}

/// A job the runner drives: `convert` or `validate`.
protocol RecordJob: AnyObject {
    associatedtype Options: RunOptions
    associatedtype Committer: InputCommitter
    associatedtype Summary: JobSummary

    var options: Options { get }
    /// Opens `input` and reads its head with the run's dialect options.
    func openHead(_ input: String) throws(JobError) -> InputHead
    /// Settles the input of `head`: its plan, and on the first input the outputs.
    ///
    /// - Parameters:
    ///   - file: The input's name in the error report's `file` column (`nil`: no such column).
    ///   - isLast: Whether no input follows.
    /// - Returns: The committer of the input's records, or `nil` when it has none to run.
    func start(_ head: InputHead, file: String?, isLast: Bool) throws(JobError) -> Committer?
    /// Why the run stops when the engine reached the failure limit (`--max-errors`, `--on-error fail`).
    func failureLimitError() -> JobError?
    /// Called after the last input was run: a run none of whose inputs had records settles its outputs here.
    func finishInputs() throws(JobError)
    /// The bytes of a shard run (`--byte-range`), once resolved from the first input with records.
    var shardRange: ResolvedByteRange? { get }
    /// The summary's counts so far.
    var summary: Summary { get }
    /// The outputs the commit makes durable together, in order.
    var outputMembers: [OutputCommit.Member] { get }
    /// Sets the job's own fields of the summary as it is written (`failure`: why the run stopped).
    func settle(_ summary: inout Summary, failure: JobError?)
    /// The inputs in groups, read one group after the other; a group's inputs are one table (one
    /// header). By default one group, the options' inputs; a Data Package has one per resource.
    var inputGroups: [[String]] { get }
    /// Called before the inputs of group `index` are opened.
    func startGroup(_ index: Int) throws(JobError)
    /// Called once the run's outcome is known, before its outputs are made durable.
    func willCommit(failure: JobError?)
}

extension RecordJob {
    var inputGroups: [[String]] { [options.inputPaths] }
    func startGroup(_ index: Int) throws(JobError) {}
    func willCommit(failure: JobError?) {}
}

/// Runs any job from its first input to its committed outputs.
enum JobRunner {
    /// Runs `job` to the end, writing its outputs and summary. Never throws: a failure is returned,
    /// with the warnings the inputs' ends gave (a stream that stopped without a line end).
    static func run<Job: RecordJob>(_ job: Job) -> (summary: Job.Summary, failure: JobError?, warnings: [JobWarning]) {
        let options = job.options
        let clock = ContinuousClock()
        let started = clock.now
        var failure: JobError?
        var engine: RecordEngine?
        var endedAtClosedPipe = false
        // Bytes read from the inputs done, and the input being read.
        var bytesDone = 0
        var current: InputSource?
        var warnings: [JobWarning] = []
        var endsWithoutLineEnd = false
        var progress: ProgressDisplay?
        do throws(JobError) {
            reading: for (group, paths) in job.inputGroups.enumerated() {
                try job.startGroup(group)
                let opening = try InputList.start(paths, outputs: options.outputs, progress: options.progress, open: job.openHead)
                let inputs = opening.inputs
                var heads = opening.heads
                progress = progress ?? opening.progress
                for (index, input) in inputs.enumerated() {
                    let head: InputHead
                    if let kept = heads.removeValue(forKey: index) { head = kept } else { head = try job.openHead(input) }
                    current = head.source
                    let file = inputs.count > 1 ? input : options.inputName
                    if let committer = try job.start(head, file: file, isLast: index == inputs.count - 1) {
                        let running = engine ?? RecordEngine(
                            threads: options.threads, chunkSize: options.chunkSize, maxFieldSize: options.maxFieldSize,
                            failureLimit: options.failureLimit, reader: options.reader, keepsRawBytes: options.rejectsPath != nil,
                            batchRecords: options.batchRecords, speculationFailureLimit: options.speculationFailureLimit)
                        engine = running
                        if let progress {
                            let before = bytesDone
                            running.progressObserver = { progress.update(bytes: before + $0.bytesRead, rows: $0.records) }
                        }
                        let end: RecordEngine.End
                        do {
                            defer { committer.finishInput() }
                            end = try running.run(head, job: committer, shard: job.shardRange)
                        } catch .output(.closedPipe) {
                            // The reader of an output went away (`| head`): the run ends quietly, reading no further input.
                            endedAtClosedPipe = true
                            break reading
                        }
                        if end == .failureLimitReached, let error = job.failureLimitError() { throw error }
                    }
                    bytesDone += head.source.bytesRead
                    if head.source.endsWithoutLineEnd { endsWithoutLineEnd = true }
                    if let warning = JobWarning.endOfInput(head.source) { warnings.append(warning) }
                    current = nil
                }
            }
            try job.finishInputs()
        } catch {
            failure = error
        }
        // A signal that arrived at any moment until now fails the run before any output is made
        // durable; `OutputCommit` checks once more just before the first rename.
        if let signal = Interruption.signalNumber { failure = .interrupted(signal: signal) }
        var summary = job.summary
        summary.bytesIn = bytesDone + (current?.bytesRead ?? 0)
        summary.lastRecordWithoutLineEnd = endsWithoutLineEnd
        progress?.finish(bytes: summary.bytesIn, rows: summary.rowsIn)
        if let range = job.shardRange {
            summary.bytesIn = range.bytesIn
            summary.byteRange = range
        }
        summary.seconds = (clock.now - started).seconds
        job.willCommit(failure: failure)
        // Never into a summary path that is itself the problem (the input, another output, nowhere).
        let summaryPath = failure.isOutputPathError(of: .summary) ? nil : options.summaryPath
        let settle = { (failure: JobError?, sawClosedPipe: Bool) -> Job.Summary in
            var settled = summary
            job.settle(&settled, failure: failure)
            if failure == nil && (endedAtClosedPipe || sawClosedPipe) { settled.reason = "closed_pipe" }
            if let failure {
                settled.status = .failed
                settled.reason = failure.reason
                settled.detail = failure.detail
            } else if settled.hasFailures {
                settled.status = .rejected
            }
            return settled
        }
        let sawClosedPipe = OutputCommit.finish(job.outputMembers, summaryPath: summaryPath, failure: &failure) { settle($0, $1).json }
        return (settle(failure, sawClosedPipe), failure, warnings)
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
