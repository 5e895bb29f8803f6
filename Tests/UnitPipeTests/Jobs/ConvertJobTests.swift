import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Runs a job on `text` and returns its output, error report, rejects and summary, each file's
/// bytes as written (a BOM kept, which `String(contentsOfFile:)` would drop).
func runJob(_ text: String, configure: (inout ConvertOptions) -> Void) throws -> (output: String, errors: String, rejects: String, summary: ConvertSummary, failure: JobError?) {
    let dir = NSTemporaryDirectory() + "unitpipe-job-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/in.csv"))
    var options = ConvertOptions()
    options.inputPath = dir + "/in.csv"
    options.outputPath = dir + "/out.csv"
    options.errorsPath = dir + "/errors.csv"
    options.rejectsPath = dir + "/rejects.csv"
    configure(&options)
    let outcome = ConvertJob(options: options).run()
    func read(_ name: String) -> String {
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)) else { return "<missing>" }
        return String(decoding: bytes, as: UTF8.self)
    }
    return (read("out.csv"), read("errors.csv"), read("rejects.csv"), outcome.summary, outcome.failure)
}

@Suite("ConvertJob")
struct ConvertJobTests {
    /// A file with multi-line quoted fields, CRLF, blank lines, bad numbers and ragged rows.
    static let messy: String = {
        var text = "id,len,note\r\n"
        for i in 1...400 {
            switch i % 13 {
            case 0: text += "\(i),\(i)..5,bad\r\n"
            case 4: text += "\(i),\(i).25,\"multi\r\nline, with \"\"quotes\"\"\r\n\"\r\n"
            case 6: text += "\r\n\(i),\(i)\r\n"
            case 8: text += "\(i),\(i),old mac line end\r"
            case 9: text += "\(i),,empty\r\n"
            default: text += "\(i),\(Double(i) * 0.3),plain\r\n"
            }
        }
        return text + "401,1,\"unterminated\r\n402,2,x\r\n"
    }()

    @Test(arguments: [1, 2, 3])
    func outputIsIdenticalForEveryThreadCountAndChunkSize(threads: Int) throws {
        let reference = try runJob(Self.messy) {
            $0.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
            $0.threads = 1
        }
        #expect(reference.summary.rowsIn == 401)
        #expect(reference.summary.rowsIn == reference.summary.rowsOut + reference.summary.rowsRejected)
        #expect(reference.errors.contains("401,495,,"))
        for chunkSize in [1, 7, 64, 1000, 1 << 20] {
            let run = try runJob(Self.messy) {
                $0.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
                $0.threads = threads
                $0.chunkSize = chunkSize
            }
            #expect(run.output == reference.output, "threads \(threads), chunk \(chunkSize)")
            #expect(run.errors == reference.errors, "threads \(threads), chunk \(chunkSize)")
            #expect(run.rejects == reference.rejects, "threads \(threads), chunk \(chunkSize)")
            #expect(run.summary.rowsOut == reference.summary.rowsOut)
            #expect(run.summary.errorsByCode == reference.summary.errorsByCode)
            #expect(run.summary.columns == reference.summary.columns)
        }
    }

    @Test(arguments: [1, 2])
    func maxErrorsStopsAtTheSameRowForEveryThreadCount(threads: Int) throws {
        for chunkSize in [16, 1 << 20] {
            let run = try runJob(Self.messy) {
                $0.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
                $0.threads = threads
                $0.chunkSize = chunkSize
                $0.maxErrors = 5
            }
            #expect(run.failure == .tooManyErrors(limit: 5))
            #expect(run.summary.rowsRejected == 6)
            #expect(run.summary.rowsIn == run.summary.rowsOut + run.summary.rowsRejected)
            // Failed rows in order: 6 (ragged), 13 (bad), 19, 26, 32, 39: the sixth is record 39.
            let reported = run.errors.split(separator: "\n").dropFirst().map { $0.prefix(while: { $0 != "," }) }
            #expect(reported.count == 6)
            #expect(reported.last == "39")
            #expect(run.output == "<missing>")
        }
    }

    /// Two threads held, at the peak of a long quoted field, the speculative parses of the chunks
    /// read before its start was known: its lines read as thousands of failing one-line rows. Those
    /// parses now stop early (once void, or at a failure limit) and are finished on the engine's
    /// thread when they count; output, report, rejects and summary must stay those of one thread.
    @Test(arguments: [1, 2, 3])
    func speculativeParsesOfAManyLineFieldChangeNoResult(threads: Int) throws {
        var text = "id,len,note\n"
        for i in 1...40 { text += "\(i),\(i).5,plain\n" }
        text += "41,1,\"" + String(repeating: "x\n", count: 1500) + "\"\n"
        for i in 42...90 { text += i % 2 == 0 ? "\(i),bad,n\n" : "\(i),\(i),n\n" }
        // Lines that read as rows of the right width when parsed from the middle of the field.
        text += "91,2,\"" + String(repeating: "1,2,3\n", count: 400) + "\"\n"
        for i in 92...99 { text += "\(i),x\(i),n\n" }
        text += "100,3,\"unterminated\n101,4,x\n"
        let columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
        let reference = try runJob(text) {
            $0.columns = columns
            $0.threads = 1
        }
        #expect(reference.summary.rowsIn == 100)
        #expect(reference.summary.rowsRejected == 34)
        #expect(reference.errors.contains("\n42,1543,len,bad,invalid_number,"))
        for chunkSize in [7, 64, 1000, 1 << 20] {
            for (batch, limit) in [(1, 1), (4, 3), (8192, 16_384)] {
                let run = try runJob(text) {
                    $0.columns = columns
                    $0.threads = threads
                    $0.chunkSize = chunkSize
                    $0.batchRecords = batch
                    $0.speculationFailureLimit = limit
                }
                let label = "threads \(threads), chunk \(chunkSize), batch \(batch), limit \(limit)"
                #expect(run.output == reference.output, "\(label)")
                #expect(run.errors == reference.errors, "\(label)")
                #expect(run.rejects == reference.rejects, "\(label)")
                #expect(run.summary.rowsOut == reference.summary.rowsOut, "\(label)")
                #expect(run.summary.errorsByCode == reference.summary.errorsByCode, "\(label)")
                #expect(run.summary.columns == reference.summary.columns, "\(label)")
            }
        }
    }
}
