// Thin wrappers over the POSIX calls unitpipe makes: open(2), read(2), pread(2), write(2),
// close(2), fstat(2), lstat(2), readlink(2), fchown(2), fchmod(2), mkstemp(3), rename(2), unlink(2),
// sync_file_range(2), fsync(2), ioctl(2). Nothing else in the
// package calls these functions directly; callers see Swift values and errors.

import CSystemShims
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from a system call: the call's name and its `errno`.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function that failed, e.g. `open`.
    public let call: String
    /// The `errno` value the call left.
    public let errno: Int32

    /// An error from `call` that left `errno`.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The `strerror(3)` text of `errno`.
    public var description: String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }

    /// `true` when a write failed because the reading end of a pipe was closed (`EPIPE`).
    public var isBrokenPipe: Bool { errno == EPIPE }
}

/// An open file descriptor; the owner closes it.
public struct FileDescriptor: Sendable, Equatable {
    /// The raw descriptor number.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// Opens `path` for reading (`open(2)` with `O_RDONLY | O_CLOEXEC`).
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError(call: "open", errno: errno) }
        return FileDescriptor(rawValue: fd)
    }

    /// Creates or truncates `path` for writing (`open(2)` with `O_WRONLY | O_CREAT | O_TRUNC`).
    public static func openForWriting(_ path: String) throws(SystemError) -> FileDescriptor {
        let fd = retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw SystemError(call: "open", errno: errno) }
        return FileDescriptor(rawValue: fd)
    }

    /// Creates a unique file from a `mkstemp(3)` template ending in `XXXXXX`; returns it and its path.
    public static func makeTemporary(template: String) throws(SystemError) -> (FileDescriptor, String) {
        var bytes = Array(template.utf8CString)
        let fd = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw SystemError(call: "mkstemp", errno: errno) }
        // mkstemp creates the file 0600; an output file should get the usual 0644 less the umask.
        let mask = umask(0)
        umask(mask)
        _ = fchmod(fd, 0o666 & ~mask)
        let path = bytes.withUnsafeBufferPointer { buffer -> String in
            guard let base = buffer.baseAddress else { return template }
            return String(cString: base)
        }
        return (FileDescriptor(rawValue: fd), path)
    }

    /// Reads up to `buffer.count` bytes (`read(2)`, retried on `EINTR`); returns 0 at end of input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let n = retryingOnInterrupt { Glibc.read(rawValue, base, buffer.count) }
        guard n >= 0 else { throw SystemError(call: "read", errno: errno) }
        return n
    }

    /// Reads up to `buffer.count` bytes starting at `offset` of the file (`pread(2)`, retried on `EINTR`);
    /// returns 0 at the end of the file. The descriptor's own position does not move.
    public func read(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let n = retryingOnInterrupt { pread(rawValue, base, buffer.count, off_t(offset)) }
        guard n >= 0 else { throw SystemError(call: "pread", errno: errno) }
        return n
    }

    /// The size in bytes of a regular file (`fstat(2)`), or `nil` for a pipe, terminal or device.
    /// The offset the next read starts at (`lseek(fd, 0, SEEK_CUR)`), or `nil` when the descriptor has none (a pipe).
    public var currentOffset: Int? {
        let offset = lseek(rawValue, 0, SEEK_CUR)
        return offset < 0 ? nil : Int(offset)
    }

    public var regularFileSize: Int? {
        var info = stat()
        guard fstat(rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Writes all of `bytes` (`write(2)` until done, retried on `EINTR`); stops with `EINTR` when a
    /// signal asked the run to stop.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = retryingOnInterrupt { Glibc.write(rawValue, base, remaining) }
            guard n >= 0 else { throw SystemError(call: "write", errno: errno) }
            base += n
            remaining -= n
            // A signal cuts a write blocked on a stalled pipe short: stop instead of blocking again.
            if remaining > 0 && Interruption.signalNumber != nil { throw SystemError(call: "write", errno: EINTR) }
        }
    }

    /// Starts writing `count` bytes from `offset` back to disk without waiting for them
    /// (`sync_file_range(2)` with `SYNC_FILE_RANGE_WRITE`, Linux only). Advisory: errors are ignored.
    public func startWriteback(offset: Int, count: Int) {
        _ = unitpipe_start_writeback(rawValue, Int64(offset), Int64(count))
    }

    /// Flushes the file's data and metadata to the disk and waits for it (`fsync(2)`, retried on `EINTR`).
    public func synchronize() throws(SystemError) {
        guard retryingOnInterrupt({ fsync(rawValue) }) == 0 else { throw SystemError(call: "fsync", errno: errno) }
    }

    /// Closes the descriptor (`close(2)`); errors from close are reported because they can mean lost data.
    public func close() throws(SystemError) {
        guard Glibc.close(rawValue) == 0 else { throw SystemError(call: "close", errno: errno) }
    }

    /// `true` when the descriptor is a regular file (`fstat(2)`), so it can be replaced by rename.
    public var isRegularFile: Bool {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `true` when the descriptor is a terminal (`isatty(3)`).
    public var isTerminal: Bool { isatty(rawValue) == 1 }
}

