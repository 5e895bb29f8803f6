import Foundation
import Testing
@testable import UnitPipe
import UnitPipeNumbers

/// Runs `validate` on `text` and returns its error report, invalid rows and outcome.
private func runValidate(_ text: String, configure: (inout ValidateOptions) -> Void) throws -> (errors: String, rejects: String, outcome: ValidateJob.Outcome) {
    let dir = NSTemporaryDirectory() + "unitpipe-validate-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/in.csv"))
    var options = ValidateOptions()
    options.inputPath = dir + "/in.csv"
    options.errorsPath = dir + "/errors.csv"
    options.rejectsPath = dir + "/rejects.csv"
    configure(&options)
    let outcome = ValidateJob(options: options).run()
    func read(_ name: String) -> String { (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)) ?? "<missing>" }
    return (read("errors.csv"), read("rejects.csv"), outcome)
}

@Suite("ValidateJob")
struct ValidateJobTests {
    /// Multi-line quoted fields, CRLF, blank lines, bad and out-of-range numbers, ragged rows and
    /// an unterminated quote: records cut across chunks everywhere.
    static let messy: String = {
        var text = "id,len,note\r\n"
        for i in 1...300 {
            switch i % 11 {
            case 0: text += "\(i),\(i)..5,bad\r\n"
            case 3: text += "\(i),\(i).25,\"multi\r\nline, with \"\"quotes\"\"\r\n\"\r\n"
            case 5: text += "\r\n\(i),\(i)\r\n"
            case 7: text += "\(i),,empty\r\n"
            case 9: text += "\(i).5,-\(i),two bad cells\r\n"
            default: text += "\(i),\(Double(i) * 0.3),plain\r\n"
            }
        }
        return text + "301,1,\"unterminated\r\n302,2,x\r\n"
    }()

    static func configure(_ options: inout ValidateOptions) {
        options.rules = [
            ColumnRule(column: .name("id"), kind: .integer),
            ColumnRule(column: .name("len"), isRequired: true, minimum: TableSchema.Bound(.zero)),
        ]
    }

    @Test(arguments: [1, 2, 3])
    func reportIsIdenticalForEveryThreadCountAndChunkSize(threads: Int) throws {
        let reference = try runValidate(Self.messy) {
            Self.configure(&$0)
            $0.threads = 1
        }
        let summary = reference.outcome.summary
        #expect(summary.rowsIn == 301)
        // Every 11th row from 0, 5, 7 and 9 (both cells), plus the unterminated quote.
        #expect(summary.rowsInvalid == 27 + 27 + 27 + 27 + 1)
        #expect(summary.errorsByCode == [.multipleDecimal: 27, .fieldCount: 27, .empty: 27, .notInteger: 27,
                                         .outOfRange: 27, .malformedCSV: 1])
        #expect(reference.errors.contains("9,13,id,9.5,not_integer,"))
        #expect(reference.errors.contains("9,13,len,-9,out_of_range,'-9' is below the minimum 0 of column 'len'\n"))
        for chunkSize in [1, 7, 64, 1000, 1 << 20] {
            let run = try runValidate(Self.messy) {
                Self.configure(&$0)
                $0.threads = threads
                $0.chunkSize = chunkSize
            }
            #expect(run.errors == reference.errors, "threads \(threads), chunk \(chunkSize)")
            #expect(run.rejects == reference.rejects, "threads \(threads), chunk \(chunkSize)")
            #expect(run.outcome.summary.columns == summary.columns, "threads \(threads), chunk \(chunkSize)")
        }
    }

    @Test func maxErrorsStopsAfterTheFirstRowBeyondTheLimit() throws {
        for threads in [1, 2] {
            let run = try runValidate(Self.messy) {
                Self.configure(&$0)
                $0.maxErrors = 3
                $0.threads = threads
                $0.chunkSize = 64
            }
            #expect(run.outcome.failure == .tooManyErrors(limit: 3))
            #expect(run.outcome.exitStatus == 2)
            #expect(run.outcome.summary.isErrorLimitReached)
            // Rows 5 (field count), 7 (empty), 9 (two cells), 11 (multiple decimal): four rows, five failures.
            #expect(run.errors.split(separator: "\n").count == 1 + 5, "threads \(threads)")
            // Rows as read, CRLF kept (a String splits "\r\n" as one Character, so count LF bytes).
            #expect(run.rejects.utf8.filter { $0 == 0x0A }.count == 1 + 4, "threads \(threads)")
        }
    }
}
