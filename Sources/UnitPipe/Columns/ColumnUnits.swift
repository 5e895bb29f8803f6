import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// The unit stage for columns whose rows name their own unit — in a unit column
/// (`-c NAME:@UNIT:TO`) or in the cell (`-c NAME:*:TO`): each number's source unit becomes an
/// index into the resolver's factor matrix.
///
/// A value type with a mutable resolver: each worker has its own copy, whose cache of unit
/// strings grows with the data.
public struct ColumnUnits: Sendable {
    /// Where a row's unit is written.
    public enum Place: Sendable {
        /// In another field of the row.
        case unitColumn(field: Int)
        /// In the cell itself, before or after the number.
        case inCell(field: Int)
    }

    public let place: Place
    /// Resolves unit strings against the target, caching each string it has seen.
    public private(set) var resolver: UnitResolver
    /// The input locale's currency symbols (`US$`, `¥`), which name ISO codes.
    let currencySymbols: CurrencySymbolTable

    public init(place: Place, resolver: UnitResolver, currencySymbols: CurrencySymbolTable) {
        self.place = place
        self.resolver = resolver
        self.currencySymbols = currencySymbols
    }

    /// Resolves the unit of every row holding a number into its table index (the source's block
    /// of the decimal factor table, added to the slot the parser set); a unit that does not
    /// resolve fails the cell.
    ///
    /// - Returns: `true` when some row has a source index (the column needs the gather).
    public mutating func resolve(_ batch: RecordBatch, into column: ScannedColumn) -> Bool {
        let statuses = column.statuses
        let indices = column.tableIndices
        var hasSource = false
        let spans = column.unitSpans
        for r in 0..<batch.count {
            guard case .number = statuses[r] else { continue }
            let unitText: UnsafeRawBufferPointer
            switch place {
            case .unitColumn(let field):
                unitText = ColumnUnits.trimmed(batch.field(field, of: r))
            case .inCell(let field):
                let cell = batch.field(field, of: r)
                let unit = spans.map { Int($0[r].start)..<Int($0[r].end) } ?? InCellUnit.split(cell).unit
                unitText = UnsafeRawBufferPointer(rebasing: cell[unit])
            }
            switch sourceIndex(of: unitText) {
            case .index(let index):
                indices[r] += index * Int32(DecimalFactorTable.slotCount)
                hasSource = true
            case .failed(let fault):
                column.mantissas[r] = .nan
                statuses[r] = .failed(fault)
            }
        }
        return hasSource
    }

    /// A row's unit: its index in the factor matrix, or why it has none.
    private enum Lookup {
        case index(Int32)
        case failed(CellStatus.Fault)
    }

    /// The factor-matrix index of a row's unit, written `unitText`.
    private mutating func sourceIndex(of unitText: UnsafeRawBufferPointer) -> Lookup {
        switch resolver.sourceIndex(for: unitText) {
        case .success(let index):
            return .index(index)
        case .failure:
            // A currency symbol of the input's locale (`US$`, `¥`) names its ISO code.
            switch currencySymbols.match(String(decoding: unitText, as: UTF8.self)) {
            case .code(let code)?:
                if case .success(let index) = resolver.sourceIndex(for: code) { return .index(index) }
            case .ambiguous?:
                return .failed(.ambiguousUnit)
            case nil:
                break
            }
            return .failed(.unit)
        }
    }

    /// Why row `r`'s unit does not resolve, for its failure report: the resolver caches the
    /// failure and looks for its "did you mean" suggestion once per distinct string, only here.
    public mutating func failure(record r: Int, of batch: RecordBatch) -> CellFailure.Detail {
        let unitText = text(record: r, of: batch)
        if unitText.isEmpty { return .missingUnit }
        // A unit that is not UTF-8 text is named for that, not as an unknown unit: in the cell
        // the message points into the cell; in a unit column it quotes the unit's bytes.
        if InvalidUTF8.firstInvalidOffset(in: unitText) != nil {
            if case .unitColumn = place { return .invalidUTF8Unit(Array(unitText)) }
            return .invalidUTF8
        }
        if let error = resolver.failure(for: unitText) { return .unit(error) }
        return .missingUnit
    }

    /// Row `r`'s unit as written, trimmed: in the unit column or in the cell.
    private func text(record r: Int, of batch: RecordBatch) -> UnsafeRawBufferPointer {
        switch place {
        case .unitColumn(let field):
            return ColumnUnits.trimmed(batch.field(field, of: r))
        case .inCell(let field):
            let cell = batch.field(field, of: r)
            return ColumnUnits.trimmed(UnsafeRawBufferPointer(rebasing: cell[InCellUnit.split(cell).unit]))
        }
    }

    /// `bytes` without leading and trailing ASCII spaces and tabs.
    public static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
