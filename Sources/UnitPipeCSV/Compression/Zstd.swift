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
