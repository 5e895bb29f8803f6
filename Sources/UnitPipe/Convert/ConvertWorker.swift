// The worker half of `convert`: per batch, the column stages one column at a
// time — parse every cell, resolve per-row units, convert the whole column with
// the factor matrix — then one row-major pass that formats each good row into
// the output and hands failed rows to an out-of-line path that records their
// failures (as values) and their raw bytes for the rejects. Counts are derived
// afterwards, column by column, from each row's outcome, so the row loop
// touches only statuses.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Per-column counts, folded into the run summary.
struct ColumnStats: Equatable {
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

/// Row and column counts of a stretch of rows.
struct ConvertCounts: Equatable {
    var rowsIn = 0
    var rowsOut = 0
    var rowsRejected = 0
    var columns: [ColumnStats]
}

/// What became of one row.
enum RowOutcome: Equatable {
    case written
    /// Written with its failed cells empty (`--on-error keep`).
    case writtenWithErrors
    case rejected
    /// Not looked at: the failure budget was spent before it.
    case notProcessed
}

/// Parses, converts and formats the records a worker thread reads.
final class ConvertWorker: BatchWorker, @unchecked Sendable {
    // Safety: a worker is used by one thread at a time; it changes hands only through the
    // engine's locked queues and semaphores, which order every access.

    let plan: ConvertPlan
    /// Formatted output rows since the last `clearResults()`.
    let output = ByteBuffer(capacity: 1 << 20)
    /// With compressed output (`-o FILE.gz`, `-o FILE.zst`): this thread's compressor, and
    /// `output` compressed into one member by `seal()`.
    private let compressor: ChunkCompressor?
    private let compressedOutput = ByteBuffer(capacity: 0)
    /// `true` when `compressedOutput` holds all of `output`.
    private var isSealed = false
    /// The output as it is written: `output`, or with compressed output the member `seal()` made.
    var sealedOutput: ByteBuffer { compressor == nil ? output : compressedOutput }
    /// Rejected rows, verbatim, since the last `clearResults()`.
    let rejects = ByteBuffer(capacity: 1 << 12)
    /// Failures since the last `clearResults()`, positions relative to the stretch.
    private(set) var failures: [CellFailure] = []
    private(set) var counts: ConvertCounts

    /// The state right after each failed row, when the run has a failure limit.
    private struct Snapshot {
        var outputCount: Int
        var rejectsCount: Int
        var failureCount: Int
        var counts: ConvertCounts
    }
    private var snapshots: [Snapshot] = []
    private let takesSnapshots: Bool

    /// The stages of each conversion, and the column each stage leaves.
    private let parsers: [ColumnParser]
    /// The unit stages of the conversions with per-row or in-cell units, by conversion (only
    /// those: a resolver is large, and most columns of a wide file have a fixed unit).
    private var units: [Int: ColumnUnits]
    private var converters: [ColumnConverter]
    private let scanned: [ScannedColumn]
    private let columns: [ConvertedColumn]
    /// The converted columns' value and status buffers, by conversion, for the row loop (tables of
    /// pointers: no reference counting and no bounds check per cell).
    private let values: UnsafeMutablePointer<UnsafeMutablePointer<Double>>
    private let statuses: UnsafeMutablePointer<UnsafeMutablePointer<CellStatus>>
    private let fixedValues: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>
    /// Each conversion's fraction digits (`:N`, else `--decimals`), `nil` for shortest digits.
    private let decimalsOf: [Int?]
    private let format: NumberFormat

    private var rowCapacity = 0
    private var shapes = UnsafeMutablePointer<RowShape>.allocate(capacity: 1)
    private var outcomes = UnsafeMutablePointer<RowOutcome>.allocate(capacity: 1)
    /// Rows of the current batch already counted into `counts`.
    private var statsCursor = 0
    private let writer: CSVWriter
    /// Rejected rows are written in the input's dialect.
    private let rejectsWriter: CSVWriter
    /// `false` with another output delimiter: a plain row's bytes cannot be copied as they are.
    private let copiesPlainRows: Bool
    private let roles: UnsafeMutablePointer<ConvertPlan.FieldRole>
    /// The fields written differently from the input (converted cells, unit columns), in order.
    private let rewrittenFields: [Int]
    /// `rewrittenFields` as bits (field f as bit f), `nil` for a record of more than 64 fields.
    private let rewrittenMask: UInt64?
    /// The target unit's symbol per conversion, written into unit columns.
    private let targetSymbols: [[UInt8]]
    /// `--quote-style all`: the quote written around converted cells.
    private let numberQuote: UInt8?
    /// `true` with `--output-locale`: the format writes a number as a field, quoted by the writer's style.
    private let formatQuotesNumbers: Bool
    /// `--select`/`--exclude`: the input fields written, in order; `nil` writes every field in order.
    private let outputFields: [Int]?

