// The run: settles the dialect and the header, resolves columns and units
// once into a `JobPlan`, then streams the input in chunks. With several
// threads, the main thread reads chunks (cut after a line end) and hands them to
// workers, each of which parses, converts and formats a whole chunk with its
// own libcsv parser; the main thread then writes the results in input order.
// A chunk whose parse ends inside a record (a quoted field spanning the cut)
// makes the next chunk's speculative result void: the writer continues the
// first chunk's parser with the next chunk's bytes instead, so the output is
// byte-identical for every thread count. Record numbers and lines are made
// absolute by the writer, which alone knows what came before.

import UnitPipeCSV
import UnitPipeNumbers
import Foundation

/// The state of one running conversion: plan, outputs and counts.
final class ConvertEngine {
    private let options: ConvertOptions
    private let input: InputSource
    private var plan: JobPlan?
    private var chunkReader: ChunkReader?
    private var output: OutputFile?
    private var report: ReportFile?
    private var rejectsFile: ReportFile?
    private(set) var summary = RunSummary()
    private(set) var closeFailure: JobError?
    private(set) var warnings: [JobWarning] = []
    private var columns: [ColumnStats] = []
    private var failedRows = 0
    /// Data records and lines before the processor being consumed.
    private var recordBase = 0
    private var lineBase = 0
    private var isOutputClosed = false

    init(options: ConvertOptions) throws(JobError) {
        self.options = options
        do {
            input = try InputSource(path: options.inputPath)
            var prefix = try CSVReader.readPrefix(of: input)
            let isWholeInput = prefix.count < 64 << 10
            prefix.removeFirst(CSVReader.byteOrderMarkLength(prefix))
            let dialect = ConvertEngine.dialect(
                delimiter: options.delimiter, quote: options.quoting.byte, hasHeader: options.hasHeader,
                locale: options.locale, path: options.inputPath, prefix: prefix, isWholeInput: isWholeInput)
            guard let first = try ConvertEngine.firstRecord(of: &prefix, source: input, dialect: dialect, reader: options.reader) else {
                summary.bytesIn = input.bytesRead
                try openOutputs(dialect: dialect, header: nil)
                return
            }
            let columnNames = dialect.hasHeader ? first.fields : (1...max(1, first.fields.count)).map { "#\($0)" }
            if dialect.hasHeader && Sniffer.recordLooksLikeData(first.fields) { warnings.append(.headerLooksLikeData(fields: first.fields)) }
            var start = prefix
            if dialect.hasHeader {
                start.removeFirst(first.byteCount)
                lineBase = first.lineCount
            }
            let sampler = RecordParser(
                dialect: dialect, maxFieldSize: options.maxFieldSize, batchRecords: Int.max, reader: options.reader)
            sampler.feed(sample: start, isComplete: isWholeInput)
            let plan = try JobPlan.make(options: options, dialect: dialect, columnNames: columnNames, sample: sampler.batch())
            self.plan = plan
            columns = Array(repeating: ColumnStats(), count: plan.conversions.count)
            summary.columns = plan.conversions.map {
                var column = RunSummary.Column(name: $0.spec.newName ?? $0.name, from: $0.spec.from, to: $0.spec.to)
                column.locale = $0.localeDescription
                column.localeEvidence = $0.localeEvidence
                return column
            }
            chunkReader = ChunkReader(source: input, start: start, chunkSize: max(1, options.chunkSize))
            try openOutputs(dialect: dialect, header: dialect.hasHeader ? (first.fields, renamed(first.fields, plan)) : nil, writer: plan.writer)
        } catch let error as InputError {
            throw .input(error)
        } catch let error as OutputError {
            throw .output(error)
        } catch let error as JobError {
            throw error
        } catch {
            throw .input(.cannotRead(options.inputPath ?? "standard input", SystemError(call: "read", errno: 5)))
        }
    }

    /// The dialect a run reads with: the delimiter given, else tab for `.tsv`/`.tab`, else the one
    /// sniffed from `prefix` (the input's start without its BOM), else `,`.
    static func dialect(
        delimiter: UInt8?, quote: UInt8?, hasHeader: Bool, locale: String, path: String?,
        prefix: [UInt8], isWholeInput: Bool
    ) -> CSVDialect {
        let chosen = delimiter
            ?? ConvertEngine.delimiter(forPath: path)
            ?? DelimiterSniffer(order: ConvertEngine.sniffingOrder(locale: locale))
                .delimiter(for: prefix, isComplete: isWholeInput, quote: quote)
            ?? UInt8(ascii: ",")
        return CSVDialect(delimiter: chosen, quote: quote, hasHeader: hasHeader)
    }

    /// Tab for `.tsv` and `.tab` files (also compressed), otherwise `nil` (sniff).
    static func delimiter(forPath path: String?) -> UInt8? {
        guard let path else { return nil }
        let lower = path.lowercased()
        for suffix in [".tsv", ".tab", ".tsv.gz", ".tab.gz", ".tsv.zst", ".tab.zst"] where lower.hasSuffix(suffix) {
            return UInt8(ascii: "\t")
        }
        return nil
    }

