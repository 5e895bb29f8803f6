// Turns a run of input bytes into formatted output: records from libcsv,
// then per batch one column at a time — parse every cell into a contiguous
// Double buffer (NaN for nulls and failures), convert the whole buffer with the
// factor matrix, flag overflows — then one row-major pass that reports errors
// in record order and formats each row into the output or the rejects buffer.
//
// A processor works on one chunk at a time (a worker's unit of work) and keeps
// its libcsv state between `feed` calls, so a chunk that ends inside a record
// can be continued with the next chunk's bytes by the ordered writer.

/// Per-column counts, folded into the run summary.
struct ColumnStats {
    var converted = 0
    var empty = 0
    var errors = 0
    var min = Double.infinity
    var max = -Double.infinity

    mutating func add(_ other: ColumnStats) {
        converted += other.converted
        empty += other.empty
        errors += other.errors
        min = Swift.min(min, other.min)
        max = Swift.max(max, other.max)
    }
}

/// The state right after a failed row, so the writer can stop exactly there.
struct FailureSnapshot {
    var outputCount: Int
    var rejectsCount: Int
    var errorCount: Int
    var rowsIn: Int
    var rowsOut: Int
    var rowsRejected: Int
    var columns: [ColumnStats]
}

/// Parses, converts and formats the records of a stretch of input.
final class ChunkProcessor: @unchecked Sendable {
    // Safety: a processor is used by one thread at a time; it changes hands only through the
    // pipeline's locked queues and semaphores, which order every access.

    let plan: JobPlan
    private let parser: RecordParser
    /// Formatted output rows since the last `clearResults()`.
    let output = ByteBuffer(capacity: 1 << 21)
    /// Rejected rows, verbatim, since the last `clearResults()`.
    let rejects = ByteBuffer(capacity: 1 << 12)
    /// Failures with record numbers and lines relative to the processor's start (0-based record index, 1-based line).
    private(set) var errors: [CellError] = []
    private(set) var snapshots: [FailureSnapshot] = []
    private(set) var rowsIn = 0
    private(set) var rowsOut = 0
    private(set) var rowsRejected = 0
    private(set) var failedRows = 0
    private(set) var columns: [ColumnStats]
    /// `true` once the failure budget is spent: later records are not processed.
    private(set) var isStopped = false
    /// Records consumed since `begin()`.
    private(set) var recordsSinceBegin = 0
    /// The index of the chunk this processor began on.
    private(set) var chunkIndex = 0

    private var values: [[Double]]
    private var status: [[CellStatus]]
    private var rowProblem: [ErrorCode?] = []
    private let writer: CSVWriter

    /// What became of one cell of a converted column.
    enum CellStatus: Equatable {
        case converted
        case null
        case skipped
        case failed(ErrorCode)
    }

    init(plan: JobPlan) {
        self.plan = plan
        parser = RecordParser(dialect: plan.dialect, maxFieldSize: plan.options.maxFieldSize)
        columns = Array(repeating: ColumnStats(), count: plan.conversions.count)
        values = Array(repeating: [], count: plan.conversions.count)
        status = Array(repeating: [], count: plan.conversions.count)
        writer = plan.writer
    }

    /// Starts a new stretch of input at a line start: fresh libcsv state, line 1, record 0.
    func begin(chunkIndex: Int) {
        parser.reset()
        self.chunkIndex = chunkIndex
        recordsSinceBegin = 0
        isStopped = false
        clearResults()
    }

    /// Forgets the results handed to the writer; the libcsv state and pending records stay.
    func clearResults() {
        output.removeAll()
        rejects.removeAll()
        errors.removeAll(keepingCapacity: true)
        snapshots.removeAll(keepingCapacity: true)
        rowsIn = 0
        rowsOut = 0
        rowsRejected = 0
        failedRows = 0
        for k in columns.indices { columns[k] = ColumnStats() }
    }

    /// LF bytes fed since `begin()`: the lines this processor covers.
    var linesFed: Int { parser.line - 1 }

    /// `true` when the bytes fed so far end inside a record.
    var endsInRecord: Bool { parser.isInRecord }

