// The worker half of `validate`: per batch, the same column stages as `convert` —
// parse every cell, resolve per-row and in-cell units, convert the column into
// its unit (for min/max and the bounds) — then the check stage instead of the
// format stage: missing values, marks (`bareNumber: false`), bounds, `enum`,
// `integer`, one verdict per cell. One row-major pass records every failed cell
// of every failed row as a `CellFailure` and copies the row to the rejects. No
// output is written.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Per-column counts of a validated column, folded into the summary.
struct ValidateColumnStats: Equatable {
    var cells = 0
    var empty = 0
    var valid = 0
    var invalid: [ErrorCode: Int] = [:]
    var min = Double.infinity
    var max = -Double.infinity
    /// Failed cells whose certain hint names each locale (for the column-level hint).
    var hintedLocales: [String: Int] = [:]

    mutating func add(_ other: ValidateColumnStats) {
        cells += other.cells
        empty += other.empty
        valid += other.valid
        invalid.merge(other.invalid, uniquingKeysWith: +)
        min = Swift.min(min, other.min)
        max = Swift.max(max, other.max)
        hintedLocales.merge(other.hintedLocales, uniquingKeysWith: +)
    }
}

/// Row and column counts of a stretch of rows.
struct ValidateCounts: Equatable {
    var rowsIn = 0
    var rowsInvalid = 0
    var columns: [ValidateColumnStats]
}

/// Checks the records a worker thread reads.
final class ValidateWorker: BatchWorker, @unchecked Sendable {
    // Safety: a worker is used by one thread at a time; it changes hands only through the
    // engine's locked queues and semaphores, which order every access.

    let plan: ValidatePlan
    /// Invalid rows, verbatim, since the last `clearResults()`.
    let rejects = ByteBuffer(capacity: 1 << 12)
    /// Failures since the last `clearResults()`, positions relative to the stretch.
    private(set) var failures: [CellFailure] = []
    private(set) var counts: ValidateCounts
    /// Per `unique` field or `primaryKey`, the key of every row whose key cells are valid values.
    private(set) var keyEntries: [[KeyEntry]]
    /// The key cells and rows the entries show (``KeyEntry/raw``, ``KeyEntry/row``), one after another.
    private(set) var keyBytes: [UInt8] = []
    /// A key's canonical bytes, made afresh for each key of each row.
    private var canonical: [UInt8] = []
    /// A valid row as read, written here before it joins ``keyBytes``.
    private let rowBytes = ByteBuffer(capacity: 256)
    /// Per key, its columns.
    private let keyColumns: [[KeyColumn]]
    /// The record (relative to the stretch) of every row in `rejects`, and where its bytes end there.
    private(set) var rejectedRows: [(record: Int, end: Int)] = []

    private struct Snapshot {
        var rejectsCount: Int
        var failureCount: Int
        var counts: ValidateCounts
        var keyEntryCounts: [Int]
        var rejectedRowCount: Int
    }
    private var snapshots: [Snapshot] = []
    private let takesSnapshots: Bool

    /// The unit stages of the columns with units, by column (only those: a resolver is large).
    private var units: [Int: ColumnUnits]
    private var converters: [ColumnConverter]
    /// Per column, what its scan and convert stages leave (each row's source unit is read from
    /// the scanned column, which the convert stage does not change).
    private let scanned: [ScannedColumn]
    private let converted: [ConvertedColumn]
    /// Per column, whether each source index of its resolver's matrix is the column's unit itself,
    /// and the exact conversion of the others (for their bounds).
    private var sourceConversions: [[UnitConversion?]]
    private var rowCapacity = 0
    private var shapes = UnsafeMutablePointer<RowShape>.allocate(capacity: 1)
    /// Per row of the batch: whether it failed (its shape, or a cell), as the row-major pass found.
    private var rowFailed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// Per column, each cell after its checks: `.number` is a valid value, `.empty` a null.
    private var verdicts: [UnsafeMutablePointer<CellStatus>]
    private var processed = 0
    private let writer: CSVWriter
    /// The checks of the schema fields that are not numbers, this worker's own.
    private let fieldChecks: [FieldCheck?]

