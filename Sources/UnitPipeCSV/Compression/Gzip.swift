// zlib, wrapped: gzip members inflated as a stream (multi-member files read to the end); gzip
// output is libdeflate's (Deflate.swift). The only file that imports CZlib; every zlib return
// code is checked and named.

import CZlib

/// Inflates a gzip file: its members one after another.
final class GzipDecoder: StreamDecoder {
    /// zlib's stream keeps a pointer back to itself, so it lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    /// `true` between two members: the next bytes must start another member.
    private var isBetweenMembers = false

    init() throws(DecodeError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = unitpipe_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deallocate()
            throw .cannotStart(GzipDecoder.describe(status, nil))
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The gzip magic bytes, 1F 8B.
    static let magic: [UInt8] = [0x1F, 0x8B]

    func decode(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(DecodeError) -> (consumed: Int, produced: Int, isAtEnd: Bool) {
        guard let inBase = input.baseAddress, input.count > 0 else { return (0, 0, isBetweenMembers) }
        guard let outBase = output.baseAddress, output.count > 0 else { return (0, 0, isBetweenMembers) }
        if isBetweenMembers {
            // Another member, or something that is not gzip after the last one.
            if input[0] != GzipDecoder.magic[0] || (input.count > 1 && input[1] != GzipDecoder.magic[1]) {
                throw .corrupt("data after the last gzip member is not gzip")
            }
            if input.count < 2 { return (0, 0, true) }
            guard inflateReset(stream) == Z_OK else { throw .corrupt("cannot start the next gzip member") }
            isBetweenMembers = false
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: inBase.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(min(input.count, Int(UInt32.max)))
        stream.pointee.next_out = outBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(output.count, Int(UInt32.max)))
        let availIn = Int(stream.pointee.avail_in)
        let availOut = Int(stream.pointee.avail_out)
        let status = inflate(stream, Z_NO_FLUSH)
        let consumed = availIn - Int(stream.pointee.avail_in)
        let produced = availOut - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK:
            return (consumed, produced, false)
        case Z_BUF_ERROR:
            // No progress possible with this input and output (more input needed): not an error.
            return (consumed, produced, false)
        case Z_STREAM_END:
            isBetweenMembers = true
            return (consumed, produced, true)
        default:
            // Z_DATA_ERROR (bad data, wrong check value), Z_NEED_DICT, Z_MEM_ERROR, Z_STREAM_ERROR.
            throw .corrupt(GzipDecoder.describe(status, stream.pointee.msg))
        }
    }

    /// zlib's message for a failed call, or the name of its status code.
    static func describe(_ status: Int32, _ message: UnsafePointer<CChar>?) -> String {
        if let message { return String(cString: message) }
        switch status {
        case Z_DATA_ERROR: return "invalid compressed data"
        case Z_NEED_DICT: return "a preset dictionary is needed"
        case Z_MEM_ERROR: return "out of memory"
        case Z_STREAM_ERROR: return "inconsistent stream state"
        case Z_VERSION_ERROR: return "incompatible zlib version"
        default: return "zlib error \(status)"
        }
    }
}
