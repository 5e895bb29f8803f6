import Foundation
import Testing

/// An input cut short: a regular file truncated by another process while it is read is an error
/// (exit 2, no output: its last record may be a part of one); a stream that ends without a line end
/// after its last record (a FIFO whose writer died mid-record) is read as it is, with a warning and
/// a summary field; a regular file without a last line end only gets the summary field.
@Suite("truncated input, end to end")
struct TruncatedInputEndToEndTests {
    /// An `LD_PRELOAD` library: after the first `read(2)` of a file whose name ends in
    /// `$TRUNCATE_NAME`, truncates that file to `$TRUNCATE_TO` bytes, as another process might.
    static let shimSource = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        static int done = 0;

        ssize_t read(int fd, void *buffer, size_t count) {
            ssize_t (*real)(int, void *, size_t) = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
            ssize_t n = real(fd, buffer, count);
            const char *name = getenv("TRUNCATE_NAME"), *to = getenv("TRUNCATE_TO");
            if (done || n <= 0 || !name || !to) return n;
            char link[64], path[4096];
            snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            ssize_t length = readlink(link, path, sizeof path - 1);
            if (length <= 0) return n;
            path[length] = 0;
            size_t suffix = strlen(name);
            if ((size_t)length >= suffix && strcmp(path + length - suffix, name) == 0) {
                done = 1;
                if (truncate(path, atol(to)) != 0) perror("truncate");
            }
            return n;
        }
        """#

    static let shim: Result<String, ShimError> = {
        do {
            let dir = try UnitPipeRunner.temporaryDirectory()
            try shimSource.write(to: dir.appendingPathComponent("truncate.c"), atomically: true, encoding: .utf8)
            let (status, stderr) = try UnitPipeRunner.runShell("cc -shared -fPIC -O1 -o truncate.so truncate.c -ldl", in: dir)
            guard status == 0 else { return .failure(ShimError(message: String(decoding: stderr, as: UTF8.self))) }
            return .success(dir.appendingPathComponent("truncate.so").path)
        } catch {
            return .failure(ShimError(message: "\(error)"))
        }
    }()

    struct ShimError: Error { let message: String }

    static func summary(_ dir: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any])
    }

    @Test("a file truncated while it is read is exit 2 with no output", arguments: ["convert", "validate"])
    func fileTruncatedWhileRead(command: String) throws {
        let library = try Self.shim.get()
        // 1 MB of rows: the head reads the first 64 KiB, then the file is cut in the middle of a record.
        let rows = (1...60_000).map { "\($0),\($0 % 997).5\n" }.joined()
        let dir = try E2E.directory(with: "in.csv", "id,d\n" + rows)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("in.csv").path)[.size] as? Int)
        let cut = 300_003
        try Data("earlier\n".utf8).write(to: dir.appendingPathComponent("out.csv"))
        let arguments = command == "convert"
            ? ["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "--summary", "s.json", "--threads", "1"]
            : ["validate", "in.csv", "-c", "d", "-e", "out.csv", "--summary", "s.json", "--threads", "1"]
        let result = try UnitPipeRunner.run(
            arguments, in: dir, environment: ["LD_PRELOAD": library, "TRUNCATE_NAME": "/in.csv", "TRUNCATE_TO": "\(cut)"])
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe \(command): input 'in.csv' ended after \(cut) of the \(size) bytes it held when opened: another process truncated it while it was read; run again once the file is complete\n")
        #expect(dir.appendingPathComponent("out.csv").text == "earlier\n")
        let summary = try Self.summary(dir)
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == "input")
        // Without the shim the same file is whole: no error.
        let whole = try UnitPipeRunner.run(arguments, in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
    }

    @Test("a FIFO whose writer stops in the middle of a record: a warning and the summary field", arguments: ["convert", "validate"])
    func fifoEndsMidRecord(command: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let binary = "'\(UnitPipeRunner.binary.path)'"
        let run = command == "convert" ? "convert f -c d:km:m -o out.csv" : "validate f -c d"
        let script = "mkfifo f && { printf 'id,d\\n1,5\\n2,12' > f & } && \(binary) \(run) --summary s.json; echo $? > status"
        let (_, stderr) = try UnitPipeRunner.runShell(script, in: dir)
        #expect(dir.appendingPathComponent("status").text == "0\n")
        #expect(String(decoding: stderr, as: UTF8.self)
            == "unitpipe \(command): warning: input 'f' ended without a line end after its last record, which was read as it is; if its writer stopped early, that record is cut short\n")
        let summary = try Self.summary(dir)
        #expect(summary["last_record_without_line_end"] as? Bool == true)
        #expect(summary["rows_in"] as? Int == 2)
        if command == "convert" { #expect(dir.appendingPathComponent("out.csv").text == "id,d\n1,5000\n2,12000\n") }
        // The same stream with its last line end: no warning, no field.
        let ended = "rm -f f s.json && mkfifo f && { printf 'id,d\\n1,5\\n2,12\\n' > f & } && \(binary) \(run) --summary s.json"
        let (status, quiet) = try UnitPipeRunner.runShell(ended, in: dir)
        #expect(status == 0)
        #expect(quiet.isEmpty, "\(String(decoding: quiet, as: UTF8.self))")
        #expect(try Self.summary(dir)["last_record_without_line_end"] == nil)
    }

    @Test("a regular file without a last line end: the summary field, no warning")
    func fileWithoutLastLineEnd() throws {
        let dir = try E2E.directory(with: "in.csv", "id,d\n1,5\n2,12")
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(dir.appendingPathComponent("out.csv").text == "id,d\n1,5000\n2,12000\n")
        #expect(try Self.summary(dir)["last_record_without_line_end"] as? Bool == true)
    }
}
