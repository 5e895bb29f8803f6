// Compressed output: an output whose name ends in `.gz` or `.zst` is written as gzip members or
// zstd frames, each compressing one whole buffer on its own. Concatenated members (frames) are a
// valid gzip (zstd) file that `gzip -dc` (`zstd -dc`) reads to the end, so buffers compressed on
// different threads can be written one after another, and the file is the same for every thread
// count as long as the buffers are.

/// How an output is compressed, decided by its name.
public enum OutputCompression: String, Sendable, Equatable {
    case none
    /// gzip members (libdeflate, level 1).
    case gzip
    /// zstd frames (libzstd, level 1, with a checksum).
    case zstd

    /// The compression a path's name asks for: `.gz` gzip, `.zst` zstd (either case), else none;
    /// standard output (`nil` or `-`) is never compressed.
    public init(path: String?) {
        guard let path, path != "-" else {
            self = .none
            return
        }
        let name = path.lowercased()
        if name.hasSuffix(".gz") {
            self = .gzip
        } else if name.hasSuffix(".zst") {
            self = .zstd
        } else {
            self = .none
        }
    }

    /// A compressor for this format, `nil` for `.none`.
    public func makeCompressor() -> ChunkCompressor? {
        switch self {
        case .none: nil
        case .gzip: ChunkCompressor(encoder: GzipEncoder())
        case .zstd: ChunkCompressor(encoder: ZstdEncoder())
        }
    }
}

/// Compresses a whole buffer into one block (a gzip member, a zstd frame) in a buffer of
/// `bound(for:)` bytes.
protocol BlockEncoder: AnyObject {
    /// The most bytes `encode` writes for `count` input bytes.
    func bound(for count: Int) -> Int
    /// Compresses `input` into `output` (at least `bound(for: input.count)` bytes); returns the
    /// bytes written.
    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, capacity: Int) -> Int
}

/// Compresses buffers one at a time, each into an independent gzip member or zstd frame. One per
/// thread: it keeps the library's compression state between calls.
public final class ChunkCompressor {
    private let encoder: BlockEncoder

    init(encoder: BlockEncoder) { self.encoder = encoder }

    /// Appends `input` compressed as one member (frame) to `output`; nothing for empty input.
    public func compress(_ input: UnsafeRawBufferPointer, appendingTo output: ByteBuffer) {
        guard input.count > 0 else { return }
        output.withCursor { cursor in
            let bound = encoder.bound(for: input.count)
            cursor.write(maxCount: bound) { encoder.encode(input, into: $0, capacity: bound) }
        }
    }

    /// Appends one member (frame) holding no bytes: what a compressed file with no content is.
    public func appendEmptyMember(to output: ByteBuffer) {
        output.withCursor { cursor in
            let bound = encoder.bound(for: 0)
            cursor.write(maxCount: bound) { encoder.encode(UnsafeRawBufferPointer(start: nil, count: 0), into: $0, capacity: bound) }
        }
    }
}
