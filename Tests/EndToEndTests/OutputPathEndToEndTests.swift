import Foundation
import Testing

/// Output paths are checked before the first input byte is read: no clash destroys a file.
@Suite("output paths guarded, end to end")
struct OutputPathEndToEndTests {
    static let input = "id,distance\n1,5\n2,x\n"

    static func prepare() throws -> URL {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try input.write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        try "keep me".write(to: dir.appendingPathComponent("old.csv"), atomically: true, encoding: .utf8)
        try "not a directory".write(to: dir.appendingPathComponent("plain"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.csv").path, withDestinationPath: "in.csv")
        try FileManager.default.linkItem(atPath: dir.appendingPathComponent("in.csv").path, toPath: dir.appendingPathComponent("hard.csv").path)
        return dir
    }

    static let clashes: [(arguments: [String], message: String, summary: Bool)] = [
        (["in.csv", "-o", "in.csv"],
         "-o 'in.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards", true),
        (["in.csv", "-o", "link.csv"],
         "-o 'link.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards", true),
        (["link.csv", "-r", "hard.csv"],
         "-r 'hard.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards", true),
        (["in.csv", "-o", "old.csv", "-r", "old.csv"],
         "-o and -r both name 'old.csv' (the same file); give each output a file of its own", true),
        (["in.csv", "-e", "new.csv", "-r", "./new.csv"],
         "-e and -r both name './new.csv' (the same file); give each output a file of its own", true),
        (["in.csv", "-o", "x.csv", "--summary", "x.csv"],
         "-o and --summary both name 'x.csv' (the same file); give each output a file of its own", false),
        (["in.csv", "-o", "old.csv", "-e", "old.csv"],
         "-o and -e both name 'old.csv' (the same file); give each output a file of its own", true),
        (["in.csv", "--summary", "/missing/dir/s.json"],
         "--summary '/missing/dir/s.json': directory '/missing/dir' does not exist; create it first or choose another path", false),
        (["in.csv", "-e", "plain/errors.csv"],
         "-e 'plain/errors.csv': 'plain' is a file, not a directory; choose another path", true),
    ]

    @Test func everyClashIsAUsageErrorBeforeAnyWork() throws {
        for clash in Self.clashes {
            let dir = try Self.prepare()
            var arguments = ["convert"] + clash.arguments + ["-c", "distance:km:mi"]
            if clash.summary { arguments += ["--summary", "run.json"] }
            let result = try UnitPipeRunner.run(arguments, in: dir)
            #expect(result.status == 2, "\(clash.arguments)")
            #expect(result.stderr == "unitpipe convert: \(clash.message)\n")
            #expect(result.stdout.isEmpty)
            #expect(dir.appendingPathComponent("in.csv").text == Self.input, "the input is untouched")
            #expect(dir.appendingPathComponent("old.csv").text == "keep me")
            #expect(dir.appendingPathComponent("x.csv").text == nil)
            #expect(dir.appendingPathComponent("new.csv").text == nil)
            if clash.summary {
                let summary = try #require(dir.appendingPathComponent("run.json").text)
                let reason = clash.message.contains("does not exist") || clash.message.contains("not a directory") ? "output" : "usage"
                #expect(summary.hasPrefix("{\"status\": \"failed\", \"reason\": \"\(reason)\", \"rows_in\": 0,"), "\(summary)")
            }
            // No temporary file was left beside any output.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".unitpipe-") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func standardOutputRedirectedToTheInputOrAnOutputIsRefused() throws {
        let dir = try Self.prepare()
        let appended = try UnitPipeRunner.runShell("\"\(UnitPipeRunner.binary.path)\" convert in.csv >> in.csv", in: dir)
        #expect(appended.status == 2)
        #expect(String(decoding: appended.stderr, as: UTF8.self)
            == "unitpipe convert: standard output (-o not given) is redirected to the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards\n")
        #expect(dir.appendingPathComponent("in.csv").text == Self.input)
        let redirected = try UnitPipeRunner.runShell("\"\(UnitPipeRunner.binary.path)\" convert - -o hard.csv < in.csv", in: dir)
        #expect(redirected.status == 2)
        #expect(String(decoding: redirected.stderr, as: UTF8.self)
            == "unitpipe convert: -o 'hard.csv' is the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards\n")
        let both = try UnitPipeRunner.runShell("\"\(UnitPipeRunner.binary.path)\" convert in.csv -e out.csv > out.csv", in: dir)
        #expect(both.status == 2)
        #expect(String(decoding: both.stderr, as: UTF8.self) == "unitpipe convert: -o and -e both name 'out.csv' (the same file); give each output a file of its own\n")
    }

    @Test func devicesAndStandardStreamsMayBeShared() throws {
        let dir = try Self.prepare()
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-e", "/dev/null", "-r", "/dev/null", "--summary", "/dev/null"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,distance\n1,3.1068559611866697\n")
        let report = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-e", "/dev/stdout", "-q"], in: dir)
        #expect(report.status == 1)
        #expect(report.stdout.hasPrefix("id,distance\n1,3.1068559611866697\nrecord,line,column,value,code,message\n"))
    }

