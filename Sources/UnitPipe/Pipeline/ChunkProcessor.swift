// Turns a run of input bytes into formatted output: records from libcsv,
// then per batch one column at a time — parse every cell into a contiguous
// Double buffer (NaN for nulls and failures), convert the whole buffer with the
// factor matrix, flag overflows — then one row-major pass that formats each
// good row into the output and hands failed rows to an out-of-line path that
// reports them in record order. Counts are derived afterwards, column by
// column, from a per-row outcome byte, so the row loop touches only bytes.
//
// A processor works on one chunk at a time (a worker's unit of work) and keeps
// its libcsv state between `feed` calls, so a chunk that ends inside a record
// can be continued with the next chunk's bytes by the ordered writer.

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

/// What became of one converted cell, one byte per cell: 0 converted, 1 null, 2 skipped
/// (its row failed as a whole), `failedBase + ErrorCode.index` failed.
enum CellCode {
    static let converted: UInt8 = 0
    static let null: UInt8 = 1
    static let skipped: UInt8 = 2
    static let failedBase: UInt8 = 3
}

/// What became of one row, one byte per row.
enum RowOutcome {
    static let written: UInt8 = 0
    static let writtenWithErrors: UInt8 = 1
    static let rejected: UInt8 = 2
    static let notProcessed: UInt8 = 3
}

/// Parses, converts and formats the records of a stretch of input.
final class ChunkProcessor: @unchecked Sendable {
    // Safety: a processor is used by one thread at a time; it changes hands only through the
    // pipeline's locked queues and semaphores, which order every access.

    let plan: JobPlan
    private let parser: RecordParser
    /// Formatted output rows since the last `clearResults()`.
    let output = ByteBuffer(capacity: 1 << 20)
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

    /// Per batch: values, cell codes and source-unit indices per converted column, problem and outcome per row.
    private var capacity = 0
    private var values: [UnsafeMutablePointer<Double>] = []
    private var codes: [UnsafeMutablePointer<UInt8>] = []
    private var sources: [UnsafeMutablePointer<Int32>] = []
    /// Per conversion with fixed decimals, the rounded values times 10^N (NaN where `bigFixed` holds the text).
    private var fixedValues: [UnsafeMutablePointer<Double>?] = []
    /// Per conversion, the fixed output the allocation-free paths could not decide, by row.
    private var bigFixed: [[Int: [UInt8]]]
    /// Per conversion, the factors by source and decimal exponent, for shortest output and for `--decimals`.
    private var decimalTables: [DecimalFactorTable?]
    private var fixedTables: [DecimalFactorTable?]
    /// Per batch: the rows whose decimal the kernel cannot take (more digits, far exponents), decided exactly.
    private var exactRows = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Whether numbers are written in `--output-locale` (checked once, not per cell).
    private let writesLocalized: Bool
    /// Whether shortest digits are written without exponent notation (`--notation plain`).
    private let writesPlain: Bool
    /// Whether converted numbers are written with `--decimals`.
    private let writesFixed: Bool
    /// Per conversion, its fraction digits (`:N`, else `--decimals`), `nil` for shortest digits.
    private let decimalsOf: [Int?]
    /// How many values the exact slow paths decided since the processor was made.
    private(set) var exactCount = 0
    /// This worker's unit resolvers (per-row and in-cell units), each caching the strings it has seen.
    private var resolvers: [UnitResolver?]
    /// The target unit's symbol per conversion, written into unit columns.
    private let targetSymbols: [[UInt8]]
    /// A scratch buffer for a number before `--output-locale` rewrites it.
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    private var problems = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var outcomes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// Rows of the current batch already counted into the stats.
    private var statsCursor = 0
    private let writer: CSVWriter
    /// Rejected rows are written in the input's dialect.
    private let rejectsWriter: CSVWriter
    /// `false` with another output delimiter: a plain row's bytes cannot be copied as they are.
    private let copiesPlainRows: Bool
    private let conversionOfField: UnsafeMutablePointer<Int>
    /// The fields written differently from the input (converted cells, unit columns), in order.
    private let rewrittenFields: [Int]
    /// Per field: `true` when the original is written too, before the converted cell (`=+NEWNAME`).
    private let keptFields: [Bool]