/// File-system operations by path.
public enum FileSystem {
    /// What `stat(2)` says a path is: which file (device and inode) and of what kind.
    public struct FileIdentity: Sendable, Equatable {
        public let device: UInt64
        public let inode: UInt64
        /// `true` for a regular file (else a device, FIFO, socket or directory).
        public let isRegularFile: Bool
        public let isDirectory: Bool
        /// `true` for a character or block device (`/dev/null`, a terminal).
        public let isDevice: Bool
    }

    /// The identity of the file `path` names, following symbolic links (`stat(2)`); `nil` when it does not exist.
    public static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The identity of the file open on `descriptor` (`fstat(2)`).
    public static func identity(of descriptor: FileDescriptor) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// Checks that this process may write into `path` (`access(2)` with `W_OK`, plus `X_OK` for a directory).
    public static func checkWritable(_ path: String, isDirectory: Bool) throws(SystemError) {
        guard access(path, isDirectory ? W_OK | X_OK : W_OK) == 0 else { throw SystemError(call: "access", errno: errno) }
    }

    /// Why the existing file `path` may not be replaced, as the shell's `>` would see it, or `nil`:
    /// not writable for this process (`access(2)` with `W_OK`: root may write a 0444 file, as
    /// with `>`), or marked immutable or append-only (`ioctl(2)` `FS_IOC_GETFLAGS`, on file
    /// systems that have these attributes).
    public static func protection(of path: String) -> FileProtection? {
        switch unitpipe_file_attributes(path) {
        case 1: return .immutable
        case 2: return .appendOnly
        default: break
        }
        guard access(path, W_OK) == 0 else { return .readOnly(mode: UInt32(permissionBits(of: path))) }
        return nil
    }

    /// The permission bits of `path` (`stat(2)`), or 0.
    private static func permissionBits(of path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }

    /// Renames `from` to `to` atomically (`rename(2)`).
    public static func rename(_ from: String, to: String) throws(SystemError) {
        guard Glibc.rename(from, to) == 0 else { throw SystemError(call: "rename", errno: errno) }
    }

