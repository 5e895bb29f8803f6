import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV

/// `convert` and `validate` over several inputs: one output with the header once, equal to the
/// inputs' single runs put together, for every thread count and chunk size.
@Suite("several inputs")
struct SeveralInputsJobTests {
    /// Three inputs with the same header: CRLF and quoted newlines, an empty file, bad numbers, a
    /// ragged row, a gzip file, and one without a final line end.
    static func writeInputs(in dir: String) throws -> [String] {
        var first = "id,len,note\r\n"
        for i in 1...120 {
            switch i % 11 {
            case 0: first += "\(i),\(i)..5,bad\r\n"
            case 3: first += "\(i),\(i).5,\"two\r\nlines\"\r\n"
            case 7: first += "\(i),\(i)\r\n"
            default: first += "\(i),\(Double(i) / 4),ok\r\n"
            }
        }
        var second = "\u{FEFF}id,len,note\n"
        for i in 1...90 { second += i % 9 == 0 ? "\(i),x\(i),\"q\"\"\"\n" : "\(i),\(i * 3),\"a, b\"\n" }
        second += "91,5,last"
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let paths = [dir + "/in/b-first.csv", dir + "/in/c-empty.csv", dir + "/in/d-second.csv"]
        try Data(first.utf8).write(to: URL(fileURLWithPath: paths[0]))
        try Data().write(to: URL(fileURLWithPath: paths[1]))
        try Data(second.utf8).write(to: URL(fileURLWithPath: paths[2]))
        return paths
    }

    struct Run: Equatable {
        var output: String
        var errors: String
        var rejects: String
        var rowsIn: Int
        var rowsRejected: Int
    }

    static func convert(_ inputs: [String], in dir: String, configure: (inout ConvertOptions) -> Void = { _ in }) -> (Run, ConvertJob.Outcome) {
        var options = ConvertOptions()
        options.inputPaths = inputs
        options.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
        let name = UUID().uuidString
        options.outputPath = "\(dir)/\(name).out"
        options.errorsPath = "\(dir)/\(name).err"
        options.rejectsPath = "\(dir)/\(name).rej"
        configure(&options)
        let outcome = ConvertJob(options: options).run()
        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>" }
        let run = Run(
            output: read(options.outputPath ?? ""), errors: read(options.errorsPath ?? ""), rejects: read(options.rejectsPath ?? ""),
            rowsIn: outcome.summary.rowsIn, rowsRejected: outcome.summary.rowsRejected)
        return (run, outcome)
    }

    /// Drops the first line (the header) of a file's text.
    static func body(_ text: String) -> String {
        guard let newline = text.firstIndex(of: "\n") else { return "" }
        return String(text[text.index(after: newline)...])
    }

    @Test(arguments: [1, 2, 3])
    func severalInputsAreTheirSingleRunsPutTogether(threads: Int) throws {
        let dir = NSTemporaryDirectory() + "unitpipe-several-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = try Self.writeInputs(in: dir)
        // The oracle: each input alone (its report with the file column, as --input-name gives it).
        let singles = inputs.map { input in Self.convert([input], in: dir) { $0.inputName = input; $0.threads = 1 }.0 }
        let nonEmpty = [singles[0], singles[2]]
        let expected = Run(
            output: nonEmpty[0].output + Self.body(nonEmpty[1].output),
            errors: nonEmpty[0].errors + Self.body(nonEmpty[1].errors),
            rejects: nonEmpty[0].rejects + Self.body(nonEmpty[1].rejects),
            rowsIn: 211, rowsRejected: singles.map(\.rowsRejected).reduce(0, +))
        #expect(expected.errors.hasPrefix("file,record,line,column,value,code,message\n\(inputs[0]),7,9,,"))
        #expect(expected.errors.contains("\n\(inputs[2]),9,10,len,x9,invalid_number,"))
        #expect(expected.output.hasPrefix("id,len,note\n1,250,ok\n"))
        #expect(expected.output.hasSuffix("\n91,5000,last\n"))
        // The directory stands for its files in name order; hidden and `_` files are skipped.
        try Data("id,other\n1,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/in/.hidden.csv"))
        try Data("id,other\n1,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/in/_SUCCESS"))
        for chunkSize in [1, 7, 100, 1 << 20] {
            for given in [inputs, [dir + "/in"]] {
                let (run, outcome) = Self.convert(given, in: dir) { $0.threads = threads; $0.chunkSize = chunkSize }
                #expect(outcome.failure == nil)
                #expect(run == expected, "threads \(threads), chunk \(chunkSize), \(given)")
                #expect(outcome.summary.bytesIn == inputs.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? -1 }.reduce(0, +))
            }
        }
    }

    @Test(arguments: [1, 2])
    func maxErrorsCountsTheFailedRowsOfEveryInput(threads: Int) throws {
        let dir = NSTemporaryDirectory() + "unitpipe-several-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = try Self.writeInputs(in: dir)
        let failedInFirst = Self.convert([inputs[0]], in: dir).0.rowsRejected
        #expect(failedInFirst == 21)
        for chunkSize in [3, 1 << 20] {
            let (run, outcome) = Self.convert(inputs, in: dir) { $0.maxErrors = failedInFirst + 1; $0.threads = threads; $0.chunkSize = chunkSize }
            #expect(outcome.failure == .tooManyErrors(limit: failedInFirst + 1))
            // The run stops at the second failed row of the second input (its record 18, line 19).
            #expect(run.rowsRejected == failedInFirst + 2)
            #expect(run.errors.hasSuffix("\n\(inputs[2]),18,19,len,x18,invalid_number,'x18' is not a number in locale C; fix the cell or read the file with its locale\n"))
        }
    }

    @Test func validateReadsSeveralInputsAsOne() throws {
        let dir = NSTemporaryDirectory() + "unitpipe-several-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = try Self.writeInputs(in: dir)
        func validate(_ inputs: [String], name: String?, threads: Int) -> (String, ValidateSummary) {
            var options = ValidateOptions()
            options.inputPaths = inputs
            options.inputName = name
            options.rules = [ColumnRule(column: .name("len"))]
            options.threads = threads
            options.chunkSize = 64
            options.errorsPath = "\(dir)/\(UUID().uuidString).err"
            let outcome = ValidateJob(options: options).run()
            return ((try? String(contentsOfFile: options.errorsPath ?? "", encoding: .utf8)) ?? "<missing>", outcome.summary)
        }
        let first = validate([inputs[0]], name: inputs[0], threads: 1)
        let second = validate([inputs[2]], name: inputs[2], threads: 1)
        for threads in [1, 2] {
            let all = validate(inputs, name: nil, threads: threads)
            #expect(all.0 == first.0 + Self.body(second.0))
            #expect(all.1.rowsIn == 211)
            #expect(all.1.rowsInvalid == first.1.rowsInvalid + second.1.rowsInvalid)
        }
    }
}
