import UnitPipeNumbers

/// What became of one cell: in the column stages, then (`validate`) after its checks.
public enum CellStatus: Sendable, Equatable {
    /// The cell holds a number (in `validate`, a valid value): the column's value at its row is valid.
    case number
    /// The cell is empty (blanks only): a null, never 0.
    case empty
    /// The cell was not read because its row failed as a whole (`field_count`, `malformed_csv`).
    case skipped
    /// The cell failed.
    case failed(Fault)

    /// Why a cell failed, compact enough for one byte per cell.
    public enum Fault: Sendable, Equatable {
        /// The cell is not a number in the column's conventions.
        case number(NumberError)
        /// The cell is empty and the column must have a value.
        case required
        /// The cell is not UTF-8 text.
        case invalidUTF8
        /// The value is beyond the largest double, as read or converted.
        case overflow
        /// The row's unit does not resolve (the column's resolver knows why).
        case unit
        /// The unit is ambiguous: text on both sides of the number, or a currency symbol the
        /// input's locale does not settle.
        case ambiguousUnit
        /// A zero in a conversion between reciprocal units (`mpg` to `L/100km`): it has no reciprocal.
        case zeroReciprocal
        /// `validate`: a number that breaks the column's constraints.
        case constraint
        /// `validate`: an empty cell that the schema's missing values leave out.
        case emptyNotMissing
        /// `validate`: a mark beside the number (`bareNumber: false`) that is no currency and no percent sign.
        case unknownMark
        /// `validate`: a cell of a schema field that is not a number, failing its type or constraints.
        case field
        /// `validate`: `NaN`, `INF` or `-INF` in a schema field that is an integer.
        case specialNotNumber
    }

    /// Whether the cell failed.
    @inline(__always)
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// What a row is, before any cell is read.
public enum RowShape: Sendable, Equatable {
    /// The record reads as CSV and has the header's number of fields.
    case ok
    /// The record has another number of fields.
    case fieldCount
    /// The record could not be read as CSV (see its `RecordProblem`).
    case malformed
}
