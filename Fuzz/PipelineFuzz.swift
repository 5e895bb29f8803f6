// Pipeline target: a small input run through the whole `convert` job (chunk reader, workers,
// ordered writer, reports) with tiny chunks, once with one thread and once with two (with tiny
// batches and speculative parses that stop early, for some inputs). The output,
// error report, rejects and summary counts must be identical; rows_in = rows_out + rows_rejected;
// every input record is in the output or the rejects (counted by parsing both back).

#if canImport(Glibc)
import Glibc
#endif
@testable import UnitPipe
@testable import UnitPipeCSV

enum PipelineFuzz {
    static let directory: String = {
        let path = "/dev/shm/unitpipe-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    static let columnChoices: [[String]] = [
        [], ["#1:km:mi"], ["#2:degC:degF"], ["#2:*:m"], ["#1:m:ft", "#2:@#3:m"], ["#-1:kg:lb"],
    ]
    static let locales = ["C", "de_DE", "auto", "en_IN"]

    struct Result: Equatable {
        var output: [UInt8]
        var errors: [UInt8]
        var rejects: [UInt8]
        var summary: RunSummary
        var failure: JobError?
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        guard data.count >= 2 else { return }
        let control = data[0]
        let chunkSize = Int(data[1] % 48) + 1
        let input = UnsafeRawBufferPointer(rebasing: data[2...])
        let inputPath = directory + "/input.csv"
        write(input, to: inputPath)
        var options = ConvertOptions()
        options.inputPath = inputPath
        options.delimiter = UInt8(ascii: ",")
        options.columns = columnChoices[Int(control) % columnChoices.count].compactMap { try? ColumnSpec.parse($0) }
        options.locale = locales[Int(control >> 3) % locales.count]
        options.onError = control & 0x20 == 0 ? .reject : .keep
        options.hasHeader = control & 0x40 == 0
        options.chunkSize = chunkSize
        let one = convert(options, threads: 1)
        // The two-thread run may also cut batches small and stop its speculative parses after 1-3
        // failed rows (the chunk-size byte's high part chooses), so finished parses are compared too.
        var stopping = options
        let speculation = [(8192, 16_384), (1, 1), (2, 1), (3, 2), (1, 3), (2, 2)][Int(data[1]) / 48]
        stopping.batchRecords = speculation.0
        stopping.speculationFailureLimit = speculation.1
        let two = convert(stopping, threads: 2)
        if one != two { fuzzFailure("one and two threads differ:\n\(one)\n\(two)") }
        guard one.failure == nil else { return }
        let s = one.summary
        if s.rowsIn != s.rowsOut + s.rowsRejected {
            fuzzFailure("rows_in \(s.rowsIn) != rows_out \(s.rowsOut) + rows_rejected \(s.rowsRejected)")
        }
        let dialect = CSVDialect(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), hasHeader: options.hasHeader)
        let inputRecords = recordCount(Array(input), dialect: dialect)
        let header = options.hasHeader && inputRecords > 0 ? 1 : 0
        if inputRecords - header != s.rowsIn { fuzzFailure("input has \(inputRecords - header) data records, rows_in is \(s.rowsIn)") }
        let outputRecords = recordCount(one.output, dialect: dialect)
        if outputRecords != s.rowsOut + header { fuzzFailure("output holds \(outputRecords) records for rows_out \(s.rowsOut)") }
        let rejectRecords = recordCount(one.rejects, dialect: dialect)
        if rejectRecords != s.rowsRejected + header { fuzzFailure("rejects hold \(rejectRecords) records for rows_rejected \(s.rowsRejected)") }
    }

    static func convert(_ options: ConvertOptions, threads: Int) -> Result {
        var options = options
        options.threads = threads
        options.outputPath = directory + "/out-\(threads).csv"
        options.errorsPath = directory + "/errors-\(threads).csv"
        options.rejectsPath = directory + "/rejects-\(threads).csv"
        for path in [options.outputPath, options.errorsPath, options.rejectsPath] { unlink(path ?? "") }
        let outcome = ConvertJob(options: options).run()
        var summary = outcome.summary
        summary.seconds = 0
        return Result(
            output: read(options.outputPath ?? ""), errors: read(options.errorsPath ?? ""),
            rejects: read(options.rejectsPath ?? ""), summary: summary, failure: outcome.failure)
    }

    /// The records in `bytes`, counted by a fresh parser.
    static func recordCount(_ bytes: [UInt8], dialect: CSVDialect) -> Int {
        let parser = RecordParser(dialect: dialect, maxFieldSize: 64 << 20, batchRecords: Int.max)
        parser.feed(sample: bytes, isComplete: true)
        return parser.pendingRecords
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fuzzFailure("cannot create \(path)") }
        if let base = bytes.baseAddress, bytes.count > 0, Glibc.write(fd, base, bytes.count) != bytes.count {
            fuzzFailure("short write to \(path)")
        }
        close(fd)
    }

    static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
