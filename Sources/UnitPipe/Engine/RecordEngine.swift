// The record engine: chunks, parallel speculative libcsv parsers, ordering,
// positions, the failure budget and interruption — for any job (RecordJob.swift).
//
// With several threads, each thread reads a chunk (cut after a line end), parses
// the whole chunk with its own libcsv parser, as if it started a record, and
// gives every batch to its job worker; whichever thread is free commits the
// results in input order (RecordEngine+Parallel.swift). A chunk whose parse ends
// inside a record (a quoted field spanning the cut) makes the next chunk's
// speculative result void: the committer continues the first chunk's parser with
// the next chunk's bytes instead, so the results are byte-identical for every
// thread count. Record numbers and lines are made absolute at commit, where alone
// it is known what came before.
//
// A speculative parse holds little: it stops after a batch once it has recorded
// `speculationFailureLimit` failed rows, or as soon as the engine finds it void (the
// chunk before it ended inside a record). Read before a long quoted field's start
// was known, a chunk of the field's lines parses as thousands of failing one-line
// rows; stopped, they cost neither the memory nor the time. A stopped parse that
// is not void is finished by the committer from where it stopped: the same
// parser fed the rest of the same bytes, so the results do not change.

import Foundation
import Synchronization
import UnitPipeCSV

/// Runs a job over the records of an input.
public final class RecordEngine {
    /// Bytes of input per chunk, the unit of parallel work, unless a job asks otherwise: 128 KiB
    /// (as fast as larger chunks with less memory in flight; the measurements are in `bench/results/`).
    public static let defaultChunkSize = 1 << 17
    /// The longest field a run accepts unless told otherwise (`--max-field-size`): 64 MiB, so
    /// memory stays bounded whatever the input.
    public static let defaultMaxFieldSize = 64 << 20

    /// Records and lines before a stretch of input.
    public struct Bases: Sendable, Equatable {
        /// Data records before the stretch.
        public var record: Int
        /// Physical lines before the stretch (the header's included).
        public var line: Int
        /// Bytes of the input before the stretch (the BOM and the header's included), as read:
        /// after decompression for a compressed input.
        public var byte: Int
    }

    /// How far the run got: read and committed.
    public struct Progress: Sendable, Equatable {
        /// Bytes read from the input, as stored.
        public var bytesRead = 0
        /// Data records committed.
        public var records = 0
    }

    /// How a run ended.
    public enum End: Sendable, Equatable {
        /// Every record was processed.
        case finished
        /// More failed rows than the limit: the results stop right after the first row beyond it.
        case failureLimitReached
    }

    let threads: Int
    private let chunkSize: Int
    private let maxFieldSize: Int
    private let reader: ReaderKind
    /// Whether the parsers keep each record's input bytes (for rejects copied as read).
    private let keepsRawBytes: Bool
    /// Failed rows the run accepts; the first row beyond them stops it (`nil`: no limit).
    private let failureLimit: Int?
    private var failedRows = 0
    /// Records and lines before the next stretch to commit.
    public private(set) var bases = Bases(record: 0, line: 0, byte: 0)
    public internal(set) var progress = Progress()
    /// Called after every commit, by the thread that commits (one at a time, in input order),
    /// with the progress so far (`--progress`).
    public var progressObserver: ((Progress) -> Void)?
    /// Records per batch handed to a job worker.
    private let batchRecords: Int
    /// Failed rows after which a speculative parse stops (at the end of a batch) and leaves the
    /// rest of its chunk to the committer.
    private let speculationFailureLimit: Int

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - threads: Worker threads (1 parses on the calling thread).
    ///   - chunkSize: Bytes per chunk, the unit of parallel work.
    ///   - maxFieldSize: The longest field; a longer one marks its record `fieldTooLarge`.
    ///   - failureLimit: Failed rows accepted before the run stops (`0` stops at the first).
    ///   - reader: How records are split (`--reader`).
    ///   - keepsRawBytes: Whether each batch can give its records' input bytes (`RecordBatch.rawBytes(of:)`).
    ///   - batchRecords: Records per batch (at most; a batch also ends after 1 MiB of fields).
    ///   - speculationFailureLimit: Failed rows after which a speculative parse stops, at the end of
    ///     a batch, and leaves the rest of its chunk to the committer. The default, ~2 MiB of
    ///     failures, is never reached by a chunk of 128 KiB of rows of 16 bytes or more; tests make
    ///     both small.
    public init(
        threads: Int, chunkSize: Int, maxFieldSize: Int, failureLimit: Int?, reader: ReaderKind = .default,
        keepsRawBytes: Bool = false, batchRecords: Int = 8192, speculationFailureLimit: Int = 16_384
    ) {
        self.batchRecords = max(1, batchRecords)
        self.speculationFailureLimit = max(1, speculationFailureLimit)
        self.keepsRawBytes = keepsRawBytes
        self.threads = max(1, threads)
        self.chunkSize = max(1, chunkSize)
        self.maxFieldSize = maxFieldSize
        self.reader = reader
        self.failureLimit = failureLimit
        _ = PlainBuffer.mapsLargeBlocks
    }

