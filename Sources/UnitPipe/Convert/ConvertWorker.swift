// The worker half of `convert`: per batch, the column stages one column at a
// time — parse every cell, resolve per-row units, convert the whole column with
// the factor matrix — then one row-major pass that formats each good row into
// the output and hands failed rows to an out-of-line path that records their
// failures (as values) and their raw bytes for the rejects. The row pass counts
// each row and its converted cells as it writes them (into a table kept apart
// from `counts`, folded in after the batch and before each snapshot). A plain row
// (nothing quoted in, nothing to quote out) is written by the worker's plan: the
// stretch from the end of one converted field to the start of the next, delimiters
// included, is copied from the stored record as one run, in 16-byte blocks.

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

    /// Counts a converted number.
    @inline(__always)
    mutating func countNumber(_ value: Double) {
        converted &+= 1
        min = Swift.min(min, value)
        max = Swift.max(max, value)
    }

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

/// One converted field of a plain row's plan, in field order.
struct PlainRowStep {
    /// The field (0-based).
    let field: Int
    /// The last field copied before the number: the field before this one, or this one when the
    /// original cell is kept (`=+NEWNAME`; its delimiter is copied too); -1 for none.
    let copiedThrough: Int
    /// Its conversion.
    let conversion: Int
    /// `true` when the number is written as shortest digits as they come (no `--decimals`, no
    /// output locale, no plain notation); otherwise the worker's format writes it.
    let writesShortest: Bool
    /// The conversion's column (set again when its buffers grow) and its counts.
    var statuses: UnsafeMutablePointer<CellStatus>
    var values: UnsafeMutablePointer<Double>
    let stats: UnsafeMutablePointer<ColumnStats>

