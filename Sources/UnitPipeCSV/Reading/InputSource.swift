/// Where the input bytes come from: a file or standard input, read with `read(2)` in large blocks.
public final class InputSource {
    /// The path read, or `nil` for standard input.
    public let path: String?
    private let descriptor: FileDescriptor
    /// Bytes read so far, as stored.
    public private(set) var bytesRead = 0
    /// With `restrict(to:)`: the next offset to read and the end of the window.
    private var window: (next: Int, end: Int)?

    /// Opens `path` (`nil` or `-` for standard input).
    public init(path: String?) throws(InputError) {
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
    }

    deinit {
        if path != nil { try? descriptor.close() }
    }

    /// The descriptor, for positioned reads of a regular file (plans and byte ranges).
    public var fileDescriptor: FileDescriptor { descriptor }

    /// The name used in messages: the path, or `standard input`.
    public var displayName: String { path ?? "standard input" }

    /// From now on reads bytes `range` of the file — with `pread(2)`, from its lower bound — and
    /// then reports the end of input: the records of one shard (`--byte-range`).
    public func restrict(to range: Range<Int>) {
        window = (range.lowerBound, range.upperBound)
    }

    /// Reads up to `buffer.count` bytes; 0 means end of input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        do {
            if let (next, end) = window {
                let n = try descriptor.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, max(0, end - next))]), atOffset: next)
                window = (next + n, end)
                bytesRead += n
                return n
            }
            let n = try descriptor.read(into: buffer)
            bytesRead += n
            return n
        } catch {
            throw InputError.cannotRead(displayName, error)
        }
    }
}

/// Why the input could not be read.
public enum InputError: Error, Sendable, Equatable {
    case cannotOpen(String, SystemError)
    case cannotRead(String, SystemError)
    case isDirectory(String)
    /// A pipe or device where a file read at offsets is needed (`plan`, `--byte-range`).
    case notRegularFile(String)
    /// A gzip or zstd file where offsets into the text are needed (`plan`, `--byte-range`).
    case compressedAtOffsets(String)
}
