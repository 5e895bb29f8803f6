/// Where the input bytes come from: a file or standard input, read with `read(2)` in large blocks.
public final class InputSource {
    /// The path read, or `nil` for standard input.
    public let path: String?
    private let descriptor: FileDescriptor
    /// Bytes read so far, as stored.
    public private(set) var bytesRead = 0

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

    /// Reads up to `buffer.count` bytes; 0 means end of input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        do {
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
}