    /// Streams the data records of `head`'s input through `job`.
    ///
    /// - Throws: `JobError.input` when reading fails, `.interrupted` on SIGINT/SIGTERM, and
    ///   whatever the job's commit throws.
    /// With `shard` (`--byte-range`), only the records of that range: read from its start, numbered from its record and line.
    /// An engine may run several inputs one after the other: each is numbered from its own start,
    /// and the failure limit counts the failed rows of all of them.
    public func run<Job: BatchCommitter>(_ head: InputHead, job: Job, shard: ResolvedByteRange? = nil) throws(JobError) -> End {
        let chunks: ChunkReader
        if let shard {
            bases = Bases(record: shard.record - 1, line: shard.line - 1, byte: shard.start)
            head.source.restrict(to: shard.start..<shard.end)
            chunks = ChunkReader(source: head.source, start: [], chunkSize: chunkSize)
        } else {
            bases = Bases(record: 0, line: head.linesBeforeData, byte: head.dataOffset)
            chunks = head.dataChunks(chunkSize: chunkSize)
        }
        do {
            let end = threads <= 1
                ? try runSequentially(head, chunks: chunks, job: job)
                : try runInParallel(head, chunks: chunks, job: job)
            RecordEngine.raiseTestSignal()
            // A signal during the last chunk has no later check in the loops: it still stops the run.
            if let signal = Interruption.signalNumber { throw JobError.interrupted(signal: signal) }
            return end
        } catch let error as JobError {
            throw error
        } catch let error as InputError {
            if let signal = Interruption.signalNumber { throw .interrupted(signal: signal) }
            throw .input(error)
        } catch {
            throw .input(.cannotRead(head.source.displayName, SystemError(call: "read", errno: 5)))
        }
    }

    /// One thread: a single stretch continues through every chunk.
    private func runSequentially<Job: BatchCommitter>(_ head: InputHead, chunks: ChunkReader, job: Job) throws -> End {
        let stretch = makeStretch(job, head)
        stretch.begin()
        let chunk = chunks.makeChunk()
        while try chunks.fill(chunk) {
            if let signal = Interruption.signalNumber { throw JobError.interrupted(signal: signal) }
            stretch.feed(chunk.bytes)
            stretch.end(isEndOfInput: chunk.isLast)
            progress.bytesRead = head.source.bytesRead
            if try commit(stretch, job: job) == .failureLimitReached { return .failureLimitReached }
            if !stretch.endsInRecord { stretch.releaseLargeBuffers() }
            if chunk.isLast { break }
        }
        return .finished
    }

    /// `UNITPIPE_TEST_SIGNAL_AFTER_LAST_CHUNK=TERM` (or `INT`) sends that signal to the process
    /// once the last chunk is committed: the latest moment a signal can arrive before the job
    /// commits its outputs, which tests cannot otherwise hit on purpose. Unset, it does nothing.
    private static func raiseTestSignal() {
        switch ProcessInfo.processInfo.environment["UNITPIPE_TEST_SIGNAL_AFTER_LAST_CHUNK"] {
        case "TERM"?: kill(getpid(), SIGTERM)
        case "INT"?: kill(getpid(), SIGINT)
        default: break
        }
    }

    func makeStretch<Job: BatchCommitter>(_ job: Job, _ head: InputHead) -> Stretch<Job.Worker> {
        Stretch(
            worker: job.makeWorker(), dialect: head.dialect, maxFieldSize: maxFieldSize, allowance: allowance, reader: reader,
            keepsRawBytes: keepsRawBytes, batchRecords: batchRecords, speculationFailureLimit: speculationFailureLimit)
    }

    /// Failed rows a stretch may record before it stops: the first row beyond the limit.
    private var allowance: Int? { failureLimit.map { $0 + 1 } }

    /// Moves the bases past a stretch that is done.
    func release<Worker>(_ stretch: Stretch<Worker>) {
        bases.record += stretch.recordsSinceBegin
        bases.line += stretch.linesFed
        bases.byte += stretch.bytesFed
    }

    /// Commits what `stretch` produced since its last commit, cut at the failure limit.
    func commit<Job: BatchCommitter>(_ stretch: Stretch<Job.Worker>, job: Job) throws(JobError) -> End {
        var end = End.finished
        let failed = stretch.budget.spent
        if let failureLimit, failedRows + failed > failureLimit {
            stretch.worker.keepResults(throughFailedRow: failureLimit - failedRows + 1)
            failedRows = failureLimit + 1
            end = .failureLimitReached
        } else {
            failedRows += failed
        }
        stretch.worker.seal()
        try job.commit(stretch.worker, bases: bases)
        stretch.worker.clearResults()
        stretch.budget.resetCount()
        progress.records = bases.record + stretch.recordsSinceBegin
        progressObserver?(progress)
        return end
    }
}