    init(plan: ConvertPlan) {
        self.plan = plan
        compressor = OutputCompression(path: plan.options.outputPath).makeCompressor()
        counts = ConvertCounts(columns: Array(repeating: ColumnStats(), count: plan.conversions.count))
        takesSnapshots = plan.failureLimit != nil
        parsers = plan.parsers.count == plan.conversions.count ? plan.parsers : plan.conversions.indices.map(plan.columnParser)
        var units: [Int: ColumnUnits] = [:]
        for k in plan.conversions.indices { units[k] = plan.columnUnits(k) }
        self.units = units
        converters = plan.converters.count == plan.conversions.count ? plan.converters : plan.conversions.indices.map(plan.columnConverter)
        scanned = parsers.map { ScannedColumn(hasUnitsInCells: $0.hasUnitsInCells) }
        columns = plan.conversions.indices.map { ConvertedColumn(hasFixedOutput: plan.decimals($0) != nil) }
        decimalsOf = plan.conversions.indices.map(plan.decimals)
        writer = plan.writer
        rejectsWriter = plan.rejectsWriter
        outputFields = plan.outputColumns.fields
        copiesPlainRows = plan.writer.delimiter == plan.dialect.delimiter && !plan.options.escapesFormulas && outputFields == nil
            && plan.writer.quoteStyle == .minimal
        numberQuote = plan.writer.numberQuote
        formatQuotesNumbers = plan.outputConventions != nil
        format = NumberFormat(conventions: plan.outputConventions, isPlain: plan.options.notation == .plain, writer: plan.writer)
        roles = .allocate(capacity: max(1, plan.columnCount))
        roles.initialize(from: plan.roles, count: plan.columnCount)
        rewrittenFields = plan.roles.indices.filter { plan.roles[$0] != .passThrough }
        rewrittenMask = plan.columnCount <= 64 ? rewrittenFields.reduce(0) { $0 | 1 << UInt64($1) } : nil
        targetSymbols = plan.conversions.map { Array($0.target.symbol.utf8) }
        let conversionCount = max(1, plan.conversions.count)
        values = .allocate(capacity: conversionCount)
        statuses = .allocate(capacity: conversionCount)
        fixedValues = .allocate(capacity: conversionCount)
        pointColumnTables()
    }

    /// Fills the pointer tables from the columns' buffers (again after they grow).
    private func pointColumnTables() {
        for (k, column) in columns.enumerated() {
            (values + k).initialize(to: column.values)
            (statuses + k).initialize(to: column.statuses)
            (fixedValues + k).initialize(to: column.fixedValues)
        }
    }

    deinit {
        shapes.deallocate()
        outcomes.deallocate()
        roles.deinitialize(count: plan.columnCount)
        roles.deallocate()
        values.deallocate()
        statuses.deallocate()
        fixedValues.deallocate()
    }

    // MARK: The job protocol

    func clearResults() {
        output.removeAll()
        compressedOutput.removeAll()
        isSealed = false
        rejects.removeAll()
        failures.removeAll(keepingCapacity: true)
        snapshots.removeAll(keepingCapacity: true)
        counts = ConvertCounts(columns: Array(repeating: ColumnStats(), count: plan.conversions.count))
    }

    func releaseLargeBuffers() {
        output.releaseMemory(above: 4 << 20, keeping: 1 << 20)
        rejects.releaseMemory(above: 4 << 20, keeping: 1 << 12)
        // A chunk of failing one-line rows leaves room for ~100,000 failures (~10 MiB) behind.
        if failures.isEmpty && failures.capacity > 1 << 12 { failures = [] }
        if snapshots.isEmpty && snapshots.capacity > 1 << 12 { snapshots = [] }
    }