    init(plan: JobPlan) {
        self.plan = plan
        parser = RecordParser(dialect: plan.dialect, maxFieldSize: plan.options.maxFieldSize, reader: plan.options.reader)
        columns = Array(repeating: ColumnStats(), count: plan.conversions.count)
        writer = plan.writer
        rejectsWriter = plan.rejectsWriter
        copiesPlainRows = plan.writer.delimiter == plan.dialect.delimiter
        conversionOfField = .allocate(capacity: max(1, plan.columnCount))
        for f in 0..<plan.columnCount {
            // ≥ 0: converted by that conversion; -1: passes through; ≤ -2: unit column of conversion -2 - k.
            // A kept original stays in its own unit, so its unit column is not rewritten either.
            let unitOf = plan.unitColumnOfField[f]
            let rewritesUnit = unitOf >= 0 && !plan.conversions[unitOf].spec.keepsOriginal
            conversionOfField[f] = rewritesUnit ? -2 - unitOf : unitOf >= 0 ? -1 : plan.conversionOfField[f]
        }
        rewrittenFields = (0..<plan.columnCount).filter { [conversionOfField] in conversionOfField[$0] != -1 }
        keptFields = (0..<plan.columnCount).map { f in plan.conversionOfField[f] >= 0 && plan.conversions[plan.conversionOfField[f]].spec.keepsOriginal }
        resolvers = plan.conversions.map { conversion -> UnitResolver? in
            switch conversion.source {
            case .fixed: return nil
            case .unitColumn(_, let resolver), .inCell(let resolver): return resolver
            }
        }
        targetSymbols = plan.conversions.map { Array($0.target.symbol.utf8) }
        bigFixed = plan.conversions.map { _ in [:] }
        writesLocalized = plan.outputConventions != nil
        writesPlain = plan.options.notation == .plain
        let decimalsOf = plan.conversions.map { $0.spec.decimals ?? plan.options.decimals }
        self.decimalsOf = decimalsOf
        writesFixed = decimalsOf.contains { $0 != nil }
        let tie = plan.options.rounding
        decimalTables = plan.conversions.map { conversion in
            guard case .fixed(let matrix) = conversion.source else { return nil }
            return DecimalFactorTable(matrix: matrix)
        }
        fixedTables = plan.conversions.indices.map { k in
            guard let decimals = decimalsOf[k], case .fixed(let matrix) = plan.conversions[k].source else { return nil }
            return DecimalFactorTable(matrix: matrix, decimals: decimals, tie: tie)
        }
    }

    deinit {
        values.forEach { $0.deallocate() }
        codes.forEach { $0.deallocate() }
        sources.forEach { $0.deallocate() }
        fixedValues.forEach { $0?.deallocate() }
        exactRows.deallocate()
        problems.deallocate()
        outcomes.deallocate()
        conversionOfField.deallocate()
        scratch.deallocate()
    }

    /// Starts a new stretch of input at a line start: fresh libcsv state, line 1, record 0.
    func begin() {
        parser.reset()
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
        parser.endPiece()
        if isEndOfInput { parser.finish() }
        if isEndOfInput || !parser.isInRecord { processPendingBatch() }
    }

    private func processPendingBatch() {
        let batch = parser.batch()
        if batch.count > 0 && !isStopped { process(batch) }
        recordsSinceBegin += batch.count
        parser.clearBatch()
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        values.forEach { $0.deallocate() }
        codes.forEach { $0.deallocate() }
        sources.forEach { $0.deallocate() }
        fixedValues.forEach { $0?.deallocate() }
        exactRows.deallocate()
        problems.deallocate()
        outcomes.deallocate()
        capacity = max(count, 1024)
        fixedValues = decimalsOf.map { $0 == nil ? nil : .allocate(capacity: capacity) }
        exactRows = .allocate(capacity: capacity)
        values = plan.conversions.map { _ in .allocate(capacity: capacity) }
        codes = plan.conversions.map { _ in .allocate(capacity: capacity) }
        sources = plan.conversions.map { _ in .allocate(capacity: capacity) }
        problems = .allocate(capacity: capacity)
        outcomes = .allocate(capacity: capacity)
    }

    // MARK: One batch

