/// Splits a cell that carries its own unit (`5.3 km`, `12 °C`, `US$ 5`, `1.000,99 €`) into number and unit byte ranges.
///
/// Nothing is parsed: the numbers module reads the number part (locale-aware)
/// and `UnitResolver` the unit part. The scan only decides where the number
/// is: the first run that starts with a digit (or a sign, `(`, `.`/`,` before
/// a digit) and continues over digits, `.`, `,`, `'`, `’`, spaces or no-break
/// spaces followed by a digit (grouping), an exponent (`e`/`E`, optional sign,
/// then a digit: `1e5` is a number, `5eV` is 5 of `eV`), a closing `)` and a
/// trailing minus (`1.234,56-`). Whatever precedes it is a prefix unit, whatever
/// follows a suffix unit; surrounding spaces are dropped.
public enum InCellUnit {
    /// Where the unit was found.
    public enum Placement: Sendable, Equatable {
        /// No unit in the cell (the pipeline applies the default of `*km` or reports `unknown_unit`).
        case none
        /// Before the number: `US$ 5`, `€1.000,99`.
        case prefix
        /// After the number: `5.3 km`, `1.000,99 €`.
        case suffix
        /// Both sides hold text (`$ 5 km`): `unit` is the prefix; the pipeline should report `ambiguous_unit`.
        case both
    }

    /// The byte ranges of one cell.
    public struct Split: Sendable, Equatable {
        /// The number's bytes (may be empty when the cell holds no number).
        public var number: Range<Int>
        /// The unit's bytes, trimmed; empty when the cell has none.
        public var unit: Range<Int>
        public var placement: Placement
        /// `true` when a sign came before a prefix unit (`-€5`, `−US$ 3`): the number must be negated.
        public var isNegatedBeforeUnit: Bool

        public init(number: Range<Int>, unit: Range<Int>, placement: Placement, isNegatedBeforeUnit: Bool = false) {
            self.number = number
            self.unit = unit
            self.placement = placement
            self.isNegatedBeforeUnit = isNegatedBeforeUnit
        }
    }

    /// Splits a cell's bytes into the number and unit ranges.
    ///
    /// - Parameter cell: The cell's UTF-8 bytes.
    /// - Returns: The ranges, as offsets into `cell`.
    public static func split(_ cell: UnsafeRawBufferPointer) -> Split {
        let n = cell.count
        var start = 0, end = n
        while start < end, let w = spaceWidth(cell, at: start) { start += w }
        while end > start, let w = spaceWidthBefore(cell, end: end, floor: start) { end -= w }
        // Find where the number starts.
        var negatedBeforeUnit = false
        var i = start
        var numberStart = -1
        while i < end {
            if startsNumber(cell, at: i, end: end) { numberStart = i; break }
            i += 1
        }
        guard numberStart >= 0 else {
            return Split(number: start..<start, unit: start..<end, placement: start == end ? .none : .prefix)
        }
        // A sign in front of a prefix unit (`-€5`) belongs to the number.
        var prefixStart = start
        if numberStart > start, let w = signWidth(cell, at: start, end: end), !startsNumber(cell, at: start, end: end) {
            negatedBeforeUnit = cell[start] == 0x2D || w == 3
            prefixStart = start + w
        }
        var j = numberStart
        var sawDigit = false
        // A leading sign or `(`.
        if let w = signWidth(cell, at: j, end: end) { j += w }
        if j < end, cell[j] == 0x28 { j += 1 }
        if let w = signWidth(cell, at: j, end: end) { j += w }
        while j < end {
            let b = cell[j]
            if isDigit(b) { sawDigit = true; j += 1; continue }
            if b == 0x2E || b == 0x2C || b == 0x27 {
                if j + 1 < end, isDigit(cell[j + 1]) || !sawDigit { j += 1; continue }
                // `5.` and `5,` are numbers (digits may be missing after the decimal separator, a
                // point or a comma by locale) unless a letter follows directly.
                if sawDigit && (j + 1 == end || cell[j + 1] == 0x20) && b != 0x27 { j += 1; continue }
                break
            }
            if b == 0xE2, j + 2 < end, cell[j + 1] == 0x80, cell[j + 2] == 0x99, j + 3 < end, isDigit(cell[j + 3]) { j += 3; continue } // ’
            if let w = spaceWidth(cell, at: j), sawDigit, j + w < end, isDigit(cell[j + w]) { j += w; continue }
            if (b == 0x65 || b == 0x45), sawDigit {
                var k = j + 1
                if k < end, cell[k] == 0x2B || cell[k] == 0x2D { k += 1 }
                if k < end, isDigit(cell[k]) { j = k; continue }
                break
            }
            if b == 0x29 { j += 1; break }
            break
        }
        // A trailing minus (`1.234,56-`), directly after the digits.
        if j < end, sawDigit, let w = signWidth(cell, at: j, end: end), cell[j] != 0x2B {
            let after = j + w
            if after == end || spaceWidth(cell, at: after) != nil { j = after }
        }
        let numberEnd = j
        var suffixStart = numberEnd
        while suffixStart < end, let w = spaceWidth(cell, at: suffixStart) { suffixStart += w }
        var prefixEnd = numberStart
        while prefixEnd > prefixStart, let w = spaceWidthBefore(cell, end: prefixEnd, floor: prefixStart) { prefixEnd -= w }
        let hasPrefix = prefixEnd > prefixStart, hasSuffix = end > suffixStart
        let placement: Placement = hasPrefix ? (hasSuffix ? .both : .prefix) : (hasSuffix ? .suffix : .none)
        let unit = hasPrefix ? prefixStart..<prefixEnd : (hasSuffix ? suffixStart..<end : numberEnd..<numberEnd)
        return Split(number: numberStart..<numberEnd, unit: unit, placement: placement, isNegatedBeforeUnit: negatedBeforeUnit)
    }

