/// A growable in-memory byte buffer that output is formatted into before it is written.
///
/// One buffer is reused per chunk of output; appending never allocates once the buffer has
/// grown to its working size, and never fails. Hot loops write through a `ByteCursor`
/// (`withCursor`), a plain struct with no reference-counting or exclusivity checks per byte.
public final class ByteBuffer {
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    /// The number of bytes in the buffer.
    public var count: Int { storedCount }
    @usableFromInline var storedCount = 0
    @usableFromInline var capacity: Int

    /// Creates an empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        storage = PlainBuffer.allocate(UInt8.self, capacity: self.capacity)
    }

    deinit { PlainBuffer.free(storage) }

    /// The bytes in the buffer, valid until the next mutation.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: storedCount) }

    /// Empties the buffer, keeping its memory.
    public func removeAll() { storedCount = 0 }

    /// Gives back the memory of an empty buffer that grew past `limit` bytes (a huge field passed
    /// through it), shrinking it to `capacity` (`realloc`, which returns a large buffer's pages).
    public func releaseMemory(above limit: Int, keeping capacity: Int) {
        guard storedCount == 0, self.capacity > limit else { return }
        storage = PlainBuffer.reallocate(storage, capacity: capacity)
        self.capacity = capacity
    }

    /// Shortens the buffer to its first `newCount` bytes.
    public func truncate(to newCount: Int) { storedCount = min(storedCount, max(0, newCount)) }

    /// Runs `body` with a cursor appending at the end of the buffer; the bytes it appends stay.
    @inlinable @inline(__always)
    public func withCursor<R>(_ body: (inout ByteCursor) -> R) -> R {
        var cursor = ByteCursor(buffer: self)
        let result = body(&cursor)
        storedCount = cursor.count
        return result
    }

    /// Grows the storage to hold at least `needed` bytes, keeping the first `used`.
    @usableFromInline func grow(to needed: Int, used: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        // realloc keeps all `capacity` bytes, `used` of them in use; a large buffer's pages move.
        storage = PlainBuffer.reallocate(storage, capacity: newCapacity)
        capacity = newCapacity
    }

    /// Appends one byte.
    public func append(_ byte: UInt8) { withCursor { $0.append(byte) } }

    /// Appends `bytes`.
    public func append(_ bytes: UnsafeRawBufferPointer) { withCursor { $0.append(bytes) } }

    /// Appends the UTF-8 bytes of `text`.
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in append(UnsafeRawBufferPointer(utf8)) }
    }
}

/// Appends bytes at the end of a `ByteBuffer`; obtained from `ByteBuffer.withCursor`.
public struct ByteCursor {
    @usableFromInline unowned(unsafe) let buffer: ByteBuffer
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes in the buffer, including those appended through this cursor.
    public var count: Int { storedCount }
    @usableFromInline var storedCount: Int

    @inlinable
    init(buffer: ByteBuffer) {
        self.buffer = buffer
        base = buffer.storage
        capacity = buffer.capacity
        storedCount = buffer.storedCount
    }

    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if storedCount + extra > capacity { grow(storedCount + extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(_ needed: Int) {
        buffer.grow(to: needed, used: storedCount)
        base = buffer.storage
        capacity = buffer.capacity
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[storedCount] = byte
        storedCount += 1
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        reserve(n)
        copyBytes(base + storedCount, source.assumingMemoryBound(to: UInt8.self), n)
        storedCount += n
    }

    /// Appends the `count` bytes at `source` in 16-byte blocks, with no call for a short run.
    ///
    /// Reads up to 15 bytes past the run's end (and 16 for an empty run): `source` must be
    /// readable that far, as a batch's bytes are (``RecordBatch/readableSlack``). The bytes it
    /// stores past the run are room beyond `count`, not part of the buffer.
    @inlinable @inline(__always)
    package mutating func appendRun(_ source: UnsafePointer<UInt8>, count n: Int) {
        reserve(n &+ 16)
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base + storedCount)
        var offset = 0
        repeat {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset < n
        storedCount &+= n
    }

    /// Appends `n` bytes given as their first and last word (which overlap when `n` is less
    /// than two words): 4 to 8 bytes as two `UInt32`, 8 to 16 as two `UInt64`.
    @inlinable @inline(__always)
    public mutating func appendEnds<Word: FixedWidthInteger>(_ head: Word, _ tail: Word, count n: Int) {
        let size = MemoryLayout<Word>.size
        reserve(2 * size)
        let to = UnsafeMutableRawPointer(base + storedCount)
        to.storeBytes(of: head, as: Word.self)
        to.storeBytes(of: tail, toByteOffset: n - size, as: Word.self)
        storedCount += n
    }

    /// Lets `body` write at most `maxCount` bytes in place; `body` returns how many it wrote.
    @inlinable @inline(__always)
    public mutating func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        storedCount += body(base + storedCount)
    }
}