    /// The first record (the header, or the first data record): its fields, the bytes and lines it spans.
    static func firstRecord(
        of prefix: inout [UInt8], source: InputSource, dialect: CSVDialect, reader: ReaderKind
    ) throws(InputError) -> (fields: [String], byteCount: Int, lineCount: Int)? {
        var isComplete = false
        while true {
            let parser = RecordParser(dialect: dialect, maxFieldSize: 64 << 20, reader: reader)
            var consumed = 0
            prefix.withUnsafeBytes { bytes in
                while consumed < bytes.count && parser.pendingRecords == 0 {
                    consumed += parser.feedLine(UnsafeRawBufferPointer(rebasing: bytes[consumed...]))
                }
            }
            if parser.pendingRecords == 0 && isComplete { parser.finish() }
            if parser.pendingRecords > 0 {
                return (parser.batch().strings(of: 0), consumed, parser.line - 1)
            }
            if isComplete { return nil }
            // The first record is longer than the prefix: read more.
            let more = try CSVReader.readPrefix(of: source, limit: max(prefix.count, 1 << 16))
            isComplete = more.isEmpty
            prefix.append(contentsOf: more)
        }
    }

    /// The sniffing order: `;` first when the locale writes a decimal comma (its numbers hold commas).
    static func sniffingOrder(locale: String) -> [UInt8] {
        var order = CSVDialect.candidateDelimiters
        if let conventions = try? NumberConventions(localeIdentifier: locale), conventions.decimalSeparator == "," {
            order.removeAll { $0 == UInt8(ascii: ";") }
            order.insert(UInt8(ascii: ";"), at: 0)
        }
        return order
    }

    private func renamed(_ names: [String], _ plan: JobPlan) -> [String] {
        ColumnSpec.outputNames(names, plan.conversions.map(\.spec), fields: plan.conversions.map(\.field))
    }

