// The streaming core of `convert`. Per batch: row-level checks (malformed
// records, field counts), then one column at a time: parse every cell into a
// contiguous Double buffer (NaN for nulls and failures), convert the whole
// buffer with the factor matrix, flag overflows; then one row-major pass that
// reports errors in record order and writes each row to output or rejects.

/// The state of one running conversion: dialect, resolved columns, outputs and counts.
final class ConvertEngine {
    private let options: ConvertOptions
    private let input: InputSource
    private let reader: CSVReader
    private let dialect: CSVDialect
    private var firstBatch: RecordBatch?
    private var columnCount = 0
    private var columnNames: [String] = []
    private var conversions: [ColumnConversion] = []
    /// For each input field, the index into `conversions`, or -1 when it passes through.
    private var conversionOfField: [Int] = []
    private let parser: NumberParser
    private var output: OutputFile?
    private var outputBuffer: OutputBuffer?
    private var writer: CSVWriter
    private var report: ErrorReportWriter?
    private var rejects: RejectWriter?
    private(set) var summary = RunSummary()
    private(set) var closeFailure: JobError?
    private var failedRows = 0

    /// A selected column with its conversion and per-batch buffers.
    struct ColumnConversion {
        let field: Int
        let name: String
        let matrix: FactorMatrix
        var values: [Double] = []
        var status: [CellStatus] = []
    }

    /// What became of one cell of a converted column.
    enum CellStatus: Equatable {
        case converted
        case null
        case skipped
        case failed(ErrorCode)
    }