    private func process(_ batch: RecordBatch) {
        let count = batch.count
        reserve(count)
        let columnCount = plan.columnCount
        for r in 0..<count {
            if batch.problem(of: r) != .none {
                problems[r] = ErrorCode.malformedCSV.index + 1
            } else if batch.fieldCount(of: r) != columnCount {
                problems[r] = ErrorCode.fieldCount.index + 1
            } else {
                problems[r] = 0
            }
        }
        for k in plan.conversions.indices { convertColumn(k, of: batch) }
        statsCursor = 0
        let conversionCount = plan.conversions.count
        output.withCursor { cursor in
            for r in 0..<count {
                if isStopped {
                    (outcomes + r).update(repeating: RowOutcome.notProcessed, count: count - r)
                    break
                }
                var failed = problems[r] != 0
                var k = 0
                while !failed && k < conversionCount {
                    failed = codes[k][r] >= CellCode.failedBase
                    k += 1
                }
                if failed {
                    handleFailure(record: r, of: batch, cursor: &cursor)
                } else {
                    writeRow(r, of: batch, to: &cursor)
                    outcomes[r] = RowOutcome.written
                }
            }
        }
        advanceStats(to: count)
    }

    /// Scans column `k` of every row into a buffer of decimal mantissas (an exact `Double` each, with
    /// the exponent's slot as its factor index) and converts the buffer in one call: with one unit's
    /// factors for a fixed unit, or gathering each row's for per-row units. Cells the kernel cannot
    /// take (more than 2^53, far exponents, more than 19 digits) are read again and decided exactly.
    private func convertColumn(_ k: Int, of batch: RecordBatch) {
        let count = batch.count
        let conversion = plan.conversions[k]
        let emptyCode = plan.options.isRequired ? CellCode.failedBase + ErrorCode.empty.index : CellCode.null
        let numberParser = conversion.parser
        let values = self.values[k]
        let codes = self.codes[k]
        let sources = self.sources[k]
        var isFixed = false, isInCell = false
        switch conversion.source {
        case .fixed: isFixed = true
        case .inCell: isInCell = true
        case .unitColumn: break
        }
        let field = conversion.field
        var hasSource = false
        var exactRowCount = 0
        for r in 0..<count {
            sources[r] = 0
            if problems[r] != 0 {
                values[r] = .nan
                codes[r] = CellCode.skipped
                continue
            }
            switch ChunkProcessor.scanCell(batch.field(field, of: r), isInCell: isInCell, parser: numberParser) {
            case .decimal(let decimal):
                if let (mantissa, slot) = DecimalFactorTable.kernelInput(decimal) {
                    values[r] = mantissa
                    sources[r] = slot
                } else {
                    values[r] = .nan
                    exactRows[exactRowCount] = Int32(r)
                    exactRowCount += 1
                }
                codes[r] = CellCode.converted
            case .long:
                values[r] = .nan
                exactRows[exactRowCount] = Int32(r)
                exactRowCount += 1
                codes[r] = CellCode.converted
            case .empty:
                values[r] = .nan
                codes[r] = emptyCode
                continue
            case .failure(let error):
                values[r] = .nan
                codes[r] = CellCode.failedBase + ErrorCode(error).index
                continue
            }
            if isFixed { continue }
            switch resolveSource(k, record: r, of: batch) {
            case .index(let index):
                sources[r] += index * Int32(DecimalFactorTable.slotCount)
                hasSource = true
            case .failed(let code):
                values[r] = .nan
                codes[r] = CellCode.failedBase + code.index
            case .fixed:
                break
            }
        }
        if !isFixed, hasSource, let matrix = resolvers[k]?.matrix {
            // Per-row units: the tables grow with the resolver's matrix.
            if decimalTables[k] == nil { decimalTables[k] = DecimalFactorTable(matrix: matrix) }
            decimalTables[k]?.extend(to: matrix)
            if let decimals = decimalsOf[k] {
                if fixedTables[k] == nil { fixedTables[k] = DecimalFactorTable(matrix: matrix, decimals: decimals, tie: plan.options.rounding) }
                fixedTables[k]?.extend(to: matrix)
            }
        }
        if isFixed || hasSource {
            let buffer = UnsafeMutableBufferPointer(start: values, count: count)
            let indices = UnsafeMutableBufferPointer(start: sources, count: count)
            if let fixed = fixedValues[k], let table = fixedTables[k] {
                bigFixed[k].removeAll(keepingCapacity: true)
                fixed.update(from: values, count: count)
                let undecided = exactRows + exactRowCount
                let outcome = table.convertFixed(UnsafeMutableBufferPointer(start: fixed, count: count),
                                                 indices: UnsafeBufferPointer(indices), undecided: undecided)
                exactCount += outcome.exact
                for i in 0..<outcome.undecided { decideFixed(k, record: Int(undecided[i]), of: batch) }
            }
            if let table = decimalTables[k] { exactCount += table.convert(buffer, indices: indices) }
        }
        for i in 0..<exactRowCount where codes[Int(exactRows[i])] == CellCode.converted {
            let r = Int(exactRows[i])
            decideExactly(k, record: r, of: batch)
            if fixedValues[k] != nil { decideFixed(k, record: r, of: batch) }
        }
        let overflow = CellCode.failedBase + ErrorCode.overflow.index
        for r in 0..<count where codes[r] == CellCode.converted && !values[r].isFinite {
            codes[r] = overflow
        }
    }

