import UnitPipeNumbers
import UnitPipeUnits

// Design note — exact bounds at the speed of a double compare.
//
// A cell's double `v` is its decimal text `t` correctly rounded, and so is a bound's double
// `bd` of its decimal `b`. Rounding is monotone: `t ≥ b` gives `v ≥ bd`. So `v < bd` proves
// `t < b` and `v > bd` proves `t > b`; only when `v == bd` is the answer not known, and then the
// cell's exact decimal is read from its bytes and compared with `b` digit by digit. The same
// goes for `enum` (`t == e` needs `v == ed`) and for `integer` (a whole `t` rounds to a whole
// `v`; a whole `v` from a cell with a fraction or an exponent is checked exactly). No bound is
// ever decided through a double alone. A cell with no fraction and no exponent whose double is
// below 2^53 in magnitude is a whole number its double holds exactly, and so is a whole bound
// there: such a tie is decided without reading the cell again.

/// Why a number breaks its column's constraints.
public enum ConstraintFailure: Sendable, Equatable {
    /// Below `minimum` (or at an exclusive one).
    case belowMinimum(TableSchema.Bound)
    /// Above `maximum` (or at an exclusive one).
    case aboveMaximum(TableSchema.Bound)
    /// Not one of the `enum` values.
    case notAllowed([DecimalValue])
    /// Not a whole number in an integer column.
    case notInteger
    /// NaN against a bound: NaN is neither at least nor at most any value, so no bound holds.
    case unordered(TableSchema.Bound, isMinimum: Bool)

    /// The error report's code: `out_of_range` or `not_integer`.
    public var code: ErrorCode {
        switch self {
        case .belowMinimum, .aboveMaximum, .notAllowed, .unordered: .outOfRange
        case .notInteger: .notInteger
        }
    }
}

/// The constraint stage of one validated column: bounds, `enum` and `integer` on parsed numbers.
public struct ConstraintCheck: Sendable {
    let isInteger: Bool
    let minimum: TableSchema.Bound?
    let maximum: TableSchema.Bound?
    let allowedValues: [DecimalValue]?
    /// The bounds' and allowed values' nearest doubles (±infinity beyond the doubles).
    let minimumDouble: Double
    let maximumDouble: Double
    let allowedDoubles: [Double]
    /// Whether each bound's and allowed value's double is the value itself (a whole number below 2^53).
    let isMinimumExact: Bool
    let isMaximumExact: Bool
    let allowedExact: [Bool]
    /// The column's parser, to scan a cell's exact decimal when the doubles cannot decide.
    let parser: NumberParser

    /// Whether the check has anything to do (else every number passes without a look); settled
    /// once, so a cell's check reads a flag, not the optional bounds.
    public let isEmpty: Bool

    /// Creates the stage for a rule whose cells are read by `parser`.
    ///
    /// - Parameters:
    ///   - rule: The column's rule.
    ///   - parser: The column's parser (its conventions and context).
    public init(rule: ColumnRule, parser: NumberParser) {
        isInteger = rule.kind == .integer
        isEmpty = rule.kind != .integer && rule.minimum == nil && rule.maximum == nil && rule.allowedValues == nil
        minimum = rule.minimum
        maximum = rule.maximum
        allowedValues = rule.allowedValues
        minimumDouble = rule.minimum.map { Self.nearestDouble($0.value) } ?? -.infinity
        maximumDouble = rule.maximum.map { Self.nearestDouble($0.value) } ?? .infinity
        allowedDoubles = (rule.allowedValues ?? []).map(Self.nearestDouble)
        isMinimumExact = rule.minimum.map { Self.isExactDouble($0.value) } ?? false
        isMaximumExact = rule.maximum.map { Self.isExactDouble($0.value) } ?? false
        allowedExact = (rule.allowedValues ?? []).map(Self.isExactDouble)
        self.parser = parser
    }

    /// The double nearest a decimal (ties to even), ±infinity beyond the largest double.
    static func nearestDouble(_ value: DecimalValue) -> Double {
        switch NumberParser().parse(value.description) {
        case .number(let double): return double
        default: return value.isNegative ? -.infinity : .infinity
        }
    }

