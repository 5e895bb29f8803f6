// libdeflate, wrapped: gzip output, one whole member per call (libdeflate compresses whole
// buffers only, which is exactly what an independent member per chunk needs; at level 1 it
// compresses CSV about twice as fast as zlib at level 1, with a smaller result). The only file
// that imports CLibDeflate.

import CLibDeflate

/// Compresses buffers into gzip members (`libdeflate_gzip_compress`, level 1).
final class GzipEncoder: BlockEncoder {
    private let compressor: OpaquePointer

    /// The compression level: libdeflate's fastest.
    static let level: Int32 = 1

    init() {
        // libdeflate_alloc_compressor fails only when memory is exhausted (or for a level
        // outside 0...12), where any allocation would fail.
        guard let compressor = libdeflate_alloc_compressor(GzipEncoder.level) else {
            preconditionFailure("libdeflate_alloc_compressor failed: out of memory")
        }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `libdeflate_gzip_compress_bound`.
    func bound(for count: Int) -> Int { libdeflate_gzip_compress_bound(compressor, count) }

    /// `libdeflate_gzip_compress`, which returns 0 only when the output is too small (never
    /// with `bound(for:)` bytes).
    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let written = libdeflate_gzip_compress(compressor, input.baseAddress, input.count, output, capacity)
        precondition(written > 0, "libdeflate_gzip_compress: output buffer of \(capacity) bytes too small for \(input.count)")
        return written
    }
}
