// Design note — `--locale auto`, decided from evidence only.
//
// A cell is evidence for a decimal separator only when it can be read one way: both `.` and
// `,` present (the last one is decimal: `1.234,5`), one of them repeated (it groups:
// `1,234,567`), or a single one that cannot be a grouping separator (`0,25`, `1,5`, `1234.5`:
// not followed by exactly three digits, or behind a lone zero or more than three digits).
// A single separator followed by exactly three digits behind one to three digits (`1,234`,
// `12.345`) reads two ways and is no evidence. Evidence counts only when the cell then parses
// with the conventions it points to. The column is decided when all evidence agrees; with none
// or contradicting evidence it stays undecided, and each cell then decides for itself — a cell
// readable two ways being `ambiguous_number`, never a guess.

/// Decides from sample cells of one column whether it writes `.` or `,` as decimal separator.
///
/// Feed it the column's cells of the first block (``observe(_:)-…``), read ``decision`` once, and
/// parse the whole column with ``Decision/conventions``.
public struct LocaleDetector: Sendable {
    /// The decimal separator a column uses.
    public enum Convention: Sendable, Equatable, Hashable {
        /// `1,234.5` — decimal point, grouping with `,`, space or apostrophe.
        case decimalPoint
        /// `1.234,5` — decimal comma, grouping with `.`, space or apostrophe.
        case decimalComma
    }

    /// What the detector concluded from the cells seen so far.
    public struct Decision: Sendable, Equatable {
        /// The column's convention, or `nil` when the evidence is missing or contradictory.
        public let convention: Convention?
        /// The number of cells that show a decimal point (`0.25`, `1,234.5`, `1,234,567`).
        public let decimalPointEvidence: Int
        /// The number of cells that show a decimal comma (`0,25`, `1.234,5`, `1 234,5`).
        public let decimalCommaEvidence: Int
        /// Whether cells showed Indian grouping (`1,23,456`) and none Western grouping of 3 digits.
        public let usesIndianGrouping: Bool
        /// The conventions to parse the column with: decided, or ``NumberConventions/undecided``.
        public let conventions: NumberConventions

        /// The number of cells supporting the decision (0 when undecided).
        public var evidence: Int {
            switch convention {
            case .decimalPoint?: decimalPointEvidence
            case .decimalComma?: decimalCommaEvidence
            case nil: 0
            }
        }
    }

    private var pointEvidence = 0
    private var commaEvidence = 0
    private var indianEvidence = 0
    private var westernEvidence = 0

    /// Creates a detector that has seen no cells.
    public init() {}

    /// Takes one cell of the column into account; blanks, text and two-way cells add no evidence.
    ///
    /// - Parameter cell: The cell's bytes, quotes removed.
    public mutating func observe(_ cell: UnsafeRawBufferPointer) {
        switch Self.classify(cell) {
        case .decimal(0x2E):
            let parser = NumberParser(conventions: .automaticPoint)
            switch parser.parse(cell) {
            case .number:
                pointEvidence += 1
                if Self.hasGroupsOf(cell, grouping: 0x2C) { westernEvidence += 1 }
            case .failure(.grouping):
                if case .number = NumberParser(conventions: .automaticPointIndian).parse(cell) {
                    pointEvidence += 1
                    indianEvidence += 1
                }
            default: break
            }
        case .decimal(_):
            if case .number = NumberParser(conventions: .automaticComma).parse(cell) { commaEvidence += 1 }
        case .none, .ambiguous: break
        }
    }

    /// Takes one cell given as a `String` into account.
    ///
    /// - Parameter cell: The cell's text.
    public mutating func observe(_ cell: String) {
        var cell = cell
        cell.withUTF8 { observe(UnsafeRawBufferPointer($0)) }
    }

    /// The decision from the cells seen so far.
    public var decision: Decision {
        let isIndian = indianEvidence > 0 && westernEvidence == 0
        if pointEvidence > 0, commaEvidence == 0 {
            return Decision(convention: .decimalPoint, decimalPointEvidence: pointEvidence, decimalCommaEvidence: 0,
                            usesIndianGrouping: isIndian, conventions: isIndian ? .automaticPointIndian : .automaticPoint)
        }
        if commaEvidence > 0, pointEvidence == 0 {
            return Decision(convention: .decimalComma, decimalPointEvidence: 0, decimalCommaEvidence: commaEvidence,
                            usesIndianGrouping: false, conventions: .automaticComma)
        }
        return Decision(convention: nil, decimalPointEvidence: pointEvidence, decimalCommaEvidence: commaEvidence,
                        usesIndianGrouping: isIndian, conventions: .undecided)
    }

