#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import UnitPipeCSV

/// glibc's `malloc_usable_size` (not in the Glibc module's headers): the bytes a block from `malloc` holds.
private func usableSize(_ pointer: UnsafeMutablePointer<UInt8>) -> Int {
    typealias Function = @convention(c) (UnsafeMutableRawPointer?) -> Int
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else { return -1 }
    return unsafeBitCast(symbol, to: Function.self)(UnsafeMutableRawPointer(pointer))
}

/// `ByteCursor.appendRun` (16-byte blocks that read and write past the run) and the slack after
/// a batch's bytes that makes the reads safe.
@Suite("Runs copied in blocks")
struct ByteCursorRunTests {
    @Test func runsOfEveryShortLengthAndOffset() {
        var random = SplitMix64(state: 3)
        let source = (0..<256).map { _ in UInt8(truncatingIfNeeded: random.next()) } + Array(repeating: 0, count: 64)
        let buffer = ByteBuffer(capacity: 64)
        var expected: [UInt8] = []
        source.withUnsafeBufferPointer { bytes in
            for length in 0...70 {
                for offset in [0, 1, 7, 15, 16, 100] {
                    buffer.withCursor { $0.appendRun(bytes.baseAddress! + offset, count: length) }
                    expected += bytes[offset..<(offset + length)]
                    // What follows a run is written over the bytes stored past it.
                    buffer.append(0x7C)
                    expected.append(0x7C)
                }
            }
        }
        #expect(Array(buffer.bytes) == expected)
    }

    /// The byte arena keeps its slack when it is made, when it grows and when it shrinks back.
    @Test func recordArenaHasSlackAfterItsCapacity() {
        // Blocks under 8 MiB then come from the heap, where a block holds little more than was asked
        // (mapped blocks are rounded up to whole pages, which would hide a missing slack).
        #expect(PlainBuffer.mapsLargeBlocks)
        var storage = RecordStorage(maxFieldSize: 1 << 26, separator: UInt8(ascii: ","))
        defer { storage.deallocate() }
        #expect(usableSize(storage.bytes) >= storage.byteCapacity + RecordBatch.readableSlack)
        let field = [UInt8](repeating: 0x61, count: 3 << 20)
        field.withUnsafeBytes { storage.appendField($0.baseAddress, count: $0.count) }
        storage.endRecord()
        #expect(storage.byteCapacity > 3 << 20)
        #expect(usableSize(storage.bytes) >= storage.byteCapacity + RecordBatch.readableSlack)
        storage.reserve(bytes: 9 << 20, fields: 1)
        #expect(usableSize(storage.bytes) >= storage.byteCapacity + RecordBatch.readableSlack)
        storage.reset()
        storage.releaseLargeStorage()
        #expect(storage.byteCapacity == 1 << 20)
        #expect(usableSize(storage.bytes) >= storage.byteCapacity + RecordBatch.readableSlack)
    }

    /// A record whose stored bytes end exactly at the arena's capacity is copied whole as one run.
    @Test func recordEndingAtTheArenasEnd() {
        var storage = RecordStorage(maxFieldSize: 1 << 26, separator: UInt8(ascii: ","))
        defer { storage.deallocate() }
        let capacity = storage.byteCapacity
        func append(_ fields: [[UInt8]]) {
            for field in fields { field.withUnsafeBytes { storage.appendField($0.baseAddress, count: $0.count) } }
            storage.endRecord()
        }
        while storage.byteCount < capacity - 4096 { append([Array("12345".utf8), Array("hello".utf8)]) }
        // The last record: a short field, then one that fills the arena (its delimiter the last byte).
        let last = [UInt8](repeating: UInt8(ascii: "z"), count: capacity - storage.byteCount - 3)
        append([Array("7".utf8), last])
        #expect(storage.byteCount == capacity)
        #expect(storage.byteCapacity == capacity)
        let batch = RecordBatch(storage: storage, firstRecordIndex: 0)
        let r = batch.count - 1
        let first = batch.firstField(of: r)
        let start = batch.start(ofField: first)
        let end = batch.fieldEnds[first + 1]
        #expect(end == capacity - 1)
        let buffer = ByteBuffer(capacity: 64)
        for from in [start, end - 1, end - 15, end] {
            buffer.removeAll()
            buffer.withCursor { $0.appendRun(batch.bytes + from, count: end - from) }
            #expect(Array(buffer.bytes) == Array(UnsafeBufferPointer(start: batch.bytes + from, count: end - from)))
        }
        #expect(Array(buffer.bytes).isEmpty)
        buffer.withCursor { $0.appendRun(batch.bytes + start, count: end - start) }
        #expect(Array(buffer.bytes) == Array("7,".utf8) + last)
    }
}
