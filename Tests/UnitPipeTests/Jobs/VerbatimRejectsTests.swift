import Foundation
import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeCSV

/// Rejected rows are copied as they were read: each record's input bytes, quotes, spaces, line
/// ends and BOM included — through the chunk reader with records cut across chunks and one byte
/// per read, both readers, every thread count.
@Suite("verbatim rejects")
struct VerbatimRejectsTests {
    /// A random export and the rejects it must give: the header line as written, then every
    /// failing record's bytes (blank lines between records belong to no record).
    static func export(seed: UInt64) -> (text: String, rejects: String) {
        var random = SplitMix64(state: seed)
        let ends = ["\n", "\r\n", "\r"]
        var end = ends[random.next(3)]
        let bom = random.next(3) == 0 ? "\u{FEFF}" : ""
        let header = (random.next(2) == 0 ? "id,d,note" : "\"id\",\"d\", note ") + end
        var text = bom + header
        var rejects = bom + header
        let count = random.next(in: 1...40)
        for i in 1...count {
            if random.next(6) == 0 { text += end }  // a blank line (after a lone CR, another lone CR)
            end = ends[random.next(3)]
            let inner = ["\n", "\r\n", "\r"][random.next(3)]
            let (record, isBad): (String, Bool)
            switch random.next(12) {
            case 0: (record, isBad) = ("\(i),x\(i),bad", true)
            case 1: (record, isBad) = ("\"\(i)\",\"1,5\",\"quoted\"", true)
            case 2: (record, isBad) = ("\(i),4", true)
            case 3: (record, isBad) = ("\(i),\"5\"z,text after the quote", true)
            case 4: (record, isBad) = ("\(i),1.2.3,\"two\(inner)lines, \"\"q\"\"\"", true)
            case 5: (record, isBad) = (" \(i) , 7e ,\"  spaced  \"", true)
            case 6: (record, isBad) = ("\(i),\"2\",\"multi\(inner)line\"", false)
            case 7: (record, isBad) = ("\(i), 3 ,spaces", false)
            default: (record, isBad) = ("\(i),\(Double(i) / 8),plain", false)
            }
            let isLast = i == count
            let line = record + (isLast && random.next(3) == 0 ? "" : end)
            text += line
            if isBad { rejects += line + (Self.endsLine(line) ? "" : "\n") }
        }
        if random.next(8) == 0 {
            // An unterminated quote swallows the rest of the input into one record.
            let tail = "\(count + 1),\"open\nquote,9\n"
            if !Self.endsLine(text) { text += "\n" }
            text += tail
            rejects += tail
        }
        return (text, rejects)
    }

    /// Runs `convert` on `text` and returns the rejects' bytes as text (a BOM kept) and the summary.
    static func rejects(of text: String, configure: (inout ConvertOptions) -> Void) throws -> (rejects: String, summary: ConvertSummary) {
        let run = try runJob(text, configure: configure)
        return (run.rejects, run.summary)
    }

    /// Whether `text` ends with CR or LF (a String's last Character of "\r\n" is neither).
    static func endsLine(_ text: String) -> Bool { text.utf8.last == 0x0A || text.utf8.last == 0x0D }

    @Test(arguments: [1, 2, 3])
    func rejectsAreTheRecordsAsRead(threads: Int) throws {
        for seed in UInt64(1)...(isLongRun ? 400 : 10) {
            let (text, expected) = Self.export(seed: seed)
            for reader in ReaderKind.allCases {
                for chunkSize in [1, 5, 1 << 20] {
                    let run = try Self.rejects(of: text) {
                        $0.columns = [ColumnSpec(column: .name("d"), from: "km", to: "m")]
                        $0.threads = threads
                        $0.chunkSize = chunkSize
                        $0.reader = reader
                    }
                    #expect(run.rejects == expected, "seed \(seed), \(reader), chunk \(chunkSize): \(run.rejects.debugDescription) instead of \(expected.debugDescription)")
                    #expect(run.summary.rowsIn == run.summary.rowsOut + run.summary.rowsRejected)
                }
            }
        }
    }

    @Test func validateCopiesInvalidRowsAsRead() throws {
        for seed in UInt64(41)...(isLongRun ? 200 : 46) {
            let (text, expected) = Self.export(seed: seed)
            let dir = NSTemporaryDirectory() + "unitpipe-verbatim-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/in.csv"))
            for (threads, chunkSize) in [(1, 1), (2, 3), (3, 1 << 20)] {
                var options = ValidateOptions()
                options.inputPath = dir + "/in.csv"
                options.rules = [ColumnRule(column: .name("d"))]
                options.threads = threads
                options.chunkSize = chunkSize
                options.rejectsPath = dir + "/rejects.csv"
                _ = ValidateJob(options: options).run()
                let rejects = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/rejects.csv")), as: UTF8.self)
                #expect(rejects == expected, "seed \(seed), threads \(threads), chunk \(chunkSize): \(rejects.debugDescription) instead of \(expected.debugDescription)")
            }
        }
    }

    @Test func aFieldLongerThanMaxFieldSizeIsNotCopied() throws {
        let big = String(repeating: "y", count: 1500)
        let text = "id,d,note\r\n1,x,\"\(big)\"\r\n2,y,short\r\n3,5,\"\(big)\"\r\n"
        for chunkSize in [7, 100, 1 << 20] {
            let run = try Self.rejects(of: text) {
                $0.columns = [ColumnSpec(column: .name("d"), from: "km", to: "m")]
                $0.maxFieldSize = 1000
                $0.chunkSize = chunkSize
                $0.threads = 2
            }
            // Records 1 and 3 are malformed_csv and stay out of the rejects; record 2 is copied.
            #expect(run.rejects == "id,d,note\r\n2,y,short\r\n", "chunk \(chunkSize)")
            #expect(run.summary.rowsRejected == 3)
        }
    }
}
