// Every output path is checked before the first input byte is read: an output that is the input
// (by device and inode, whatever its name: a symbolic or hard link, `/dev/stdout` redirected to
// the input file, `/dev/stdin`, `/proc/self/fd/N`, the pipe the input comes from) or two outputs
// naming one file would destroy data, and an output whose directory is missing or not writable,
// or a read-only, immutable or append-only file, would fail only after the whole input had
// streamed. Standard output counts too when it is redirected to a file (`unitpipe convert in.csv
// >> in.csv` would read its own output forever).

import UnitPipeCSV

/// The outputs of a run, as the command line names them.
public enum OutputRole: String, Sendable, Equatable, CaseIterable {
    /// `-o`, or standard output.
    case output = "-o"
    /// `-e`: the error report.
    case errors = "-e"
    /// `-r`: the rejected rows.
    case rejects = "-r"
    /// `--summary`: the JSON summary.
    case summary = "--summary"
}

/// An output path that cannot be used.
public enum OutputPathError: Error, Sendable, Equatable {
    /// The output is the input file (`path` as named for the output; `standard output` when redirected).
    case sameAsInput(OutputRole, path: String)
    /// Two outputs name one file.
    case sameFile(OutputRole, OutputRole, path: String)
    /// The directory the output would be written into does not exist.
    case missingDirectory(OutputRole, path: String, directory: String)
    /// What should be the output's directory is a file.
    case notADirectory(OutputRole, path: String, directory: String)
    /// The output (a device or FIFO) or its directory is not writable.
    case notWritable(OutputRole, path: String, SystemError)
    /// A symbolic link on the path that is not followed.
    case unsafeLink(OutputRole, path: String, LinkProblem)
    /// An existing file that may not be replaced: read-only for this user, immutable or append-only.
    case protected(OutputRole, path: String, FileProtection)

    /// The outputs the error is about (the summary is not written into a path that failed).
    public var roles: [OutputRole] {
        switch self {
        case .sameAsInput(let role, _), .missingDirectory(let role, _, _), .notADirectory(let role, _, _), .notWritable(let role, _, _),
            .unsafeLink(let role, _, _), .protected(let role, _, _):
            return [role]
        case .sameFile(let a, let b, _): return [a, b]
        }
    }
}

/// Checks a run's output paths against its input and each other.
public enum OutputPaths {
    /// What an output path will be written to.
    private enum Target: Equatable {
        /// An existing regular file, by identity.
        case file(FileSystem.FileIdentity)
        /// A file to be created, by its directory's identity and its name.
        case newFile(directory: FileSystem.FileIdentity, name: String)
        /// A device, FIFO or standard stream: written directly, compared with the input only.
        case stream(FileSystem.FileIdentity?)
    }

    /// Checks `outputs` (role and path; `nil` or `-` for standard output) against `input`
    /// (`nil` or `-` for standard input) and each other.
    ///
    /// - Throws: The first problem found, in the order of `outputs`.
    public static func check(input: String?, outputs: [(role: OutputRole, path: String?)]) throws(OutputPathError) {
        let inputIdentity = (input == nil || input == "-")
            ? FileSystem.identity(of: FileDescriptor.standardInput)
            : input.flatMap { FileSystem.identity(of: $0) }
        // A device (a terminal, /dev/null) may be read and written at once; a file, FIFO or pipe may not.
        let inputFile = inputIdentity?.isDevice == false ? inputIdentity : nil
        var seen: [(role: OutputRole, target: Target)] = []
        for (role, path) in outputs {
            let target: Target
            let shown: String
            if let path, path != "-" {
                target = try resolve(path, role: role)
                shown = path
            } else if role == .output {
                // Standard output: a redirected file can still be the input or another output.
                let identity = FileSystem.identity(of: FileDescriptor.standardOutput)
                target = identity?.isRegularFile == true ? identity.map(Target.file) ?? .stream(nil) : .stream(identity)
                shown = "standard output"
            } else {
                continue
            }
            switch target {
            case .file(let identity), .stream(let identity?):
                if identity == inputFile { throw .sameAsInput(role, path: shown) }
            case .newFile, .stream(nil):
                break
            }
            if case .stream = target { } else if let earlier = seen.first(where: { $0.target == target }) {
                throw .sameFile(earlier.role, role, path: shown)
            }
            seen.append((role, target))
        }
    }

    /// Where `path` leads, checking that it can be written.
    private static func resolve(_ path: String, role: OutputRole) throws(OutputPathError) -> Target {
        if let stream = OutputFile.standardStream(named: path) {
            // The process's own standard output or error: the same file as -o's standard output
            // on purpose (`-e /dev/stdout` appends the report after the rows), but never the input.
            return .stream(FileSystem.identity(of: stream))
        }
        if let problem = FileSystem.linkProblem(at: path) { throw .unsafeLink(role, path: path, problem) }
        let resolved = FileSystem.resolvingSymbolicLinks(path)
        let directory = FileSystem.directory(of: resolved)
        if let identity = FileSystem.identity(of: resolved) {
            if identity.isDirectory { return .stream(nil) }  // OutputFile reports it as a directory.
            if identity.isRegularFile {
                if let protection = FileSystem.protection(of: resolved) { throw .protected(role, path: path, protection) }
                do { try FileSystem.checkWritable(directory, isDirectory: true) } catch { throw .notWritable(role, path: path, error) }
                return .file(identity)
            }
            do { try FileSystem.checkWritable(resolved, isDirectory: false) } catch { throw .notWritable(role, path: path, error) }
            return .stream(identity)
        }
        let name = String(resolved[(resolved.lastIndex(of: "/").map { resolved.index(after: $0) } ?? resolved.startIndex)...])
        guard let directoryIdentity = FileSystem.identity(of: directory) else {
            throw .missingDirectory(role, path: path, directory: directory)
        }
        guard directoryIdentity.isDirectory else { throw .notADirectory(role, path: path, directory: directory) }
        do { try FileSystem.checkWritable(directory, isDirectory: true) } catch { throw .notWritable(role, path: path, error) }
        return .newFile(directory: directoryIdentity, name: name)
    }
}
