import Foundation
import Testing

/// Every output (-o, -e, -r, --summary) is whole or absent together: faults injected into the
/// real binary at each step of the commit — a full disk, `fsync(2)` or `rename(2)` failing, a
/// SIGTERM or SIGKILL at that very call — leave each file either the earlier one or the new one,
/// and nothing replaced at all when the fault comes before the first rename.
@Suite("outputs committed together, under faults, end to end")
struct OutputCommitEndToEndTests {
    /// An `LD_PRELOAD` library that counts the process's `fsync(2)` and `rename(2)` calls, logs
    /// each (`fsync NAME`, `rename NAME`, `fsync directory`) to `$FAULT_LOG`, and at call number
    /// `$FAULT_AT` does `$FAULT_ACTION`: `fail` (returns -1 with `errno` `$FAULT_ERRNO`), `term`
    /// (raises SIGTERM, then makes the call) or `kill` (raises SIGKILL).
    static let shimSource = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/stat.h>
        #include <unistd.h>

        static int calls = 0;

        /// The file name without its directory, and a temporary `.NAME.unitpipe-XXXXXX` as NAME.
        static void plain_name(const char *path, char *out, size_t size) {
            const char *slash = strrchr(path, '/');
            const char *name = slash ? slash + 1 : path;
            snprintf(out, size, "%s", name);
            char *mark = NULL;
            for (char *next = strstr(out + 1, ".unitpipe-"); next; next = strstr(next + 1, ".unitpipe-")) mark = next;
            if (out[0] == '.' && mark) { *mark = 0; memmove(out, out + 1, strlen(out)); }
        }

        static void note(const char *line) {
            const char *log = getenv("FAULT_LOG");
            if (!log) return;
            int fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
            if (fd < 0) return;
            ssize_t written = write(fd, line, strlen(line));
            written += write(fd, "\n", 1);
            (void)written;
            close(fd);
        }

        /// Counts a call; returns 1 when it must fail.
        static int strike(const char *line) {
            calls++;
            note(line);
            const char *at = getenv("FAULT_AT");
            const char *action = getenv("FAULT_ACTION");
            if (!at || !action || atoi(at) != calls) return 0;
            if (strcmp(action, "kill") == 0) raise(SIGKILL);
            if (strcmp(action, "term") == 0) { raise(SIGTERM); return 0; }
            const char *code = getenv("FAULT_ERRNO");
            errno = code ? atoi(code) : EIO;
            return 1;
        }

