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
}
