// A `convert` run: opens the input, settles the dialect, resolves columns and
// units once, then streams batches through parse → kernel → write. Every data
// record ends up in exactly one of output or rejects, and
// rows_in = rows_out + rows_rejected holds on every path, failures included.

import UnitPipeCSV

/// One `unitpipe convert` run.
public final class ConvertJob {
    public let options: ConvertOptions

    public init(options: ConvertOptions) { self.options = options }

    /// The outcome of a run: its summary and, when it stopped (exit 2), why.
    public struct Outcome: Sendable {
        public var summary: RunSummary
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
        var summary = RunSummary()
        var failure: JobError?
        var engine: ConvertEngine?
        var warnings: [JobWarning] = []
        do throws(JobError) {
            do { try OutputPaths.check(input: options.inputPath, outputs: options.outputs) } catch { throw .outputPath(error) }
            let created = try ConvertEngine(options: options)
            engine = created
            warnings = created.warnings
            try created.run(threads: options.threads)
        } catch {
            failure = error
        }
        if failure != nil, let signal = Interruption.signalNumber { failure = .interrupted(signal: signal) }
        if let engine {
            engine.finish(failed: failure != nil)
            summary = engine.summary
            if failure == nil, let closeFailure = engine.closeFailure { failure = closeFailure }
        }
        summary.seconds = (clock.now - started).seconds
        if options.onError == .keep {
            // Kept rows lose only their failed cells; a row that fails as a whole is rejected and empties none.
            summary.cellsEmptied = summary.errorsByCode.filter { $0.key != .fieldCount && $0.key != .malformedCSV }.values.reduce(0, +)
        }
        if let failure {
            summary.status = .failed
            summary.reason = failure.reason
        } else if summary.rowsRejected > 0 || summary.errorsByCode.values.contains(where: { $0 > 0 }) {
            summary.status = .rejected
        }
        // Never into a summary path that is itself the problem (the input, another output, nowhere).
        if let path = options.summaryPath, !failure.isOutputPathError(of: .summary) {
            ConvertJob.writeSummary(summary, to: path, failure: &failure)
        }
        return Outcome(summary: summary, failure: failure, warnings: warnings)
    }

    private static func writeSummary(_ summary: RunSummary, to path: String, failure: inout JobError?) {
        do throws(OutputError) {
            let file = try OutputFile(path: path)
            let buffer = ByteBuffer()
            buffer.append(summary.json)
            do {
                try file.write(buffer)
            } catch {
                file.abandon()
                throw error
            }
            try file.commit()
        } catch {
            if failure == nil { failure = .output(error) }
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