    init(options: ConvertOptions) throws(JobError) {
        self.options = options
        guard options.locale == "C" || options.locale == "POSIX" else {
            throw .unsupportedLocale(options.locale)
        }
        parser = NumberParser(conventions: .c)
        do {
            input = try InputSource(path: options.inputPath)
            let prefix = try CSVReader.readPrefix(of: input)
            let quote = options.quoting.byte
            let delimiter = options.delimiter
                ?? ConvertEngine.delimiter(forPath: options.inputPath)
                ?? DelimiterSniffer().delimiter(
                    for: prefix, isComplete: prefix.count < 64 << 10, quote: quote)
                ?? UInt8(ascii: ",")
            dialect = CSVDialect(delimiter: delimiter, quote: quote, hasHeader: options.hasHeader)
            reader = CSVReader(
                source: input, prefix: prefix, dialect: dialect, maxFieldSize: options.maxFieldSize)
            firstBatch = try reader.nextBatch()
        } catch {
            throw .input(error)
        }
        writer = CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote)
        summary.bytesIn = input.bytesRead
        if let batch = firstBatch, batch.count > 0 {
            if dialect.hasHeader {
                columnNames = batch.strings(of: 0)
            } else {
                columnNames = (1...batch.fieldCount(of: 0)).map { "#\($0)" }
            }
            columnCount = columnNames.count
        }
        try resolveColumns()
        try openOutputs()
    }

    /// Tab for `.tsv` and `.tab` files (also compressed), otherwise `nil` (sniff).
    static func delimiter(forPath path: String?) -> UInt8? {
        guard let path else { return nil }
        let lower = path.lowercased()
        for suffix in [".tsv", ".tab", ".tsv.gz", ".tab.gz"] where lower.hasSuffix(suffix) {
            return UInt8(ascii: "\t")
        }
        return nil
    }

    private func resolveColumns() throws(JobError) {
        conversionOfField = Array(repeating: -1, count: columnCount)
        for spec in options.columns {
            let field = try fieldIndex(of: spec.column)
            let name = columnNames.isEmpty ? "#\(field + 1)" : columnNames[field]
            if field < conversionOfField.count, conversionOfField[field] >= 0 {
                throw .columnSelectedTwice(name)
            }
            let matrix: FactorMatrix
            do {
                let from = try UnitCatalog.standard.unit(named: spec.from)
                let to = try UnitCatalog.standard.unit(named: spec.to)
                matrix = try FactorMatrix(sources: [from], target: to)
            } catch {
                throw .unit(error)
            }
            if field < conversionOfField.count { conversionOfField[field] = conversions.count }
            conversions.append(ColumnConversion(field: field, name: name, matrix: matrix))
            summary.columns.append(RunSummary.Column(name: spec.newName ?? name, from: spec.from, to: spec.to))
        }
    }

    private func fieldIndex(of reference: ColumnSpec.Reference) throws(JobError) -> Int {
        switch reference {
        case .position(let n):
            // An empty input has no columns to check against; nothing will be converted.
            guard columnCount == 0 || n <= columnCount else { throw .columnOutOfRange(n, columnCount: columnCount) }
            return n - 1
        case .name(let name):
            if columnCount == 0 { return 0 }
            let positions = columnNames.indices.filter { columnNames[$0] == name }
            if positions.count > 1 { throw .ambiguousColumn(name, positions: positions.map { $0 + 1 }) }
            guard let position = positions.first else {
                throw .unknownColumn(
                    name, suggestion: Suggestion.nearest(to: name, among: columnNames), available: columnNames)
            }
            return position
        }
    }

    private func openOutputs() throws(JobError) {
        do {
            let file = try OutputFile(path: options.outputPath)
            output = file
            outputBuffer = OutputBuffer(descriptor: file.descriptor)
            if let path = options.errorsPath { report = try ErrorReportWriter(path: path) }
            if let path = options.rejectsPath {
                rejects = try RejectWriter(path: path, dialect: dialect)
            }
        } catch {
            throw .output(error)
        }
    }

    // MARK: Running

    /// Streams every batch to the outputs.
    func run() throws(JobError) {
        guard let first = firstBatch else { return }
        firstBatch = nil
        do {
            try writeHeaders(first)
            var batch: RecordBatch? = first
            while let current = batch {
                try process(current)
                summary.bytesIn = input.bytesRead
                do {
                    batch = try reader.nextBatch()
                } catch {
                    throw JobError.input(error)
                }
            }
            summary.bytesIn = input.bytesRead
        } catch let error as JobError {
            throw error
        } catch let error as SystemError {
            if error.isBrokenPipe && options.outputPath == nil { return }
            throw .output(.cannotWrite(options.outputPath ?? "standard output", error))
        } catch let error as OutputError {
            throw .output(error)
        } catch {
            throw .output(.cannotWrite(options.outputPath ?? "standard output", SystemError(call: "write", errno: 5)))
        }
    }

    private func writeHeaders(_ batch: RecordBatch) throws {
        guard dialect.hasHeader, let outputBuffer else { return }
        var names = batch.strings(of: 0)
        for (k, spec) in options.columns.enumerated() {
            if let newName = spec.newName { names[conversions[k].field] = newName }
        }
        try writer.writeRecord(names, to: outputBuffer)
        try rejects?.writeHeader(batch.strings(of: 0))
    }

    /// Parses, converts and writes one batch.
    private func process(_ batch: RecordBatch) throws {
        let start = (batch.firstRecordIndex == 0 && dialect.hasHeader) ? 1 : 0
        let count = batch.count
        var rowProblem = [ErrorCode?](repeating: nil, count: count)
        for r in start..<count {
            if batch.problem(of: r) != .none {
                rowProblem[r] = .malformedCSV
            } else if batch.fieldCount(of: r) != columnCount {
                rowProblem[r] = .fieldCount
            }
        }
        for k in conversions.indices {
            convertColumn(k, of: batch, from: start, skipping: rowProblem)
        }
        for r in start..<count {
            try emit(record: r, of: batch, problem: rowProblem[r])
        }
    }

    /// Parses column `k` of every row into a Double buffer and converts the buffer in one call.
    private func convertColumn(_ k: Int, of batch: RecordBatch, from start: Int, skipping rowProblem: [ErrorCode?]) {
        let count = batch.count
        let field = conversions[k].field
        let isRequired = options.isRequired
        var values = conversions[k].values
        var status = conversions[k].status
        conversions[k].values = []
        conversions[k].status = []
        if values.count < count {
            values = Array(repeating: .nan, count: count)
            status = Array(repeating: .skipped, count: count)
        }
        for r in start..<count {
            if rowProblem[r] != nil {
                values[r] = .nan
                status[r] = .skipped
                continue
            }
            switch parser.parse(batch.field(field, of: r)) {
            case .number(let x):
                values[r] = x
                status[r] = .converted
            case .empty:
                values[r] = .nan
                status[r] = isRequired ? .failed(.empty) : .null
            case .failure(let error):
                values[r] = .nan
                status[r] = .failed(ErrorCode(error))
            }
        }
        values.withUnsafeMutableBufferPointer { buffer in
            conversions[k].matrix.convert(UnsafeMutableBufferPointer(rebasing: buffer[start..<count]), source: 0)
        }
        for r in start..<count where status[r] == .converted && !values[r].isFinite {
            status[r] = .failed(.overflow)
        }
        conversions[k].values = values
        conversions[k].status = status
    }

    /// Reports the record's errors, then writes it to output or rejects.
    private func emit(record r: Int, of batch: RecordBatch, problem: ErrorCode?) throws {
        let recordNumber = batch.firstRecordIndex + r + (dialect.hasHeader ? 0 : 1)
        summary.rowsIn += 1
        var errors: [CellError] = []
        if let problem {
            errors.append(rowError(problem, record: r, of: batch, number: recordNumber))
        } else {
            for conversion in conversions {
                if case .failed(let code) = conversion.status[r] {
                    errors.append(cellError(code, conversion: conversion, record: r, of: batch, number: recordNumber))
                }
            }
        }
        if errors.isEmpty {
            try writeRow(r, of: batch)
            return
        }
        for error in errors {
            summary.errorsByCode[error.code, default: 0] += 1
            try report?.write(error)
        }
        for (k, conversion) in conversions.enumerated() {
            if case .failed = conversion.status[r] { summary.columns[k].errors += 1 }
        }
        failedRows += 1
        if options.onError == .fail, let first = errors.first {
            summary.rowsRejected += 1
            try rejects?.write(record: r, of: batch)
            throw JobError.stoppedAtError(first)
        }
        if options.onError == .keep && problem == nil {
            try writeRow(r, of: batch)
        } else {
            summary.rowsRejected += 1
            if batch.problem(of: r) != .fieldTooLarge { try rejects?.write(record: r, of: batch) }
        }
        if let limit = options.maxErrors, failedRows > limit {
            throw JobError.tooManyErrors(limit: limit)
        }
    }

    /// Writes a row to the output: converted cells as numbers, failed cells empty, the rest verbatim.
    private func writeRow(_ r: Int, of batch: RecordBatch) throws {
        guard let out = outputBuffer else { return }
        summary.rowsOut += 1
        let delimiter = dialect.delimiter
        let decimals = options.decimals
        for f in 0..<columnCount {
            if f > 0 { try out.append(delimiter) }
            let k = conversionOfField[f]
            if k < 0 {
                try writer.writeField(batch.field(f, of: r), to: out)
                continue
            }
            switch conversions[k].status[r] {
            case .converted:
                let value = conversions[k].values[r]
                summary.columns[k].converted += 1
                summary.columns[k].min = min(summary.columns[k].min ?? value, value)
                summary.columns[k].max = max(summary.columns[k].max ?? value, value)
                if let decimals {
                    try out.write(maxCount: NumberWriter.maxFixedLength(decimals: decimals)) {
                        NumberWriter.writeFixed(value, decimals: decimals, into: $0)
                    }
                } else {
                    try out.write(maxCount: NumberWriter.maxShortestLength) {
                        NumberWriter.writeShortest(value, into: $0)
                    }
                }
            case .null:
                summary.columns[k].empty += 1
            case .failed, .skipped:
                break
            }
        }
        try out.append(UInt8(ascii: "\n"))
    }

    private func cellError(
        _ code: ErrorCode, conversion: ColumnConversion, record r: Int, of batch: RecordBatch, number: Int
    ) -> CellError {
        let raw = String(decoding: batch.field(conversion.field, of: r), as: UTF8.self)
        let k = conversionOfField[conversion.field]
        let spec = options.columns[k]
        let message: String
        switch code {
        case .invalidNumber:
            message = "'\(raw)' is not a number in locale \(options.locale) (digits, one '.', an optional sign and exponent); fix the cell or choose the file's locale with --locale"
        case .multipleDecimal:
            message = "'\(raw)' has more than one decimal separator"
        case .grouping:
            message = "'\(raw)' groups digits where locale \(options.locale) does not"
        case .overflow:
            if case .number = parser.parse(batch.field(conversion.field, of: r)) {
                message = "'\(raw)' \(spec.from) is beyond the largest double (about 1.8e308) in \(spec.to)"
            } else {
                message = "'\(raw)' is beyond the largest double (about 1.8e308)"
            }
        case .empty:
            message = "empty cell in column '\(conversion.name)', which --required says must have a value"
        default:
            message = "cell '\(raw)' failed: \(code.rawValue)"
        }
        return CellError(
            record: number, line: batch.line(of: r), column: conversion.name, value: raw, code: code, message: message)
    }

    private func rowError(_ code: ErrorCode, record r: Int, of batch: RecordBatch, number: Int) -> CellError {
        let fields = batch.strings(of: r)
        var value = fields.joined(separator: String(UnicodeScalar(dialect.delimiter)))
        if value.utf8.count > 256 { value = String(decoding: value.utf8.prefix(256), as: UTF8.self) + "…" }
        let message: String
        switch batch.problem(of: r) {
        case .unterminatedQuote:
            message = "quoted field starting on line \(batch.line(of: r)) is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)"
        case .fieldTooLarge:
            message = "a field is longer than --max-field-size (\(options.maxFieldSize) bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"
        case .none:
            let found = batch.fieldCount(of: r)
            message = "record has \(found) field\(found == 1 ? "" : "s"), but the \(dialect.hasHeader ? "header" : "first record") has \(columnCount)"
        }
        return CellError(record: number, line: batch.line(of: r), column: "", value: value, code: code, message: message)
    }

    // MARK: Finishing

    /// Flushes and closes every output; the main output is renamed into place only when `failed` is false.
    func finish(failed: Bool) {
        do {
            try outputBuffer?.flush()
        } catch {
            if !(error.isBrokenPipe && options.outputPath == nil) {
                closeFailure = .output(.cannotWrite(options.outputPath ?? "standard output", error))
            }
        }
        if failed || closeFailure != nil {
            output?.abandon()
        } else {
            do { try output?.commit() } catch { closeFailure = .output(error) }
        }
        do {
            try report?.close()
            try rejects?.close()
        } catch {
            if closeFailure == nil { closeFailure = .output(error) }
        }
    }
}
