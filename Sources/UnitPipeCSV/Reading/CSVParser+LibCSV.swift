// The only file that sees libcsv. `LibCSVParser` wraps one `struct csv_parser`
// and feeds it bytes; libcsv calls back into two top-level functions that
// receive a raw pointer to a `RecordStorage` (no closures, no classes on the
// callback path: libcsv runs at C speed that way).

import CLibCSV

/// One libcsv parser configured for a dialect, appending what it parses to a `RecordStorage`.
final class LibCSVParser {
    private let parser: UnsafeMutablePointer<csv_parser>
    private let delimiter: UInt8
    private let quote: UInt8?
    private let trimCheck: SpaceTrimCheck?
    private let keepSpaces: @convention(c) (UInt8) -> Int32 = unitpipe_csv_no_space

    /// Creates a parser (`csv_init`) that keeps spaces around fields and is lenient with stray quotes.
    ///
    /// - Parameters:
    ///   - delimiter: The field delimiter.
    ///   - quote: The quote byte, or `nil` for no quoting.
    ///   - usesBuiltInSpaceTest: Whether pieces that cannot be trimmed go through libcsv's inline
    ///     space test instead of the per-byte call (see SpaceTrimCheck.swift); tests turn it off
    ///     to compare both ways.
    init(delimiter: UInt8, quote: UInt8?, usesBuiltInSpaceTest: Bool = true) {
        parser = .allocate(capacity: 1)
        self.delimiter = delimiter
        self.quote = quote
        // libcsv always has a quote byte; NUL never occurs in text, so it stands for "no quoting".
        trimCheck = usesBuiltInSpaceTest ? SpaceTrimCheck(delimiter: delimiter, quote: quote ?? 0) : nil
        configure()
    }

    private func configure() {
        // csv_init only fails when options are invalid or memory is exhausted; 0 options are valid.
        _ = csv_init(parser, 0)
        csv_set_delim(parser, delimiter)
        csv_set_quote(parser, quote ?? 0)
        // By default libcsv trims spaces and tabs around unquoted fields; unitpipe keeps them.
        csv_set_space_func(parser, keepSpaces)
        csv_set_blk_size(parser, 1 << 16)
    }

    /// Returns the parser to its initial state (`csv_free` + `csv_init`), as if newly created.
    func reset() {
        csv_free(parser)
        configure()
    }

    deinit {
        csv_free(parser)
        parser.deallocate()
    }

    /// Parses `bytes` (`csv_parse`), appending complete fields and records to `storage`.
    func parse(_ bytes: UnsafeRawBufferPointer, into storage: UnsafeMutablePointer<RecordStorage>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if let trimCheck {
            let verdict = trimCheck.verdict(bytes)
            parser.pointee.is_space = verdict == .mayTrim ? keepSpaces : nil
            storage.pointee.isPiecePlain = verdict == .plain
        } else {
            storage.pointee.isPiecePlain = false
        }
        _ = csv_parse(parser, base, bytes.count, fieldParsed, recordParsed, storage)
        storage.pointee.notePieceParsed()
    }

    /// Flushes the last field and record at end of input (`csv_fini`); marks it when a quote was left open.
    func finish(into storage: UnsafeMutablePointer<RecordStorage>) {
        if isInsideQuotedField { storage.pointee.pendingProblem = .unterminatedQuote }
        _ = csv_fini(parser, fieldParsed, recordParsed, storage)
    }

    /// `true` while the parser is inside a quoted field (libcsv's FIELD_BEGUN state with `quoted` set).
    var isInsideQuotedField: Bool {
        parser.pointee.quoted != 0 && parser.pointee.pstate == 2
    }

    /// Bytes of the field libcsv is still accumulating.
    var pendingFieldSize: Int { parser.pointee.entry_pos }

    /// Drops the bytes libcsv has accumulated for the current field, keeping its quote state, and
    /// returns the first `keeping` of them. Bounds memory for a runaway field (an unterminated quote).
    func discardPendingField(keeping: Int) -> [UInt8] {
        let n = min(keeping, parser.pointee.entry_pos)
        var prefix = [UInt8](repeating: 0, count: n)
        if let buffer = parser.pointee.entry_buf, n > 0 {
            prefix.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: buffer, count: n)) }
        }
        parser.pointee.entry_pos = 0
        return prefix
    }
}

private func fieldParsed(_ data: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    context.assumingMemoryBound(to: RecordStorage.self).pointee.appendField(UnsafeRawPointer(data), count: length)
}

private func recordParsed(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    context.assumingMemoryBound(to: RecordStorage.self).pointee.endRecord()
}
