// Design note — how a job plugs into the record engine and the runner.
//
// The engine (RecordEngine.swift) cuts the input into chunks, parses them with
// libcsv on several threads, orders the results, numbers the records and lines,
// counts failed rows against the run's budget and stops on a signal. It knows
// nothing about numbers or units. A job's records flow through two halves:
//
// - a `BatchWorker`, one per chunk in flight, that gets every batch of records
//   a thread parses (`process(_:budget:)`) and keeps what it made of them —
//   output bytes, counts, failures as `CellFailure` values — until the engine
//   commits them. Record indices and lines it sees are relative to the stretch
//   of input it parses (a worker may parse speculatively, before the records
//   before it are known); it reports every failed row to the budget, which
//   says when to stop.
// - a `BatchCommitter`, called by one thread at a time, that commits a worker's
//   results in input order (`commit(_:bases:)`): writes its output, renders its failures
//   with the record and line bases that make them absolute, folds its counts.
//
// So one batch flows: engine → worker.process (parse → convert/check → format
// per column, failures recorded) → engine orders → committer.commit.
//
// Around them, `JobRunner` (JobRunner.swift) owns a run of any job: the inputs in
// order, one engine for all of them, progress, signals, and the all-or-nothing
// commit of the outputs and the summary. The job itself (a `RecordJob`: `convert`,
// `validate`) supplies only what differs: a plan per input, its outputs, its
// committer and its summary. A new job is a plan, a worker, a committer and a
// summary; neither the engine nor the runner changes.

import UnitPipeCSV

/// The per-thread half of a job: gets every batch of records a worker thread parses.
///
/// A worker is used by one thread at a time; it changes hands (the thread that parses → the
/// thread that commits) only under the engine's lock.
public protocol BatchWorker: AnyObject, Sendable {
    /// Processes one batch of complete records.
    ///
    /// - Parameters:
    ///   - batch: The records; `batch.firstRecordIndex + r` is record `r`'s 0-based index in the
    ///     stretch, `batch.line(of: r)` its 1-based line in the stretch. Valid during the call only.
    ///   - budget: Call ``FailureBudget/spend()`` once per failed row, right after recording it;
    ///     when it returns `false`, process no further row (of this batch or any later one).
    func process(_ batch: RecordBatch, budget: inout FailureBudget)

    /// Keeps the results up to and including the `n`-th failed row recorded since the last
    /// ``clearResults()`` and drops everything after it (the run stops there).
    func keepResults(throughFailedRow n: Int)

    /// Finishes the results made since the last commit (the place for a per-chunk transform
    /// such as compression): called on the thread that parses a chunk right after it, and
    /// again by the committer just before the results are committed, where it must redo
    /// only what changed since (results continued by the committer, or cut by
    /// ``keepResults(throughFailedRow:)``).
    func seal()

    /// Forgets the results after they are committed.
    func clearResults()

    /// Gives back memory a huge record made the worker hold (called between stretches).
    func releaseLargeBuffers()
}

extension BatchWorker {
    public func releaseLargeBuffers() {}
}

/// The engine-thread half of a job: commits its workers' results in input order.
public protocol BatchCommitter: AnyObject {
    associatedtype Worker: BatchWorker
    /// A worker for one more thread (or for the one thread of a sequential run).
    func makeWorker() -> Worker
    /// Takes the results `worker` made since it was last committed, in input order.
    ///
    /// - Parameters:
    ///   - worker: The worker; cleared by the engine afterwards.
    ///   - bases: Records and lines before the stretch the worker parses: a failure at relative
    ///     record `r` (0-based) and line `l` is at record `bases.record + r + 1`, line `bases.line + l`.
    func commit(_ worker: Worker, bases: RecordEngine.Bases) throws(JobError)
}

/// How many failed rows a stretch may still record before its worker stops.
public struct FailureBudget: Sendable {
    /// Failed rows allowed per stretch before stopping; `nil` without a limit.
    let allowance: Int?
    /// Failed rows recorded since the last commit.
    public private(set) var spent = 0
    /// `true` once the allowance is spent: no further row may be processed.
    public private(set) var isExhausted = false

    init(allowance: Int?) { self.allowance = allowance }

    /// Counts one failed row; returns `false` when the worker must stop processing rows.
    @inline(__always)
    public mutating func spend() -> Bool {
        spent += 1
        if let allowance, spent >= allowance { isExhausted = true }
        return !isExhausted
    }

    /// Starts counting again after a commit (an exhausted stretch stays stopped).
    mutating func resetCount() { spent = 0 }
}
