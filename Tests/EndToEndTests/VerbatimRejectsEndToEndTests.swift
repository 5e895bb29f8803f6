import Foundation
import Testing

/// The rejects file holds the failed records as they were read, so it can be fixed and fed back.
@Suite("verbatim rejects, end to end")
struct VerbatimRejectsEndToEndTests {
    static let input = "\u{FEFF}\"id\",\"distance\",\"note\"\r\n\"1\",\"10\",\"ok\"\r\n\"2\",\"abc\",\"a \"\"quoted\"\" note\"\r\n"
        + "3, 2.5 ,plain\r\n\r\n\"4\",\"1,5\",\"two\r\nlines\"\r\n5,7km,last"

    @Test(arguments: [1, 2])
    func fixTheRejectsAndFeedThemBack(threads: Int) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(Self.input.utf8).write(to: dir.appendingPathComponent("in.csv"))
        let first = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "distance:km:m", "-o", "out.csv", "-r", "rejects.csv", "--threads", "\(threads)", "-q"], in: dir)
        #expect(first.status == 1)
        let rejects = try Data(contentsOf: dir.appendingPathComponent("rejects.csv"))
        // BOM, quotes, doubled quotes, CRLF and the quoted line end kept; the last record gets a LF.
        #expect(String(decoding: rejects, as: UTF8.self) == "\u{FEFF}\"id\",\"distance\",\"note\"\r\n\"2\",\"abc\",\"a \"\"quoted\"\" note\"\r\n"
            + "\"4\",\"1,5\",\"two\r\nlines\"\r\n5,7km,last\n")
        // Fed back unchanged, the same rows fail the same way.
        let again = try UnitPipeRunner.run(
            ["convert", "rejects.csv", "-c", "distance:km:m", "-o", "out2.csv", "-r", "rejects2.csv", "--threads", "\(threads)", "-q"], in: dir)
        #expect(again.status == 1)
        #expect(try Data(contentsOf: dir.appendingPathComponent("rejects2.csv")) == rejects)
        // Fixed (the bad cells edited in place, as a user would), they all convert.
        var fixed = String(decoding: rejects, as: UTF8.self)
        for (bad, good) in [("\"abc\"", "\"0.5\""), ("\"1,5\"", "\"1.5\""), ("7km", "7")] { fixed = fixed.replacingOccurrences(of: bad, with: good) }
        try Data(fixed.utf8).write(to: dir.appendingPathComponent("fixed.csv"))
        let last = try UnitPipeRunner.run(["convert", "fixed.csv", "-c", "distance:km:m", "-r", "rejects3.csv", "--threads", "\(threads)"], in: dir)
        #expect(last.status == 0)
        #expect(last.stdout == "id,distance,note\n2,500,\"a \"\"quoted\"\" note\"\n4,1500,\"two\r\nlines\"\n5,7000,last\n")
        #expect(try Data(contentsOf: dir.appendingPathComponent("rejects3.csv")) == Data("\u{FEFF}\"id\",\"distance\",\"note\"\r\n".utf8))
    }
}
