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
    /// `false` with `--no-header-output`: no header line in the output, the rejects and the error report.
    public var writesHeaders = true

    public init() {}

    /// In shard mode, the records of the byte range located in the file at `path` (`nil` without
    /// `--byte-range`). Its data starts after `head`'s header.
    func resolve(path: String?, head: InputHead, maxFieldSize: Int) throws(JobError) -> ResolvedByteRange? {
        guard let requested = byteRange, let path else { return nil }
        let bom = head.hasByteOrderMark ? InputHead.byteOrderMark.count : 0
        let data = RecordPosition(
            offset: bom + (head.dialect.hasHeader ? head.firstRecordByteCount : 0), record: 1, line: head.linesBeforeData + 1)
        do {
            return try RecordStartSearch.resolve(
                path: path, requested: requested, firstRecord: firstRecord, firstLine: firstLine,
                data: data, dialect: head.dialect, maxFieldSize: maxFieldSize)
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
}