    func keepResults(throughFailedRow n: Int) {
        let snapshot = snapshots[n - 1]
        output.truncate(to: snapshot.outputCount)
        isSealed = false
        rejects.truncate(to: snapshot.rejectsCount)
        failures.removeLast(failures.count - snapshot.failureCount)
        counts = snapshot.counts
    }

    /// Compresses the output since the last commit as one independent member (frame), on the
    /// worker thread that made it, so compression runs in parallel and the members are the same
    /// for every thread count; again only when the output changed since.
    func seal() {
        guard let compressor, !isSealed else { return }
        compressedOutput.removeAll()
        compressor.compress(output.bytes, appendingTo: compressedOutput)
        isSealed = true
    }

    func process(_ batch: RecordBatch, budget: inout FailureBudget) {
        isSealed = false
        let count = batch.count
        reserve(count)
        assert(columns.allSatisfy { $0.capacity >= count } && scanned.allSatisfy { $0.capacity >= count },
               "a column's buffers hold fewer rows than the batch")
        let columnCount = plan.columnCount
        for r in 0..<count {
            if batch.problem(of: r) != .none {
                shapes[r] = .malformed
            } else if batch.fieldCount(of: r) != columnCount {
                shapes[r] = .fieldCount
            } else {
                shapes[r] = .ok
            }
        }
        for k in columns.indices {
            parsers[k].parse(batch, shapes: shapes, into: scanned[k])
            let hasSource = units[k]?.resolve(batch, into: scanned[k]) ?? false
            converters[k].convert(
                scanned[k], count: count, into: columns[k], perRowMatrix: units[k]?.resolver.matrix, hasSource: hasSource)
        }
        statsCursor = 0
        let conversionCount = columns.count
        output.withCursor { cursor in
            for r in 0..<count {
                if budget.isExhausted {
                    (outcomes + r).update(repeating: .notProcessed, count: count - r)
                    break
                }
                var failed = shapes[r] != .ok
                var k = 0
                while !failed && k < conversionCount {
                    if case .failed = statuses[k][r] { failed = true }
                    k += 1
                }
                if failed {
                    handleFailure(record: r, of: batch, cursor: &cursor, budget: &budget)
                } else {
                    writeRow(r, of: batch, to: &cursor)
                    outcomes[r] = .written
                }
            }
        }
        advanceStats(to: count)
    }

    private func reserve(_ count: Int) {
        guard count > rowCapacity else { return }
        // Doubled from what a batch needs (a file of thousands of columns has few rows a batch);
        // every column's buffers then hold at least the worker's rows.
        rowCapacity = max(count, 2 * rowCapacity)
        for column in scanned { column.reserve(rowCapacity) }
        for column in columns { column.reserve(rowCapacity) }
        pointColumnTables()
        shapes.deallocate()
        outcomes.deallocate()
        shapes = .allocate(capacity: rowCapacity)
        outcomes = .allocate(capacity: rowCapacity)
    }

    // MARK: Formatting