    init(plan: ValidatePlan) {
        self.plan = plan
        counts = ValidateCounts(columns: Array(repeating: ValidateColumnStats(), count: plan.columns.count))
        takesSnapshots = plan.options.maxErrors != nil
        var units: [Int: ColumnUnits] = [:]
        for (k, column) in plan.columns.enumerated() { units[k] = column.units }
        self.units = units
        converters = plan.columns.map(\.converter)
        scanned = plan.columns.map { ScannedColumn(hasUnitsInCells: $0.parser?.hasUnitsInCells ?? false) }
        converted = plan.columns.map { _ in ConvertedColumn(hasFixedOutput: false) }
        sourceConversions = plan.columns.map { _ in [] }
        verdicts = plan.columns.map { _ in .allocate(capacity: 1) }
        writer = plan.writer
        keyEntries = plan.keys.map { _ in [] }
        let fieldChecks = plan.columns.map { $0.fieldCheck?.fresh() }
        self.fieldChecks = fieldChecks
        keyColumns = plan.keys.map { key in key.columns.map { KeyColumn(column: $0, of: plan, fieldCheck: fieldChecks[$0]) } }
    }

    deinit {
        shapes.deallocate()
        rowFailed.deallocate()
        verdicts.forEach { $0.deallocate() }
    }

    // MARK: The job protocol

    func clearResults() {
        rejects.removeAll()
        failures.removeAll(keepingCapacity: true)
        snapshots.removeAll(keepingCapacity: true)
        counts = ValidateCounts(columns: Array(repeating: ValidateColumnStats(), count: plan.columns.count))
        for k in keyEntries.indices { keyEntries[k].removeAll(keepingCapacity: true) }
        keyBytes.removeAll(keepingCapacity: true)
        rejectedRows.removeAll(keepingCapacity: true)
    }

    func keepResults(throughFailedRow n: Int) {
        let snapshot = snapshots[n - 1]
        rejects.truncate(to: snapshot.rejectsCount)
        failures.removeLast(failures.count - snapshot.failureCount)
        counts = snapshot.counts
        for k in keyEntries.indices { keyEntries[k].removeLast(keyEntries[k].count - snapshot.keyEntryCounts[k]) }
        rejectedRows.removeLast(rejectedRows.count - snapshot.rejectedRowCount)
    }

    func seal() {}

    func process(_ batch: RecordBatch, budget: inout FailureBudget) {
        let count = batch.count
        reserve(count)
        assert(scanned.allSatisfy { $0.capacity >= count } && converted.allSatisfy { $0.capacity >= count },
               "a column's buffers hold fewer rows than the batch")
        for r in 0..<count {
            if batch.problem(of: r) != .none {
                shapes[r] = .malformed
            } else if batch.fieldCount(of: r) != plan.columnCount {
                shapes[r] = .fieldCount
            } else {
                shapes[r] = .ok
            }
        }
        for k in plan.columns.indices { check(column: k, of: batch) }
        processed = 0
        var r = 0
        while r < count, !budget.isExhausted {
            var failed = shapes[r] != .ok
            var k = 0
            while !failed && k < verdicts.count {
                failed = verdicts[k][r].isFailure
                k += 1
            }
            rowFailed[r] = failed
            if !plan.keys.isEmpty, shapes[r] == .ok { addKeys(record: r, of: batch, isRowValid: !failed) }
            if failed { handleFailure(record: r, of: batch, budget: &budget) }
            r += 1
        }
        // Rows after the one that spent the budget are not looked at.
        countRows(upTo: r)
    }