    /// Parses `bytes`, processing every full batch of records.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            offset += parser.feedLine(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if parser.isBatchFull { processPendingBatch() }
        }
    }

    /// Ends a stretch: at the end of input flushes the last record; otherwise processes the
    /// complete records unless the bytes end inside a record (then they wait for more bytes).
    func end(isEndOfInput: Bool) {
        if isEndOfInput { parser.finish() }
        if isEndOfInput || !parser.isInRecord { processPendingBatch() }
    }

    private func processPendingBatch() {
        let batch = parser.batch()
        if batch.count > 0 && !isStopped { process(batch) }
        recordsSinceBegin += batch.count
        parser.clearBatch()
    }

    // MARK: One batch

    private func process(_ batch: RecordBatch) {
        let count = batch.count
        if rowProblem.count < count { rowProblem = Array(repeating: nil, count: count) }
        for r in 0..<count {
            if batch.problem(of: r) != .none {
                rowProblem[r] = .malformedCSV
            } else if batch.fieldCount(of: r) != plan.columnCount {
                rowProblem[r] = .fieldCount
            } else {
                rowProblem[r] = nil
            }
        }
        for k in plan.conversions.indices { convertColumn(k, of: batch) }
        for r in 0..<count {
            emit(record: r, of: batch)
            if isStopped { return }
        }
    }

    /// Parses column `k` of every row into a Double buffer and converts the buffer in one call.
    private func convertColumn(_ k: Int, of batch: RecordBatch) {
        let count = batch.count
        let field = plan.conversions[k].field
        let isRequired = plan.options.isRequired
        let numberParser = plan.parser
        if values[k].count < count {
            values[k] = Array(repeating: .nan, count: count)
            status[k] = Array(repeating: .skipped, count: count)
        }
        values[k].withUnsafeMutableBufferPointer { values in
            status[k].withUnsafeMutableBufferPointer { status in
                for r in 0..<count {
                    if rowProblem[r] != nil {
                        values[r] = .nan
                        status[r] = .skipped
                        continue
                    }
                    switch numberParser.parse(batch.field(field, of: r)) {
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
                plan.conversions[k].matrix.convert(UnsafeMutableBufferPointer(rebasing: values[0..<count]), source: 0)
                for r in 0..<count where status[r] == .converted && !values[r].isFinite {
                    status[r] = .failed(.overflow)
                }
            }
        }
    }

    /// Reports the record's errors, then formats it into the output or the rejects.
    private func emit(record r: Int, of batch: RecordBatch) {
        rowsIn += 1
        let recordIndex = batch.firstRecordIndex + r
        let errorCountBefore = errors.count
        if let problem = rowProblem[r] {
            errors.append(rowError(problem, record: r, of: batch, index: recordIndex))
        } else {
            for k in plan.conversions.indices {
                if case .failed(let code) = status[k][r] {
                    errors.append(cellError(code, column: k, record: r, of: batch, index: recordIndex))
                    columns[k].errors += 1
                }
            }
        }
        if errors.count == errorCountBefore {
            writeRow(r, of: batch)
            return
        }
        failedRows += 1
        if plan.options.onError == .keep && rowProblem[r] == nil {
            writeRow(r, of: batch)
        } else {
            rowsRejected += 1
            if batch.problem(of: r) != .fieldTooLarge { writer.writeRecord(r, of: batch, to: rejects) }
        }
        if let budget = plan.failureBudget {
            snapshots.append(FailureSnapshot(
                outputCount: output.count, rejectsCount: rejects.count, errorCount: errors.count,
                rowsIn: rowsIn, rowsOut: rowsOut, rowsRejected: rowsRejected, columns: columns))
            if snapshots.count >= budget { isStopped = true }
        }
    }

    /// Formats a row: converted cells as numbers, failed cells empty, the rest verbatim.
    @inline(__always)
    private func writeRow(_ r: Int, of batch: RecordBatch) {
        rowsOut += 1
        let delimiter = plan.dialect.delimiter
        let decimals = plan.options.decimals
        let conversionOfField = plan.conversionOfField
        for f in 0..<plan.columnCount {
            if f > 0 { output.append(delimiter) }
            let k = conversionOfField[f]
            if k < 0 {
                writer.writeField(batch.field(f, of: r), to: output)
                continue
            }
            switch status[k][r] {
            case .converted:
                let value = values[k][r]
                columns[k].converted += 1
                if value < columns[k].min { columns[k].min = value }
                if value > columns[k].max { columns[k].max = value }
                if let decimals {
                    output.write(maxCount: NumberWriter.maxFixedLength(decimals: decimals)) {
                        NumberWriter.writeFixed(value, decimals: decimals, into: $0)
                    }
                } else {
                    output.write(maxCount: NumberWriter.maxShortestLength) {
                        NumberWriter.writeShortest(value, into: $0)
                    }
                }
            case .null:
                columns[k].empty += 1
            case .failed, .skipped:
                break
            }
        }
        output.append(UInt8(ascii: "\n"))
    }

    // MARK: Messages

    private func cellError(_ code: ErrorCode, column k: Int, record r: Int, of batch: RecordBatch, index: Int) -> CellError {
        let conversion = plan.conversions[k]
        let bytes = batch.field(conversion.field, of: r)
        let raw = String(decoding: bytes, as: UTF8.self)
        let locale = plan.options.locale
        let spec = conversion.spec
        let message: String
        switch code {
        case .invalidNumber:
            message = "'\(raw)' is not a number in locale \(locale) (digits, one '.', an optional sign and exponent); fix the cell or choose the file's locale with --locale"
        case .multipleDecimal:
            message = "'\(raw)' has more than one decimal separator"
        case .grouping:
            message = "'\(raw)' groups digits where locale \(locale) does not"
        case .overflow:
            if case .number = plan.parser.parse(bytes) {
                message = "'\(raw)' \(spec.from) is beyond the largest double (about 1.8e308) in \(spec.to)"
            } else {
                message = "'\(raw)' is beyond the largest double (about 1.8e308)"
            }
        case .empty:
            message = "empty cell in column '\(conversion.name)', which --required says must have a value"
        default:
            message = "cell '\(raw)' failed: \(code.rawValue)"
        }
        return CellError(record: index, line: batch.line(of: r), column: conversion.name, value: raw, code: code, message: message)
    }

    private func rowError(_ code: ErrorCode, record r: Int, of batch: RecordBatch, index: Int) -> CellError {
        var value = batch.strings(of: r).joined(separator: String(UnicodeScalar(plan.dialect.delimiter)))
        if value.utf8.count > 256 { value = String(decoding: value.utf8.prefix(256), as: UTF8.self) + "…" }
        let message: String
        switch batch.problem(of: r) {
        case .unterminatedQuote:
            message = "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)"
        case .fieldTooLarge:
            message = "a field is longer than --max-field-size (\(plan.options.maxFieldSize) bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"
        case .none:
            let found = batch.fieldCount(of: r)
            message = "record has \(found) field\(found == 1 ? "" : "s"), but the \(plan.dialect.hasHeader ? "header" : "first record") has \(plan.columnCount)"
        }
        return CellError(record: index, line: batch.line(of: r), column: "", value: value, code: code, message: message)
    }
}
