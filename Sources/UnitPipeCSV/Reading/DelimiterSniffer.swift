/// Picks a file's delimiter from a sample of its first bytes.
///
/// Each candidate parses the sample with libcsv; the winner is the one for which the most
/// records share the same field count, that count being greater than 1. Ties go to the
/// earlier candidate in `order` (`,` `;` tab `|`, or `;` first for decimal-comma locales).
public struct DelimiterSniffer: Sendable {
    /// Candidates in tie-breaking order.
    public var order: [UInt8]

    public init(order: [UInt8] = CSVDialect.candidateDelimiters) { self.order = order }

    /// The best delimiter for `sample`, or `nil` when no candidate splits any record in two.
    ///
    /// - Parameters:
    ///   - sample: The first bytes of the input (BOM included or not).
    ///   - isComplete: `true` when `sample` is the whole input, so its last record is whole too.
    ///   - quote: The quote byte to parse with.
    public func delimiter(for sample: [UInt8], isComplete: Bool, quote: UInt8?) -> UInt8? {
        var best: (delimiter: UInt8, score: Int)?
        for candidate in order {
            let score = consistency(of: sample, delimiter: candidate, quote: quote, isComplete: isComplete)
            if score > 0, score > (best?.score ?? 0) { best = (candidate, score) }
        }
        return best?.delimiter
    }

    /// How many records share the most common field count (> 1) when split by `delimiter`.
    func consistency(of sample: [UInt8], delimiter: UInt8, quote: UInt8?, isComplete: Bool) -> Int {
        let parser = RecordParser(
            dialect: CSVDialect(delimiter: delimiter, quote: quote, hasHeader: false),
            maxFieldSize: 1 << 20, batchRecords: Int.max)
        parser.feed(sample: sample, isComplete: isComplete)
        let batch = parser.batch()
        var histogram: [Int: Int] = [:]
        for record in 0..<batch.count where batch.problem(of: record) == .none {
            histogram[batch.fieldCount(of: record), default: 0] += 1
        }
        return histogram.filter { $0.key > 1 }.values.max() ?? 0
    }
}
