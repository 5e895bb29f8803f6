/// Where output goes: standard output, a device or FIFO written directly, or a regular file
/// written as a temporary file beside it and renamed into place only on success.
public final class OutputFile {
    /// The path the user named, or `nil` for standard output.
    public let path: String?
    /// The descriptor to write to.
    public let descriptor: FileDescriptor
    private let temporaryPath: String?
    /// The path the temporary file is renamed to (the symbolic link's target when `path` is a link).
    private let renameTarget: String?
    /// `false` for the process's own standard output or error, which stay open.
    private let ownsDescriptor: Bool
    /// Bytes written so far, and how many of them have been handed to writeback.
    private var bytesWritten = 0
    private var bytesWrittenBack = 0
    /// How the bytes given to `write(_:)` are stored: by the name's `.gz` / `.zst` (none on
    /// standard output).
    public let compression: OutputCompression
    /// With compression: the compressor for `write(_:)` and its output.
    private let compressor: ChunkCompressor?
    private let compressed = ByteBuffer(capacity: 0)

    /// Opens `path` for output (`nil` or `-`: standard output).
    public init(path: String?) throws(OutputError) {
        compression = OutputCompression(path: path)
        compressor = compression.makeCompressor()
        guard let path, path != "-" else {
            self.path = nil
            descriptor = .standardOutput
            temporaryPath = nil
            renameTarget = nil
            ownsDescriptor = false
            return
        }
        self.path = path
        if let standard = OutputFile.standardStream(named: path) {
            // The descriptor the process already has: opening /dev/stdout again would start a second
            // file offset at 0, and when standard output is a file the two would overwrite each other.
            descriptor = standard
            temporaryPath = nil
            renameTarget = nil
            ownsDescriptor = false
            return
        }
        ownsDescriptor = true
        if FileSystem.isDirectory(path) { throw OutputError.isDirectory(path) }
        if let problem = FileSystem.linkProblem(at: path) { throw OutputError.unsafeLink(path, problem) }
        do {
            // A symbolic link is followed, so the rename replaces the file it points to, not the link.
            let target = FileSystem.resolvingSymbolicLinks(path)
            if OutputFile.isReplaceable(target) {
                let (fd, temporary) = try FileDescriptor.makeTemporary(template: OutputFile.temporaryTemplate(for: target))
                // The file replaced keeps its owner, group and mode (a hard link to it keeps the old file).
                FileSystem.copyOwnershipAndMode(of: target, to: fd)
                FileSystem.dropCachedPages(of: target)
                descriptor = fd
                temporaryPath = temporary
                renameTarget = target
            } else {
                descriptor = try FileDescriptor.openForWriting(path)
                temporaryPath = nil
                renameTarget = path
            }
        } catch {
            throw OutputError.cannotCreate(path, error)
        }
    }

    deinit { abandon() }

    /// Writes the buffer's bytes (`write(2)` until done), as one gzip member or zstd frame when
    /// the output is compressed, and empties it.
    public func write(_ buffer: ByteBuffer) throws(OutputError) {
        guard let compressor else { return try writeStored(buffer) }
        compressor.compress(buffer.bytes, appendingTo: compressed)
        buffer.removeAll()
        try writeStored(compressed)
    }

    /// Writes the buffer's bytes as they are — on a compressed output, members or frames made
    /// elsewhere (the workers compress their chunks in parallel) — and empties it.
    ///
    /// A temporary file's pages are handed to writeback every 8 MiB, without waiting. The page
    /// cache then never holds more than a few MiB of this output unwritten, and the rename at the
    /// end — which on ext4 flushes the whole new file when it replaces an existing one
    /// (`auto_da_alloc`), with the other cores idle — finds nothing left.
    public func writeStored(_ buffer: ByteBuffer) throws(OutputError) {
        do {
            try descriptor.writeAll(buffer.bytes)
        } catch {
            // Whoever reads the pipe (`| head`) has what it wanted: standard output, `-e /dev/stdout`, a FIFO.
            if error.isBrokenPipe { throw .closedPipe }
            throw .cannotWrite(displayName, error)
        }
        bytesWritten += buffer.count
        if temporaryPath != nil && bytesWritten - bytesWrittenBack >= OutputFile.writebackStep {
            descriptor.startWriteback(offset: bytesWrittenBack, count: bytesWritten - bytesWrittenBack)
            bytesWrittenBack = bytesWritten
        }
        buffer.removeAll()
    }