    @Test func theSummaryIsWrittenOnEveryExit() throws {
        let dir = try Self.prepare()
        let failed = "{\"status\": \"failed\", \"reason\": \"usage\", \"rows_in\": 0,"
        for arguments in [["--decimals", "x"], ["--bogus"], ["-c", "nope:km:mi"], ["-c", "distance:km:kg"]] {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("s.json"))
            let result = try UnitPipeRunner.run(["convert", "in.csv", "--summary", "s.json"] + arguments, in: dir)
            #expect(result.status == 2, "\(arguments)")
            #expect(dir.appendingPathComponent("s.json").text?.hasPrefix(failed) == true, "\(arguments)")
        }
        // Never over a file the command line names otherwise (here the input).
        for summary in [["--summary", "in.csv"], ["--summary=./in.csv"]] {
            let result = try UnitPipeRunner.run(["convert", "in.csv", "--bogus"] + summary, in: dir)
            #expect(result.status == 2)
            #expect(dir.appendingPathComponent("in.csv").text == Self.input)
        }
        // --max-errors: the summary says the limit was hit, and counts up to the row that stopped the run.
        let limited = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "--max-errors", "0", "--summary", "m.json", "-o", "out.csv"], in: dir)
        #expect(limited.status == 2)
        #expect(dir.appendingPathComponent("m.json").text?.hasPrefix(
            "{\"status\": \"failed\", \"reason\": \"max_errors\", \"rows_in\": 2, \"rows_out\": 1, \"rows_rejected\": 1,") == true)
        #expect(dir.appendingPathComponent("out.csv").text == nil)
    }

    /// Every output is compared with the input by what it is (device and inode), whatever its
    /// name: a report to `/dev/stdout` appended to the input, an output to `/dev/stdin` or
    /// `/proc/self/fd/0` that is the pipe the input comes from, or the input file itself.
    @Test func outputsAreComparedWithTheInputWhateverTheirName() throws {
        let dir = try Self.prepare()
        let binary = "\"\(UnitPipeRunner.binary.path)\""
        let sameInput = "the input file itself (the same file, also through a link), which the run would destroy; write to another file and rename it afterwards"
        let cases: [(script: String, message: String)] = [
            ("\(binary) convert in.csv -o out.csv -r /dev/stdout >> in.csv", "-r '/dev/stdout' is \(sameInput)"),
            ("\(binary) convert in.csv -o out.csv -e /proc/self/fd/1 >> in.csv", "-e '/proc/self/fd/1' is \(sameInput)"),
            ("cat in.csv | \(binary) convert - -o /dev/stdin", "-o '/dev/stdin' is \(sameInput)"),
            ("cat in.csv | \(binary) convert - -r /proc/self/fd/0", "-r '/proc/self/fd/0' is \(sameInput)"),
            ("\(binary) convert - -o /dev/stdin < in.csv", "-o '/dev/stdin' is \(sameInput)"),
            ("\(binary) convert in.csv -e /dev/fd/3 3>> in.csv", "-e '/dev/fd/3' is \(sameInput)"),
        ]
        for (script, message) in cases {
            let result = try UnitPipeRunner.runShell(script, in: dir)
            #expect(result.status == 2, "\(script)")
            #expect(String(decoding: result.stderr, as: UTF8.self) == "unitpipe convert: \(message)\n", "\(script)")
            #expect(dir.appendingPathComponent("in.csv").text == Self.input, "\(script)")
            #expect(dir.appendingPathComponent("out.csv").text == nil, "\(script)")
        }
        // A device read and written at once is no clash.
        let devices = try UnitPipeRunner.runShell("\(binary) convert - -o /dev/null < /dev/null", in: dir)
        #expect(devices.status == 0)
    }

    /// A file that the shell's `>` would refuse is refused before any input is read: read-only for
    /// the user running (checked as another user: root may write a 0444 file, as with `>`),
    /// immutable or append-only (`chattr`).
    @Test(.enabled(if: geteuid() == 0)) func aProtectedOutputIsRefusedBeforeTheRun() throws {
        let dir = try Self.prepare()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        let binary = "\"\(UnitPipeRunner.binary.path)\""
        try "earlier\n".write(to: dir.appendingPathComponent("ro.csv"), atomically: true, encoding: .utf8)
        _ = try UnitPipeRunner.runShell("chown 65534:65534 ro.csv in.csv && chmod 0444 ro.csv", in: dir)
        // As its owner, not root: refused, as `> ro.csv` is.
        let shell = try UnitPipeRunner.runShell("setpriv --reuid=65534 --regid=65534 --clear-groups -- sh -c 'echo x > ro.csv'", in: dir)
        #expect(shell.status != 0)
        let asOwner = try UnitPipeRunner.runShell(
            "setpriv --reuid=65534 --regid=65534 --clear-groups -- \(binary) convert in.csv -c distance:km:mi -o ro.csv --summary s.json", in: dir)
        #expect(asOwner.status == 2)
        #expect(String(decoding: asOwner.stderr, as: UTF8.self)
            == "unitpipe convert: -o 'ro.csv' is read-only (mode 444), as the shell's '>' would find; make it writable (chmod u+w) or choose another path\n")
        #expect(dir.appendingPathComponent("ro.csv").text == "earlier\n")
        #expect(dir.appendingPathComponent("s.json").text?.hasPrefix("{\"status\": \"failed\", \"reason\": \"output\", \"rows_in\": 0,") == true)
        // As root: replaced, as `>` would, keeping its mode.
        let asRoot = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-o", "ro.csv", "-q"], in: dir)
        #expect(asRoot.status == 1)
        #expect(dir.appendingPathComponent("ro.csv").text == "id,distance\n1,3.1068559611866697\n")
        #expect(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("ro.csv").path)[.posixPermissions] as? Int == 0o444)
        // Immutable and append-only, even for root (ext4 and most disk file systems have the attributes).
        for (flag, message) in [
            ("i", "is immutable (chattr +i) and cannot be replaced; remove the attribute (chattr -i) or choose another path"),
            ("a", "is append-only (chattr +a) and cannot be replaced; remove the attribute (chattr -a) or choose another path"),
        ] {
            try "earlier\n".write(to: dir.appendingPathComponent("kept.csv"), atomically: true, encoding: .utf8)
            let set = try UnitPipeRunner.runShell("chattr +\(flag) kept.csv", in: dir)
            try #require(set.status == 0, "chattr +\(flag): \(String(decoding: set.stderr, as: UTF8.self))")
            defer { _ = try? UnitPipeRunner.runShell("chattr -\(flag) kept.csv", in: dir) }
            let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "distance:km:mi", "-r", "kept.csv"], in: dir)
            #expect(result.status == 2)
            #expect(result.stderr == "unitpipe convert: -r 'kept.csv' \(message)\n")
            #expect(result.stdout.isEmpty, "refused before any input is read")
            #expect(dir.appendingPathComponent("kept.csv").text == "earlier\n")
        }
    }
}