    /// Scans row `r`'s cell of conversion `k`: the number part of an in-cell unit, with a minus
    /// sign before the unit applied.
    @inline(__always)
    private static func scanCell(_ cell: UnsafeRawBufferPointer, isInCell: Bool, parser: NumberParser) -> NumberScan {
        guard isInCell else { return parser.scan(cell) }
        let split = InCellUnit.split(cell)
        if split.placement == .both { return .failure(.ambiguousUnit) }
        let scan = parser.scan(UnsafeRawBufferPointer(rebasing: cell[split.number]))
        return split.isNegatedBeforeUnit ? scan.negated : scan
    }

    /// Row `r`'s exact decimal and factor: the cell read again, with its exponent kept whole.
    private func exactInput(_ k: Int, record r: Int, of batch: RecordBatch) -> (LongDecimal, ConversionFactor)? {
        let conversion = plan.conversions[k]
        var cell = batch.field(conversion.field, of: r)
        var isNegated = false
        if case .inCell = conversion.source {
            let split = InCellUnit.split(cell)
            isNegated = split.isNegatedBeforeUnit
            cell = UnsafeRawBufferPointer(rebasing: cell[split.number])
        }
        var decimal: LongDecimal
        switch conversion.parser.scan(cell) {
        case .decimal(let short): decimal = LongDecimal(short)
        case .long:
            guard let long = conversion.parser.scanLong(cell) else { return nil }
            decimal = long
        default: return nil
        }
        if isNegated { decimal.isNegative.toggle() }
        let factor: ConversionFactor
        switch plan.conversions[k].source {
        case .fixed(let matrix): factor = matrix.factors[0]
        case .unitColumn, .inCell:
            guard let matrix = resolvers[k]?.matrix else { return nil }
            factor = matrix.factors[Int(sources[k][r]) / DecimalFactorTable.slotCount]
        }
        return (decimal, factor)
    }

    /// Decides row `r`'s value exactly, from the cell's text: the nearest Double of the converted
    /// value (infinite, so `overflow`, when the text itself is beyond the largest Double).
    private func decideExactly(_ k: Int, record r: Int, of batch: RecordBatch) {
        exactCount += 1
        guard let (decimal, factor) = exactInput(k, record: r, of: batch) else { return }
        let asRead = ExactRounding.nearest(decimal)
        values[k][r] = asRead.isInfinite ? asRead : ExactRounding.nearest(decimal, scale: factor.scale, offset: factor.offset)
    }

    /// Decides row `r`'s fixed output exactly, from the cell's text, into `bigFixed`.
    private func decideFixed(_ k: Int, record r: Int, of batch: RecordBatch) {
        guard let decimals = decimalsOf[k], let (decimal, factor) = exactInput(k, record: r, of: batch) else { return }
        fixedValues[k]?[r] = .nan
        guard let (isNegative, magnitude) = ExactRounding.integer(decimal, scale: factor.scale, offset: factor.offset,
                                                                  scalePower: decimals, offsetPower: decimals,
                                                                  tie: plan.options.rounding) else { return }
        bigFixed[k][r] = NumberWriter.scaledIntegerText(isNegative: isNegative, magnitude: magnitude, decimals: decimals)
    }

    /// Row `r`'s source unit as an index into the resolver's factor matrix.
    enum SourceLookup {
        /// The column has one fixed unit.
        case fixed
        case index(Int32)
        case failed(ErrorCode)
    }

