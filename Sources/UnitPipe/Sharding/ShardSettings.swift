import UnitPipeCSV

/// Shard mode: one byte range of a file, so a run can be split across cores or machines and its
/// parts concatenated (`--byte-range`, `--first-record`, `--first-line`, `--no-header-output`).
public struct ShardSettings: Sendable, Equatable {
    /// `--byte-range START:END`: only the records that start in `START..<END` of the file.
    public var byteRange: Range<Int>?
    /// `--first-record R` with `--first-line L`: START is a record start, numbered R on line L
    /// (as `unitpipe plan` gives them); without them START is located by a scan.
    public var firstRecord: Int?
    public var firstLine: Int?
    /// `--range-start guess`: without `firstRecord`, START's first record is guessed from the bytes
    /// after START and numbered record 1 on line 1 (no scan from the file's start).
    public var guessesStart = false
    /// `false` with `--no-header-output`: no header line in the output, the rejects and the error report.
    public var writesHeaders = true

    public init() {}

    /// In shard mode, the records of the byte range located in the file at `path` (`nil` without
    /// `--byte-range`). Its data starts after `head`'s header.
    func resolve(path: String?, head: InputHead, maxFieldSize: Int) throws(JobError) -> ResolvedByteRange? {
        guard let requested = byteRange, let path else { return nil }
        let data = RecordPosition(offset: head.dataOffset, record: 1, line: head.linesBeforeData + 1)
        do {
            return try RecordStartSearch.resolve(
                path: path, requested: requested, firstRecord: firstRecord, firstLine: firstLine,
                data: data, dialect: head.dialect, maxFieldSize: maxFieldSize, guessesStart: guessesStart)
        } catch {
            throw .input(error)
        }
    }
}

extension ResolvedByteRange {
    /// Whether this shard starts at the file's first data record: it accounts for the bytes
    /// before it (so the shards' `bytes_in` add up to the file's) and reports the header's problems.
    var ownsHead: Bool { start == firstRecordStart && end > start }

    /// The shard's `bytes_in`: its range, plus the bytes before it for the shard that owns the head.
    var bytesIn: Int { end - start + (ownsHead ? start : 0) }

    /// The summary's `byte_range` object: the records covered, and where the next range's first
    /// record starts, numbered as this shard numbers (so a driver can check and renumber).
    var json: String {
        var out = "{\"start\": \(start), \"end\": \(end), \"record\": \(record), \"line\": \(line)"
        if let next { out += ", \"next\": {\"offset\": \(next.offset), \"record\": \(next.record), \"line\": \(next.line)}" }
        if isGuessed { out += ", \"guessed\": true" }
        out += ", \"data_start\": \(firstRecordStart)"
        return out + "}"
    }
}
