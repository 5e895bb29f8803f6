// libzstd, wrapped: zstd frames decompressed as a stream (several frames, skippable frames
// included) and compressed one independent frame at a time. The only file that imports CZstd.

import CZstd

/// Decompresses a zstd file: its frames one after another.
final class ZstdDecoder: StreamDecoder {
    private let context: OpaquePointer
    /// libzstd's last hint: 0 when a frame has just been completely decoded and flushed (none yet: 1).
    private var lastHint = 1

    init() throws(DecodeError) {
        guard let context = ZSTD_createDCtx() else { throw .cannotStart("out of memory") }
        self.context = context
    }

    deinit { ZSTD_freeDCtx(context) }

    /// The zstd frame magic number 0xFD2FB528, as stored (little-endian).
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    func decode(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(DecodeError) -> (consumed: Int, produced: Int, isAtEnd: Bool) {
        guard let outBase = output.baseAddress, output.count > 0, input.count > 0 else { return (0, 0, lastHint == 0) }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: outBase, size: output.count, pos: 0)
        let hint = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(hint) != 0 {
            throw .corrupt(String(cString: ZSTD_getErrorName(hint)))
        }
        lastHint = hint
        return (inBuffer.pos, outBuffer.pos, hint == 0)
    }
}

/// Compresses buffers into zstd frames (`ZSTD_compress2`, level 1, with a content checksum as
/// the zstd tool writes by default).
final class ZstdEncoder: BlockEncoder {
    private let context: OpaquePointer

    /// The compression level: zstd's fastest regular level.
    static let level: Int32 = 1

    init() {
        // ZSTD_createCCtx fails only when memory is exhausted; setting a valid parameter on a
        // fresh context cannot fail.
        guard let context = ZSTD_createCCtx() else { preconditionFailure("ZSTD_createCCtx failed: out of memory") }
        self.context = context
        for (parameter, value) in [(ZSTD_c_compressionLevel, ZstdEncoder.level), (ZSTD_c_checksumFlag, 1)] {
            let status = ZSTD_CCtx_setParameter(context, parameter, value)
            precondition(ZSTD_isError(status) == 0, "ZSTD_CCtx_setParameter: \(String(cString: ZSTD_getErrorName(status)))")
        }
    }

    deinit { ZSTD_freeCCtx(context) }

    /// `ZSTD_compressBound`.
    func bound(for count: Int) -> Int { ZSTD_compressBound(count) }

    /// `ZSTD_compress2`, which fails only when the output is too small (never with
    /// `bound(for:)` bytes).
    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let written = ZSTD_compress2(context, output, capacity, input.baseAddress, input.count)
        precondition(ZSTD_isError(written) == 0, "ZSTD_compress2: \(String(cString: ZSTD_getErrorName(written)))")
        return written
    }
}