    /// The factor-matrix index of row `r`'s source unit, for per-row and in-cell units.
    private func resolveSource(_ k: Int, record r: Int, of batch: RecordBatch) -> SourceLookup {
        guard let unitText = unitText(k, record: r, of: batch), var resolver = resolvers[k] else { return .fixed }
        defer { resolvers[k] = resolver }
        let conversion = plan.conversions[k]
        switch resolver.sourceIndex(for: unitText) {
        case .success(let index):
            return .index(index)
        case .failure(let error):
            // A currency symbol of the input's locale (`US$`, `¥`) names its ISO code.
            let mark = String(decoding: unitText, as: UTF8.self)
            switch conversion.parser.conventions.currencySymbols.match(mark) {
            case .code(let code)?:
                if case .success(let index) = resolver.sourceIndex(for: code) { return .index(index) }
            case .ambiguous?:
                return .failed(.ambiguousUnit)
            case nil:
                break
            }
            return .failed(ErrorCode(error))
        }
    }

    /// Row `r`'s unit as written (trimmed) — in the unit column or in the cell — or `nil` for a fixed unit.
    private func unitText(_ k: Int, record r: Int, of batch: RecordBatch) -> UnsafeRawBufferPointer? {
        let conversion = plan.conversions[k]
        switch conversion.source {
        case .fixed:
            return nil
        case .unitColumn(let unitField, _):
            return ChunkProcessor.trimmed(batch.field(unitField, of: r))
        case .inCell:
            let cell = batch.field(conversion.field, of: r)
            return ChunkProcessor.trimmed(UnsafeRawBufferPointer(rebasing: cell[InCellUnit.split(cell).unit]))
        }
    }

