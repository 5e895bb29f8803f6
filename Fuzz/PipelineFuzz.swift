// Pipeline target: a small input run through the whole `convert` job (chunk reader, workers,
// ordered writer, reports) with tiny chunks, once with one thread and once with two (with tiny
// batches and speculative parses that stop early, for some inputs). The output,
// error report, rejects and summary counts must be identical; rows_in = rows_out + rows_rejected;
// every input record is in the output or the rejects (counted by parsing both back); no cell that
// holds something comes out empty unless it is a null (blank in a converted column) or a cell
// the error report names (--on-error keep); and the header's fields come out byte for byte,
// but for the converted columns' names (a header unit is rewritten).

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
        var summary: ConvertSummary
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
        // An input that starts with UTF-16's byte order mark is read as UTF-16: its records are not
        // the records of its raw bytes, which the checks below count.
        if input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE]) { return }
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
        checkCells(input: Array(input), result: one, options: options, dialect: dialect)
    }

    /// No cell vanishes and the header is unchanged: the output's records, matched with the input
    /// records that were not rejected, have a non-empty cell wherever the input had one, except a
    /// converted cell that is blank (a null) or, with `--on-error keep`, a failed cell; the output's
    /// header fields are the input's, but for converted columns.
    static func checkCells(input: [UInt8], result: Result, options: ConvertOptions, dialect: CSVDialect) {
        var body = input
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        var inRecords = records(body, dialect: dialect)
        let outRecords = records(result.output, dialect: CSVDialect(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), hasHeader: false))
        guard let first = inRecords.first else { return }
        let width = first.count
        let converted = Set(options.columns.compactMap { spec -> Int? in
            guard case .position(let n) = spec.column else { return nil }
            return n > 0 ? n - 1 : width + n
        })
        let names = options.hasHeader ? first.map { String(decoding: $0, as: UTF8.self) } : (1...max(1, width)).map { "#\($0)" }
        var outRows = outRecords[...]
        if options.hasHeader {
            inRecords.removeFirst()
            guard let outHeader = outRows.popFirst() else { fuzzFailure("the output has no header line") }
            if outHeader.count != first.count { fuzzFailure("output header has \(outHeader.count) fields, the input's \(first.count)") }
            for (k, (a, b)) in zip(first, outHeader).enumerated() where !converted.contains(k) && a != b {
                fuzzFailure("header field \(k + 1) changed: \(a) -> \(b)")
            }
        }
        // The error report's (record, column) pairs, and the records rejected as a whole or (reject mode) for a cell.
        var failedCells = Set<String>(), rejected = Set<Int>()
        for row in records(result.errors, dialect: CSVDialect(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), hasHeader: false)).dropFirst() {
            guard row.count >= 5, let record = Int(String(decoding: row[0], as: UTF8.self)) else { fuzzFailure("error report row \(row)") }
            let column = String(decoding: row[2], as: UTF8.self), code = String(decoding: row[4], as: UTF8.self)
            failedCells.insert("\(record) \(column)")
            // (A header name may be empty too, so row-level failures are told by their code.)
            if options.onError == .reject || code == "field_count" || code == "malformed_csv" { rejected.insert(record) }
        }
        for (k, fields) in inRecords.enumerated() where !rejected.contains(k + 1) {
            guard let out = outRows.popFirst() else { fuzzFailure("record \(k + 1) is neither in the output nor rejected") }
            if out.count != fields.count { fuzzFailure("record \(k + 1): \(fields.count) fields in, \(out.count) out") }
            for (j, (a, b)) in zip(fields, out).enumerated() where !a.isEmpty && b.isEmpty {
                if converted.contains(j), isBlank(a) { continue }
                if failedCells.contains("\(k + 1) \(j < names.count ? names[j] : "")") { continue }
                fuzzFailure("record \(k + 1) field \(j + 1): the non-empty cell \(a) came out empty")
            }
        }
        if !outRows.isEmpty { fuzzFailure("the output has \(outRows.count) rows more than the input records not rejected") }
    }

    /// Spaces, tabs, NBSP and narrow NBSP only: a converted cell that is a null.
    static func isBlank(_ cell: [UInt8]) -> Bool {
        var i = 0
        while i < cell.count {
            if cell[i] == 0x20 || cell[i] == 0x09 { i += 1 } else if cell[i] == 0xC2, i + 1 < cell.count, cell[i + 1] == 0xA0 { i += 2 } else if cell[i] == 0xE2, i + 2 < cell.count, cell[i + 1] == 0x80, cell[i + 2] == 0xAF { i += 3 } else { return false }
        }
        return true
    }

    /// The records of `bytes` (fields as bytes), read by a fresh parser.
    static func records(_ bytes: [UInt8], dialect: CSVDialect) -> [[[UInt8]]] {
        let parser = RecordParser(dialect: dialect, maxFieldSize: 64 << 20, batchRecords: Int.max)
        parser.feed(sample: bytes, isComplete: true)
        let batch = parser.batch()
        return (0..<batch.count).map { r in (0..<batch.fieldCount(of: r)).map { Array(batch.field($0, of: r)) } }
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