    /// What one cell says about the decimal separator.
    enum CellEvidence: Equatable {
        /// No `.` or `,` at all.
        case none
        /// The cell reads one way with this decimal separator (`.` or `,`).
        case decimal(UInt8)
        /// A single separator that may group or be decimal (`1,234`).
        case ambiguous
    }

    /// Classifies a cell by its `.` and `,` (see the design note).
    static func classify(_ cell: UnsafeRawBufferPointer) -> CellEvidence {
        var dots = 0
        var commas = 0
        var lastDot = -1
        var lastComma = -1
        for index in 0..<cell.count {
            if cell[index] == 0x2E {
                dots += 1
                lastDot = index
            } else if cell[index] == 0x2C {
                commas += 1
                lastComma = index
            }
        }
        if dots + commas == 0 { return .none }
        if dots > 0, commas > 0 { return .decimal(lastDot > lastComma ? 0x2E : 0x2C) }
        if dots > 1 { return .decimal(0x2C) }
        if commas > 1 { return .decimal(0x2E) }
        let position = dots == 1 ? lastDot : lastComma
        let separator = cell[position]
        var after = 0
        while position + 1 + after < cell.count, cell[position + 1 + after] &- 0x30 < 10 { after += 1 }
        var before = 0
        while position - 1 - before >= 0, cell[position - 1 - before] &- 0x30 < 10 { before += 1 }
        let isLoneZero = before == 1 && cell[position - 1] == 0x30
        if after == 3, (1...3).contains(before), !isLoneZero { return .ambiguous }
        return .decimal(separator)
    }

    /// Whether a cell has at least two grouping separators with a 3-digit group between them.
    private static func hasGroupsOf(_ cell: UnsafeRawBufferPointer, grouping: UInt8) -> Bool {
        var separators = 0
        var run = 0
        var sawThreeBetween = false
        for byte in cell {
            if byte &- 0x30 < 10 {
                run += 1
            } else if byte == grouping {
                if separators > 0, run == 3 { sawThreeBetween = true }
                separators += 1
                run = 0
            } else {
                run = 0
            }
        }
        return sawThreeBetween
    }
}

extension NumberConventions {
    /// `auto`, decided for a decimal point.
    static let automaticPoint = NumberConventions.automatic(decimal: 0x2E)
    /// `auto`, decided for a decimal point with Indian grouping (`12,34,567.8`).
    static let automaticPointIndian = NumberConventions.automatic(decimal: 0x2E, secondaryGroupSize: 2)
    /// `auto`, decided for a decimal comma.
    static let automaticComma = NumberConventions.automatic(decimal: 0x2C)
}

extension NumberParser {
    /// Parses a cell of an undecided `auto` column: the cell's own evidence picks the decimal
    /// separator, and a cell readable two ways is ``NumberError/ambiguousNumber``.
    func scanUndecided(_ field: UnsafeRawBufferPointer, long: UnsafeMutablePointer<LongDecimal?>? = nil) -> NumberScan {
        let conventions: NumberConventions
        switch LocaleDetector.classify(field) {
        case .ambiguous:
            // Two-way only when it is a number both ways (`1,234`); text around the digits
            // (`ab1,234`) is no number either way.
            let point = NumberParser(conventions: .automaticPoint, context: context)
            let comma = NumberParser(conventions: .automaticComma, context: context)
            let (asPoint, asComma) = (point.scan(field), comma.scan(field))
            switch (point.parse(field), comma.parse(field)) {
            case (.number(let a), .number(let b)):
                guard a == b else { return .failure(.ambiguousNumber) }
                return asPoint == .long ? point.scanGeneral(field, long: long) : asPoint
            case (.number, _): return asPoint == .long ? point.scanGeneral(field, long: long) : asPoint
            case (_, .number): return asComma == .long ? comma.scanGeneral(field, long: long) : asComma
            default: return .failure(.invalidNumber)
            }
        case .decimal(0x2C): conventions = .automaticComma
        case .none, .decimal(_): conventions = .automaticPoint
        }
        let parser = NumberParser(conventions: conventions, context: context)
        let result = parser.scan(field)
        return result == .long ? parser.scanGeneral(field, long: long) : result
    }
}
