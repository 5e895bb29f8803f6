// The only file that sees libcsv. `LibCSVParser` wraps one `struct csv_parser`
// and feeds it bytes; libcsv calls back into two top-level functions that
// receive a raw pointer to a `RecordStorage` (no closures, no classes on the
// callback path: libcsv runs at C speed that way).

import CLibCSV
#if canImport(Glibc)
import Glibc
#endif

/// One libcsv parser configured for a dialect, appending what it parses to a `RecordStorage`.
final class LibCSVParser {
    private let parser: UnsafeMutablePointer<csv_parser>
    private let delimiter: UInt8
    private let quote: UInt8?
    private let trimCheck: SpaceTrimCheck?
    private let keepSpaces: @convention(c) (UInt8) -> Int32 = unitpipe_csv_no_space
    private let grow: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = unitpipe_csv_grow

    /// Creates a parser (`csv_init`) that keeps spaces around fields and is lenient with stray
    /// quotes inside unquoted fields.
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
        // csv_init fails only for a null parser (it allocates nothing; the field buffer comes with
        // the first csv_parse), and this one is allocated.
        let status = csv_init(parser, 0)
        precondition(status == CSV_SUCCESS, "csv_init failed (\(status))")
        csv_set_delim(parser, delimiter)
        csv_set_quote(parser, quote ?? 0)
        // By default libcsv trims spaces and tabs around unquoted fields; unitpipe keeps them.
        csv_set_space_func(parser, keepSpaces)
        csv_set_blk_size(parser, 1 << 16)
        // The field buffer doubles as it grows, instead of 64 KiB at a time (shim.h).
        csv_set_realloc_func(parser, grow)
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
    ///
    /// The bytes go to libcsv in stretches that end just after a quote byte followed by anything
    /// but a delimiter, a quote, CR or LF, so that what follows a closing quote is seen before
    /// libcsv takes it: such a byte there (`"ab" ,1`, `"ab"c`) would make libcsv reopen the
    /// quoted field and read the rest of the input into it. Instead the field goes on unquoted
    /// without its closing quote — as
    /// Python's csv module reads it (`ab `, `abc`), so no byte is lost and the record ends where
    /// its line does — and the record is marked (`textAfterQuote`), so none of its values is
    /// trusted.
    func parse(_ bytes: UnsafeRawBufferPointer, into storage: UnsafeMutablePointer<RecordStorage>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        // A space verdict for the whole piece, which holds for each of its stretches (a stretch
        // ends just after a quote byte, so its ends are next to a quote, special for the check,
        // or are the piece's). Where a space may be trimmed, each stretch is looked at on its
        // own, so that libcsv's per-byte space test (a call per byte) runs only where it must.
        var checksStretches = false
        if let trimCheck {
            let verdict = trimCheck.verdict(bytes)
            checksStretches = verdict == .mayTrim
            parser.pointee.is_space = nil
            storage.pointee.isPiecePlain = verdict == .plain
        } else {
            storage.pointee.isPiecePlain = false
        }
        let quoteByte = quoteByte
        var start = 0
        while start < bytes.count {
            if parser.pointee.pstate == LibCSVState.fieldMightHaveEnded && !isFieldEnd(bytes[start]) {
                continueUnquotedAfterClosingQuote()
                storage.pointee.note(.textAfterQuote)
            }
            // The stretch ends after the first quote byte that a byte other than a field end
            // follows (or that ends the piece): only there can text follow a closing quote.
            var end = bytes.count
            var from = start
            while let found = memchr(base + from, Int32(quoteByte), bytes.count - from) {
                let next = UnsafeRawPointer(found) - base + 1
                if next == bytes.count || !isFieldEnd(bytes[next]) {
                    end = next
                    break
                }
                from = next
            }
            let stretch = UnsafeRawBufferPointer(start: base + start, count: end - start)
            if checksStretches, let trimCheck {
                parser.pointee.is_space = trimCheck.verdict(stretch) == .mayTrim ? keepSpaces : nil
            }
            parseStretch(stretch, into: storage)
            start = end
        }
        storage.pointee.notePieceParsed()
    }

    /// `csv_parse` on bytes in which no text follows a quote byte but at their end; checks its
    /// return code.
    private func parseStretch(_ bytes: UnsafeRawBufferPointer, into storage: UnsafeMutablePointer<RecordStorage>) {
        guard let base = bytes.baseAddress else { return }
        var parsed = 0
        while parsed < bytes.count {
            let n = csv_parse(parser, base + parsed, bytes.count - parsed, fieldParsed, recordParsed, storage)
            parsed += n
            guard parsed < bytes.count else { break }
            // libcsv stopped because it could not grow its field buffer (CSV_ENOMEM, or
            // CSV_ETOOBIG past SIZE_MAX): the field is dropped, its record marked like an
            // oversized field, and parsing goes on with the next byte. Without room for even an
            // empty field (nothing parsed, nothing to drop) the rest of these bytes is dropped too.
            let status = csv_error(parser)
            storage.pointee.note(.fieldTooLarge)
            let hadField = parser.pointee.entry_pos > 0
            var dropped: [UInt8] = []
            discardPendingField(appendingTo: &dropped, limit: 0)
            if n == 0 && !hadField || (status != CSV_ENOMEM && status != CSV_ETOOBIG) { break }
        }
    }

