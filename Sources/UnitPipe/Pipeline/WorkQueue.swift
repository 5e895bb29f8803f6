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

/// A pool of reusable objects shared by threads; `take` makes a new one when the pool is empty.
final class ObjectPool<Object: AnyObject & Sendable>: Sendable {
    private let objects = Mutex<[Object]>([])
    private let make: @Sendable () -> Object

    init(make: @escaping @Sendable () -> Object) { self.make = make }

    func take() -> Object {
        objects.withLock { $0.popLast() } ?? make()
    }

    func give(_ object: Object) {
        objects.withLock { $0.append(object) }
    }
}

/// Where a worker leaves the processor for one chunk, and the writer waits for it.
final class ResultSlot: @unchecked Sendable {
    // Safety: `processor` is written by one worker before `ready.signal()` and read by the writer
    // after `ready.wait()`; the semaphore orders the two.
    let ready = DispatchSemaphore(value: 0)
    var processor: ChunkProcessor?
    var chunk: InputChunk?
}
