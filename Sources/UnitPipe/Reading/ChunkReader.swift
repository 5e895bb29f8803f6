/// A stretch of input bytes that ends at a LF (or at the end of input), a unit of parallel work.
final class InputChunk: @unchecked Sendable {
    // Safety: a chunk is filled by the reader, then read by one worker and the ordered writer;
    // it changes hands only through the pipeline's locked queue and semaphores.

    let storage: UnsafeMutableRawBufferPointer
    /// Bytes of `storage` in use.
    var count = 0
    /// The chunk's position in the input, from 0.
    var index = 0
    /// `true` for the chunk that ends the input.
    var isLast = false

    init(capacity: Int) {
        storage = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit { storage.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }
}

/// Cuts the input into chunks that end just after a LF, so a fresh parser can usually start
/// on the next one (a chunk that ends inside a quoted field is continued by the ordered writer).
final class ChunkReader {
    private let source: InputSource
    /// Bytes read past the last LF of the previous chunk, carried into the next.
    private var carry: [UInt8]
    private var isExhausted = false
    private var nextIndex = 0
    let chunkSize: Int

    /// Creates a reader whose first bytes are `start` (already read from `source`).
    init(source: InputSource, start: [UInt8], chunkSize: Int = 1 << 20) {
        self.source = source
        carry = start
        self.chunkSize = chunkSize
    }

    /// Fills `chunk` with the next stretch of input; returns `false` when nothing is left.
    func fill(_ chunk: InputChunk) throws(InputError) -> Bool {
        if isExhausted && carry.isEmpty { return false }
        let capacity = chunk.storage.count
        var filled = min(carry.count, capacity)
        carry.withUnsafeBytes { chunk.storage.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
        carry.removeFirst(filled)
        while filled < capacity && !isExhausted && carry.isEmpty {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk.storage[filled..<capacity]))
            if n == 0 { isExhausted = true } else { filled += n }
        }
        chunk.index = nextIndex
        nextIndex += 1
        chunk.isLast = isExhausted && carry.isEmpty
        chunk.count = filled
        if !chunk.isLast, let lastNewline = chunk.storage[0..<filled].lastIndex(of: 0x0A) {
            let end = lastNewline + 1
            if end < filled {
                carry.insert(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.storage[end..<filled]), at: 0)
                chunk.count = end
            }
        }
        return true
    }
}