        int fsync(int fd) {
            char line[4400] = "fsync directory";
            struct stat info;
            if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) {
                char link[64], path[4096], name[4096];
                snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
                ssize_t n = readlink(link, path, sizeof path - 1);
                path[n > 0 ? n : 0] = 0;
                plain_name(path, name, sizeof name);
                snprintf(line, sizeof line, "fsync %s", name);
            }
            if (strike(line)) return -1;
            int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
            return real(fd);
        }

        int rename(const char *from, const char *to) {
            char name[4096], line[4200];
            plain_name(to, name, sizeof name);
            snprintf(line, sizeof line, "rename %s", name);
            if (strike(line)) return -1;
            int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
            return real(from, to);
        }
        """#

    /// The shim, compiled once with the system's C compiler.
    static let shim: Result<String, ShimError> = {
        do {
            let dir = try UnitPipeRunner.temporaryDirectory()
            let source = dir.appendingPathComponent("fault.c")
            try shimSource.write(to: source, atomically: true, encoding: .utf8)
            let library = dir.appendingPathComponent("fault.so").path
            let (status, stderr) = try UnitPipeRunner.runShell("cc -shared -fPIC -O1 -o fault.so fault.c -ldl", in: dir)
            guard status == 0 else { return .failure(ShimError(message: String(decoding: stderr, as: UTF8.self))) }
            return .success(library)
        } catch {
            return .failure(ShimError(message: "\(error)"))
        }
    }()

    struct ShimError: Error { let message: String }

    static let input = "id,d\n1,5\n2,x\n3,7\n4,y\n"
    static let outputs = ["out.csv", "e.csv", "r.csv", "s.json"]
    static let arguments = ["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "-e", "e.csv", "-r", "r.csv", "--summary", "s.json"]

    /// A directory with the input and an earlier file at every output path.
    static func prepare() throws -> URL {
        let dir = try E2E.directory(with: "in.csv", input)
        for name in outputs { try Data("earlier \(name)\n".utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    /// Runs `convert` under the shim with `fault` (`FAULT_*` variables); returns the result and the call log.
    static func run(in dir: URL, fault: [String: String]) throws -> (UnitPipeRunner.Result, [String]) {
        let library = try shim.get()
        let log = dir.appendingPathComponent("calls.log")
        try? FileManager.default.removeItem(at: log)
        let result = try UnitPipeRunner.run(
            arguments, in: dir, environment: fault.merging(["LD_PRELOAD": library, "FAULT_LOG": log.path]) { $1 })
        let calls = (log.text ?? "").split(separator: "\n").map(String.init)
        try? FileManager.default.removeItem(at: log)
        return (result, calls)
    }

    /// What a clean run writes at each output path (the summary: its status).
    static let fresh: [String: String] = [
        "out.csv": "id,d\n1,5000\n3,7000\n",
        "e.csv": "record,line,column,value,code,message\n"
            + "2,3,d,x,invalid_number,'x' is not a number in locale C; fix the cell or choose the file's locale with --locale\n"
            + "4,5,d,y,invalid_number,'y' is not a number in locale C; fix the cell or choose the file's locale with --locale\n",
        "r.csv": "id,d\n2,x\n4,y\n",
    ]

    /// Which of earlier / new each output is; `failed` for a summary that says the run failed.
    static func state(of name: String, in dir: URL) throws -> String {
        let text = try #require(dir.appendingPathComponent(name).text, "\(name) exists")
        if text == "earlier \(name)\n" { return "earlier" }
        if name == "s.json" {
            let summary = try E2E.summary(dir.appendingPathComponent(name))
            return summary["status"] as? String == "rejected" ? "new" : "failed"
        }
        #expect(text == fresh[name], "\(name) is whole")
        return "new"
    }

    /// The protocol, as the calls show it: every file flushed to disk, then every rename, the
    /// summary last, then the directory.
    @Test func theCommitFlushesEveryFileBeforeTheFirstRename() throws {
        let dir = try Self.prepare()
        let (result, calls) = try Self.run(in: dir, fault: [:])
        #expect(result.status == 1)
        #expect(calls == [
            "fsync out.csv", "fsync e.csv", "fsync r.csv", "fsync s.json",
            "rename out.csv", "rename e.csv", "rename r.csv", "rename s.json", "fsync directory",
        ])
        for name in Self.outputs { #expect(try Self.state(of: name, in: dir) == "new", "\(name)") }
    }

    /// A fault at every step of the commit: each output is the earlier file or the new one, never
    /// a part; before the first rename nothing is replaced but the summary, which says why.
    @Test(arguments: ["fail", "term", "kill"])
    func aFaultAtEveryStepLeavesEachOutputEarlierOrNew(action: String) throws {
        let steps = 9
        for step in 1...steps {
            let dir = try Self.prepare()
            let (result, calls) = try Self.run(in: dir, fault: ["FAULT_AT": "\(step)", "FAULT_ACTION": action])
            let context = "\(action) at call \(step): \(calls)"
            let states = try Self.outputs.map { try Self.state(of: $0, in: dir) }
            let renamed = calls.prefix(step - (action == "term" ? 0 : 1)).filter { $0.hasPrefix("rename ") }.count
            let faultBeforeRenames = step <= 4
            switch action {
            case "fail" where faultBeforeRenames:
                // fsync failed: the run fails and no output is replaced; the summary says why,
                // unless it is the summary that cannot be written.
                #expect(result.status == 2, "\(context)")
                #expect(result.stderr == "unitpipe convert: cannot write '\(Self.outputs[step - 1])': Input/output error\n", "\(context)")
                #expect(states == ["earlier", "earlier", "earlier", step == 4 ? "earlier" : "failed"], "\(context)")
            case "fail" where step <= 8:
                // A rename failed: those before it are in place, the rest earlier; the summary says so.
                #expect(result.status == 2, "\(context)")
                let expected = (0..<3).map { $0 < renamed ? "new" : "earlier" } + [step == 8 ? "earlier" : "failed"]
                #expect(states == expected, "\(context)")
            case "term" where faultBeforeRenames:
                #expect(result.status == 143, "\(context)")
                #expect(states == ["earlier", "earlier", "earlier", "failed"], "\(context)")
            case "kill" where faultBeforeRenames:
                #expect(result.status == 9, "\(context)")
                #expect(states == ["earlier", "earlier", "earlier", "earlier"], "\(context)")
            case "kill":
                // Killed during the renames: each file is earlier or new, in the renames' order.
                #expect(result.status == 9, "\(context)")
                #expect(states == (0..<4).map { $0 < min(renamed, 4) ? "new" : "earlier" }, "\(context)")
            default:
                // A SIGTERM from the first rename on, or a failing fsync of the directory: the
                // renames finish and the run ends as it would have.
                #expect(result.status == 1, "\(context)")
                #expect(states == ["new", "new", "new", "new"], "\(context)")
            }
            if result.status != 9 {
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".unitpipe-") }
                #expect(leftovers.isEmpty, "\(context)")
            }
        }
    }

    /// `true` when this process may mount a file system (root).
    static let isRoot = geteuid() == 0

    /// A full disk under the error report (a 64 KiB tmpfs): the run fails when the report no
    /// longer fits, and neither the output (on another disk) nor any report is replaced.
    @Test(.enabled(if: isRoot)) func aFullDiskUnderTheReportReplacesNothing() throws {
        let dir = try Self.prepare()
        let small = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let mounted = try UnitPipeRunner.runShell("mount -t tmpfs -o size=64k tmpfs small", in: dir)
        try #require(mounted.status == 0, "mount: \(String(decoding: mounted.stderr, as: UTF8.self))")
        defer { _ = try? UnitPipeRunner.runShell("umount small", in: dir) }
        try Data("earlier e.csv\n".utf8).write(to: small.appendingPathComponent("e.csv"))
        let rows = (1...5000).map { "\($0),bad\($0)\n" }.joined()
        try Data(("id,d\n" + rows).utf8).write(to: dir.appendingPathComponent("in.csv"))
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "-e", "small/e.csv", "-r", "r.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: cannot write 'small/e.csv': No space left on device\n")
        #expect(small.appendingPathComponent("e.csv").text == "earlier e.csv\n")
        #expect(try Self.state(of: "out.csv", in: dir) == "earlier")
        #expect(try Self.state(of: "r.csv", in: dir) == "earlier")
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == "output")
        #expect(summary["detail"] as? String == "No space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path) == ["e.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".unitpipe-") }.isEmpty)
    }

    /// A report written straight to a full device (`/dev/full`): the run fails and the output
    /// file is not replaced.
    @Test func aReportToAFullDeviceReplacesNothing() throws {
        let dir = try Self.prepare()
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "-e", "/dev/full", "-r", "r.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: cannot write '/dev/full': No space left on device\n")
        #expect(try Self.outputs.map { try Self.state(of: $0, in: dir) } == ["earlier", "earlier", "earlier", "failed"])
    }

    /// SIGTERM in the middle of the input: the reports written so far are thrown away with the
    /// output, and the earlier reports stay.
    @Test func anInterruptedRunKeepsTheEarlierReports() throws {
        let dir = try Self.prepare()
        let (process, writer) = try UnitPipeRunner.start(
            ["convert", "-c", "d:km:m", "-o", "out.csv", "-e", "e.csv", "-r", "r.csv", "--summary", "s.json"], in: dir)
        try writer.write(contentsOf: Data("id,d\n".utf8))
        // Failing rows until the child ends: the reports' temporary files fill before the signal.
        let rows = Data((1...10_000).map { "\($0),bad\n" }.joined().utf8)
        let feeder = Thread { while (try? writer.write(contentsOf: rows)) != nil {} }
        feeder.start()
        let deadline = ContinuousClock.now + .seconds(20)
        func reportBytes() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            guard let name = names.first(where: { $0.hasPrefix(".e.csv.unitpipe-") }) else { return 0 }
            var info = stat()
            return stat(dir.appendingPathComponent(name).path, &info) == 0 ? Int(info.st_size) : 0
        }
        while ContinuousClock.now < deadline && reportBytes() < 1 << 20 { usleep(10_000) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? writer.close()
        #expect(process.terminationStatus == 143)
        #expect(try Self.outputs.map { try Self.state(of: $0, in: dir) } == ["earlier", "earlier", "earlier", "failed"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".unitpipe-") }.isEmpty)
    }

    /// A run stopped by --max-errors keeps the error report and the rejects, which say why, whole
    /// up to the row that stopped it; the output is not replaced.
    @Test func aRunStoppedByMaxErrorsKeepsItsReportsButNotItsOutput() throws {
        let dir = try Self.prepare()
        let result = try UnitPipeRunner.run(Self.arguments + ["--max-errors", "1"], in: dir)
        #expect(result.status == 2)
        #expect(try Self.outputs.map { try Self.state(of: $0, in: dir) } == ["earlier", "new", "new", "failed"])
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["reason"] as? String == "max_errors")
    }

    /// A regular file under `/dev` (tmpfs at `/dev/shm`) is written like any other: a temporary
    /// file beside it, flushed, then renamed; a SIGTERM before the rename leaves the earlier file.
    @Test func aRegularFileUnderDevIsReplacedByRename() throws {
        let dir = try Self.prepare()
        let shm = "/dev/shm/unitpipe-e2e-\(UUID().uuidString).csv"
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: shm))
        defer { try? FileManager.default.removeItem(atPath: shm) }
        let library = try Self.shim.get()
        let log = dir.appendingPathComponent("calls.log").path
        let interrupted = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "d:km:m", "-o", shm], in: dir,
            environment: ["LD_PRELOAD": library, "FAULT_LOG": log, "FAULT_AT": "1", "FAULT_ACTION": "term"])
        #expect(interrupted.status == 143)
        #expect(URL(fileURLWithPath: shm).text == "earlier\n")
        let name = URL(fileURLWithPath: shm).lastPathComponent
        #expect(URL(fileURLWithPath: log).text == "fsync \(name)\n")
        try FileManager.default.removeItem(atPath: log)
        let done = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "-o", shm, "-q"], in: dir,
            environment: ["LD_PRELOAD": library, "FAULT_LOG": log])
        #expect(done.status == 1)
        #expect(URL(fileURLWithPath: shm).text == Self.fresh["out.csv"])
        #expect(URL(fileURLWithPath: log).text == "fsync \(name)\nrename \(name)\nfsync directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev/shm").filter { $0.hasPrefix(".\(name).unitpipe-") }.isEmpty)
    }
}