    /// Formats a row: converted cells as numbers, failed cells empty, unit columns as the
    /// target unit, the rest verbatim.
    @inline(__always)
    private func writeRow(_ r: Int, of batch: RecordBatch, to cursor: inout ByteCursor) {
        let delimiter = writer.delimiter
        let rowStart = cursor.count
        let firstField = batch.firstField(of: r)
        if copiesPlainRows && batch.isPlain(r) {
            // The fields as stored, delimiters included, are the output: copy each run of
            // unchanged fields with its delimiters, and write the rewritten ones in between.
            let last = plan.columnCount - 1
            var f = 0
            rewrittenFields.withUnsafeBufferPointer { rewritten in
                for g in rewritten {
                    var keepsOriginal = false
                    if case .convertedKeepingOriginal = roles[g] { keepsOriginal = true }
                    if g > f || keepsOriginal {
                        // The unchanged fields before g with their delimiters (and g itself when it is kept).
                        let from = batch.start(ofField: firstField + f)
                        let end = keepsOriginal ? batch.fieldEnds[firstField + g] : batch.start(ofField: firstField + g)
                        cursor.append(UnsafeRawBufferPointer(start: batch.bytes + from, count: end - from))
                        if keepsOriginal { cursor.append(delimiter) }
                    }
                    writeRewrittenField(g, record: r, to: &cursor)
                    if g < last { cursor.append(delimiter) }
                    f = g + 1
                }
            }
            if f <= last {
                let from = batch.start(ofField: firstField + f)
                cursor.append(UnsafeRawBufferPointer(start: batch.bytes + from, count: batch.fieldEnds[firstField + last] - from))
            }
        } else if copiesPlainRows, let rewrittenMask, case let quoted = batch.quotedFields(of: r), quoted != ~0 {
            // A record with quoted fields the reader marked: the writer writes those and the
            // rewritten ones, and each run of fields between them is copied as stored.
            let last = plan.columnCount - 1
            var written = quoted | rewrittenMask
            var f = 0
            while written != 0 {
                let g = written.trailingZeroBitCount
                written &= written &- 1
                let start = batch.start(ofField: firstField + g)
                if g > f {
                    let from = batch.start(ofField: firstField + f)
                    cursor.append(UnsafeRawBufferPointer(start: batch.bytes + from, count: start - from))
                }
                writeField(g, from: start, to: batch.fieldEnds[firstField + g], of: batch, record: r, to: &cursor)
                if g < last { cursor.append(delimiter) }
                f = g + 1
            }
            if f <= last {
                let from = batch.start(ofField: firstField + f)
                cursor.append(UnsafeRawBufferPointer(start: batch.bytes + from, count: batch.fieldEnds[firstField + last] - from))
            }
        } else if let outputFields {
            // --select/--exclude: the chosen fields, in the chosen order.
            var isFirst = true
            for f in outputFields {
                if !isFirst { cursor.append(delimiter) }
                isFirst = false
                writeField(f, from: batch.start(ofField: firstField + f), to: batch.fieldEnds[firstField + f], of: batch, record: r, to: &cursor)
            }
        } else {
            // Walk the record's fields in order: each one starts after the previous one's delimiter.
            var start = batch.start(ofField: firstField)
            for f in 0..<plan.columnCount {
                if f > 0 { cursor.append(delimiter) }
                let end = batch.fieldEnds[firstField + f]
                writeField(f, from: start, to: end, of: batch, record: r, to: &cursor)
                start = end + 1
            }
        }
        if cursor.count == rowStart { writer.writeEmptyRecordMark(to: &cursor) }
        writer.appendLineEnd(to: &cursor)
    }

    /// Writes field `f` of row `r`, stored at `start..<end` of the batch's bytes, by its role.
    @inline(__always)
    private func writeField(_ f: Int, from start: Int, to end: Int, of batch: RecordBatch, record r: Int, to cursor: inout ByteCursor) {
        switch roles[f] {
        case .passThrough:
            writer.writeField(UnsafeRawBufferPointer(start: batch.bytes + start, count: end - start), to: &cursor)
        case .convertedKeepingOriginal:
            writer.writeField(UnsafeRawBufferPointer(start: batch.bytes + start, count: end - start), to: &cursor)
            cursor.append(writer.delimiter)
            writeRewrittenField(f, record: r, to: &cursor)
        case .converted, .unitColumn:
            writeRewrittenField(f, record: r, to: &cursor)
        }
    }

    /// Writes field `f` of row `r`, one that is not copied: the converted number (nothing for a
    /// failed or empty cell) or, in a unit column, the target unit's symbol.
    @inline(__always)
    private func writeRewrittenField(_ f: Int, record r: Int, to cursor: inout ByteCursor) {
        switch roles[f] {
        case .converted(let k), .convertedKeepingOriginal(let k):
            if let quote = numberQuote, !(formatQuotesNumbers && statuses[k][r] == .number) {
                cursor.append(quote)
                defer { cursor.append(quote) }
                writeConverted(k, record: r, to: &cursor)
            } else {
                writeConverted(k, record: r, to: &cursor)
            }
        case .unitColumn(let k):
            targetSymbols[k].withUnsafeBytes { writer.writeField($0, to: &cursor) }
        case .passThrough:
            break
        }
    }

    /// Writes conversion `k`'s number of row `r` (nothing for a failed or empty cell).
    @inline(__always)
    private func writeConverted(_ k: Int, record r: Int, to cursor: inout ByteCursor) {
        switch statuses[k][r] {
        case .number:
            if let fixed = fixedValues[k] {
                format.writeFixed(fixed[r], decimals: decimalsOf[k] ?? 0, text: self.columns[k].bigFixed[r], to: &cursor)
            } else {
                format.writeShortest(values[k][r], to: &cursor)
            }
        case .empty, .skipped, .failed:
            break
        }
    }

