// Compressed input, decoded as it streams: a decoder turns bytes as stored into bytes of text,
// a block at a time, with bounded memory (zlib's 32 KiB window, zstd's frame window).

/// Turns compressed bytes into plain bytes, incrementally.
protocol StreamDecoder: AnyObject {
    /// Decodes from `input` into `output`.
    ///
    /// - Returns: The bytes of `input` consumed, the bytes written to `output`, and whether the
    ///   stream is at a clean end (the last member or frame complete; more may follow).
    /// - Throws: `DecodeError.corrupt` with the library's reason.
    func decode(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(DecodeError) -> (consumed: Int, produced: Int, isAtEnd: Bool)
}

/// Why compressed input could not be decoded.
enum DecodeError: Error, Equatable {
    /// The data is not a valid stream; the library's reason.
    case corrupt(String)
    /// The library could not start (out of memory).
    case cannotStart(String)
}
