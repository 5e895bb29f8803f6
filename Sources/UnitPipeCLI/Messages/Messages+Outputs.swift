import UnitPipe
import UnitPipeCSV

extension Messages {
    static func render(_ error: OutputPathError) -> String {
        switch error {
        case .sameAsInput(let role, let path):
            let named = path == "standard output" ? "standard output (\(role.rawValue) not given) is redirected to" : "\(role.rawValue) '\(path)' is"
            return "\(named) the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards"
        case .sameFile(let first, let second, let path):
            return "\(first.rawValue) and \(second.rawValue) both name '\(path)' (the same file); give each output a file of its own"
        case .missingDirectory(let role, let path, let directory):
            return "\(role.rawValue) '\(path)': directory '\(directory)' does not exist; create it first or choose another path"
        case .notADirectory(let role, let path, let directory):
            return "\(role.rawValue) '\(path)': '\(directory)' is a file, not a directory; choose another path"
        case .notWritable(let role, let path, let cause):
            return "\(role.rawValue) '\(path)' cannot be written (\(cause)); choose a path in a writable directory"
        case .unsafeLink(let role, let path, let problem):
            return render(problem, at: "\(role.rawValue) '\(path)'")
        case .protected(let role, let path, .readOnly(let mode)):
            return "\(role.rawValue) '\(path)' is read-only (mode \(String(mode, radix: 8))), as the shell's '>' would find; make it writable (chmod u+w) or choose another path"
        case .protected(let role, let path, .immutable):
            return "\(role.rawValue) '\(path)' is immutable (chattr +i) and cannot be replaced; remove the attribute (chattr -i) or choose another path"
        case .protected(let role, let path, .appendOnly):
            return "\(role.rawValue) '\(path)' is append-only (chattr +a) and cannot be replaced; remove the attribute (chattr -a) or choose another path"
        }
    }

    /// Why the symbolic link at `place` (`-o 'out.csv'`) is not followed.
    static func render(_ problem: LinkProblem, at place: String) -> String {
        switch problem {
        case .dangling(let target):
            return "\(place) is a symbolic link to '\(target)', which does not exist; create the target first, or remove the link to write a new file"
        case .loop:
            return "\(place) is a symbolic link that loops back on itself; remove it or point it at a file"
        case .foreignLinkInSharedDirectory(let link, let owner):
            return "\(place): '\(link)' is a symbolic link of another user (uid \(owner)) in a sticky, world-writable directory, which unitpipe does not follow (as the kernel's fs.protected_symlinks would not); remove the link or write elsewhere"
        }
    }
}
