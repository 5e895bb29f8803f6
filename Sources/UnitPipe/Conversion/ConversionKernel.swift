/// The batch kernel: whole columns converted in place, correctly rounded.
///
/// Each batch is processed in blocks. A first pass over a block runs the
/// branch-free fast path on every element — a plain loop over contiguous
/// memory the compiler vectorizes — and writes the result, or leaves the input
/// in place and sets a flag where the result is not certain. A second pass,
/// only for blocks with a flag, recomputes the flagged few exactly, out of line.
extension FactorMatrix {
    /// Elements per block: the flags of one block stay in a small stack buffer.
    private static let blockSize = 512

    /// Converts a whole column in place, every element from source `sourceIndex`.
    ///
    /// NaN (a null cell) stays NaN; an overflowing result becomes ±infinity.
    /// - Parameters:
    ///   - values: The column, converted in place.
    ///   - sourceIndex: The index of the values' unit in `sources`.
    public func convert(_ values: UnsafeMutableBufferPointer<Double>, source sourceIndex: Int) {
        precondition(factors.indices.contains(sourceIndex), "source index \(sourceIndex) out of range")
        let factor = factors[sourceIndex]
        guard let base = values.baseAddress else { return }
        if factor.isPlainProduct {
            let scale = factor.scaleHi
            // x·S rounded once is already correct; + 0 turns the product −0 (from x = −0) into the exact zero +0.
            for i in 0..<values.count { base[i] = base[i] * scale + 0 }
            return
        }
        FactorMatrix.inBlocks(count: values.count) { range, flags in
            var flagged: UInt8 = 0
            for i in range {
                let x = base[i]
                let (r, needsExact) = factor.fastValue(x)
                base[i] = needsExact == 0 ? r : x
                flags[i - range.lowerBound] = needsExact
                flagged |= needsExact
            }
            guard flagged != 0 else { return }
            for i in range where flags[i - range.lowerBound] != 0 {
                base[i] = factor.exactValue(base[i])
            }
        }
    }

    /// Converts in place with a per-row source index (gather): `values[i] = values[i]·S[idx[i]] + O[idx[i]]`.
    ///
    /// NaN (a null cell) stays NaN; an overflowing result becomes ±infinity.
    /// - Parameters:
    ///   - values: The column, converted in place.
    ///   - sources: For each element, the index of its unit in `sources`; as many as `values`.
    public func convert(_ values: UnsafeMutableBufferPointer<Double>, sources: UnsafeBufferPointer<Int32>) {
        precondition(values.count == sources.count, "\(values.count) values but \(sources.count) source indices")
        guard let base = values.baseAddress, let indices = sources.baseAddress else { return }
        var lowest = Int32.max, highest = Int32.min
        for i in 0..<sources.count {
            lowest = min(lowest, indices[i])
            highest = max(highest, indices[i])
        }
        precondition(lowest >= 0 && Int(highest) < factors.count, "source index out of range")
        factors.withUnsafeBufferPointer { table in
            guard let entries = table.baseAddress else { return }
            FactorMatrix.inBlocks(count: values.count) { range, flags in
                var flagged: UInt8 = 0
                for i in range {
                    let x = base[i]
                    let (r, needsExact) = entries[Int(indices[i])].fastValue(x)
                    base[i] = needsExact == 0 ? r : x
                    flags[i - range.lowerBound] = needsExact
                    flagged |= needsExact
                }
                guard flagged != 0 else { return }
                for i in range where flags[i - range.lowerBound] != 0 {
                    base[i] = entries[Int(indices[i])].exactValue(base[i])
                }
            }
        }
    }

    /// Calls `body` for consecutive blocks of `0..<count`, with a flag buffer of one block's size.
    @inline(__always)
    private static func inBlocks(count: Int, _ body: (Range<Int>, UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: blockSize) { flags in
            guard let flagBase = flags.baseAddress else { return }
            var start = 0
            while start < count {
                let end = min(start + blockSize, count)
                body(start..<end, flagBase)
                start = end
            }
        }
    }
}