    /// `bytes` without leading and trailing ASCII spaces and tabs.
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

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
                    let keepsOriginal = keptFields[g]
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
        } else {
            // Walk the record's fields in order: each one starts after the previous one's delimiter.
            var start = batch.start(ofField: firstField)
            for f in 0..<plan.columnCount {
                if f > 0 { cursor.append(delimiter) }
                let end = batch.fieldEnds[firstField + f]
                defer { start = end + 1 }
                if conversionOfField[f] == -1 {
                    writer.writeField(UnsafeRawBufferPointer(start: batch.bytes + start, count: end - start), to: &cursor)
                } else {
                    if keptFields[f] {
                        writer.writeField(UnsafeRawBufferPointer(start: batch.bytes + start, count: end - start), to: &cursor)
                        cursor.append(delimiter)
                    }
                    writeRewrittenField(f, record: r, to: &cursor)
                }
            }
        }
        if cursor.count == rowStart { writer.writeEmptyRecordMark(to: &cursor) }
        writer.appendLineEnd(to: &cursor)
    }

    /// Writes field `f` of row `r`, one that is not copied: the converted number (nothing for a
    /// failed or empty cell) or, in a unit column, the target unit's symbol.
    @inline(__always)
    private func writeRewrittenField(_ f: Int, record r: Int, to cursor: inout ByteCursor) {
        let k = conversionOfField[f]
        if k >= 0 {
            if codes[k][r] == CellCode.converted {
                if writesFixed, let fixed = fixedValues[k] {
                    writeFixed(fixed[r], column: k, record: r, to: &cursor)
                } else {
                    writeNumber(values[k][r], to: &cursor)
                }
            }
        } else {
            targetSymbols[-2 - k].withUnsafeBytes { writer.writeField($0, to: &cursor) }
        }
    }

    /// Writes a converted number's shortest digits, normalized or in `--output-locale`.
    @inline(__always)
    private func writeNumber(_ value: Double, to cursor: inout ByteCursor) {
        guard writesLocalized || writesPlain else {
            cursor.write(maxCount: NumberWriter.maxShortestLength) { NumberWriter.writeShortest(value, into: $0) }
            return
        }
        writeOther(value, to: &cursor)
    }

    /// ``writeNumber(_:to:)`` with `--notation plain` or `--output-locale`.
    @inline(never)
    private func writeOther(_ value: Double, to cursor: inout ByteCursor) {
        if !writesLocalized {
            cursor.write(maxCount: NumberWriter.maxPlainLength) { NumberWriter.writeShortestPlain(value, into: $0) }
            return
        }
        let count = writesPlain ? NumberWriter.writeShortestPlain(value, into: scratch) : NumberWriter.writeShortest(value, into: scratch)
        writeLocalized(count: count, to: &cursor)
    }

    /// Writes a converted number with `--decimals` digits from its exact value: `scaled` is the
    /// value times 10^N rounded, or NaN when the exact path left the text in `bigFixed`.
    private func writeFixed(_ scaled: Double, column k: Int, record r: Int, to cursor: inout ByteCursor) {
        let decimals = decimalsOf[k] ?? 0
        if scaled.isNaN {
            guard let text = bigFixed[k][r] else { return }
            if !writesLocalized {
                cursor.write(maxCount: text.count) { $0.update(from: text, count: text.count); return text.count }
            } else {
                writeLocalized(count: text.withUnsafeBufferPointer { bytes in
                    guard let base = bytes.baseAddress else { return 0 }
                    scratch.update(from: base, count: min(bytes.count, 512))
                    return min(bytes.count, 512)
                }, to: &cursor)
            }
            return
        }
        guard writesLocalized else {
            cursor.write(maxCount: NumberWriter.maxFixedLength(decimals: decimals)) {
                NumberWriter.writeScaledInteger(scaled, decimals: decimals, into: $0)
            }
            return
        }
        writeLocalized(count: NumberWriter.writeScaledInteger(scaled, decimals: decimals, into: scratch), to: &cursor)
    }

    /// Writes the `count` ASCII bytes of a number in `scratch` in `--output-locale`.
    private func writeLocalized(count: Int, to cursor: inout ByteCursor) {
        guard let conventions = plan.outputConventions else { return }
        let ascii = UnsafeRawBufferPointer(start: scratch, count: count)
        let localized = UnsafeMutablePointer<UInt8>.allocate(capacity: conventions.localizedCapacity(forASCIICount: count))
        defer { localized.deallocate() }
        let n = conventions.writeLocalized(ascii, into: localized)
        // A localized number may hold the delimiter (`1.234,5` in a comma file): quote it then.
        writer.writeField(UnsafeRawBufferPointer(start: localized, count: n), to: &cursor)
    }

    /// Reports a failed row's errors, then writes it to the rejects (or, with `keep`, to the output).
    @inline(never)
    private func handleFailure(record r: Int, of batch: RecordBatch, cursor: inout ByteCursor) {
        let recordIndex = batch.firstRecordIndex + r
        if problems[r] != 0 {
            errors.append(rowError(ErrorCode(index: problems[r] - 1), record: r, of: batch, index: recordIndex))
        } else {
            for k in plan.conversions.indices where codes[k][r] >= CellCode.failedBase {
                let code = ErrorCode(index: codes[k][r] - CellCode.failedBase)
                errors.append(cellError(code, column: k, record: r, of: batch, index: recordIndex))
            }
        }
        failedRows += 1
        if plan.options.onError == .keep && problems[r] == 0 {
            writeRow(r, of: batch, to: &cursor)
            outcomes[r] = RowOutcome.writtenWithErrors
        } else {
            outcomes[r] = RowOutcome.rejected
            if !batch.problem(of: r).isTruncated {
                rejects.withCursor { rejectsWriter.writeRecord(r, of: batch, to: &$0) }
            }
        }
        if let budget = plan.failureBudget {
            advanceStats(to: r + 1)
            snapshots.append(FailureSnapshot(
                outputCount: cursor.count, rejectsCount: rejects.count, errorCount: errors.count,
                rowsIn: rowsIn, rowsOut: rowsOut, rowsRejected: rowsRejected, columns: columns))
            if snapshots.count >= budget { isStopped = true }
        }
    }

    /// Counts rows `statsCursor..<end` of the current batch into the row and column counts.
    private func advanceStats(to end: Int) {
        guard end > statsCursor else { return }
        for r in statsCursor..<end {
            switch outcomes[r] {
            case RowOutcome.written, RowOutcome.writtenWithErrors:
                rowsIn += 1
                rowsOut += 1
            case RowOutcome.rejected:
                rowsIn += 1
                rowsRejected += 1
            default:
                break
            }
        }
        for k in plan.conversions.indices {
            let values = self.values[k]
            let codes = self.codes[k]
            var stats = columns[k]
            for r in statsCursor..<end where outcomes[r] != RowOutcome.notProcessed {
                let code = codes[r]
                if code >= CellCode.failedBase { stats.errors += 1 }
                guard outcomes[r] <= RowOutcome.writtenWithErrors else { continue }
                if code == CellCode.converted {
                    stats.converted += 1
                    stats.min = Swift.min(stats.min, values[r])
                    stats.max = Swift.max(stats.max, values[r])
                } else if code == CellCode.null {
                    stats.empty += 1
                }
            }
            columns[k] = stats
        }
        statsCursor = end
    }

    // MARK: Messages

    private func cellError(_ code: ErrorCode, column k: Int, record r: Int, of batch: RecordBatch, index: Int) -> CellError {
        let conversion = plan.conversions[k]
        let bytes = batch.field(conversion.field, of: r)
        let raw = String(decoding: bytes, as: UTF8.self)
        let locale = conversion.localeDescription
        let spec = conversion.spec
        let message: String
        switch code {
        case .invalidNumber:
            message = NumberHint.invalidNumber(raw, locale: locale, conventions: conversion.parser.conventions, unit: spec.from)
        case .multipleDecimal:
            message = "'\(raw)' has more than one decimal separator"
        case .grouping:
            message = "'\(raw)' groups digits where locale \(locale) does not (separators must sit at every group boundary, never after the decimal separator)"
        case .ambiguousNumber:
            message = "'\(raw)' reads two ways (decimal point or grouping) and the column shows no evidence which; give --locale"
        case .unitMismatch:
            message = "'\(raw)' names a currency other than the column's \(spec.from)"
        case .ambiguousUnit:
            message = "'\(raw)' has an ambiguous unit (a bare '$', or units on both sides); write the ISO code, e.g. USD"
        case .overflow:
            message = "'\(raw)' is beyond the largest double (about 1.8e308), as read or in \(spec.to)"
        case .empty:
            message = "empty cell in column '\(conversion.name)', which --required says must have a value"
        case .unknownUnit, .dimensionMismatch, .noRate:
            message = unitMessage(k, record: r, of: batch) ?? "unit of '\(raw)' failed: \(code.rawValue)"
        default:
            message = "cell '\(raw)' failed: \(code.rawValue)"
        }
        return CellError(record: index, line: batch.line(of: r), column: conversion.name, value: raw, code: code, message: message)
    }

    /// The resolver's message for row `r`'s unit (resolved again: the resolver caches failures).
    private func unitMessage(_ k: Int, record r: Int, of batch: RecordBatch) -> String? {
        guard let trimmed = unitText(k, record: r, of: batch) else { return nil }
        if trimmed.isEmpty {
            if case .unitColumn = plan.conversions[k].source {
                return "the unit column '\(plan.conversions[k].spec.from.dropFirst())' is empty in this row; write the row's unit there (e.g. 'km')"
            }
            return "no unit in the cell and no default; write the unit (e.g. '5 km') or give one: -c NAME:*km:TO"
        }
        guard var resolver = resolvers[k] else { return nil }
        defer { resolvers[k] = resolver }
        if case .failure(let error) = resolver.sourceIndex(for: trimmed) { return error.message }
        return nil
    }

    private func rowError(_ code: ErrorCode, record r: Int, of batch: RecordBatch, index: Int) -> CellError {
        // The record's first 256 bytes as read (its fields joined by the delimiter), however many fields it has.
        var bytes: [UInt8] = []
        for f in 0..<batch.fieldCount(of: r) where bytes.count <= 256 {
            if f > 0 { bytes.append(plan.dialect.delimiter) }
            bytes += batch.field(f, of: r).prefix(257 - bytes.count)
        }
        var value = String(decoding: bytes.prefix(256), as: UTF8.self)
        if bytes.count > 256 { value += "…" }
        let message: String
        switch batch.problem(of: r) {
        case .unterminatedQuote:
            message = "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)"
        case .fieldTooLarge:
            message = "a field is longer than --max-field-size (\(plan.options.maxFieldSize) bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"
        case .recordTooLarge:
            message = "the record is longer than --max-field-size (\(plan.options.maxFieldSize) bytes, counting \(RecordBatch.bytesCountedPerField) bytes for each field after the first): \(batch.fieldCount(of: r)) fields were kept; fix the file or raise --max-field-size"
        case .textAfterQuote:
            message = "text follows the closing quote of a field (as in '\"ab\" ,1'), so the record is not converted; quote the whole field or remove its quotes"
        case .none:
            let found = batch.fieldCount(of: r)
            message = "record has \(found) field\(found == 1 ? "" : "s"), but the \(plan.dialect.hasHeader ? "header" : "first record") has \(plan.columnCount)"
        }
        return CellError(record: index, line: batch.line(of: r), column: "", value: value, code: code, message: message)
    }
}
