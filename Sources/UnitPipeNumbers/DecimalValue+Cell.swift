extension DecimalValue {
    /// The exact decimal value of a cell the number parser has already read as a number.
    ///
    /// The cell is not validated again: its digits (ASCII or the conventions' native ones), its
    /// decimal separator, exponent and sign (a minus sign or accounting parentheses anywhere
    /// outside the exponent) are collected, grouping separators and marks skipped; a percent sign
    /// moves the exponent by −2 when `percentDivides`. Only cells the parser accepted may be
    /// given — for anything else the result means nothing.
    /// - Parameters:
    ///   - cell: The cell's bytes.
    ///   - conventions: The conventions the parser read it with (a fixed, decided column).
    ///   - percentDivides: Whether a percent sign divides by 100 (the parser's context allows it).
    /// - Returns: The value.
    public init(acceptedCell cell: UnsafeRawBufferPointer, conventions: NumberConventions, percentDivides: Bool) {
        let marks = conventions.marks
        var digits: [UInt8] = []
        var fractionCount = 0
        var hasDecimal = false
        var isNegative = false
        var hasPercent = false
        var exponent = 0
        var index = 0
        let end = cell.count
        while index < end {
            let (scalar, length) = decodeScalar(cell, index, end)
            let digit = marks.digitValue(scalar)
            if digit <= 9 {
                digits.append(UInt8(truncatingIfNeeded: digit))
                if hasDecimal { fractionCount += 1 }
            } else if scalar == marks.decimalScalar, !hasDecimal {
                hasDecimal = true
            } else if scalar | 0x20 == 0x65, !digits.isEmpty, let parsed = Self.exponent(cell, after: index + 1) {
                exponent = parsed.value
                index = parsed.end
                continue
            } else if marks.isMinus(scalar) || scalar == 0x28 {
                isNegative = true
            } else if marks.isPercent(scalar) {
                hasPercent = true
            }
            index += length
        }
        let shift = hasPercent && percentDivides ? 2 : 0
        self.init(isNegative: isNegative, digits: digits, exponent: exponent - fractionCount - shift)
    }

    /// The exponent `[+-]digits` starting at `start`, or `nil` when no digit follows.
    private static func exponent(_ cell: UnsafeRawBufferPointer, after start: Int) -> (value: Int, end: Int)? {
        var index = start
        var isNegative = false
        if index < cell.count, cell[index] == UInt8(ascii: "+") || cell[index] == UInt8(ascii: "-") {
            isNegative = cell[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        var value = 0
        while index < cell.count, cell[index] >= UInt8(ascii: "0"), cell[index] <= UInt8(ascii: "9") {
            if value < 1_000_000_000 { value = value * 10 + Int(cell[index] - UInt8(ascii: "0")) }
            index += 1
        }
        guard index > digitsStart else { return nil }
        return (isNegative ? -value : value, index)
    }
}
