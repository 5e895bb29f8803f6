import UnitPipeCSV

/// How a run ended, as its summary's `status` says.
public enum RunStatus: String, Sendable {
    /// Every row succeeded (exit 0).
    case ok
    /// The run finished and some rows failed (exit 1).
    case rejected
    /// The run stopped (exit 2); the summary's `reason` says why.
    case failed
}

/// What every job's summary holds beside its own counts (`--summary FILE`).
public protocol JobSummary: Sendable {
    var rowsIn: Int { get }
    /// Bytes read, as stored (in shard mode, the bytes of the range).
    var bytesIn: Int { get set }
    var seconds: Double { get set }
    /// In shard mode (`--byte-range`): the bytes whose records the run processed, and the first one's numbers.
    var byteRange: ResolvedByteRange? { get set }
    var status: RunStatus { get set }
    /// Why the run stopped (`failed`), or `closed_pipe` when it ended early, quietly, because the
    /// reader of its output went away (`| head`).
    var reason: String? { get set }
    /// For a run stopped by an output it could not write: the system's reason (`No space left on device`).
    var detail: String? { get set }
    /// Whether an input ended without a line end after its last record (written to the summary
    /// only when it did): a writer that stopped in the middle of a record leaves exactly that.
    var lastRecordWithoutLineEnd: Bool { get set }
    /// Whether some rows failed: the status of a run that finished is then `rejected`.
    var hasFailures: Bool { get }
    /// The summary as one JSON object, keys in the documented order.
    var json: String { get }
}

extension JobSummary {
    /// The process exit status for this summary: 0 ok, 1 rows failed, 2 stopped.
    public var exitStatus: Int32 {
        switch status {
        case .ok: 0
        case .rejected: 1
        case .failed: 2
        }
    }
}

/// The outcome of a run: its summary and, when it stopped, why.
public protocol JobOutcome: Sendable {
    associatedtype Summary: JobSummary
    var summary: Summary { get }
    var failure: JobError? { get }
}

extension JobOutcome {
    /// The process exit status: 0 ok, 1 rows failed, 2 stopped, 128 + N after signal N.
    public var exitStatus: Int32 {
        if case .interrupted(let signal) = failure { return 128 + signal }
        return failure == nil ? summary.exitStatus : 2
    }
}
