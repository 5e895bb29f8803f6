import Foundation
import Testing
import TestSupport
@testable import UnitPipeCSV

/// Formats fields through `CSVWriter` and returns the text.
func written(
    _ fields: [String], delimiter: UInt8 = 44, quote: UInt8? = 34, escapesFormulas: Bool = false, style: CSVWriter.QuoteStyle = .minimal
) -> String {
    let buffer = ByteBuffer(capacity: 8)
    CSVWriter(delimiter: delimiter, quote: quote, escapesFormulas: escapesFormulas, quoteStyle: style).writeRecord(fields, to: buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

@Suite("CSVWriter")
struct CSVWriterTests {
    /// A file holding "old", and an `OutputFile` over it that has written "new" but not yet committed.
    private func replacing() throws -> (path: String, file: OutputFile) {
        let path = NSTemporaryDirectory() + "unitpipe-atomic-\(UUID().uuidString).csv"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try OutputFile(path: path)
        let buffer = ByteBuffer()
        buffer.append("new\n")
        try file.write(buffer)
        return (path, file)
    }

    @Test func committedOutputReplacesTheOldFile() throws {
        let (path, file) = try replacing()
        defer { try? FileManager.default.removeItem(atPath: path) }
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
        ([""], "\"\"\n"),
        (["", ""], ",\n"),
    ])
    func quotesOnlyWhereNeeded(_ fields: [String], _ expected: String) throws {
        #expect(written(fields) == expected)
    }

    /// OWASP's CSV-injection rule: `=`, `+`, `-`, `@`, tab, CR first get a `'`; plain numbers do not.
    @Test(arguments: [
        ("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-x", "'-x"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
        ("\rx", "\"'\rx\""), ("=A1,B2", "\"'=A1,B2\""), ("=\"q\"", "\"'=\"\"q\"\"\""),
        ("-5", "-5"), ("+1.5", "+1.5"), ("-2.5e-3", "-2.5e-3"), ("-.5", "-.5"), ("-5.", "-5."),
        ("-", "'-"), ("-e5", "'-e5"), ("-5e", "'-5e"), ("-5%", "'-5%"), ("-1+2", "'-1+2"), ("--5", "'--5"),
        ("a=1", "a=1"), ("", ""), (" =1", "\" =1\""), ("'=1", "'=1"),
    ])
    func formulasAreEscapedNumbersAreNot(field: String, expected: String) {
        #expect(written([field, "x"], escapesFormulas: true) == expected + ",x\n")
        // Off (the default), no field gains a `'`.
        #expect(written([field]).filter { $0 == "'" }.count == field.filter { $0 == "'" }.count)
    }

    @Test func escapedFieldWithTheApostropheAsQuoteIsQuoted() {
        #expect(written(["=1"], quote: 0x27, escapesFormulas: true) == "'''=1'\n")
    }

    @Test func semicolonDialectQuotesSemicolonsNotCommas() throws {
        #expect(written(["1,5", "a;b"], delimiter: 59) == "1,5;\"a;b\"\n")
    }

    @Test("quote styles: every field, or every field but empty ones and numbers as written", arguments: [
        (CSVWriter.QuoteStyle.minimal, "1,-2.5e-3,.5,5.,,x,1.5.2,\" 7\",\"a,b\",1e,--1,inf,longer text field here\n"),
        (.all, "\"1\",\"-2.5e-3\",\".5\",\"5.\",\"\",\"x\",\"1.5.2\",\" 7\",\"a,b\",\"1e\",\"--1\",\"inf\",\"longer text field here\"\n"),
        (.nonnumeric, "1,-2.5e-3,.5,5.,,\"x\",\"1.5.2\",\" 7\",\"a,b\",\"1e\",\"--1\",\"inf\",\"longer text field here\"\n"),
    ])
    func quoteStyles(style: CSVWriter.QuoteStyle, expected: String) {
        #expect(written(["1", "-2.5e-3", ".5", "5.", "", "x", "1.5.2", " 7", "a,b", "1e", "--1", "inf", "longer text field here"], style: style) == expected)
        // A quote inside is doubled in every style.
        #expect(written(["a\"b"], style: style) == "\"a\"\"b\"\n")
    }

    @Test func noQuotingWritesFieldsAsTheyAre() throws {
        #expect(written(["\"x", " y "], delimiter: 9, quote: nil) == "\"x\t y \n")
    }

    @Test func largeOutputHandedToWritebackArrivesWhole() throws {
        // Past OutputFile.writebackStep the temporary file's pages are handed to writeback as it
        // grows; every byte must still be there, in order, after the rename.
        let (path, file) = try replacing()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let buffer = ByteBuffer()
        var expected = "new\n"
        for block in 0..<40 {
            let line = String(repeating: String(UnicodeScalar(UInt8(65 + block % 26))), count: 1023) + "\n"
            let text = String(repeating: line, count: 700)
            expected += text
            buffer.append(text)
            try file.write(buffer)
        }
        #expect(expected.utf8.count > 3 * OutputFile.writebackStep)
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test func abandonedOutputLeavesTheOldFile() throws {
        let (path, file) = try replacing()
        defer { try? FileManager.default.removeItem(atPath: path) }
        file.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        let directory = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains((path as NSString).lastPathComponent + ".unitpipe-") }
        #expect(leftovers.isEmpty)
    }
}

@Suite("CSVWriter against a plain reference")
struct CSVWriterReferenceTests {
    /// RFC 4180 quoting written the obvious way, one byte at a time.
    static func reference(_ field: [UInt8], delimiter: UInt8, quote: UInt8) -> [UInt8] {
        let needs = field.first.map { $0 == 0x20 || $0 == 0x09 } == true
            || field.last.map { $0 == 0x20 || $0 == 0x09 } == true
            || field.contains { $0 == delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D }
        guard needs else { return field }
        var out: [UInt8] = [quote]
        for byte in field {
            out.append(byte)
            if byte == quote { out.append(quote) }
        }
        return out + [quote]
    }

    /// Random fields of 0 to 24 bytes drawn from an alphabet rich in bytes that matter, so the
    /// word-at-a-time fast paths meet every special byte at every position.
    @Test(arguments: [(UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: ";"), UInt8(ascii: "'")), (UInt8(ascii: "\t"), UInt8(ascii: "\""))])
    func matchesTheReference(delimiter: UInt8, quote: UInt8) {
        let alphabet: [UInt8] = Array("abc019 .-".utf8) + [delimiter, quote, 0x0A, 0x0D, 0x09, 0xC3, 0xA4, 0x80, 0xFF, 0x00, 0x01]
        var random = SplitMix64(state: 0xC5F + UInt64(delimiter))
        let writer = CSVWriter(delimiter: delimiter, quote: quote)
        for _ in 0..<20_000 {
            let length = random.next(25)
            var field: [UInt8] = (0..<length).map { _ in alphabet[random.next(alphabet.count)] }
            // Half the fields are plain letters with at most one special byte somewhere.
            if random.next(2) == 0 {
                field = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next(26)) }
                if length > 0, random.next(2) == 0 { field[random.next(length)] = alphabet[9 + random.next(alphabet.count - 9)] }
            }
            let buffer = ByteBuffer(capacity: 64)
            field.withUnsafeBytes { bytes in buffer.withCursor { writer.writeField(bytes, to: &$0) } }
            #expect(Array(buffer.bytes) == Self.reference(field, delimiter: delimiter, quote: quote), "field \(field)")
        }
    }
}
