/// The batch kernel: whole columns converted in place, correctly rounded.
///
/// Design note (speed). Each column is processed in blocks of `blockSize`
/// elements. One plain loop runs the branch-free fast path on every element
/// (the linear variant when the offset is zero: fewer operations), writes the
/// result in place — or leaves the input where the result is uncertain — and
/// stores a 64-bit flag beside it, ORing the flags into one integer. The loop
/// has no closure, no tuple crossing a call and no byte stores beside the
/// `Double` stores (mixed widths kept LLVM from vectorizing it), so it
/// vectorizes (SSE2 on baseline x86-64: two values per instruction). Only a
/// block whose reduction is non-zero is walked again, deciding the flagged
/// elements exactly, out of line. The gather kernel runs the same loop on runs of equal
/// source indices (per-row unit columns are mostly long runs) and falls back
/// to a per-element table lookup only inside mixed blocks.
extension FactorMatrix {
    /// Elements per block: the saved inputs of one block stay in a small stack buffer.
    static let blockSize = 1024

    /// Converts a whole column in place, every element from source `sourceIndex`.
    ///
    /// NaN (a null cell) stays NaN; an overflowing result becomes ±infinity.
    /// - Parameters:
    ///   - values: The column, converted in place.
    ///   - sourceIndex: The index of the values' unit in `sources`.
    public func convert(_ values: UnsafeMutableBufferPointer<Double>, source sourceIndex: Int) {
        precondition(factors.indices.contains(sourceIndex), "source index \(sourceIndex) out of range")
        guard let base = values.baseAddress else { return }
        let factor = factors[sourceIndex]
        if factor.isPlainProduct {
            let scale = factor.scaleHi
            // x·S rounded once is already correct; + 0 turns the product −0 (from x = −0) into the exact zero +0.
            for i in 0..<values.count { base[i] = base[i] * scale + 0 }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: FactorMatrix.blockSize) { flags in
            guard let flagBase = flags.baseAddress else { return }
            var start = 0
            while start < values.count {
                let count = min(FactorMatrix.blockSize, values.count - start)
                FactorMatrix.convertBlock(base + start, count: count, flags: flagBase, factor: factor)
                start += count
            }
        }
    }

    /// Converts in place with a per-row source index (gather): `values[i] = values[i]·S[idx[i]] + O[idx[i]]`.
    ///
    /// NaN (a null cell) stays NaN; an overflowing result becomes ±infinity.
    /// Runs of equal indices go through the vectorized fixed-pair loop.
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
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: FactorMatrix.blockSize) { flags in
                guard let flagBase = flags.baseAddress else { return }
                var start = 0
                while start < values.count {
                    let limit = min(start + FactorMatrix.blockSize, values.count)
                    // A run of one index (at most a block) goes through the fixed-pair loop.
                    let first = indices[start]
                    var end = start + 1
                    while end < limit, indices[end] == first { end += 1 }
                    if end - start >= FactorMatrix.minimumRun || end == values.count {
                        let factor = entries[Int(first)]
                        if factor.isPlainProduct {
                            let scale = factor.scaleHi
                            for i in start..<end { base[i] = base[i] * scale + 0 }
                        } else {
                            FactorMatrix.convertBlock(base + start, count: end - start, flags: flagBase, factor: factor)
                        }
                        start = end
                    } else {
                        // Mixed indices: the general fast path with a table lookup per element.
                        var flagged: UInt64 = 0
                        for i in start..<limit {
                            let x = base[i]
                            let (r, needsExact) = entries[Int(indices[i])].fastValue(x)
                            base[i] = needsExact == 0 ? r : x
                            flagBase[i - start] = needsExact
                            flagged |= needsExact
                        }
                        if flagged != 0 {
                            for i in start..<limit where flagBase[i - start] != 0 {
                                base[i] = entries[Int(indices[i])].exactValue(base[i])
                            }
                        }
                        start = limit
                    }
                }
            }
        }
    }

    /// The shortest run of one source index that the gather converts with the fixed-pair loop.
    static let minimumRun = 32

    /// Converts `count` (≤ `blockSize`) values in place from one factor: the vectorized fast loop, then the exact path for flagged values.
    ///
    /// The fast loop leaves a flagged element's input in place and sets its
    /// flag (a `UInt64`, the width of the values, so the loop vectorizes).
    /// - Returns: How many values the exact path decided.
    @inline(__always)
    @discardableResult
    static func convertBlock(_ block: UnsafeMutablePointer<Double>, count: Int, flags: UnsafeMutablePointer<UInt64>,
                             factor: ConversionFactor) -> Int {
        convertBlock(UnsafePointer(block), into: block, count: count, flags: flags, factor: factor)
    }

    /// Converts `count` (≤ `blockSize`) values from `input` into `block` from one factor (the
    /// two may be the same memory): the vectorized fast loop, then the exact path for flagged values.
    ///
    /// The fast loop writes a flagged element's input to `block` and sets its flag.
    /// - Returns: How many values the exact path decided.
    @inline(__always)
    @discardableResult
    static func convertBlock(_ input: UnsafePointer<Double>, into block: UnsafeMutablePointer<Double>, count: Int,
                             flags: UnsafeMutablePointer<UInt64>, factor: ConversionFactor) -> Int {
        var flagged: UInt64 = 0
        // Plain Doubles in locals: nothing the stores could alias, so nothing is reloaded per element.
        let (scaleHi, scaleLo, head, tail) = (factor.scaleHi, factor.scaleLo, factor.scaleHiHead, factor.scaleHiTail)
        let (offsetHi, offsetLo, boundFactor, zeroInput) = (factor.offsetHi, factor.offsetLo, factor.boundFactor, factor.zeroInput)
        if factor.isLinear {
            for i in 0..<count {
                let x = input[i]
                let (r, needsExact) = ConversionFactor.fastLinearValue(x, scaleHi: scaleHi, scaleLo: scaleLo, head: head, tail: tail, boundFactor: boundFactor)
                block[i] = needsExact == 0 ? r : x
                flags[i] = needsExact
                flagged |= needsExact
            }
        } else {
            for i in 0..<count {
                let x = input[i]
                let (r, needsExact) = ConversionFactor.fastValue(x, scaleHi: scaleHi, scaleLo: scaleLo, head: head, tail: tail,
                                                                offsetHi: offsetHi, offsetLo: offsetLo, boundFactor: boundFactor, zeroInput: zeroInput)
                block[i] = needsExact == 0 ? r : x
                flags[i] = needsExact
                flagged |= needsExact
            }
        }
        guard flagged != 0 else { return 0 }
        var exactCount = 0
        for i in 0..<count where flags[i] != 0 {
            block[i] = factor.exactValue(block[i])
            exactCount += 1
        }
        return exactCount
    }
}