    /// Bytes of a temporary file written between two calls that start their writeback.
    static let writebackStep = 8 << 20

    /// The name used in messages: the path, or `standard output`.
    public var displayName: String { path ?? "standard output" }

    /// Standard output or error when `path` names one of them (`/dev/stdout`, `/dev/fd/2`, …).
    public static func standardStream(named path: String) -> FileDescriptor? {
        switch path {
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
        default: return nil
        }
    }

    /// `true` for a path written through a temporary file and a rename: a regular file or a new
    /// file, wherever it is (`/dev/shm/x` too); a device, FIFO or socket is written directly.
    static func isReplaceable(_ path: String) -> Bool {
        FileSystem.isRegularFileOrAbsent(path)
    }

    /// A `mkstemp` template in the same directory as `path`, so the final rename stays on one file system.
    static func temporaryTemplate(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).unitpipe-XXXXXX"
    }

    /// Where the output is in its life: being written, complete and durable but not yet in
    /// place (`prepare()`), or done with (put in place or abandoned).
    private enum State { case open, prepared, finished }
    private var state = State.open

    /// Makes the output complete and durable without putting it in place: an empty compressed
    /// output gets its one empty member, a temporary file is flushed to disk (`fsync(2)`), and a
    /// descriptor this output opened is closed (its errors are reported: they can mean lost data).
    /// A temporary file that fails here is removed, leaving any earlier file at `path` untouched.
    public func prepare() throws(OutputError) {
        guard state == .open else { return }
        if let compressor, bytesWritten == 0 {
            // An empty file is not a gzip or zstd file: nothing to write is one empty member.
            compressor.appendEmptyMember(to: compressed)
            try writeStored(compressed)
        }
        state = .prepared
        guard ownsDescriptor else { return }
        do throws(SystemError) {
            if temporaryPath != nil {
                do {
                    try descriptor.synchronize()
                } catch {
                    try? descriptor.close()
                    throw error
                }
            }
            try descriptor.close()
        } catch {
            state = .finished
            removeTemporary()
            throw OutputError.cannotWrite(displayName, error)
        }
    }

    /// Puts a prepared output in place: renames its temporary file over the path (`rename(2)`).
    ///
    /// - Returns: The directory whose entry the rename changed, for
    ///   `FileSystem.synchronizeDirectory(_:)`; `nil` when nothing was renamed.
    /// - Throws: `cannotCreate` when the rename fails (the temporary file is then removed).
    public func publish() throws(OutputError) -> String? {
        guard state == .prepared else { return nil }
        state = .finished
        guard let path, let temporaryPath else { return nil }
        let target = renameTarget ?? path
        do {
            try FileSystem.rename(temporaryPath, to: target)
        } catch {
            removeTemporary()
            throw OutputError.cannotCreate(path, error)
        }
        // By its real path, so that `out.csv` and `/data/e.csv` in one directory name it once.
        return FileSystem.resolvingSymbolicLinks(FileSystem.directory(of: target))
    }

    /// Prepares the output and puts it in place, then makes the rename durable (`fsync(2)` of
    /// the directory, best effort): for an output written on its own.
    public func commit() throws(OutputError) {
        try prepare()
        if let directory = try publish() { FileSystem.synchronizeDirectory(directory) }
    }

    /// Closes the output and removes the temporary file, leaving any earlier file at `path` untouched.
    public func abandon() {
        switch state {
        case .finished: return
        case .open: if ownsDescriptor { try? descriptor.close() }
        case .prepared: break
        }
        state = .finished
        removeTemporary()
    }

    private func removeTemporary() {
        guard let temporaryPath else { return }
        FileSystem.remove(temporaryPath)
        isDiscarded = true
    }

    /// `true` once what was written is gone: a temporary file removed, or one whose rename failed.
    public private(set) var isDiscarded = false
}

/// Why an output could not be written.
public enum OutputError: Error, Sendable, Equatable {
    case cannotCreate(String, SystemError)
    case cannotWrite(String, SystemError)
    /// The reader of standard output went away (a closed pipe): the run ends quietly.
    case closedPipe
    case isDirectory(String)
    /// A symbolic link at the path that is not followed (dangling, a loop, planted in a shared directory).
    case unsafeLink(String, LinkProblem)
}