    private func reserve(_ count: Int) {
        guard count > rowCapacity else { return }
        // Doubled from what a batch needs: the verdicts are per column, and a file of thousands
        // of columns has few rows a batch. Every column's buffers hold at least the worker's rows.
        rowCapacity = max(count, 2 * rowCapacity)
        for column in scanned { column.reserve(rowCapacity) }
        for column in converted { column.reserve(rowCapacity) }
        shapes.deallocate()
        rowFailed.deallocate()
        verdicts.forEach { $0.deallocate() }
        shapes = .allocate(capacity: rowCapacity)
        rowFailed = .allocate(capacity: rowCapacity)
        verdicts = plan.columns.map { _ in .allocate(capacity: rowCapacity) }
    }

    // MARK: The stages

    /// Runs column `k`'s stages over the batch and leaves one verdict per cell.
    private func check(column k: Int, of batch: RecordBatch) {
        // The column's parts are taken once here: the loops below read locals, so no cell copies
        // the column's record (its many references) to look at one of them.
        let column = plan.columns[k]
        let field = column.field
        let missingValues = column.missingValues
        let isRequired = column.isRequired
        let verdicts = self.verdicts[k]
        let count = batch.count
        guard let parser = column.parser else {
            guard let fieldCheck = fieldChecks[k] else {
                for r in 0..<count {
                    guard shapes[r] == .ok else {
                        verdicts[r] = .skipped
                        continue
                    }
                    let isMissingValue = Self.isMissing(batch.field(field, of: r), missingValues) ?? false
                    verdicts[r] = isMissingValue ? (isRequired ? .failed(.required) : .empty) : .number
                }
                return
            }
            for r in 0..<count {
                guard shapes[r] == .ok else {
                    verdicts[r] = .skipped
                    continue
                }
                let cell = batch.field(field, of: r)
                if Self.isMissing(cell, missingValues) ?? false {
                    verdicts[r] = isRequired ? .failed(.required) : .empty
                } else {
                    verdicts[r] = fieldCheck.isValid(cell) ? .number : .failed(.field)
                }
            }
            return
        }
        let scanned = self.scanned[k]
        let converted = self.converted[k]
        parser.parse(batch, shapes: shapes, into: scanned)
        let hasSource = units[k]?.resolve(batch, into: scanned) ?? false
        let hasUnits = units[k] != nil
        converters[k].convert(scanned, count: count, into: converted, perRowMatrix: units[k]?.resolver.matrix, hasSource: hasSource)
        let statuses = converted.statuses
        let values = converted.values
        let splitsCells = parser.hasUnitsInCells
        let check = column.check
        let hasCheck = !check.isEmpty
        let isEmptyMissing = column.isEmptyMissing
        let isSchemaField = column.rule.field != nil
        let isNumberField = column.rule.kind == .number
        let allowsMarks = column.rule.allowsMarks
        // A number is all a plain column asks for: nothing more to look at.
        let isPlainNumber = !splitsCells && !hasCheck
        for r in 0..<count {
            if shapes[r] != .ok {
                verdicts[r] = .skipped
                continue
            }
            var status = statuses[r]
            if missingValues != nil, let missing = Self.isMissing(batch.field(field, of: r), missingValues) {
                if missing {
                    verdicts[r] = isRequired ? .failed(.required) : .empty
                    continue
                }
                if case .empty = status { status = .failed(.required) }
            }
            switch status {
            case .skipped, .empty:
                verdicts[r] = status
            case .failed(.required):
                verdicts[r] = isEmptyMissing ? status : .failed(.emptyNotMissing)
            case .failed(let fault):
                // A schema's number field reads NaN, INF and -INF (as the spec permits).
                if case .number(.invalidNumber) = fault, isSchemaField,
                   let special = ConstraintCheck.specialValue(batch.field(field, of: r)) {
                    if isNumberField {
                        verdicts[r] = check.check(special: special) == nil ? .number : .failed(.constraint)
                    } else {
                        verdicts[r] = .failed(.specialNotNumber)
                    }
                    continue
                }
                verdicts[r] = .failed(fault)
            case .number:
                if isPlainNumber {
                    verdicts[r] = .number
                    continue
                }
                var cell = batch.field(field, of: r)
                if splitsCells, let spans = scanned.unitSpans {
                    // The parse stage found where the cell's unit is; the number is read again only for a check.
                    let span = spans[r]
                    if allowsMarks,
                       !isKnownMark(UnsafeRawBufferPointer(rebasing: cell[Int(span.start)..<Int(span.end)]), column.conventions) {
                        verdicts[r] = .failed(.unknownMark)
                        continue
                    }
                    if !hasCheck {
                        verdicts[r] = .number
                        continue
                    }
                    cell = parser.numberBytes(of: cell)
                }
                if !hasCheck {
                    verdicts[r] = .number
                    continue
                }
                let isValid: Bool
                if hasUnits, let conversion = conversion(k, source: scanned.source(of: r)) {
                    isValid = check.check(cell: cell, convertedBy: conversion) == nil
                } else {
                    isValid = check.isValid(values[r], cell: cell)
                }
                verdicts[r] = isValid ? .number : .failed(.constraint)
            }
        }
    }

