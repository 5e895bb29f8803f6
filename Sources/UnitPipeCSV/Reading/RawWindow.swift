// The input bytes behind the records of a batch, for rejects copied as they
// were read. Every record knows the span of input it came from (offsets in the
// bytes fed since the reader's reset). While a piece of input is being parsed
// its bytes are at hand; what a record still needs after its piece is gone —
// a record cut across reads, or complete records waiting for a batch while a
// quoted field runs on — is copied into a carry buffer when the piece ends.
// Only those bytes are copied, so a reader that keeps raw bytes pays almost
// nothing when records end where reads end (the engine cuts chunks after line
// ends), and a reader that is not asked to keep them pays nothing at all. A
// record too large to keep (`--max-field-size`) is not kept: it is not copied
// to the rejects either.

#if canImport(Glibc)
import Glibc
#endif

/// Where the bytes behind a batch's records are: the carry kept from earlier pieces, then the
/// current piece.
struct RawWindow {
    var carry: UnsafePointer<UInt8>?
    /// The offset of the carry's first byte and its length.
    var carryStart = 0
    var carryCount = 0
    var piece: UnsafePointer<UInt8>?
    /// The offset of the current piece's first byte and its length.
    var pieceStart = 0
    var pieceCount = 0

    /// The bytes of `span` in up to two parts, or `nil` when they are not all held.
    func bytes(_ span: Range<Int>, settled: Bool) -> (UnsafeRawBufferPointer, UnsafeRawBufferPointer)? {
        guard settled else { return nil }
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        if let piece, span.lowerBound >= pieceStart, span.upperBound <= pieceStart + pieceCount {
            return (UnsafeRawBufferPointer(start: piece + (span.lowerBound - pieceStart), count: span.count), empty)
        }
        guard let carry, span.lowerBound >= carryStart else { return nil }
        let carryEnd = carryStart + carryCount
        if span.upperBound <= carryEnd {
            return (UnsafeRawBufferPointer(start: carry + (span.lowerBound - carryStart), count: span.count), empty)
        }
        guard let piece, carryEnd == pieceStart, span.upperBound <= pieceStart + pieceCount else { return nil }
        return (
            UnsafeRawBufferPointer(start: carry + (span.lowerBound - carryStart), count: carryEnd - span.lowerBound),
            UnsafeRawBufferPointer(start: piece, count: span.upperBound - pieceStart))
    }
}

/// The carry buffer: input bytes kept past the piece they came in.
final class RawCarry {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 12
    /// The offset of the first byte held, and how many are held.
    private(set) var start = 0
    private(set) var count = 0

    init() { buffer = PlainBuffer.allocate(UInt8.self, capacity: capacity) }
    deinit { PlainBuffer.free(buffer) }

    /// Holds nothing, from `offset` on.
    func clear(at offset: Int) {
        start = offset
        count = 0
    }

    /// Keeps bytes `needed..<end` from what it holds and from `piece` (which starts at offset
    /// `pieceStart`), dropping everything before `needed`.
    func keep(_ needed: Range<Int>, piece: UnsafeRawBufferPointer, pieceStart: Int) {
        guard !needed.isEmpty else { return clear(at: needed.upperBound) }
        // What the carry already holds of the span, moved to the front.
        let heldFrom = max(needed.lowerBound, start)
        let heldTo = min(needed.upperBound, start + count, pieceStart)
        var kept = 0
        if heldFrom < heldTo && heldFrom >= start {
            kept = heldTo - heldFrom
            if heldFrom > start { memmove(buffer, buffer + (heldFrom - start), kept) }
        }
        let from = kept > 0 ? heldFrom : max(needed.lowerBound, pieceStart)
        // The rest from the piece.
        let pieceFrom = max(from + kept, pieceStart)
        let pieceTo = min(needed.upperBound, pieceStart + piece.count)
        let added = max(0, pieceTo - pieceFrom)
        if kept + added > capacity {
            var newCapacity = capacity * 2
            while newCapacity < kept + added { newCapacity *= 2 }
            buffer = PlainBuffer.reallocate(buffer, capacity: newCapacity)
            capacity = newCapacity
        }
        if added > 0, let base = piece.baseAddress {
            (buffer + kept).update(from: base.assumingMemoryBound(to: UInt8.self) + (pieceFrom - pieceStart), count: added)
        }
        start = from
        count = kept + added
    }

    /// The window over what it holds and the current piece.
    func window(piece: UnsafeRawBufferPointer?, pieceStart: Int) -> RawWindow {
        RawWindow(
            carry: UnsafePointer(buffer), carryStart: start, carryCount: count,
            piece: piece?.baseAddress?.assumingMemoryBound(to: UInt8.self), pieceStart: pieceStart, pieceCount: piece?.count ?? 0)
    }
}
