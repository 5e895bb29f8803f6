// Design note — when no --locale is given.
//
// Locale C reads `1.200` as 1.2. In a file that writes German numbers it means 1200, and
// converting it as 1.2 gives a number that looks right and is 1000 times off. So when the user
// did not choose a locale, each selected column's cells in the head are checked before any output:
// the run stops when the column holds cells that read two ways (`1.200`: one to three digits, a
// dot, exactly three digits) and no cell that shows a decimal point (`12.5`, `0.125`, `1,234.5`),
// while the file itself says it writes decimal commas: it is `;`-separated, or some cell in it
// shows a decimal comma (`12,5`, `1.234,5`, `1.234.567`). Ordinary C files, where `3.142` sits
// beside `12.5` or no cell shows a comma, are never stopped; `--locale C` always converts as C.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// A column that locale C would read as decimals where the file writes grouped thousands.
public struct DefaultLocaleMisreading: Sendable, Equatable {
    /// The column's name.
    public let column: String
    /// Up to two cells as written (`1.200`), with how C reads them and how the decimal-comma
    /// reading does (`1.2`, `1200`).
    public let examples: [Example]
    /// What the file shows: `;` as its delimiter, or a decimal-comma cell and its column.
    public let evidence: Evidence

    public struct Example: Sendable, Equatable {
        public let cell: String
        public let asDecimal: String
        public let asThousands: String
    }

    public enum Evidence: Sendable, Equatable {
        /// The file is `;`-separated, as files with decimal commas are.
        case semicolonDelimiter
        /// A cell of the file shows a decimal comma.
        case decimalComma(cell: String, column: String)
    }
}

/// Checks the columns a run reads with the default locale C against the file's own evidence.
enum DefaultLocaleGuard {
    /// The first selected column that C would misread, or `nil`.
    ///
    /// - Parameters:
    ///   - fields: The selected columns' 0-based fields, with whether their cells carry units.
    ///   - head: The input's head: dialect, names and the sample of records.
    static func misreading(fields: [(field: Int, hasUnitsInCells: Bool)], head: InputHead) -> DefaultLocaleMisreading? {
        guard !fields.isEmpty else { return nil }
        let sample = head.records
        let names = head.columnNames
        let rows = head.sampleRange.filter { sample.fieldCount(of: $0) == names.count }
        var fileEvidence: DefaultLocaleMisreading.Evidence?
        if head.dialect.delimiter == UInt8(ascii: ";") { fileEvidence = .semicolonDelimiter }
        for (field, hasUnitsInCells) in fields {
            var detector = LocaleDetector()
            var twoWay: [UnsafeRawBufferPointer] = []
            for r in rows {
                let cell = number(in: sample.field(field, of: r), hasUnitsInCells: hasUnitsInCells)
                detector.observe(cell)
                if twoWay.count < 2, isDotThousands(cell) { twoWay.append(cell) }
            }
            guard !twoWay.isEmpty, detector.decision.decimalPointEvidence == 0 else { continue }
            if fileEvidence == nil { fileEvidence = decimalCommaCell(in: head, rows: rows) }
            guard let fileEvidence else { return nil }
            return DefaultLocaleMisreading(column: names[field], examples: twoWay.map(example), evidence: fileEvidence)
        }
        return nil
    }

    /// The number part of a cell, trimmed of blanks.
    private static func number(in cell: UnsafeRawBufferPointer, hasUnitsInCells: Bool) -> UnsafeRawBufferPointer {
        let part = hasUnitsInCells ? UnsafeRawBufferPointer(rebasing: cell[InCellUnit.split(cell).number]) : cell
        return ColumnUnits.trimmed(part)
    }

    /// `1.200`, `-12.000`: an optional sign, one to three digits not starting with 0, a dot and
    /// exactly three digits — decimals in C, thousands in a decimal-comma locale.
    static func isDotThousands(_ cell: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        if i < cell.count, cell[i] == UInt8(ascii: "-") || cell[i] == UInt8(ascii: "+") { i += 1 }
        let start = i
        while i < cell.count, cell[i] &- 0x30 < 10 { i += 1 }
        guard (1...3).contains(i - start), cell[start] != UInt8(ascii: "0") else { return false }
        guard i + 4 == cell.count, cell[i] == UInt8(ascii: ".") else { return false }
        return (i + 1..<cell.count).allSatisfy { cell[$0] &- 0x30 < 10 }
    }

    /// The first cell of the sample, in any column, that shows a decimal comma.
    private static func decimalCommaCell(in head: InputHead, rows: [Int]) -> DefaultLocaleMisreading.Evidence? {
        let sample = head.records
        let names = head.columnNames
        for r in rows {
            for f in 0..<names.count {
                let cell = ColumnUnits.trimmed(sample.field(f, of: r))
                var detector = LocaleDetector()
                detector.observe(cell)
                if detector.decision.convention == .decimalComma {
                    return .decimalComma(cell: String(decoding: cell, as: UTF8.self), column: names[f])
                }
            }
        }
        return nil
    }

    /// Both readings of a two-way cell, written normalized.
    private static func example(_ cell: UnsafeRawBufferPointer) -> DefaultLocaleMisreading.Example {
        let text = String(decoding: cell, as: UTF8.self)
        var asDecimal = text
        while asDecimal.hasSuffix("0") { asDecimal.removeLast() }
        if asDecimal.hasSuffix(".") { asDecimal.removeLast() }
        if asDecimal.hasPrefix("+") { asDecimal.removeFirst() }
        var asThousands = text.filter { $0 != "." }
        if asThousands.hasPrefix("+") { asThousands.removeFirst() }
        return .init(cell: text, asDecimal: asDecimal, asThousands: asThousands)
    }
}
