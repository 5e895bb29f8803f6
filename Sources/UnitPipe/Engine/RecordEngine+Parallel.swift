// Several threads, and no thread that only hands out work: each thread takes whichever role is
// free, in this order — commit the oldest chunk once it is parsed (results in input order, one
// committer at a time), or read the next chunk (one reader at a time) and parse it itself. The
// thread that reads a chunk parses it while its bytes are still in that core's cache, and a
// thread sleeps only when nothing is left to do: every chunk in flight is being read, parsed or
// committed by another thread. A lone reader that hands chunks to workers and commits between
// them would wake for every chunk and break into a worker's time slice each time.
//
// The chunks in flight (read and not yet committed) are at most `2 × threads`, so memory stays
// bounded. A chunk read while a record spans chunks is not parsed speculatively (the parse would
// be void): the committer gives it to the continuing parser, as with one thread.
//
// Signals: the threads of a run are registered with the signal handler, which passes the first
// SIGINT/SIGTERM/SIGHUP/SIGQUIT on to each of them (and to the main thread), so a read or write
// blocked on a pipe in any of them ends with EINTR.

import CSystemShims
import Foundation
import UnitPipeCSV

extension RecordEngine {
    /// Several threads: chunks read and parsed in parallel, committed in order.
    func runInParallel<Job: BatchCommitter>(_ head: InputHead, chunks: ChunkReader, job: Job) throws -> End {
        let run = ParallelRun(engine: self, head: head, chunks: chunks, job: job, threads: threads, depth: 2 * threads)
        // The threads see the run without its job's type.
        let shared: any SharedWork = run
        let finished = DispatchGroup()
        for index in 1..<threads {
            finished.enter()
            let thread = Thread {
                unitpipe_register_thread()
                shared.work(thread: index)
                unitpipe_unregister_thread()
                finished.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        // The calling thread reads and writes too: if it is not the main thread (a library's
        // caller), it is registered as well.
        unitpipe_register_thread()
        run.work(thread: 0)
        unitpipe_unregister_thread()
        finished.wait()
        return try run.outcome()
    }
}

/// What each thread of a parallel run does.
private protocol SharedWork: AnyObject, Sendable {
    /// Takes roles until the run is over, as the run's thread `thread` (0 for the calling thread).
    func work(thread: Int)
}

/// The state the threads of a parallel run share.
private final class ParallelRun<Job: BatchCommitter>: SharedWork, @unchecked Sendable {
    // Safety: the properties marked "under the lock" are read and written with `condition`
    // locked. The others belong to a role that one thread holds at a time, taken and given back
    // under the lock: the reader's (`chunks`, the input source), the committer's (`continuation`,
    // the engine's bases, counts and progress, `job.commit`), and a chunk's parser (its stretch,
    // from the moment the reader puts it in `.parsing` until it is `.ready`). `job.makeWorker()`,
    // which reads only the job's plan (set before the run), is called under the lock.

    typealias Worker = Job.Worker

    /// A chunk read and parsed (or, while a record spans chunks, read only).
    struct Parsed {
        let chunk: InputChunk
        let stretch: Stretch<Worker>
        /// `false` for a chunk read while a record spanned chunks: not parsed yet.
        let isSpeculated: Bool
        /// The source's bytes read once the chunk was read (for progress).
        let bytesRead: Int
    }

    enum Slot {
        /// Free, or its chunk is being read.
        case empty
        /// Its chunk is being parsed with this stretch.
        case parsing(Stretch<Worker>)
        case ready(Parsed)
    }

    private let engine: RecordEngine
    private let head: InputHead
    private let chunks: ChunkReader
    private let job: Job
    /// The most chunks read and not yet committed.
    private let depth: Int
    private let condition = NSCondition()

    // Under the lock.
    private var slots: [Slot]
    private var nextToRead = 0
    private var nextToWrite = 0
    private var isInputDone = false
    private var isReading = false
    private var isCommitting = false
    /// Set once the run is over: finished, at the failure limit, or failed (`failure`).
    private var isOver = false
    private var end = RecordEngine.End.finished
    private var failure: (any Error)?
    /// Set while the last chunk committed ended inside a record.
    private var isContinuing = false
    /// Stretches and chunks not in use, by the thread that last parsed or read them: a thread
    /// takes its own first, whose buffers are likely still in its core's cache, then another's.
    /// A stretch is made (with its job worker, under the lock) only when none is free, so a short
    /// input makes no more than it uses (a worker of a wide file is large).
    private var freeStretches: [[Stretch<Worker>]]
    private var freeChunks: [[InputChunk]]

    // The committer's.
    /// The stretch whose record goes on into the next chunk.
    private var continuation: Stretch<Worker>?

    init(engine: RecordEngine, head: InputHead, chunks: ChunkReader, job: Job, threads: Int, depth: Int) {
        self.engine = engine
        self.head = head
        self.chunks = chunks
        self.job = job
        self.depth = depth
        slots = Array(repeating: .empty, count: depth)
        freeStretches = Array(repeating: [], count: threads)
        freeChunks = Array(repeating: [], count: threads)
    }

    /// The run's end, or its failure; after every thread's `work()` returned.
    func outcome() throws -> RecordEngine.End {
        if let failure { throw failure }
        return end
    }

    func work(thread: Int) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isOver {
            if let signal = Interruption.signalNumber {
                stop(JobError.interrupted(signal: signal))
                break
            }
            if !isCommitting, case .ready(let parsed) = slots[nextToWrite % depth] {
                commitOldest(parsed)
            } else if !isReading && !isInputDone && nextToRead - nextToWrite < depth {
                readAndParse(thread: thread)
            } else {
                // A signal handled on this thread does not end the wait: look at the flag now and then.
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
        }
    }

    /// Ends the run with `error` (the first one wins).
    private func stop(_ error: any Error) {
        if failure == nil && !isOver { failure = error }
        isOver = true
        condition.broadcast()
    }

    /// Commits the oldest chunk in flight (called, and returning, with the lock held).
    private func commitOldest(_ parsed: Parsed) {
        let index = nextToWrite
        slots[index % depth] = .empty
        isCommitting = true
        condition.unlock()
        let result: Result<(RecordEngine.End, [Stretch<Worker>]), any Error>
        do { result = .success(try commit(parsed)) } catch { result = .failure(error) }
        condition.lock()
        isCommitting = false
        nextToWrite = index + 1
        switch result {
        case .failure(let error):
            stop(error)
        case .success(let (end, freed)):
            for stretch in freed { freeStretches[stretch.home].append(stretch) }
            // The chunk goes back to the thread that read it, the stretch's home since.
            freeChunks[parsed.stretch.home].append(parsed.chunk)
            isContinuing = continuation != nil
            if isContinuing, nextToWrite < nextToRead, case .parsing(let next) = slots[nextToWrite % depth] {
                // The next chunk's speculative parse is void: it stops at its next batch. (Those
                // after it are void only if the record goes on past it.)
                next.isVoid.store(true, ordering: .relaxed)
            }
            if end == .failureLimitReached {
                self.end = end
                isOver = true
            } else if isInputDone && nextToWrite == nextToRead {
                isOver = true
            }
        }
        condition.broadcast()
    }

    /// The last of `pools[thread]`, else the last of another pool, else `nil`.
    private static func take<Item>(_ pools: inout [[Item]], for thread: Int) -> Item? {
        if let own = pools[thread].popLast() { return own }
        for other in pools.indices where !pools[other].isEmpty { return pools[other].popLast() }
        return nil
    }

    /// Reads the next chunk and parses it, as the run's thread `thread` (called, and returning,
    /// with the lock held).
    private func readAndParse(thread: Int) {
        let index = nextToRead
        let chunk = Self.take(&freeChunks, for: thread) ?? chunks.makeChunk()
        isReading = true
        condition.unlock()
        let filled: Result<Bool, InputError>
        do throws(InputError) { filled = .success(try chunks.fill(chunk)) } catch { filled = .failure(error) }
        let bytesRead = head.source.bytesRead
        condition.lock()
        isReading = false
        switch filled {
        case .failure(let error):
            stop(error)
            return
        case .success(false):
            isInputDone = true
            freeChunks[thread].append(chunk)
            if nextToWrite == nextToRead { isOver = true }
            condition.broadcast()
            return
        case .success(true):
            break
        }
        nextToRead = index + 1
        if chunk.isLast { isInputDone = true }
        let stretch = Self.take(&freeStretches, for: thread) ?? engine.makeStretch(job, head)
        stretch.home = thread
        // Inside a record that spans chunks (a long quoted field, an unterminated quote), a
        // speculative parse would be thrown away: the chunk goes to the committer as read.
        if isContinuing {
            slots[index % depth] = .ready(Parsed(chunk: chunk, stretch: stretch, isSpeculated: false, bytesRead: bytesRead))
            condition.broadcast()
            return
        }
        stretch.isVoid.store(false, ordering: .relaxed)
        slots[index % depth] = .parsing(stretch)
        // Another thread may read the next chunk meanwhile.
        condition.broadcast()
        condition.unlock()
        if stretch.speculate(chunk) {
            // The per-chunk transform (compression) runs here, in parallel; commit seals again
            // only what changed since (a continued stretch, a cut at the limit).
            stretch.worker.seal()
        }
        condition.lock()
        slots[index % depth] = .ready(Parsed(chunk: chunk, stretch: stretch, isSpeculated: true, bytesRead: bytesRead))
    }

    /// Commits a chunk's results in input order (the committer's role, without the lock);
    /// returns how the run goes on and the stretches it is done with.
    private func commit(_ parsed: Parsed) throws -> (RecordEngine.End, [Stretch<Worker>]) {
        let chunk = parsed.chunk
        let stretch = parsed.stretch
        var freed: [Stretch<Worker>] = []
        engine.progress.bytesRead = parsed.bytesRead
        let current: Stretch<Worker>
        if let continued = continuation {
            // The previous chunk ended inside a record: this chunk's speculative parse is void
            // (its results, and the room they took, are given back now, not when the stretch is
            // next used: made before the record's start was known, it read the record's lines
            // as thousands of failing rows).
            stretch.worker.clearResults()
            stretch.releaseLargeBuffers()
            freed.append(stretch)
            continued.feed(chunk.bytes)
            continued.end(isEndOfInput: chunk.isLast)
            current = continued
        } else {
            if !parsed.isSpeculated {
                // Read while a record spanned chunks, not parsed yet; that record has ended since.
                stretch.begin()
                stretch.feed(chunk.bytes)
                stretch.end(isEndOfInput: chunk.isLast)
            } else {
                // A speculative parse that stopped early is finished here.
                stretch.finish(chunk)
            }
            current = stretch
        }
        let end = try engine.commit(current, job: job)
        if current.endsInRecord && !chunk.isLast && end == .finished {
            continuation = current
        } else {
            continuation = nil
            engine.release(current)
            current.releaseLargeBuffers()
            freed.append(current)
        }
        return (end, freed)
    }
}
