import Foundation
import Testing
@testable import UnitPipe

/// Writes fields through `CSVWriter` into a temporary file and returns the text.
func written(_ fields: [String], delimiter: UInt8 = 44, quote: UInt8? = 34) throws -> String {
    let path = NSTemporaryDirectory() + "unitpipe-writer-\(UUID().uuidString).csv"
    let file = try OutputFile(path: path)
    let buffer = OutputBuffer(descriptor: file.descriptor)
    try CSVWriter(delimiter: delimiter, quote: quote).writeRecord(fields, to: buffer)
    try buffer.flush()
    try file.commit()
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try String(contentsOfFile: path, encoding: .utf8)
}

@Suite("CSVWriter")
struct CSVWriterTests {
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
        #expect(try written(fields) == expected)
    }

    @Test func semicolonDialectQuotesSemicolonsNotCommas() throws {
        #expect(try written(["1,5", "a;b"], delimiter: 59) == "1,5;\"a;b\"\n")
    }

    @Test func noQuotingWritesFieldsAsTheyAre() throws {
        #expect(try written(["\"x", " y "], delimiter: 9, quote: nil) == "\"x\t y \n")
    }

    @Test func abandonedOutputLeavesTheOldFile() throws {
        let path = NSTemporaryDirectory() + "unitpipe-atomic-\(UUID().uuidString).csv"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try OutputFile(path: path)
        let buffer = OutputBuffer(descriptor: file.descriptor)
        try buffer.append("new\n")
        try buffer.flush()
        file.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        let directory = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains((path as NSString).lastPathComponent + ".unitpipe-") }
        #expect(leftovers.isEmpty)
    }
}