    /// Makes the entries of directory `path` durable (`open(2)` with `O_DIRECTORY`, `fsync(2)`), so a
    /// rename into it survives a power cut. Best effort: a directory that cannot be opened is skipped.
    public static func synchronizeDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        Glibc.close(fd)
    }

    /// The directory part of `path` (`.` for a bare name, `/` for a file at the root).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Removes `path` (`unlink(2)`), ignoring a file that is already gone.
    public static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// `true` when `path` is a regular file or does not exist yet (`stat(2)`).
    public static func isRegularFileOrAbsent(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The path with every symbolic link resolved (`realpath(3)`), or `path` itself when it does not exist.
    public static func resolvingSymbolicLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why a symbolic link on an output path must not be followed, or `nil` when it may be (or
    /// there is none). Checks, as Linux's `fs.protected_symlinks` does, every link among the
    /// path's components as written (`lstat(2)`, `stat(2)` of its directory): one in a sticky,
    /// world-writable directory (`/tmp`) whose owner is neither the directory's owner nor this
    /// process's user is refused; then whether the whole path, when it is a link, leads to a file
    /// (`stat(2)`: `ENOENT` is a dangling link, `ELOOP` a loop, `readlink(2)` names the target).
    public static func linkProblem(at path: String) -> LinkProblem? {
        let absolute = path.hasPrefix("/")
        var prefix = absolute ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let directory = prefix.isEmpty ? "/" : prefix
            prefix += "/" + component
            var link = stat()
            guard lstat(prefix, &link) == 0 else { break }
            guard (link.st_mode & S_IFMT) == S_IFLNK else { continue }
            var parent = stat()
            guard stat(directory, &parent) == 0 else { break }
            let isShared = (parent.st_mode & S_ISVTX) != 0 && (parent.st_mode & S_IWOTH) != 0
            if isShared && link.st_uid != geteuid() && link.st_uid != parent.st_uid {
                return .foreignLinkInSharedDirectory(link: absolute ? prefix : String(prefix.dropFirst(2)), owner: UInt32(link.st_uid))
            }
        }
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var target = stat()
        if stat(path, &target) == 0 { return nil }
        if errno == ELOOP { return .loop }
        guard errno == ENOENT else { return nil }
        var bytes = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &bytes, 4096)
        return .dangling(target: count > 0 ? String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "")
    }

    /// Gives the file open on `descriptor` the owner, group and permission bits of the file at
    /// `path` (`stat(2)`, `fchown(2)`, `fchmod(2)`), so replacing a file keeps them: the owner and
    /// group where this process may set them (root; a group the user belongs to), the
    /// permission bits always (setuid, setgid and sticky bits are not copied). Best effort.
    public static func copyOwnershipAndMode(of path: String, to descriptor: FileDescriptor) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        if fchown(descriptor.rawValue, info.st_uid, info.st_gid) != 0 {
            _ = fchown(descriptor.rawValue, uid_t.max, info.st_gid)
        }
        _ = fchmod(descriptor.rawValue, info.st_mode & 0o777)
    }

    /// Drops from the page cache, on a thread of its own, the pages of the regular file `path`
    /// (nothing when there is none; `posix_fadvise(2)` with `POSIX_FADV_DONTNEED`; its contents
    /// are not touched). For a file about to be replaced: otherwise its pages are freed by the
    /// rename at the end, while the other cores wait, and the new
    /// file's pages come from memory the system has not used lately. Advisory: errors are ignored.
    public static func dropCachedPages(of path: String) {
        DispatchQueue.global(qos: .utility).async {
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return }
            var info = stat()
            if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
                _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
            }
            Glibc.close(fd)
        }
    }

    /// The names in directory `path` (`opendir(3)`, `readdir(3)`), without `.` and `..`, in the
    /// order the file system returns them.
    public static func entries(ofDirectory path: String) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError(call: "opendir", errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `true` when `path` exists and is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }
}

extension FileSystem.FileIdentity {
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        isDevice = (info.st_mode & S_IFMT) == S_IFCHR || (info.st_mode & S_IFMT) == S_IFBLK
    }
}

/// Why a symbolic link at an output path is not followed (`FileSystem.linkProblem(at:)`).
public enum LinkProblem: Sendable, Equatable {
    /// The link points to nothing; `target` is what it says.
    case dangling(target: String)
    /// Following the links never ends (`ELOOP`).
    case loop
    /// A link in a sticky, world-writable directory, owned by a user (`owner`, a uid) who is
    /// neither the directory's owner nor this process's: the kernel's `fs.protected_symlinks` rule.
    case foreignLinkInSharedDirectory(link: String, owner: UInt32)
}

/// Why an existing file may not be replaced (`FileSystem.protection(of:)`).
public enum FileProtection: Sendable, Equatable {
    /// Its permission bits (`mode`, e.g. `0o444`) do not let this user write it.
    case readOnly(mode: UInt32)
    /// `chattr +i`: nobody may change, rename over or remove it.
    case immutable
    /// `chattr +a`: it may only be appended to, never replaced.
    case appendOnly
}

/// Process-wide signal settings.
public enum ProcessSignals {
    /// Ignores `SIGPIPE` so a closed output pipe shows up as `EPIPE` from `write(2)` instead of killing the process.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Calls `body` again while it fails with `EINTR`, unless SIGINT/SIGTERM asked the run to stop.
@inline(__always)
private func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let result = body()
        if result >= 0 || errno != EINTR || Interruption.signalNumber != nil { return result }
    }
}
