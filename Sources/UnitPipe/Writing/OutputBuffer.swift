/// A large output buffer that writes to a file descriptor in blocks with `write(2)`.
///
/// Fields and numbers are appended as bytes; nothing is allocated per field.
public final class OutputBuffer {
    private let descriptor: FileDescriptor
    private let storage: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    /// Bytes written to the descriptor so far (flushed or not).
    public private(set) var bytesWritten = 0

    /// Creates a buffer of `capacity` bytes over `descriptor`.
    public init(descriptor: FileDescriptor, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.capacity = max(capacity, 4096)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Appends `bytes`.
    @inline(__always)
    public func append(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        let n = bytes.count
        if count + n > capacity {
            try flush()
            if n > capacity {
                try descriptor.writeAll(bytes)
                bytesWritten += n
                return
            }
        }
        if let base = bytes.baseAddress, n > 0 {
            (storage + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: n)
        }
        count += n
        bytesWritten += n
    }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) throws(SystemError) {
        if count == capacity { try flush() }
        storage[count] = byte
        count += 1
        bytesWritten += 1
    }

    /// Appends the UTF-8 bytes of `text` (headers and reports, not the hot path).
    public func append(_ text: String) throws(SystemError) {
        for byte in text.utf8 { try append(byte) }
    }

    /// Lets `body` write at most `maxCount` bytes in place; `body` returns how many it wrote.
    @inline(__always)
    public func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws(SystemError) {
        if count + maxCount > capacity { try flush() }
        let n = body(storage + count)
        count += n
        bytesWritten += n
    }

    /// Writes everything buffered to the descriptor.
    public func flush() throws(SystemError) {
        guard count > 0 else { return }
        let pending = count
        count = 0
        try descriptor.writeAll(UnsafeRawBufferPointer(start: storage, count: pending))
    }
}
