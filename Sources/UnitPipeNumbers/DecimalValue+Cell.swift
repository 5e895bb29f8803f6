extension DecimalValue {
    /// The exact decimal value of a cell, as the parser scans it (its locale's separators, signs,
    /// percent and currency marks read): the same scan that gives the cell's double.
    ///
    /// - Parameters:
    ///   - cell: The cell's bytes.
    ///   - parser: The column's parser.
    /// - Returns: The value, or `nil` when the cell is empty or not a number.
    public init?(cell: UnsafeRawBufferPointer, parser: NumberParser) {
        switch parser.scan(cell) {
        case .decimal(let decimal):
            self.init(scanned: decimal)
        case .long:
            guard let long = parser.scanLong(cell) else { return nil }
            self.init(long: long)
        case .empty, .failure:
            return nil
        }
    }

    /// The value of a short scanned decimal.
    init(scanned decimal: ScannedDecimal) {
        var mantissa = decimal.mantissa
        var reversed: [UInt8] = []
        while mantissa > 0 {
            reversed.append(UInt8(mantissa % 10))
            mantissa /= 10
        }
        self.init(isNegative: decimal.isNegative, digits: reversed.reversed(), exponent: decimal.exponent)
    }

    /// The value of a long decimal (every digit the cell holds).
    init(long: LongDecimal) {
        var rest = long.digits
        var reversed: [UInt8] = []
        // Eighteen digits at a time.
        while !rest.isZero {
            var chunk = rest.divide(by: 1_000_000_000_000_000_000)
            for _ in 0..<18 {
                reversed.append(UInt8(chunk % 10))
                chunk /= 10
            }
        }
        self.init(isNegative: long.isNegative, digits: reversed.reversed(), exponent: long.exponent)
    }
}