    /// Whether a decimal is a whole number that its nearest double holds exactly.
    static func isExactDouble(_ value: DecimalValue) -> Bool {
        value.isInteger && abs(nearestDouble(value)) < Self.exactWholeLimit
    }

    /// 2^53: every whole number of smaller magnitude is a double.
    static let exactWholeLimit = 9_007_199_254_740_992.0

    /// What a number's check found: valid, or the first constraint it breaks.
    enum Outcome: UInt8 {
        case valid, notInteger, belowMinimum, aboveMaximum, notAllowed
    }

    /// Whether a parsed number passes the column's constraints (``check(_:cell:)`` is `nil`).
    @inline(__always)
    public func isValid(_ value: Double, cell: UnsafeRawBufferPointer) -> Bool {
        isEmpty || outcome(value, cell: cell) == .valid
    }

    /// Checks one parsed number of the column.
    ///
    /// - Parameters:
    ///   - value: The cell's correctly rounded double.
    ///   - cell: The cell's number bytes (as the parser read them), for the exact decimal when needed.
    /// - Returns: The first constraint the value breaks (integer, then bounds, then `enum`), or `nil`.
    public func check(_ value: Double, cell: UnsafeRawBufferPointer) -> ConstraintFailure? {
        if isEmpty { return nil }
        switch outcome(value, cell: cell) {
        case .valid: return nil
        case .notInteger: return .notInteger
        case .belowMinimum: return minimum.map { .belowMinimum($0) } ?? .notInteger
        case .aboveMaximum: return maximum.map { .aboveMaximum($0) } ?? .notInteger
        case .notAllowed: return .notAllowed(allowedValues ?? [])
        }
    }

    /// The check of one number, on its double while the double decides, else on its exact
    /// decimal (``exactOutcome(_:cell:)``), in the order integer, minimum, maximum, `enum`.
    @inline(never)
    func outcome(_ value: Double, cell: UnsafeRawBufferPointer) -> Outcome {
        if isInteger {
            if value.rounded(.towardZero) != value { return .notInteger }
            if mayHaveFraction(cell) { return exactOutcome(value, cell: cell) }
        }
        // Without a bound its double is ±infinity, which no parsed number passes or meets.
        if value < minimumDouble { return .belowMinimum }
        if value == minimumDouble { return exactOutcome(value, cell: cell) }
        if value > maximumDouble { return .aboveMaximum }
        if value == maximumDouble { return exactOutcome(value, cell: cell) }
        if allowedValues != nil {
            return allowedDoubles.contains(value) ? exactOutcome(value, cell: cell) : .notAllowed
        }
        return .valid
    }

    /// The check of a number whose double ties a bound or an allowed value (or an integer
    /// column's cell with a fraction or exponent): decided on the cell's exact decimal.
    @inline(never)
    func exactOutcome(_ value: Double, cell: UnsafeRawBufferPointer) -> Outcome {
        var exact: DecimalValue?
        func exactValue() -> DecimalValue {
            if let exact { return exact }
            // The cell was read as a number, so its scan is one.
            let read = DecimalValue(cell: cell, parser: parser) ?? .zero
            exact = read
            return read
        }
        // Whether the cell is the whole number its double holds.
        let isCellExact = abs(value) < Self.exactWholeLimit && !mayHaveFraction(cell)
        if isInteger {
            if value.rounded(.towardZero) != value { return .notInteger }
            if !isCellExact, mayHaveFraction(cell), !exactValue().isInteger { return .notInteger }
        }
        if let minimum {
            if value < minimumDouble
                || (value == minimumDouble
                    && (isMinimumExact && isCellExact ? minimum.isExclusive : Self.isBelow(exactValue(), minimum))) {
                return .belowMinimum
            }
        }
        if let maximum {
            if value > maximumDouble
                || (value == maximumDouble
                    && (isMaximumExact && isCellExact ? maximum.isExclusive : Self.isAbove(exactValue(), maximum))) {
                return .aboveMaximum
            }
        }
        if let allowedValues {
            for (index, double) in allowedDoubles.enumerated() where double == value
                && ((allowedExact[index] && isCellExact) || exactValue() == allowedValues[index]) {
                return .valid
            }
            return .notAllowed
        }
        return .valid
    }

