/// A growable in-memory byte buffer that output is formatted into before it is written.
///
/// One buffer is reused per chunk of output; appending never allocates once the buffer has
/// grown to its working size, and never fails.
public final class ByteBuffer {
    private(set) var storage: UnsafeMutablePointer<UInt8>
    /// The number of bytes in the buffer.
    public private(set) var count = 0
    private var capacity: Int

    /// Creates an empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// The bytes in the buffer, valid until the next mutation.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// Empties the buffer, keeping its memory.
    public func removeAll() { count = 0 }

    /// Shortens the buffer to its first `newCount` bytes.
    public func truncate(to newCount: Int) { count = min(count, max(0, newCount)) }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: storage, count: count)
        storage.deallocate()
        storage = fresh
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Appends `bytes`.
    @inline(__always)
    public func append(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return }
        reserve(n)
        (storage + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: n)
        count += n
    }

    /// Appends the UTF-8 bytes of `text`.
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Lets `body` write at most `maxCount` bytes in place; `body` returns how many it wrote.
    @inline(__always)
    public func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        count += body(storage + count)
    }
}
