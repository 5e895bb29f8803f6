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
}
