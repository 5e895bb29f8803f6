// Where the input bytes come from: a file or standard input, read with read(2) in large blocks.
// The first read settles what the bytes are (InputFormat.swift): gzip and zstd are decoded as
// they stream, through a 256 KiB block of stored bytes; archives we do not read, UTF-16/UTF-32
// text and binary data are refused before any byte reaches the CSV reader. A compressed stream
// must end cleanly: one that stops inside a member or frame is an error, never a short input.

/// The input of a run: decoded bytes, with the count of bytes as stored.
public final class InputSource {
    /// The path read, or `nil` for standard input.
    public let path: String?
    private let descriptor: FileDescriptor
    /// Bytes read so far, as stored (compressed bytes for compressed input).
    public private(set) var bytesRead = 0
    /// With `restrict(to:)`: the next offset to read and the end of the window.
    private var window: (next: Int, end: Int)?
    /// The stored size when the input is a regular file, else `nil` (a pipe, a terminal).
    public let storedSize: Int?
    /// The bytes a regular file held past the offset it was opened at: reading ends with fewer
    /// only when the file was cut short while it was read (`InputError.shrank`).
    private let sizeAtOpen: Int?
    /// How the input is stored; settled by the first read.
    public private(set) var compression = InputCompression.none
    /// The text's encoding, transcoded to UTF-8 after decompression: given (`--encoding`), or
    /// settled by the first read (UTF-16 by its byte order mark, otherwise UTF-8 as stored).
    public private(set) var encoding: TextEncoding
    private let isEncodingGiven: Bool
    private var transcoder: TextTranscoder?
    /// Transcoded text not handed out yet, `text[textOffset...]`, and a block of decoded bytes to transcode.
    private var text: [UInt8] = []
    private var textOffset = 0
    private var textBlock = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    private enum State {
        /// Nothing read yet: the first read looks at the first bytes.
        case undetected
        case reading
        case finished
    }

    private var state = State.undetected
    private var decoder: StreamDecoder?
    /// Stored bytes waiting for the decoder, `raw[rawStart..<rawEnd]`.
    private var raw = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var rawStart = 0
    private var rawEnd = 0
    private var isRawExhausted = false
    /// Decoded bytes read ahead to check the text, handed out before anything else.
    private var head: [UInt8] = []
    private var headOffset = 0

    /// Stored bytes read per read(2) call for compressed input.
    static let rawBlockSize = 1 << 18
    /// Decoded bytes examined for a byte order mark or NUL bytes before the first is handed out.
    static let headSize = 1 << 16

    /// Opens `path` (`nil` or `-` for standard input), to be read in `encoding` (`nil`: UTF-8, or
    /// UTF-16 when the text starts with its byte order mark).
    public init(path: String?, encoding: TextEncoding? = nil) throws(InputError) {
        self.encoding = encoding ?? .utf8
        isEncodingGiven = encoding != nil
        if let path, path != "-" {
            if FileSystem.isDirectory(path) { throw InputError.isDirectory(path) }
            do {
                descriptor = try FileDescriptor.openForReading(path)
            } catch {
                throw InputError.cannotOpen(path, error)
            }
            self.path = path
        } else {
            descriptor = .standardInput
            self.path = nil
        }
        let size = descriptor.regularFileSize
        storedSize = size
        if let size { sizeAtOpen = size - min(size, descriptor.currentOffset ?? 0) } else { sizeAtOpen = nil }
    }

    deinit {
        if path != nil { try? descriptor.close() }
        raw.deallocate()
        textBlock.deallocate()
    }

    /// The descriptor, for positioned reads of a regular file (plans and byte ranges).
    public var fileDescriptor: FileDescriptor { descriptor }

    /// The name used in messages: the path, or `standard input`.
    public var displayName: String { path ?? "standard input" }

    /// From now on reads bytes `range` of the file — with `pread(2)`, from its lower bound — and
    /// then reports the end of input: the records of one shard (`--byte-range`; the file is not
    /// compressed, and what the head read ahead is dropped).
    public func restrict(to range: Range<Int>) {
        window = (range.lowerBound, range.upperBound)
        head = []
        headOffset = 0
    }

    /// Whether the text read to its end stops without a line end: its last record has none, as
    /// written by a writer that stopped in the middle of a record (or one that leaves the last line
    /// end out). `false` until the end is read, and for empty input.
    public var endsWithoutLineEnd: Bool {
        guard isAtEnd, let lastByte else { return false }
        return lastByte != UInt8(ascii: "\n") && lastByte != UInt8(ascii: "\r")
    }
    /// The last byte handed out, and whether a read has reported the end of input.
    private var lastByte: UInt8?
    private var isAtEnd = false