    /// `split(_:)` for a `String` (tests, small inputs).
    public static func split(_ text: String) -> Split {
        var copy = text
        return copy.withUTF8 { split(UnsafeRawBufferPointer($0)) }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Whether a number starts at `i`: a digit, a sign / `(` / `.` / `,` followed (through signs and `(`) by a digit.
    private static func startsNumber(_ cell: UnsafeRawBufferPointer, at i: Int, end: Int) -> Bool {
        var k = i
        for _ in 0..<3 {
            guard k < end else { return false }
            if isDigit(cell[k]) { return true }
            if let w = signWidth(cell, at: k, end: end) { k += w; continue }
            if cell[k] == 0x28 { k += 1; continue }
            if cell[k] == 0x2E || cell[k] == 0x2C { return k + 1 < end && isDigit(cell[k + 1]) }
            return false
        }
        return false
    }

    /// The width of `+`, `-` or U+2212 minus at `i`, or `nil`.
    private static func signWidth(_ cell: UnsafeRawBufferPointer, at i: Int, end: Int) -> Int? {
        guard i < end else { return nil }
        if cell[i] == 0x2B || cell[i] == 0x2D { return 1 }
        if cell[i] == 0xE2, i + 2 < end, cell[i + 1] == 0x88, cell[i + 2] == 0x92 { return 3 }
        return nil
    }

    /// The width of a space (ASCII space, tab, U+00A0, U+202F) at `i`, or `nil`.
    private static func spaceWidth(_ cell: UnsafeRawBufferPointer, at i: Int) -> Int? {
        guard i < cell.count else { return nil }
        if cell[i] == 0x20 || cell[i] == 0x09 { return 1 }
        if cell[i] == 0xC2, i + 1 < cell.count, cell[i + 1] == 0xA0 { return 2 }
        if cell[i] == 0xE2, i + 2 < cell.count, cell[i + 1] == 0x80, cell[i + 2] == 0xAF { return 3 }
        return nil
    }

    /// The width of a space ending at `end`, not reaching below `floor`, or `nil`.
    private static func spaceWidthBefore(_ cell: UnsafeRawBufferPointer, end: Int, floor: Int) -> Int? {
        if end - 1 >= floor, cell[end - 1] == 0x20 || cell[end - 1] == 0x09 { return 1 }
        if end - 2 >= floor, cell[end - 2] == 0xC2, cell[end - 1] == 0xA0 { return 2 }
        if end - 3 >= floor, cell[end - 3] == 0xE2, cell[end - 2] == 0x80, cell[end - 1] == 0xAF { return 3 }
        return nil
    }
}
