import UnitPipe

extension Messages {
    /// A column most of whose cells another number style reads, and the option that reads them.
    static func render(_ hint: ColumnLocaleHint) -> String {
        "column '\(hint.column)': \(hint.cells) of \(hint.nonEmptyCells) cells read as \(hint.locale)-style numbers; try --locale \(hint.locale)"
    }
}