    /// Reads up to `buffer.count` decoded bytes; 0 means end of input.
    ///
    /// - Throws: `InputError.refused` for a format unitpipe does not read (first read only),
    ///   `.corrupt`/`.truncated` for a damaged compressed stream, `.shrank` for a regular file
    ///   that ends before the size it had when opened, `.cannotRead` from read(2).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        let n = try readNext(into: buffer)
        if n > 0 {
            lastByte = buffer[n - 1]
        } else if buffer.count > 0 {
            isAtEnd = true
        }
        return n
    }

    /// ``read(into:)`` without the bookkeeping of the last byte.
    private func readNext(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        if let (next, end) = window {
            let n: Int
            do {
                n = try descriptor.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, max(0, end - next))]), atOffset: next)
            } catch {
                throw .cannotRead(displayName, error)
            }
            window = (next + n, end)
            bytesRead += n
            // A range that ends before its end inside the size the file had: cut short while read.
            if n == 0, next < end, buffer.count > 0, let size = storedSize, next < size { throw .shrank(displayName, atOpen: size, read: next) }
            return n
        }
        if state == .undetected { try detect() }
        if headOffset < head.count {
            let n = min(buffer.count, head.count - headOffset)
            head.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[headOffset..<(headOffset + n)])) }
            headOffset += n
            if headOffset == head.count { head = [] }
            return n
        }
        return try readText(into: buffer)
    }

    /// Looks at the first bytes: sets up a decoder, or refuses the input.
    private func detect() throws(InputError) {
        state = .reading
        raw = .allocate(byteCount: InputSource.rawBlockSize, alignment: 16)
        // At least the longest magic number, unless the input is shorter.
        while rawEnd < 8 && !isRawExhausted { try readRaw() }
        let stored = UnsafeRawBufferPointer(rebasing: raw[0..<rawEnd])
        if let refused = RefusedFormat.detectArchive(stored) { throw .refused(displayName, refused) }
        if let compression = InputCompression.detect(stored) {
            self.compression = compression
            do {
                switch compression {
                case .gzip: decoder = try GzipDecoder()
                case .zstd: decoder = try ZstdDecoder()
                case .none: break
                }
            } catch {
                throw .corrupt(displayName, compression.rawValue, error.reason)
            }
        }
        // Decoded text: its first bytes must not be UTF-16/UTF-32 or binary.
        var filled = 0
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: InputSource.headSize, alignment: 16)
        defer { scratch.deallocate() }
        while filled < scratch.count {
            let n = try readDecoded(into: UnsafeMutableRawBufferPointer(rebasing: scratch[filled...]))
            if n == 0 { break }
            filled += n
        }
        let decoded = UnsafeRawBufferPointer(rebasing: scratch[0..<filled])
        // UTF-16 with its byte order mark is read as what it says it is (UTF-32's mark starts the same way).
        if !isEncodingGiven, !decoded.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            if decoded.starts(with: [0xFF, 0xFE]) { encoding = .utf16le }
            if decoded.starts(with: [0xFE, 0xFF]) { encoding = .utf16be }
        }
        if encoding != .utf8 {
            // The byte order mark becomes UTF-8's, which the reader drops as it drops any.
            var transcoder = TextTranscoder(encoding)
            try transcode(decoded, with: &transcoder, into: &head)
            self.transcoder = transcoder
            textBlock = .allocate(byteCount: InputSource.headSize, alignment: 16)
        } else {
            head = Array(decoded)
        }
        if let refused = head.withUnsafeBytes({ RefusedFormat.detectText($0) }) {
            throw .refused(displayName, refused)
        }
    }

    /// Transcodes `bytes` (decoded from compression) to UTF-8 after what `text` holds.
    private func transcode(
        _ bytes: UnsafeRawBufferPointer, with transcoder: inout TextTranscoder, into text: inout [UInt8]
    ) throws(InputError) {
        do {
            try transcoder.transcode(bytes, into: &text)
            if bytes.isEmpty { try transcoder.finish() }
        } catch {
            throw .undecodable(displayName, encoding.rawValue, error.offset)
        }
    }

    /// Reads text: decoded bytes as they are, or transcoded to UTF-8 from the input's encoding.
    private func readText(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard var transcoder else { return try readDecoded(into: buffer) }
        while textOffset == text.count {
            text.removeAll(keepingCapacity: true)
            textOffset = 0
            let n = try readDecoded(into: textBlock)
            try transcode(UnsafeRawBufferPointer(rebasing: textBlock[0..<n]), with: &transcoder, into: &text)
            self.transcoder = transcoder
            if n == 0 && text.isEmpty { return 0 }
        }
        let n = min(buffer.count, text.count - textOffset)
        text.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[textOffset..<(textOffset + n)])) }
        textOffset += n
        return n
    }

    /// Reads stored bytes into `raw` after what is there (moving what is left to the front first).
    private func readRaw() throws(InputError) {
        if rawStart > 0 {
            raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[rawStart..<rawEnd]))
            rawEnd -= rawStart
            rawStart = 0
        }
        do {
            let n = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[rawEnd...]))
            if n == 0 { isRawExhausted = true }
            rawEnd += n
            bytesRead += n
        } catch {
            throw .cannotRead(displayName, error)
        }
        if isRawExhausted { try checkWhole() }
    }

    /// At the end of the stored bytes: a regular file that ends before the size it had when it was
    /// opened was cut short while it was read (truncated by another process), so its last record
    /// may be a part of one.
    private func checkWhole() throws(InputError) {
        if let sizeAtOpen, bytesRead < sizeAtOpen { throw .shrank(displayName, atOpen: sizeAtOpen, read: bytesRead) }
    }

    /// Reads decoded bytes past the head: stored bytes as they are, or through the decoder.
    private func readDecoded(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard buffer.count > 0, state != .finished else { return 0 }
        guard let decoder else {
            // Not compressed: what detection read first, then straight from the descriptor.
            if rawStart < rawEnd {
                let n = min(buffer.count, rawEnd - rawStart)
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[rawStart..<(rawStart + n)]))
                rawStart += n
                return n
            }
            if isRawExhausted { return 0 }
            let n: Int
            do {
                n = try descriptor.read(into: buffer)
            } catch {
                throw .cannotRead(displayName, error)
            }
            bytesRead += n
            if n == 0 {
                isRawExhausted = true
                try checkWhole()
            }
            return n
        }
        while true {
            if rawStart == rawEnd && !isRawExhausted { try readRaw() }
            let result: (consumed: Int, produced: Int, isAtEnd: Bool)
            do {
                result = try decoder.decode(UnsafeRawBufferPointer(rebasing: raw[rawStart..<rawEnd]), into: buffer)
            } catch {
                throw .corrupt(displayName, compression.rawValue, "\(error.reason) (within the first \(bytesRead) bytes)")
            }
            rawStart += result.consumed
            if result.produced > 0 { return result.produced }
            if rawStart == rawEnd && isRawExhausted {
                guard result.isAtEnd else { throw .truncated(displayName, compression.rawValue, bytesRead) }
                state = .finished
                return 0
            }
            if result.consumed == 0 && rawEnd - rawStart == raw.count {
                throw .corrupt(displayName, compression.rawValue, "the decoder made no progress")
            }
            if result.consumed == 0 && !isRawExhausted { try readRaw() }
        }
    }
}

