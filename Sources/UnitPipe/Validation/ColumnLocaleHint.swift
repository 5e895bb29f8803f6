/// A column most of whose non-empty cells another number style reads: the locale to suggest.
public struct ColumnLocaleHint: Sendable, Equatable {
    /// The column's header name (`#N` without a header).
    public var column: String
    /// How many of its cells the other style reads.
    public var cells: Int
    /// How many of its cells are not empty.
    public var nonEmptyCells: Int
    /// The locale whose style reads them (`de_DE`).
    public var locale: String

    public init(column: String, cells: Int, nonEmptyCells: Int, locale: String) {
        self.column = column
        self.cells = cells
        self.nonEmptyCells = nonEmptyCells
        self.locale = locale
    }
}