    /// The exact conversion from source `index` of column `k`'s matrix to the column's unit, or
    /// `nil` when the source is the column's unit itself.
    private func conversion(_ k: Int, source index: Int) -> UnitConversion? {
        if index >= sourceConversions[k].count, let matrix = units[k]?.resolver.matrix, let target = plan.columns[k].unit {
            for source in matrix.sources[sourceConversions[k].count...] {
                let isSame = source.scale == target.scale && source.offset == target.offset && source.dimension == target.dimension
                sourceConversions[k].append(isSame ? nil : try? UnitConversion(from: source, to: target))
            }
        }
        return index < sourceConversions[k].count ? sourceConversions[k][index] : nil
    }

    /// Whether a cell is one of the column's missing values (blanks trimmed); `nil` when the
    /// column keeps the default (only the empty cell) and the cell is not empty.
    @inline(__always)
    private static func isMissing(_ cell: UnsafeRawBufferPointer, _ missingValues: [[UInt8]]?) -> Bool? {
        if missingValues == nil, let first = cell.first, first != 0x20, first != 0x09, first != 0xC2, first != 0xE2 {
            // Most cells start with a byte that is no blank: they are not empty.
            return nil
        }
        return isMissingOutOfLine(cell, missingValues)
    }

    private static func isMissingOutOfLine(_ cell: UnsafeRawBufferPointer, _ missingValues: [[UInt8]]?) -> Bool? {
        let trimmed = NullValues.trimmed(cell)
        guard let missingValues else { return trimmed.isEmpty ? true : nil }
        for value in missingValues where value.count == trimmed.count && value.withUnsafeBytes({ $0.elementsEqual(trimmed) }) {
            return true
        }
        return false
    }

    /// Whether the text beside a number is empty, a percent sign or a currency mark the input's
    /// locale knows (`bareNumber: false`); anything else — words, units — is not a number.
    private func isKnownMark(_ mark: UnsafeRawBufferPointer, _ conventions: NumberConventions) -> Bool {
        if mark.isEmpty { return true }
        let text = String(decoding: mark, as: UTF8.self)
        // Per mille as percent: the number is read as written (`5‰` is 5, as `95%` is 95).
        if text == "\u{2030}" || conventions.percentSigns.contains(where: { String($0) == text }) { return true }
        if conventions.currencySymbols.match(text) != nil { return true }
        return CurrencySymbolTable.root.match(text) != nil
    }

    // MARK: Failures