extension DecodeError {
    /// The library's reason.
    var reason: String {
        switch self {
        case .corrupt(let reason), .cannotStart(let reason): return reason
        }
    }
}

/// Why the input could not be read.
public enum InputError: Error, Sendable, Equatable {
    case cannotOpen(String, SystemError)
    case cannotRead(String, SystemError)
    case isDirectory(String)
    /// The input is in a format unitpipe does not read (a bzip2/xz/zip archive, UTF-16, binary).
    case refused(String, RefusedFormat)
    /// The compressed stream (`gzip`, `zstd`) is damaged: the library's reason.
    case corrupt(String, String, String)
    /// The compressed stream ends inside a member or frame, after this many stored bytes.
    case truncated(String, String, Int)
    /// A regular file ended after `read` bytes although it held `atOpen` when it was opened: it
    /// was truncated while it was read.
    case shrank(String, atOpen: Int, read: Int)
    /// A pipe or device where a file read at offsets is needed (`plan`, `--byte-range`).
    case notRegularFile(String)
    /// A compressed file (`gzip`, `zstd`) where a file read at offsets is needed.
    case compressedAtOffsets(String, String)
    /// Text that is not in the encoding given (`--encoding`): the encoding and the offset of the
    /// first byte that is no character in it (a lone UTF-16 surrogate, an odd last byte).
    case undecodable(String, String, Int)
    /// The header is longer than the maximum field size (`limit` bytes, as a record counts).
    case headerTooLarge(String, limit: Int)
}