    /// Whether the exact value breaks a minimum.
    static func isBelow(_ value: DecimalValue, _ bound: TableSchema.Bound) -> Bool {
        bound.isExclusive ? value <= bound.value : value < bound.value
    }

    /// Whether the exact value breaks a maximum.
    static func isAbove(_ value: DecimalValue, _ bound: TableSchema.Bound) -> Bool {
        bound.isExclusive ? value >= bound.value : value > bound.value
    }

    /// Whether a cell's bytes hold a decimal separator or an exponent, so a whole double may
    /// come from a number with a fraction (`1.0000000000000000001`).
    private func mayHaveFraction(_ cell: UnsafeRawBufferPointer) -> Bool {
        Self.mayHaveFraction(cell, decimalSeparator: parser.conventions.decimalSeparator.value)
    }

    /// Whether number bytes hold the decimal separator (a scalar value), an exponent or a
    /// byte beyond ASCII (a separator or digit of another script).
    static func mayHaveFraction(_ cell: UnsafeRawBufferPointer, decimalSeparator: UInt32) -> Bool {
        for byte in cell where UInt32(byte) == decimalSeparator || byte | 0x20 == UInt8(ascii: "e") || byte >= 0x80 {
            return true
        }
        return false
    }
}

extension ConstraintCheck {
    /// The special values of a Table Schema `number` field: `NaN`, `INF` and `-INF` in any case,
    /// blanks trimmed; `nil` for any other cell.
    static func specialValue(_ cell: UnsafeRawBufferPointer) -> Double? {
        let trimmed = NullValues.trimmed(cell)
        guard trimmed.count == 3 || (trimmed.count == 4 && trimmed[0] == UInt8(ascii: "-")) else { return nil }
        let word = String(decoding: trimmed, as: UTF8.self).lowercased()
        switch word {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: return nil
        }
    }

    /// Checks `NaN`, `INF` or `-INF` as IEEE 754 compares them: an infinity is beyond every
    /// (finite) bound on its side; NaN compares false with every value, so `NaN ≥ minimum` and
    /// `NaN ≤ maximum` do not hold (a bounded field refuses it) and it equals no `enum` value.
    func check(special value: Double) -> ConstraintFailure? {
        if value.isNaN {
            if let minimum { return .unordered(minimum, isMinimum: true) }
            if let maximum { return .unordered(maximum, isMinimum: false) }
        }
        if let minimum, value == -.infinity { return .belowMinimum(minimum) }
        if let maximum, value == .infinity { return .aboveMaximum(maximum) }
        if let allowedValues { return .notAllowed(allowedValues) }
        return nil
    }

    /// Checks a number written in another unit than the column's: the cell's exact decimal `t`
    /// against the bounds moved into its unit, `(b − O) / S`, with the exact factor of
    /// `t·S + O` in the column's unit.
    ///
    /// - Parameters:
    ///   - cell: The cell's number bytes (accepted by the parser).
    ///   - conversion: From the cell's unit to the column's.
    /// - Returns: The first constraint broken, or `nil`.
    public func check(cell: UnsafeRawBufferPointer, convertedBy conversion: UnitConversion) -> ConstraintFailure? {
        if isEmpty { return nil }
        guard let value = DecimalValue(cell: cell, parser: parser) else { return nil }
        func order(against target: DecimalValue) -> Int? {
            // t·S + O ⋛ b  ⇔  t ⋛ (b − O) / S, S > 0 for every catalog factor.
            guard let bound = target.rational, let shifted = bound.subtracting(conversion.offset),
                  let moved = shifted.divided(by: conversion.scale) else { return nil }
            return value.compare(to: moved)
        }
        if isInteger, let rational = value.rational,
           let converted = rational.multiplied(by: conversion.scale)?.adding(conversion.offset), !converted.isInteger {
            return .notInteger
        }
        if let minimum, let order = order(against: minimum.value), order < 0 || (order == 0 && minimum.isExclusive) {
            return .belowMinimum(minimum)
        }
        if let maximum, let order = order(against: maximum.value), order > 0 || (order == 0 && maximum.isExclusive) {
            return .aboveMaximum(maximum)
        }
        if let allowedValues, !allowedValues.contains(where: { order(against: $0) == 0 }) {
            return .notAllowed(allowedValues)
        }
        return nil
    }
}