    /// The quote byte libcsv was given (NUL when quoting is off).
    private var quoteByte: UInt8 { quote ?? 0 }

    /// `true` for the bytes that may follow a closing quote: a delimiter, a quote (a doubled
    /// quote inside the field), CR or LF.
    private func isFieldEnd(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == quoteByte || byte == 0x0D || byte == 0x0A
    }

    /// Turns the quoted field whose closing quote libcsv just read into an unquoted one that goes
    /// on, dropping that quote from the field's bytes.
    private func continueUnquotedAfterClosingQuote() {
        if parser.pointee.entry_pos > 0 { parser.pointee.entry_pos -= 1 }
        parser.pointee.pstate = LibCSVState.fieldBegun
        parser.pointee.quoted = 0
        parser.pointee.spaces = 0
    }

    /// Flushes the last field and record at end of input (`csv_fini`); marks it when a quote was left open.
    func finish(into storage: UnsafeMutablePointer<RecordStorage>) {
        if isInsideQuotedField { storage.pointee.note(.unterminatedQuote) }
        // Without CSV_STRICT_FINI csv_fini reports no error; a failure would be a libcsv defect.
        let status = csv_fini(parser, fieldParsed, recordParsed, storage)
        if status != CSV_SUCCESS { storage.pointee.note(.fieldTooLarge) }
        releaseLargeBuffer()
    }

    /// `true` while the parser is inside a quoted field (libcsv's FIELD_BEGUN state with `quoted` set).
    var isInsideQuotedField: Bool {
        parser.pointee.quoted != 0 && parser.pointee.pstate == LibCSVState.fieldBegun
    }

    /// Frees libcsv's field buffer when a large field has left it over 1 MiB (`csv_free`, which
    /// frees only the buffer; libcsv allocates a new one when the next field needs it), so a
    /// record's large field is not held a third time while it is written out. Between records only.
    func releaseLargeBuffer() {
        if parser.pointee.entry_size > 1 << 20 && parser.pointee.entry_pos == 0 { csv_free(parser) }
    }

    /// Bytes of the field libcsv is still accumulating, without the bytes it may still drop from
    /// its end: the quote it holds just after a closing quote (as the field's last byte, until it
    /// sees the next one) and the spaces it counts after it or at an unquoted field's end. So a
    /// field of exactly the limit is within it, wherever a read ends.
    var pendingFieldSize: Int { parser.pointee.entry_pos - heldByteCount }

    /// The bytes at the end of libcsv's field buffer that it removes if the field ends next.
    private var heldByteCount: Int {
        let quote = parser.pointee.pstate == LibCSVState.fieldMightHaveEnded ? 1 : 0
        return min(parser.pointee.entry_pos, parser.pointee.spaces + quote)
    }

    /// Drops the bytes libcsv has accumulated for the current field, keeping its quote state, and
    /// appends them to `prefix` until it holds `limit` bytes. Bounds memory for a runaway field (an
    /// unterminated quote); called on every piece, it gives the field's first `limit` bytes
    /// whatever the pieces were.
    func discardPendingField(appendingTo prefix: inout [UInt8], limit: Int) {
        let held = heldByteCount
        let content = parser.pointee.entry_pos - held
        let n = max(0, min(limit - prefix.count, content))
        guard let buffer = parser.pointee.entry_buf else { return }
        if n > 0 { prefix.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: n)) }
        // The held bytes stay, moved to the front: libcsv removes them if the field ends next, or
        // they turn out to be the field's next bytes (a doubled quote, spaces inside the field).
        if held > 0 { memmove(buffer, buffer + content, held) }
        parser.pointee.entry_pos = held
    }
}

/// libcsv's parser states (`pstate`; defined in libcsv.c, not in csv.h).
enum LibCSVState {
    /// Between records.
    static let rowNotBegun: Int32 = 0
    /// After a delimiter, before the next field's first byte.
    static let fieldNotBegun: Int32 = 1
    /// Inside a field (quoted or not, as `quoted` says).
    static let fieldBegun: Int32 = 2
    /// Just after a quote inside a quoted field: a closing quote, or the first of a doubled one.
    static let fieldMightHaveEnded: Int32 = 3
}

private func fieldParsed(_ data: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    context.assumingMemoryBound(to: RecordStorage.self).pointee.appendField(UnsafeRawPointer(data), count: length)
}

private func recordParsed(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    context.assumingMemoryBound(to: RecordStorage.self).pointee.endRecord()
}