    /// The steps of a record with these roles, in field order, each made by `make(field,
    /// copiedThrough, conversion)`; `nil` when a field is written otherwise than copied or
    /// converted (a unit column).
    static func steps(roles: [ConvertPlan.FieldRole], make: (Int, Int, Int) -> PlainRowStep) -> [PlainRowStep]? {
        var steps: [PlainRowStep] = []
        for (field, role) in roles.enumerated() {
            switch role {
            case .passThrough: continue
            case .converted(let k): steps.append(make(field, field - 1, k))
            case .convertedKeepingOriginal(let k): steps.append(make(field, field, k))
            case .unitColumn: return nil
            }
        }
        return steps
    }
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
    /// Per row, 1 when its shape or a cell failed.
    private var rowFails = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// Each conversion's counts since they were last folded into `counts`.
    private let cellStats: UnsafeMutablePointer<ColumnStats>
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
    /// `true` when plain rows are written by `plainRowSteps` (``ConvertOptions/writesPlainRowsByPlan``,
    /// with every field copied or converted).
    private let writesPlainRowsByPlan: Bool
    private let plainRowSteps: UnsafeMutablePointer<PlainRowStep>
    private let plainRowStepCount: Int

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
        cellStats = .allocate(capacity: conversionCount)
        cellStats.initialize(repeating: ColumnStats(), count: conversionCount)
        let writesShortest = plan.outputConventions == nil && plan.options.notation != .plain
        let steps = !copiesPlainRows || !plan.options.writesPlainRowsByPlan ? nil : PlainRowStep.steps(roles: plan.roles) {
            [columns, decimalsOf, cellStats] field, copiedThrough, k in
            PlainRowStep(
                field: field, copiedThrough: copiedThrough, conversion: k, writesShortest: writesShortest && decimalsOf[k] == nil,
                statuses: columns[k].statuses, values: columns[k].values, stats: cellStats + k)
        }
        writesPlainRowsByPlan = steps != nil
        plainRowStepCount = steps?.count ?? 0
        plainRowSteps = .allocate(capacity: max(1, plainRowStepCount))
        plainRowSteps.initialize(from: steps ?? [], count: plainRowStepCount)
        pointColumnTables()
    }

    /// Fills the pointer tables from the columns' buffers (again after they grow).
    private func pointColumnTables() {
        for (k, column) in columns.enumerated() {
            (values + k).initialize(to: column.values)
            (statuses + k).initialize(to: column.statuses)
            (fixedValues + k).initialize(to: column.fixedValues)
        }
        for i in 0..<plainRowStepCount {
            plainRowSteps[i].statuses = columns[plainRowSteps[i].conversion].statuses
            plainRowSteps[i].values = columns[plainRowSteps[i].conversion].values
        }
    }

    deinit {
        shapes.deallocate()
        rowFails.deallocate()
        roles.deinitialize(count: plan.columnCount)
        roles.deallocate()
        values.deallocate()
        statuses.deallocate()
        fixedValues.deallocate()
        cellStats.deallocate()
        plainRowSteps.deallocate()
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
        // A row fails by its shape or by one of its cells: marked a column at a time.
        for r in 0..<count { rowFails[r] = shapes[r] == .ok ? 0 : 1 }
        for k in columns.indices {
            let statuses = self.statuses[k]
            for r in 0..<count { rowFails[r] |= statuses[r].isFailure ? 1 : 0 }
        }
        var tally = RowTally()
        output.withCursor { cursor in
            for r in 0..<count {
                // Rows after the failure budget is spent are not looked at, nor counted.
                if budget.isExhausted { break }
                if rowFails[r] != 0 {
                    handleFailure(record: r, of: batch, cursor: &cursor, budget: &budget, tally: &tally)
                } else if writesPlainRowsByPlan && batch.isPlain(r) {
                    writePlainRow(r, of: batch, to: &cursor)
                    tally.rowsOut += 1
                } else {
                    writeRow(r, of: batch, to: &cursor)
                    countCells(ofRow: r, isWritten: true)
                    tally.rowsOut += 1
                }
            }
        }
        fold(&tally)
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
        rowFails.deallocate()
        shapes = .allocate(capacity: rowCapacity)
        rowFails = .allocate(capacity: rowCapacity)
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

    /// Writes a plain row by the plan and counts its cells: each stretch of the stored record
    /// before a converted field (from the end of the previous one, delimiters included) is copied
    /// as one run, then the number is written; the stretch after the last converted field ends the row.
    @inline(__always)
    private func writePlainRow(_ r: Int, of batch: RecordBatch, to cursor: inout ByteCursor) {
        let rowStart = cursor.count
        let firstField = batch.firstField(of: r)
        let ends = batch.fieldEnds + firstField
        let bytes = batch.bytes
        var from = batch.start(ofField: firstField)
        var step = plainRowSteps
        let stepsEnd = plainRowSteps + plainRowStepCount
        while step < stepsEnd {
            let to = step.pointee.copiedThrough < 0 ? from : ends[step.pointee.copiedThrough] &+ 1
            cursor.appendRun(bytes + from, count: to &- from)
            switch step.pointee.statuses[r] {
            case .number:
                let value = step.pointee.values[r]
                if step.pointee.writesShortest {
                    cursor.write(maxCount: NumberWriter.maxShortestLength) { NumberWriter.writeShortest(value, into: $0) }
                } else {
                    writeConverted(step.pointee.conversion, record: r, to: &cursor)
                }
                step.pointee.stats.pointee.countNumber(value)
            case .empty:
                step.pointee.stats.pointee.empty &+= 1
            case .skipped, .failed:
                break
            }
            from = ends[step.pointee.field]
            step += 1
        }
        cursor.appendRun(bytes + from, count: ends[plan.columnCount &- 1] &- from)
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
        record r: Int, of batch: RecordBatch, cursor: inout ByteCursor, budget: inout FailureBudget, tally: inout RowTally
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
            countCells(ofRow: r, isWritten: true)
            tally.rowsOut += 1
        } else {
            countCells(ofRow: r, isWritten: false)
            tally.rowsRejected += 1
            if !batch.problem(of: r).isTruncated {
                rejects.withCursor { rejectsWriter.writeVerbatim(r, of: batch, to: &$0) }
            }
        }
        _ = budget.spend()
        if takesSnapshots {
            fold(&tally)
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

    /// Rows counted since the counts were last folded into `counts`.
    private struct RowTally {
        var rowsOut = 0
        var rowsRejected = 0
    }

    /// Counts row `r`'s converted cells: failed ones, and for a written row its numbers and empty cells.
    @inline(__always)
    private func countCells(ofRow r: Int, isWritten: Bool) {
        for k in columns.indices {
            switch statuses[k][r] {
            case .number: if isWritten { cellStats[k].countNumber(values[k][r]) }
            case .empty: if isWritten { cellStats[k].empty += 1 }
            case .failed: cellStats[k].errors += 1
            case .skipped: break
            }
        }
    }

    /// Adds the rows and cells counted since the last fold to `counts`, and starts again from zero.
    private func fold(_ tally: inout RowTally) {
        counts.rowsIn += tally.rowsOut + tally.rowsRejected
        counts.rowsOut += tally.rowsOut
        counts.rowsRejected += tally.rowsRejected
        tally = RowTally()
        for k in columns.indices {
            counts.columns[k].add(cellStats[k])
            cellStats[k] = ColumnStats()
        }
    }
}