    /// Records a failed row's failures and copies the row to the rejects.
    @inline(never)
    private func handleFailure(record r: Int, of batch: RecordBatch, budget: inout FailureBudget) {
        let (record, line, byte) = (batch.firstRecordIndex + r, batch.line(of: r), batch.byteOffset(of: r))
        switch shapes[r] {
        case .malformed:
            failures.append(CellFailure(.malformed(batch.problem(of: r), fields: batch.fieldCount(of: r)), record: record, line: line, byte: byte, column: nil, raw: batch.joinedFields(r, delimiter: plan.dialect.delimiter)))
        case .fieldCount:
            failures.append(CellFailure(.fieldCount(found: batch.fieldCount(of: r)), record: record, line: line, byte: byte, column: nil, raw: batch.joinedFields(r, delimiter: plan.dialect.delimiter)))
        case .ok:
            for k in plan.columns.indices where verdicts[k][r].isFailure {
                let failure = cellFailure(column: k, record: r, of: batch, at: (record, line, byte))
                counts.columns[k].invalid[failure.code, default: 0] += 1
                if case .numberWithHint(_, let hint) = failure.detail, let locale = hint.locale {
                    counts.columns[k].hintedLocales[locale, default: 0] += 1
                }
                failures.append(failure)
            }
        }
        if batch.problem(of: r) != .fieldTooLarge {
            rejects.withCursor { writer.writeVerbatim(r, of: batch, to: &$0) }
            if !plan.keys.isEmpty { rejectedRows.append((record, rejects.count)) }
        }
        _ = budget.spend()
        if takesSnapshots {
            countRows(upTo: r + 1)
            snapshots.append(Snapshot(rejectsCount: rejects.count, failureCount: failures.count, counts: counts,
                                      keyEntryCounts: keyEntries.map(\.count), rejectedRowCount: rejectedRows.count))
        }
    }