/// One worker's parse of a stretch of input: the libcsv state, the job worker and its budget.
final class Stretch<Worker: BatchWorker>: @unchecked Sendable {
    // Safety: a stretch is used by one thread at a time; it changes hands only under the
    // parallel run's lock (RecordEngine+Parallel.swift), which orders every access.

    let worker: Worker
    private let parser: RecordParser
    var budget: FailureBudget
    private let allowance: Int?
    /// Failed rows after which a speculative parse stops.
    private let speculationFailureLimit: Int
    /// Records consumed since `begin()`.
    private(set) var recordsSinceBegin = 0
    /// Set by the committer when this stretch's speculative parse is known to be void (the
    /// chunk before it ended inside a record): the parse stops after its current batch.
    let isVoid = Atomic<Bool>(false)
    /// The thread of a parallel run whose pool of free stretches this one goes back to.
    var home = 0
    /// Where a speculative parse stopped before its chunk's end: the offset of the next byte.
    private var stoppedAt: Int?

    init(
        worker: Worker, dialect: CSVDialect, maxFieldSize: Int, allowance: Int?, reader: ReaderKind, keepsRawBytes: Bool,
        batchRecords: Int, speculationFailureLimit: Int
    ) {
        self.worker = worker
        self.allowance = allowance
        self.speculationFailureLimit = speculationFailureLimit
        parser = RecordParser(
            dialect: dialect, maxFieldSize: maxFieldSize, batchRecords: batchRecords, reader: reader,
            keepsRawBytes: keepsRawBytes)
        budget = FailureBudget(allowance: allowance)
    }

    /// Starts a new stretch at a line start: fresh libcsv state, line 1, record 0, empty results.
    func begin() {
        parser.reset()
        stoppedAt = nil
        recordsSinceBegin = 0
        budget = FailureBudget(allowance: allowance)
        worker.clearResults()
    }

    /// Gives back the memory a huge field or record made the parser and the worker hold.
    func releaseLargeBuffers() {
        parser.releaseLargeBuffers()
        worker.releaseLargeBuffers()
    }

    /// LF bytes fed since `begin()`: the lines this stretch covers.
    var linesFed: Int { parser.line - 1 }

    /// Bytes fed since `begin()`.
    var bytesFed: Int { parser.bytesFed }

    /// `true` when the bytes fed so far end inside a record.
    var endsInRecord: Bool { parser.isInRecord }

    /// Parses `bytes`, handing every full batch of records to the worker. A SIGINT or SIGTERM ends
    /// the loop at once (the engine then stops the run), so no chunk delays a signal.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        parser.beginPiece(bytes)
        _ = feed(bytes, from: 0, isSpeculative: false)
    }

    /// Parses a chunk speculatively (on the thread that read it) from a fresh state; returns `true` when it
    /// parsed all of it, `false` when it stopped early (void, or at the failure limit) — the
    /// committer then discards it or finishes it with ``finish(_:)``.
    func speculate(_ chunk: InputChunk) -> Bool {
        begin()
        parser.beginPiece(chunk.bytes)
        stoppedAt = feed(chunk.bytes, from: 0, isSpeculative: true)
        guard stoppedAt == nil else { return false }
        end(isEndOfInput: chunk.isLast)
        return true
    }

    /// Finishes a speculative parse of `chunk` that stopped early, from where it stopped (the same
    /// parser fed the rest of the same bytes: the results are those of a parse straight through).
    func finish(_ chunk: InputChunk) {
        guard let offset = stoppedAt else { return }
        stoppedAt = nil
        _ = feed(chunk.bytes, from: offset, isSpeculative: false)
        end(isEndOfInput: chunk.isLast)
    }

    /// Feeds `bytes` from `offset` (after `parser.beginPiece`); a speculative feed returns the
    /// offset at which it stopped, after a batch, once void or at the failure limit.
    private func feed(_ bytes: UnsafeRawBufferPointer, from start: Int, isSpeculative: Bool) -> Int? {
        var offset = start
        while offset < bytes.count {
            if Interruption.signalNumber != nil { return nil }
            offset += parser.feedLines(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if parser.isBatchFull {
                processPendingBatch()
                if isSpeculative && offset < bytes.count
                    && (budget.spent >= speculationFailureLimit || isVoid.load(ordering: .relaxed))
                {
                    return offset
                }
            }
        }
        return nil
    }

    /// Ends a piece: at the end of input flushes the last record; otherwise processes the
    /// complete records unless the bytes end inside a record (then they wait for more bytes).
    func end(isEndOfInput: Bool) {
        parser.endPiece()
        if isEndOfInput { parser.finish() }
        if isEndOfInput || !parser.isInRecord { processPendingBatch() }
        parser.retainRawBytes()
    }

    private func processPendingBatch() {
        let batch = parser.batch()
        if batch.count > 0 && !budget.isExhausted { worker.process(batch, budget: &budget) }
        recordsSinceBegin += batch.count
        parser.clearBatch()
    }
}
