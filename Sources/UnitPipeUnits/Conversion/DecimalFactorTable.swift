import UnitPipeNumbers

// Design note — converting decimals, not Doubles.
//
// A cell scanned as ±m·10^-k (m < 2^53, 0 ≤ k < 23) reaches the kernel as the exact Double ±m with
// the slot k beside it; the table holds, per source unit and slot, the factor S·10^-k (times 10^N
// with `--decimals N`) and offset O (·10^N). So `m·(S·10^-k) + O` is the exact value of the text
// converted, and the double-double kernel of `ConversionFactor` rounds it once — certified, or
// decided exactly for the few values near a midpoint. With a terminating factor (`2.54`, `1.8`)
// most products are exact Doubles already (`1.1 m → cm`: 11·10 = 110).
//
// Speed. A fixed-unit block whose cells have different numbers of fraction digits is first
// brought to one slot: the block's largest k, each mantissa multiplied by 10^(kmax − k) into a
// scratch block, exact while the products stay at most 2^53 (checked on the products in the same
// pass; otherwise the block, untouched, goes element by element). Then the block runs the
// vectorized loop of the Double kernel with one factor, from the scratch block into the column.
// Per-row units (a gather) run element by element with a table lookup.

/// Per source unit, one conversion factor per decimal exponent of a cell, for shortest output or `--decimals N`.
package struct DecimalFactorTable: Sendable {
    /// Slots 0…22: a cell's exponent −22…0 (10^22 is the largest exact power of ten).
    package static let slotCount = 23
    /// The largest integer mantissa the kernel takes as an exact `Double`.
    static let maxMantissa: UInt64 = 1 << 53

    /// The fraction digits of fixed output, or `nil` for the nearest Double.
    let decimals: Int?
    /// How fixed output breaks ties.
    let tie: DecimalRounding
    /// Factors by `source · slotCount + slot`.
    private(set) var factors: [ConversionFactor] = []
    /// The number of source units covered.
    private(set) var sourceCount = 0

    /// Builds the table for every source of a matrix.
    package init(matrix: FactorMatrix, decimals: Int? = nil, tie: DecimalRounding = .halfEven) {
        self.decimals = decimals
        self.tie = tie
        extend(to: matrix)
    }

    /// Adds the sources a growing matrix (per-row units) has gained.
    package mutating func extend(to matrix: FactorMatrix) {
        guard matrix.factors.count > sourceCount else { return }
        let shift = decimals ?? 0
        for source in sourceCount..<matrix.factors.count {
            let factor = matrix.factors[source]
            for slot in 0..<DecimalFactorTable.slotCount {
                factors.append(ConversionFactor(scale: factor.scale, offset: factor.offset,
                                                scalePower: shift - slot, offsetPower: shift))
            }
        }
        sourceCount = matrix.factors.count
    }

    /// Whether this table and `other` hold their factors in one storage (a copy of a table
    /// shares it until one of them grows).
    package func sharesStorage(with other: DecimalFactorTable) -> Bool {
        factors.withUnsafeBufferPointer { mine in other.factors.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }

    /// The factor of a source and slot.
    package func factor(source: Int, slot: Int) -> ConversionFactor { factors[source * DecimalFactorTable.slotCount + slot] }

    /// The kernel's input for a scanned decimal: the signed mantissa as an exact `Double` and the
    /// slot of its exponent (a positive exponent moved into the mantissa), or `nil` when the
    /// mantissa is above 2^53 or the exponent outside the slots (the exact path decides).
    @inline(__always)
    package static func kernelInput(_ decimal: ScannedDecimal) -> (Double, Int32)? {
        var mantissa = decimal.mantissa
        var exponent = decimal.exponent
        if exponent > 0 {
            guard exponent < 16 else { return mantissa == 0 ? (decimal.isNegative ? -0.0 : 0.0, 0) : nil }
            let (shifted, overflow) = mantissa.multipliedReportingOverflow(by: NumberParser.integerPowersOfTen[exponent])
            guard !overflow else { return nil }
            (mantissa, exponent) = (shifted, 0)
        }
        guard mantissa <= maxMantissa, exponent > -slotCount else { return nil }
        let x = Double(mantissa)
        return (decimal.isNegative ? -x : x, Int32(truncatingIfNeeded: -exponent))
    }

    /// 10^0 … 10^22 as exact `Double`s.
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// Converts cells given as signed integer mantissas in place to the nearest `Double` of their exact results.
    ///
    /// NaN stays NaN; an overflowing result becomes ±infinity.
    /// - Parameters:
    ///   - values: Per cell, `±m` (an exact integer ≤ 2^53) or NaN; converted in place.
    ///   - indices: Per cell, `source · slotCount + slot` (read only).
    /// - Returns: How many values the exact path decided.
    package func convert(_ values: UnsafeMutableBufferPointer<Double>, indices: UnsafeBufferPointer<Int32>) -> Int {
        precondition(values.count == indices.count, "\(values.count) values but \(indices.count) indices")
        guard let base = values.baseAddress, let index = indices.baseAddress else { return 0 }
        var exactCount = 0
        factors.withUnsafeBufferPointer { table in
            guard let entries = table.baseAddress else { return }
            DecimalFactorTable.powersOfTen.withUnsafeBufferPointer { powers in
                guard let powers = powers.baseAddress else { return }
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: FactorMatrix.blockSize) { flags in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: FactorMatrix.blockSize) { scratch in
                        guard let flagBase = flags.baseAddress, let scratchBase = scratch.baseAddress else { return }
                        var start = 0
                        while start < values.count {
                            let count = min(FactorMatrix.blockSize, values.count - start)
                            exactCount += DecimalFactorTable.convertBlock(base + start, indices: index + start, count: count,
                                                                          flags: flagBase, scratch: scratchBase,
                                                                          entries: entries, powers: powers)
                            start += count
                        }
                    }
                }
            }
        }
        return exactCount
    }

    /// One block of ``convert(_:indices:)``: one slot and the vectorized loop when the block has one
    /// source, else element by element.
    @inline(__always)
    private static func convertBlock(_ block: UnsafeMutablePointer<Double>, indices: UnsafePointer<Int32>, count: Int,
                                     flags: UnsafeMutablePointer<UInt64>, scratch: UnsafeMutablePointer<Double>,
                                     entries: UnsafePointer<ConversionFactor>, powers: UnsafePointer<Double>) -> Int {
        var lowest = Int32.max, highest = Int32.min
        for i in 0..<count {
            lowest = min(lowest, indices[i])
            highest = max(highest, indices[i])
        }
        let slots = Int32(slotCount)
        let source = lowest / slots
        if highest / slots == source {
            // One source: every mantissa brought to the largest slot (`highest`) in one pass, into
            // the scratch block, when every product stays exact (at most 2^53; NaN passes).
            var input = UnsafePointer(block)
            var isExact = true
            if highest > lowest {
                let powerBase = Int(highest)
                var tooLarge: UInt64 = 0
                for i in 0..<count {
                    let y = block[i] * powers[powerBase - Int(indices[i])]
                    scratch[i] = y
                    tooLarge |= y.magnitude > 0x1p53 ? 1 : 0
                }
                isExact = tooLarge == 0
                input = UnsafePointer(scratch)
            }
            if isExact {
                let factor = entries[Int(highest)]
                if factor.isPlainProduct {
                    let scale = factor.scaleHi
                    for i in 0..<count { block[i] = input[i] * scale + 0 }
                    return 0
                }
                return FactorMatrix.convertBlock(input, into: block, count: count, flags: flags, factor: factor)
            }
        }
        var exactCount = 0
        for i in 0..<count {
            let factor = entries[Int(indices[i])]
            let (r, needsExact) = factor.fastValue(block[i])
            if needsExact == 0 {
                block[i] = r
            } else {
                block[i] = factor.exactValue(block[i])
                exactCount += 1
            }
        }
        return exactCount
    }

    /// Converts cells given as signed integer mantissas in place to their exact results rounded to
    /// `decimals` fraction digits, as integers (the value times 10^decimals).
    ///
    /// NaN stays NaN. A value the allocation-free paths cannot decide (magnitude 2^51 and more, or a
    /// tie with large factor terms) is left as NaN and its position listed in `undecided`.
    /// - Parameters:
    ///   - values: Per cell, `±m` or NaN; replaced by the rounded integer.
    ///   - indices: Per cell, `source · slotCount + slot`.
    ///   - undecided: Room for as many positions as `values`; receives the undecided ones.
    /// - Returns: The number of undecided positions, and how many values the exact path decided.
    package func convertFixed(_ values: UnsafeMutableBufferPointer<Double>, indices: UnsafeBufferPointer<Int32>,
                      undecided: UnsafeMutablePointer<Int32>) -> (undecided: Int, exact: Int) {
        precondition(values.count == indices.count && decimals != nil)
        var undecidedCount = 0, exactCount = 0
        factors.withUnsafeBufferPointer { table in
            guard let entries = table.baseAddress else { return }
            for i in 0..<values.count {
                let x = values[i]
                let factor = entries[Int(indices[i])]
                let (n, needsExact) = factor.fixedValue(x, tie: tie)
                guard needsExact else {
                    values[i] = n
                    continue
                }
                exactCount += 1
                if n.magnitude < 0x1p51, let decided = factor.exactFixedValue(x, candidate: n, tie: tie) {
                    values[i] = decided
                } else {
                    values[i] = .nan
                    undecided[undecidedCount] = Int32(i)
                    undecidedCount += 1
                }
            }
        }
        return (undecidedCount, exactCount)
    }
}