    // MARK: Failures

    /// Records a failed row's failures, then writes it to the rejects (or, with `keep`, to the output).
    @inline(never)
    private func handleFailure(
        record r: Int, of batch: RecordBatch, cursor: inout ByteCursor, budget: inout FailureBudget
    ) {
        let record = batch.firstRecordIndex + r
        let line = batch.line(of: r)
        let byte = batch.byteOffset(of: r)
        switch shapes[r] {
        case .malformed:
            failures.append(CellFailure(
                .malformed(batch.problem(of: r), fields: batch.fieldCount(of: r)), record: record, line: line, byte: byte, column: nil,
                raw: batch.joinedFields(r, delimiter: plan.dialect.delimiter)))
        case .fieldCount:
            failures.append(CellFailure(.fieldCount(found: batch.fieldCount(of: r)), record: record, line: line, byte: byte, column: nil, raw: batch.joinedFields(r, delimiter: plan.dialect.delimiter)))
        case .ok:
            for k in columns.indices {
                guard case .failed(let fault) = statuses[k][r] else { continue }
                failures.append(cellFailure(fault, column: k, row: r, of: batch, record: record, line: line, byte: byte))
            }
        }
        if plan.options.onError == .keep && shapes[r] == .ok {
            writeRow(r, of: batch, to: &cursor)
            outcomes[r] = .writtenWithErrors
        } else {
            outcomes[r] = .rejected
            if !batch.problem(of: r).isTruncated {
                rejects.withCursor { rejectsWriter.writeVerbatim(r, of: batch, to: &$0) }
            }
        }
        _ = budget.spend()
        if takesSnapshots {
            advanceStats(to: r + 1)
            snapshots.append(Snapshot(
                outputCount: cursor.count, rejectsCount: rejects.count, failureCount: failures.count, counts: counts))
        }
    }

    /// The failure of conversion `k`'s cell in row `r`.
    private func cellFailure(
        _ fault: CellStatus.Fault, column k: Int, row r: Int, of batch: RecordBatch, record: Int, line: Int, byte: Int
    ) -> CellFailure {
        let detail: CellFailure.Detail
        switch fault {
        case .number(let error): detail = .number(error)
        case .required: detail = .required
        case .invalidUTF8: detail = .invalidUTF8
        case .overflow: detail = .overflow
        case .zeroReciprocal: detail = .zeroReciprocal
        case .ambiguousUnit: detail = .ambiguousUnit
        case .unit: detail = units[k]?.failure(record: r, of: batch) ?? .missingUnit
        case .constraint, .emptyNotMissing, .unknownMark, .field, .specialNotNumber:
            // The outcomes of validate's checks, which convert does not run.
            detail = .number(.invalidNumber)
        }
        return CellFailure(
            detail, record: record, line: line, byte: byte, column: k, raw: CellFailure.kept(batch.field(plan.conversions[k].field, of: r)))
    }

    // MARK: Counts

    /// Counts rows `statsCursor..<end` of the current batch into the row and column counts.
    private func advanceStats(to end: Int) {
        guard end > statsCursor else { return }
        var rowsOut = 0, rowsRejected = 0
        for r in statsCursor..<end {
            switch outcomes[r] {
            case .written, .writtenWithErrors: rowsOut += 1
            case .rejected: rowsRejected += 1
            case .notProcessed: break
            }
        }
        counts.rowsIn += rowsOut + rowsRejected
        counts.rowsOut += rowsOut
        counts.rowsRejected += rowsRejected
        for k in columns.indices {
            let values = self.values[k]
            let statuses = self.statuses[k]
            var stats = counts.columns[k]
            for r in statsCursor..<end where outcomes[r] != .notProcessed {
                let status = statuses[r]
                if case .failed = status { stats.errors += 1 }
                guard outcomes[r] != .rejected else { continue }
                switch status {
                case .number:
                    stats.converted += 1
                    stats.min = Swift.min(stats.min, values[r])
                    stats.max = Swift.max(stats.max, values[r])
                case .empty:
                    stats.empty += 1
                case .skipped, .failed:
                    break
                }
            }
            counts.columns[k] = stats
        }
        statsCursor = end
    }
}