    /// Opens the outputs; with `writer` (the input has records) writes the BOM (`--bom`) and the headers.
    private func openOutputs(dialect: CSVDialect, header: (input: [String], output: [String])?, writer: CSVWriter? = nil) throws(OutputError) {
        let file = try OutputFile(path: options.outputPath)
        output = file
        if let path = options.errorsPath {
            let report = try ReportFile(path: path)
            ErrorReportFormat.writeHeader(to: report.buffer)
            self.report = report
        }
        if let path = options.rejectsPath { rejectsFile = try ReportFile(path: path) }
        guard let writer else { return }
        let buffer = ByteBuffer()
        if options.writesBOM { buffer.append("\u{FEFF}") }
        if let header { writer.writeRecord(header.output, to: buffer) }
        try file.write(buffer)
        if let header, let rejectsFile { CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote).writeRecord(header.input, to: rejectsFile.buffer) }
    }

    // MARK: Running

    /// Streams every chunk through the workers and writes the results in order.
    func run(threads: Int) throws(JobError) {
        guard let plan, let chunkReader else { return }
        do {
            if threads <= 1 {
                try runSequentially(plan: plan, reader: chunkReader)
            } else {
                try runInParallel(plan: plan, reader: chunkReader, threads: threads)
            }
        } catch let error as JobError {
            throw error
        } catch let error as InputError {
            if let signal = Interruption.signalNumber { throw .interrupted(signal: signal) }
            throw .input(error)
        } catch let error as OutputError {
            if case .closedPipe = error { return }
            throw .output(error)
        } catch {
            throw .output(.cannotWrite(options.outputPath ?? "standard output", SystemError(call: "write", errno: 5)))
        }
    }

    /// One thread: a single processor continues through every chunk.
    private func runSequentially(plan: JobPlan, reader: ChunkReader) throws {
        let processor = ChunkProcessor(plan: plan)
        processor.begin()
        let chunk = reader.makeChunk()
        while try reader.fill(chunk) {
            if let signal = Interruption.signalNumber { throw JobError.interrupted(signal: signal) }
            processor.feed(chunk.bytes)
            processor.end(isEndOfInput: chunk.isLast)
            summary.bytesIn = input.bytesRead
            if try consume(processor) { return }
            if chunk.isLast { break }
        }
    }

    /// Several threads: chunks parsed speculatively in parallel, results written in order.
    private func runInParallel(plan: JobPlan, reader: ChunkReader, threads: Int) throws {
        let depth = threads + 1
        let queue = WorkQueue<InputChunk>()
        let processors = ObjectPool<ChunkProcessor> { ChunkProcessor(plan: plan) }
        let slots = (0..<depth).map { _ in ResultSlot() }
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            let thread = Thread {
                while let chunk = queue.pop() {
                    let processor = processors.take()
                    processor.begin()
                    processor.feed(chunk.bytes)
                    processor.end(isEndOfInput: chunk.isLast)
                    let slot = slots[chunk.index % depth]
                    slot.processor = processor
                    slot.ready.signal()
                }
                finished.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        defer {
            queue.close(workers: threads)
            finished.wait()
        }
        var freeChunks: [InputChunk] = []
        var nextToRead = 0
        var nextToWrite = 0
        var isInputDone = false
        var continuation: ChunkProcessor?
        while true {
            while nextToRead - nextToWrite < depth && !isInputDone {
                let chunk = freeChunks.popLast() ?? reader.makeChunk()
                guard try reader.fill(chunk) else {
                    isInputDone = true
                    break
                }
                if chunk.isLast { isInputDone = true }
                slots[chunk.index % depth].chunk = chunk
                queue.push(chunk)
                nextToRead += 1
            }
            if nextToWrite == nextToRead { return }
            if let signal = Interruption.signalNumber { throw JobError.interrupted(signal: signal) }
            let slot = slots[nextToWrite % depth]
            slot.ready.wait()
            guard let processor = slot.processor, let chunk = slot.chunk else { return }
            slot.processor = nil
            slot.chunk = nil
            summary.bytesIn = input.bytesRead
            let current: ChunkProcessor
            if let continued = continuation {
                // The previous chunk ended inside a record: this chunk's speculative parse is void.
                processors.give(processor)
                continued.feed(chunk.bytes)
                continued.end(isEndOfInput: chunk.isLast)
                current = continued
            } else {
                current = processor
            }
            let isStopped = try consume(current)
            if current.endsInRecord && !chunk.isLast {
                continuation = current
            } else {
                continuation = nil
                release(current)
                processors.give(current)
            }
            freeChunks.append(chunk)
            nextToWrite += 1
            if isStopped { return }
        }
    }

    /// Moves the record and line bases past a processor that is done.
    private func release(_ processor: ChunkProcessor) {
        recordBase += processor.recordsSinceBegin
        lineBase += processor.linesFed
    }

    /// Writes what `processor` produced since it was last consumed; returns `true` when the run must stop.
    private func consume(_ processor: ChunkProcessor) throws -> Bool {
        var errorCount = processor.errors.count
        var rowsIn = processor.rowsIn
        var rowsOut = processor.rowsOut
        var rowsRejected = processor.rowsRejected
        var stats = processor.columns
        var stop: JobError?
        let limit = options.onError == .fail ? 0 : options.maxErrors
        if let limit, failedRows + processor.failedRows > limit {
            let snapshot = processor.snapshots[limit - failedRows]
            processor.output.truncate(to: snapshot.outputCount)
            processor.rejects.truncate(to: snapshot.rejectsCount)
            errorCount = snapshot.errorCount
            rowsIn = snapshot.rowsIn
            rowsOut = snapshot.rowsOut
            rowsRejected = snapshot.rowsRejected
            stats = snapshot.columns
            failedRows = limit + 1
            if options.onError == .fail, let first = processor.errors.first {
                stop = .stoppedAtError(absolute(first))
            } else {
                stop = .tooManyErrors(limit: limit)
            }
        } else {
            failedRows += processor.failedRows
        }
        summary.rowsIn += rowsIn
        summary.rowsOut += rowsOut
        summary.rowsRejected += rowsRejected
        for k in stats.indices { columns[k].add(stats[k]) }
        for error in processor.errors.prefix(errorCount) {
            summary.errorsByCode[error.code, default: 0] += 1
            if let report {
                ErrorReportFormat.write(absolute(error), to: report.buffer)
                try report.flushIfFull()
            }
        }
        if let rejectsFile {
            rejectsFile.buffer.append(processor.rejects.bytes)
            try rejectsFile.flushIfFull()
        }
        if let output { try output.write(processor.output) }
        processor.clearResults()
        if let stop { throw stop }
        return false
    }

    /// An error with its record number and line made absolute.
    private func absolute(_ error: CellError) -> CellError {
        var error = error
        error.record += recordBase + 1
        error.line += lineBase
        return error
    }

    // MARK: Finishing

    /// Flushes and closes every output; the main output is renamed into place only when `failed` is false.
    func finish(failed: Bool) {
        for k in columns.indices where k < summary.columns.count {
            summary.columns[k].converted = columns[k].converted
            summary.columns[k].empty = columns[k].empty
            summary.columns[k].errors = columns[k].errors
            if columns[k].converted > 0 {
                summary.columns[k].min = columns[k].min
                summary.columns[k].max = columns[k].max
            }
        }
        summary.bytesIn = input.bytesRead
        if failed {
            output?.abandon()
        } else {
            do { try output?.commit() } catch { closeFailure = .output(error) }
        }
        do {
            try report?.close()
            try rejectsFile?.close()
        } catch {
            if closeFailure == nil { closeFailure = .output(error) }
        }
    }
}