    /// Records row `r`'s value of every key whose cells are all valid values.
    private func addKeys(record r: Int, of batch: RecordBatch, isRowValid: Bool) {
        for index in keyColumns.indices {
            canonical.removeAll(keepingCapacity: true)
            let rawStart = keyBytes.count
            var isComplete = true
            for (position, key) in keyColumns[index].enumerated() {
                guard verdicts[key.column][r] == .number else {
                    isComplete = false
                    break
                }
                let cell = batch.field(key.field, of: r)
                if keyBytes.count > rawStart || position > 0 && key.column != keyColumns[index][0].column {
                    keyBytes.append(plan.dialect.delimiter)
                }
                keyBytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: cell[..<min(cell.count, CellFailure.keptCellBytes)]))
                let value = key.isPlainNumber ? converted[key.column].values[r] : nil
                if !ValidatePlan.appendCanonical(cell, of: key, value: value, to: &canonical) {
                    isComplete = false
                    break
                }
            }
            guard isComplete else {
                keyBytes.removeLast(keyBytes.count - rawStart)
                continue
            }
            let rawEnd = keyBytes.count
            if isRowValid, plan.options.rejectsPath != nil {
                rowBytes.removeAll()
                rowBytes.withCursor { writer.writeVerbatim(r, of: batch, to: &$0) }
                keyBytes.append(contentsOf: rowBytes.bytes)
            }
            let digest = canonical.withUnsafeBytes { KeyDigest.of($0) }
            keyEntries[index].append(KeyEntry(record: batch.firstRecordIndex + r, line: batch.line(of: r), byte: batch.byteOffset(of: r), digest: digest,
                                              isRowValid: isRowValid, raw: rawStart..<rawEnd, row: rawEnd..<keyBytes.count))
        }
    }

    /// The failure of column `k`'s cell in row `r`, with what its message needs.
    private func cellFailure(column k: Int, record r: Int, of batch: RecordBatch, at position: (record: Int, line: Int, byte: Int)) -> CellFailure {
        let column = plan.columns[k]
        let raw = batch.field(column.field, of: r)
        let detail: CellFailure.Detail
        switch verdicts[k][r] {
        case .failed(.number(let error)):
            var cell = raw
            if let parser = column.parser { cell = parser.numberBytes(of: raw) }
            // A field with its own decimalChar/groupChar is not read with --locale: no locale to suggest.
            if column.rule.conventions == nil,
               let hint = NumberStyleHint.hint(for: cell, error: error, conventions: column.conventions) {
                detail = .numberWithHint(error, hint)
            } else {
                detail = .number(error)
            }
        case .failed(.overflow): detail = .overflow
        case .failed(.zeroReciprocal): detail = .zeroReciprocal
        case .failed(.invalidUTF8): detail = .invalidUTF8
        case .failed(.ambiguousUnit): detail = .ambiguousUnit
        case .failed(.unit): detail = units[k]?.failure(record: r, of: batch) ?? .missingUnit
        case .failed(.required):
            let missing = String(decoding: NullValues.trimmed(raw), as: UTF8.self)
            detail = column.isFromSchema ? .requiredBySchema(missingValue: missing) : .required
        case .failed(.emptyNotMissing): detail = .emptyNotMissing(column.rule.missingValues)
        case .failed(.unknownMark): detail = .number(.invalidNumber)
        case .failed(.field): detail = fieldChecks[k]?.check(raw).map { .field($0) } ?? .number(.invalidNumber)
        case .failed(.specialNotNumber): detail = .specialNotNumber
        case .failed(.constraint): detail = .constraint(constraintFailure(column: k, record: r, of: batch) ?? .notInteger)
        case .number, .empty, .skipped: detail = .number(.invalidNumber)
        }
        // The report's value is the cell as written; a unit column's unit is named by the message.
        return CellFailure(detail, record: position.record, line: position.line, byte: position.byte, column: k, raw: CellFailure.kept(raw))
    }

    /// The constraint row `r`'s cell of column `k` breaks, found again for its message.
    private func constraintFailure(column k: Int, record r: Int, of batch: RecordBatch) -> ConstraintFailure? {
        let column = plan.columns[k]
        var cell = batch.field(column.field, of: r)
        if case .failed = converted[k].statuses[r], let special = ConstraintCheck.specialValue(cell) {
            return column.check.check(special: special)
        }
        if let parser = column.parser { cell = parser.numberBytes(of: cell) }
        if units[k] != nil, let conversion = conversion(k, source: scanned[k].source(of: r)) {
            return column.check.check(cell: cell, convertedBy: conversion)
        }
        return column.check.check(converted[k].values[r], cell: cell)
    }

    // MARK: Counts

    /// Counts rows `processed..<end` of the current batch.
    private func countRows(upTo end: Int) {
        guard end > processed else { return }
        // The row-major pass of process(_:budget:) found which rows failed.
        counts.rowsIn += end - processed
        for r in processed..<end where rowFailed[r] { counts.rowsInvalid += 1 }
        for k in plan.columns.indices {
            let verdicts = self.verdicts[k]
            let values = converted[k].values
            let isNumeric = plan.columns[k].parser != nil
            var stats = counts.columns[k]
            for r in processed..<end {
                switch verdicts[r] {
                case .skipped:
                    continue
                case .empty:
                    stats.empty += 1
                case .number:
                    stats.valid += 1
                    if isNumeric {
                        stats.min = Swift.min(stats.min, values[r])
                        stats.max = Swift.max(stats.max, values[r])
                    }
                case .failed:
                    // Counted by code as each failure is recorded.
                    break
                }
                stats.cells += 1
            }
            counts.columns[k] = stats
        }
        processed = end
    }
}

extension RecordBatch {
    /// Record `r`'s fields joined by the delimiter, as the report shows a failed row: its first
    /// 257 bytes at most (the report shows 256, and `…` when there are more), however many fields it has.
    func joinedFields(_ r: Int, delimiter: UInt8) -> [UInt8] {
        var bytes: [UInt8] = []
        for f in 0..<fieldCount(of: r) where bytes.count <= 256 {
            if f > 0 { bytes.append(delimiter) }
            bytes += field(f, of: r).prefix(257 - bytes.count)
        }
        return bytes
    }
}
