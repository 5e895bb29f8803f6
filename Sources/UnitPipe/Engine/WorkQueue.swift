import UnitPipeCSV
import Dispatch
import Synchronization

/// A first-in first-out queue that worker threads block on until an item or the end arrives.
final class WorkQueue<Item: Sendable>: Sendable {
    private let items = Mutex<[Item?]>([])
    private let available = DispatchSemaphore(value: 0)

    /// Adds an item and wakes one waiting worker.
    func push(_ item: Item) {
        items.withLock { $0.append(item) }
        available.signal()
    }

    /// Drops waiting items and wakes `workers` threads with the end marker.
    func close(workers: Int) {
        items.withLock { queued in
            queued.removeAll()
            queued.append(contentsOf: Array(repeating: nil, count: workers))
        }
        for _ in 0..<workers { available.signal() }
    }

    /// The next item, waiting for one; `nil` once the queue is closed.
    func pop() -> Item? {
        available.wait()
        return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Where a worker thread leaves its result for one chunk, and the engine's thread waits for it.
final class ResultSlot<Result: AnyObject>: @unchecked Sendable {
    // Safety: `result` is written by one worker (or, for a chunk no worker parses, by the
    // engine's thread itself) before `ready.signal()` and read by the engine's thread after
    // `ready.wait()`; `chunk` is set by the engine's thread before the chunk is
    // queued and read by it after the wait. The semaphore and the queue's lock order the accesses.
    let ready = DispatchSemaphore(value: 0)
    var result: Result?
    var chunk: InputChunk?
}
