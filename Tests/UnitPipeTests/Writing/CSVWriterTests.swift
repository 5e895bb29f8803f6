import Foundation
import Testing
@testable import UnitPipe

/// Formats fields through `CSVWriter` and returns the text.
func written(_ fields: [String], delimiter: UInt8 = 44, quote: UInt8? = 34) -> String {
    let buffer = ByteBuffer(capacity: 8)
    CSVWriter(delimiter: delimiter, quote: quote).writeRecord(fields, to: buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

@Suite("CSVWriter")
struct CSVWriterTests {
    @Test func committedOutputReplacesTheOldFile() throws {
        let path = NSTemporaryDirectory() + "unitpipe-atomic-\(UUID().uuidString).csv"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try OutputFile(path: path)
        let buffer = ByteBuffer()
        buffer.append("new\n")
        try file.write(buffer)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    }

    @Test(arguments: [
        (["a", "b"], "a,b\n"),
        (["x,y", "z"], "\"x,y\",z\n"),
        (["say \"hi\"", ""], "\"say \"\"hi\"\"\",\n"),
        (["two\nlines", "cr\rx"], "\"two\nlines\",\"cr\rx\"\n"),
        ([" lead", "trail ", "in side"], "\" lead\",\"trail \",in side\n"),
        (["\ttab"], "\"\ttab\"\n"),
        (["a;b"], "a;b\n"),
        (["Äpfel", "名前"], "Äpfel,名前\n"),
    ])
    func quotesOnlyWhereNeeded(_ fields: [String], _ expected: String) throws {
        #expect(written(fields) == expected)
    }

    @Test func semicolonDialectQuotesSemicolonsNotCommas() throws {
        #expect(written(["1,5", "a;b"], delimiter: 59) == "1,5;\"a;b\"\n")
    }

    @Test func noQuotingWritesFieldsAsTheyAre() throws {
        #expect(written(["\"x", " y "], delimiter: 9, quote: nil) == "\"x\t y \n")
    }

    @Test func abandonedOutputLeavesTheOldFile() throws {
        let path = NSTemporaryDirectory() + "unitpipe-atomic-\(UUID().uuidString).csv"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try OutputFile(path: path)
        let buffer = ByteBuffer()
        buffer.append("new\n")
        try file.write(buffer)
        file.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        let directory = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains((path as NSString).lastPathComponent + ".unitpipe-") }
        #expect(leftovers.isEmpty)
    }
}
