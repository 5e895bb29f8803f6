// Reader target: the records (fields, line numbers, problems, plain flags) of an input must be
// the same whether it is fed whole, one byte at a time, or in random pieces, and the same with
// libcsv's built-in space test as with the always-"no" test it stands in for, and the same with
// the plain-line splitter as with libcsv reading every record.

@testable import UnitPipeCSV

enum ReaderFuzz {
    /// One parsed record, as compared between feedings.
    struct Record: Equatable {
        var fields: [[UInt8]]
        var line: Int
        var problem: RecordProblem
    }

    /// A plain record's fields are copied to the output unquoted, so none may need quoting.
    static func checkPlain(_ fields: [[UInt8]], dialect: CSVDialect) {
        for field in fields {
            let quote = dialect.quote ?? dialect.delimiter
            let special = field.contains { (b: UInt8) in b == dialect.delimiter || b == quote || b == 0x0A || b == 0x0D }
            let edges: [UInt8] = [field.first ?? 0, field.last ?? 0]
            let spaced = edges.contains { (b: UInt8) in b == 0x20 || b == 0x09 }
            if special || spaced { fuzzFailure("a plain record has a field that needs quoting: \(field)") }
        }
    }

    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let control = data.first else { return }
        let body = UnsafeRawBufferPointer(rebasing: data[1...])
        let delimiter = delimiters[Int(control & 3)]
        let quote: UInt8? = control & 4 == 0 ? UInt8(ascii: "\"") : (control & 8 == 0 ? nil : UInt8(ascii: "'"))
        let dialect = CSVDialect(delimiter: delimiter, quote: quote, hasHeader: false)
        // Small field limits exercise the oversized-field path too.
        let maxFieldSize = control & 0x10 == 0 ? 64 << 20 : 1 + Int(control >> 5) * 3
        let whole = records(body, dialect: dialect, maxFieldSize: maxFieldSize, pieces: { $0 }, builtIn: true)
        let reference = records(body, dialect: dialect, maxFieldSize: maxFieldSize, pieces: { $0 }, builtIn: false)
        if whole != reference { fuzzFailure("built-in space test differs from the keep-spaces test: \(difference(whole, reference))") }
        let libcsv = records(body, dialect: dialect, maxFieldSize: maxFieldSize, pieces: { $0 }, builtIn: true, reader: .libcsv)
        if whole != libcsv { fuzzFailure("the plain-line splitter differs from libcsv: \(difference(whole, libcsv))") }
        let single = records(body, dialect: dialect, maxFieldSize: maxFieldSize, pieces: { _ in 1 }, builtIn: true)
        if whole != single { fuzzFailure("1-byte pieces differ from the whole input: \(difference(whole, single))") }
        var random = FuzzRandom(seed: data)
        let chunked = records(body, dialect: dialect, maxFieldSize: maxFieldSize, pieces: { random.size(upTo: min($0, 13)) }, builtIn: true)
        if whole != chunked { fuzzFailure("random pieces differ from the whole input: \(difference(whole, chunked))") }
        var lastLine = 0
        for record in whole {
            if record.line <= lastLine { fuzzFailure("record lines not increasing: \(record.line) after \(lastLine)") }
            lastLine = record.line
        }
    }

    /// The first record that differs, for the failure message.
    static func difference(_ a: [Record], _ b: [Record]) -> String {
        for (k, (x, y)) in zip(a, b).enumerated() where x != y { return "record \(k): \(x) vs \(y)" }
        return "\(a.count) records vs \(b.count)"
    }

    /// Parsers by dialect and settings, reused (each holds a megabyte of arena).
    nonisolated(unsafe) static var parsers: [String: RecordParser] = [:]

    /// Parses `bytes` in pieces of `pieces(remaining)` bytes (as the chunk reader does, cutting after a
    /// LF or a CR that is not last), with small batches so batch boundaries fall everywhere.
    static func records(
        _ bytes: UnsafeRawBufferPointer, dialect: CSVDialect, maxFieldSize: Int,
        pieces: (Int) -> Int, builtIn: Bool, reader: ReaderKind = .split
    ) -> [Record] {
        let key = "\(dialect.delimiter) \(dialect.quote ?? 0) \(maxFieldSize) \(builtIn) \(reader)"
        let parser = parsers[key] ?? RecordParser(
            dialect: dialect, maxFieldSize: maxFieldSize, batchRecords: 3, usesBuiltInSpaceTest: builtIn, reader: reader)
        parsers[key] = parser
        parser.reset()
        var out: [Record] = []
        func collect() {
            let batch = parser.batch()
            for r in 0..<batch.count {
                let fields = (0..<batch.fieldCount(of: r)).map { Array(batch.field($0, of: r)) }
                if batch.isPlain(r) && batch.problem(of: r) == .none { checkPlain(fields, dialect: dialect) }
                out.append(Record(fields: fields, line: batch.line(of: r), problem: batch.problem(of: r)))
            }
            parser.clearBatch()
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieces(bytes.count - offset))
            var at = offset
            var turn = 0
            while at < end {
                // Runs of lines (as the engine reads) and, every third call, one line (as the
                // input head and the record-start search read).
                let piece = UnsafeRawBufferPointer(rebasing: bytes[at..<end])
                at += turn % 3 == 2 ? parser.feedLine(piece) : parser.feedLines(piece)
                turn += 1
                if parser.isBatchFull { collect() }
            }
            offset = end
        }
        parser.endPiece()
        parser.finish()
        collect()
        return out
    }
}
