// Runs the quote-parity scanner over a file with pread(2), in large blocks, to
// find the first record start at or after each of a list of byte offsets, with
// the record number and the line of each. It stops as soon as every offset is
// settled, or at the first quote parity cannot decide (RecordBoundaryScanner):
// offsets past that quote are left unsettled, never guessed.

/// Where a record starts in a file: its byte offset, its 1-based data record number and the
/// 1-based physical line it starts on.
public struct RecordPosition: Sendable, Equatable {
    public var offset: Int
    public var record: Int
    public var line: Int

    public init(offset: Int, record: Int, line: Int) {
        self.offset = offset
        self.record = record
        self.line = line
    }
}

/// The first quote from which quote parity no longer says where records start.
public struct ParityAnomaly: Sendable, Equatable {
    /// The byte offset of the quote.
    public var offset: Int
    /// The line it is on.
    public var line: Int
    public var kind: Kind

    /// Why quote parity stops deciding where records start.
    public enum Kind: Sendable, Equatable {
        /// A quote inside an unquoted field (not at a field's first byte), which libcsv keeps as text.
        case quoteInUnquotedField
        /// A byte other than a delimiter, line end or quote right after a closing quote.
        case textAfterClosingQuote

        /// What the quote is, for messages.
        public var description: String {
            switch self {
            case .quoteInUnquotedField: return "a quote inside an unquoted field"
            case .textAfterClosingQuote: return "text right after a closing quote"
            }
        }
    }
}

/// Finds record starts in a file by quote parity.
public enum RecordStartSearch {
    /// What a search found.
    public struct Result: Sendable, Equatable {
        /// Per target: the first record start at or after it, or `nil` when there is none before
        /// the end of the file — or none before `anomaly`, which leaves the rest undecided.
        public var found: [RecordPosition?]
        /// The first quote parity could not decide, if the scan reached one.
        public var anomaly: ParityAnomaly?
        /// Bytes scanned.
        public var bytesScanned: Int
    }


    /// Scans `file` from `origin` for the first record start at or after each of `targets`.
    ///
    /// - Parameters:
    ///   - file: A regular file, read with `pread(2)` (its position does not move).
    ///   - origin: Where the scan starts: a byte outside any record or at a record's first byte
    ///     (a record start, or just after a record's end), with the number the next record gets
    ///     and the line that byte is on.
    ///   - targets: Byte offsets in increasing order.
    ///   - delimiter: The field delimiter.
    ///   - quote: The quote byte, or `nil` without quoting.
    ///   - entry: The state supposed at `origin` (by default a record start).
    ///   - readSize: Bytes per `pread(2)` (at least 128; tests use small reads to cut blocks everywhere).
    /// - Returns: A position per target, the anomaly that stopped the scan if any, the bytes scanned.
    public static func run(
        file: FileDescriptor, from origin: RecordPosition, targets: [Int], delimiter: UInt8, quote: UInt8?,
        entry: ScanEntry = .recordStart, readSize: Int = 4 << 20
    ) throws(SystemError) -> Result {
        let readSize = max(128, readSize)
        var result = Result(found: Array(repeating: nil, count: targets.count), anomaly: nil, bytesScanned: 0)
        guard !targets.isEmpty else { return result }
        var scanner = RecordBoundaryScanner(delimiter: delimiter, quote: quote, entry: entry)
        // 64 bytes of slack after the data: the last block of a buffer is loaded whole.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize + 128, alignment: 64)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return result }
        var bufferOffset = origin.offset  // the file offset of buffer[0]
        var filled = 0
        var position = 0
        var isAtEnd = false
        var target = 0
        while true {
            if !isAtEnd && filled - position <= 64 {
                // Keep the unscanned tail, then read more behind it.
                let tail = filled - position
                if tail > 0 && position > 0 { buffer.baseAddress?.copyMemory(from: base + position, byteCount: tail) }
                bufferOffset += position
                position = 0
                filled = tail
                while filled <= 64 && !isAtEnd {
                    let n = try file.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<readSize]), atOffset: bufferOffset + filled)
                    if n == 0 { isAtEnd = true } else { filled += n }
                }
                // The bytes a last, short block loads past the data: defined, and masked off by the scan.
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + 64)]).initializeMemory(as: UInt8.self, repeating: 0)
            }
            if position >= filled { break }
            // A block is scanned only once the byte after it is known (or the input has ended).
            let count = min(64, filled - position)
            let next: UInt8? = position + count < filled ? buffer[position + count] : nil
            let recordsBefore = scanner.records
            let linesBefore = scanner.lineEnds
            let block = scanner.scan(base + position, count: count, next: next)
            let blockOffset = bufferOffset + position
            position += count
            result.bytesScanned += count
            var decided = block.recordStarts
            if let anomaly = block.anomaly {
                let below: UInt64 = (1 << UInt64(anomaly.bit)) &- 1
                decided &= below
                result.anomaly = ParityAnomaly(
                    offset: blockOffset + anomaly.bit,
                    line: origin.line + linesBefore + (block.lineEnds & below).nonzeroBitCount,
                    kind: anomaly.kind)
            }
            while target < targets.count {
                let relative = max(0, targets[target] - blockOffset)
                guard relative < count else { break }
                let candidates = decided & ~((1 << UInt64(relative)) &- 1)
                guard candidates != 0 else { break }
                let bit = candidates.trailingZeroBitCount
                let below: UInt64 = (1 << UInt64(bit)) &- 1
                result.found[target] = RecordPosition(
                    offset: blockOffset + bit,
                    record: origin.record + recordsBefore + (block.recordStarts & below).nonzeroBitCount,
                    line: origin.line + linesBefore + (block.lineEnds & below).nonzeroBitCount)
                target += 1
            }
            if target == targets.count || result.anomaly != nil { break }
        }
        return result
    }
}
