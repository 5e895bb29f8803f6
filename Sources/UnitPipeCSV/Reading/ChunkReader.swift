/// A stretch of input bytes that ends at a LF (or at the end of input), a unit of parallel work.
package final class InputChunk: @unchecked Sendable {
    // Safety: a chunk is filled by the reader, then read by one worker and the ordered writer;
    // it changes hands only through the pipeline's locked queue and semaphores.

    let storage: UnsafeMutableRawBufferPointer
    /// Bytes of `storage` in use.
    var count = 0
    /// The chunk's position in the input, from 0.
    package var index = 0
    /// `true` for the chunk that ends the input.
    package var isLast = false

    init(capacity: Int) {
        storage = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit { storage.deallocate() }

    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }
}

/// Cuts the input into chunks that end just after a LF, so a fresh parser can usually start
/// on the next one (a chunk that ends inside a quoted field is continued by the ordered writer).
package final class ChunkReader {
    private let source: InputSource
    /// Bytes read past the last LF of the previous chunk, carried into the next.
    private var carry: [UInt8]
    private var isExhausted = false
    private var nextIndex = 0
    let chunkSize: Int

    /// Creates a reader whose first bytes are `start` (already read from `source`).
    package init(source: InputSource, start: [UInt8], chunkSize: Int = 1 << 20) {
        self.source = source
        carry = start
        self.chunkSize = chunkSize
    }

    /// A chunk's storage for this reader: the chunk size plus one byte of look-ahead.
    package func makeChunk() -> InputChunk { InputChunk(capacity: chunkSize + 1) }

    /// Fills `chunk` (made by `makeChunk()`) with the next stretch of input; returns `false` when nothing is left.
    package func fill(_ chunk: InputChunk) throws(InputError) -> Bool {
        if isExhausted && carry.isEmpty { return false }
        // One byte of the storage stays free for the look-ahead below.
        let capacity = chunk.storage.count - 1
        var filled = min(carry.count, capacity)
        carry.withUnsafeBytes { chunk.storage.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
        carry.removeFirst(filled)
        while filled < capacity && !isExhausted && carry.isEmpty {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk.storage[filled..<capacity]))
            if n == 0 { isExhausted = true } else { filled += n }
        }
        // A chunk must not end in a CR whose follower is unknown: one more byte tells whether it
        // ends its line alone or starts a CRLF (so line numbers never depend on where chunks are cut).
        if filled > 0 && chunk.storage[filled - 1] == 0x0D {
            if let next = carry.first {
                chunk.storage[filled] = next
                carry.removeFirst()
                filled += 1
            } else if !isExhausted {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk.storage[filled..<(filled + 1)]))
                if n == 0 { isExhausted = true } else { filled += 1 }
            }
        }
        chunk.index = nextIndex
        nextIndex += 1
        chunk.isLast = isExhausted && carry.isEmpty
        chunk.count = filled
        if !chunk.isLast, let end = ChunkReader.cutPoint(UnsafeRawBufferPointer(rebasing: chunk.storage[0..<filled])), end < filled {
            carry.insert(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.storage[end..<filled]), at: 0)
            chunk.count = end
        }
        return true
    }

    /// The offset just after the last line end in `bytes`: after a LF, or after a CR that is not
    /// the last byte (a LF may follow that one in the next read); `nil` when there is none.
    static func cutPoint(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && i < bytes.count - 1) { return i + 1 }
            i -= 1
        }
        return nil
    }
}
