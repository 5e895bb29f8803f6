import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV

/// Writes `text` to a temporary file and reads its head.
func head(
    _ text: String, name: String = "in.csv", delimiter: UInt8? = nil, hasHeader: Bool = true,
    sniffingOrder: [UInt8] = CSVDialect.candidateDelimiters
) throws -> InputHead {
    let dir = NSTemporaryDirectory() + "unitpipe-head-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
    return try InputHead(
        source: try InputSource(path: dir + "/" + name), delimiter: delimiter, quote: UInt8(ascii: "\""),
        hasHeader: hasHeader, sniffingOrder: sniffingOrder)
}

@Suite("Input head")
struct InputHeadTests {
    @Test(arguments: [
        ("a,b,c\n1,2,3\n", ","),
        ("a;b;c\n1,5;2,5;3\n", ";"),
        ("a\tb\n1\t2\n", "\t"),
        ("a|b\n1|2\n", "|"),
        ("\"x;y\",b\n1,2\n3,4\n", ","),
        ("name;note\nA;\"x, y, z\"\nB;\"p, q\"\n", ";"),
        // No candidate splits a record in two: a single column, read with ','.
        ("a\n1\n2\n", ","),
    ])
    func sniffsTheConsistentDelimiter(_ text: String, _ expected: String) throws {
        #expect(try head(text).dialect.delimiter == expected.utf8.first)
    }

    @Test func tiesGoToTheEarlierCandidate() throws {
        #expect(try head("a,b;c\n1,2;3\n").dialect.delimiter == UInt8(ascii: ","))
        #expect(try head("a,b;c\n1,2;3\n", sniffingOrder: InputHead.sniffingOrder(locale: "de_DE")).dialect.delimiter == UInt8(ascii: ";"))
        #expect(InputHead.sniffingOrder(locale: "en_US") == CSVDialect.candidateDelimiters)
    }

    @Test func aTSVNameOrAGivenDelimiterIsNotSniffed() throws {
        #expect(try head("a,b\n1,2\n", name: "in.tsv").dialect.delimiter == UInt8(ascii: "\t"))
        #expect(try head("a,b\n1,2\n", delimiter: UInt8(ascii: ";")).dialect.delimiter == UInt8(ascii: ";"))
    }

    @Test func theBOMIsDroppedAndNoted() throws {
        let withBOM = try head("\u{FEFF}a,b\n1,2\n")
        #expect(withBOM.hasByteOrderMark)
        #expect(withBOM.firstRecord == ["a", "b"])
        #expect(withBOM.bytes == Array("a,b\n1,2\n".utf8))
        #expect(try !head("a,b\n").hasByteOrderMark)
    }

    @Test func theFirstRecordSpansItsLinesAndBytes() throws {
        let h = try head("\"multi\nline\",b\r\n1,2\n3,4\n")
        #expect(h.firstRecord == ["multi\nline", "b"])
        #expect(h.firstRecordByteCount == 16)
        #expect(h.firstRecordLineCount == 2)
        #expect(h.linesBeforeData == 2)
        #expect(h.columnNames == ["multi\nline", "b"])
        #expect(h.sampleRange == 1..<3)
        #expect(h.records.strings(of: 2) == ["3", "4"])
        let noHeader = try head("1,2\n3,4\n", hasHeader: false)
        #expect(noHeader.columnNames == ["#1", "#2"])
        #expect(noHeader.sampleRange == 0..<2)
        #expect(noHeader.linesBeforeData == 0)
    }

    @Test func aFirstRecordLongerThanTheHeadIsReadWhole() throws {
        let long = String(repeating: "x", count: 100_000)
        let h = try head("\"\(long)\",b\n1,2\n")
        #expect(h.firstRecord == [long, "b"])
        #expect(h.firstRecordByteCount == long.utf8.count + 5)
        #expect(h.isWholeInput)
    }

    @Test func anEmptyInputHasNoFirstRecord() throws {
        let h = try head("")
        #expect(h.firstRecord == nil)
        #expect(h.columnNames.isEmpty)
        #expect(h.isWholeInput)
    }
}
