import UnitPipeNumbers

/// What `unitpipe validate` checks in one column: from `-c`, `--min`/`--max`/`--integer`/`--required`,
/// or a Table Schema field.
public struct ColumnRule: Sendable, Equatable {
    /// What a cell must be.
    public enum Kind: String, Sendable, Equatable {
        /// A number in the column's conventions.
        case number
        /// A number whose exact value is a whole number (`5`, `5.0`, `1e3`; not `5.5`).
        case integer
        /// Anything: only presence is checked (`required`, missing values).
        case presence
    }

    /// How the column's unit is checked.
    public enum UnitCheck: Sendable, Equatable {
        /// Plain numbers.
        case none
        /// `-c NAME:UNIT`: a cell may carry a unit of that unit's dimension (`5 km`, `1.200 m`);
        /// bounds are in `UNIT`.
        case inCell(String)
        /// `-c NAME:@UNITCOL`: each row's unit, in that column, must be known and of one dimension —
        /// that of `dimensionOf` when given (`-c NAME:@UNITCOL:UNIT`, bounds in it), else the
        /// dimension of the first unit the input's head shows.
        case unitColumn(String, dimensionOf: String?)
    }

    public var column: ColumnSpec.Reference
    public var kind: Kind
    public var unit: UnitCheck
    /// The column's own conventions (a schema's `decimalChar`/`groupChar`), or `nil` for the job's `--locale`.
    public var conventions: NumberConventions?
    /// A currency mark or `%` before or after the number is allowed and read past (`bareNumber: false`).
    public var allowsMarks: Bool
    public var isRequired: Bool
    public var minimum: TableSchema.Bound?
    public var maximum: TableSchema.Bound?
    /// `enum`: the only values allowed, or `nil`.
    public var allowedValues: [DecimalValue]?
    /// The cells (blanks trimmed) that stand for a missing value; `[""]` by default.
    public var missingValues: [String]
    /// The Table Schema field the rule checks, or `nil` for a `-c` column.
    public var field: TableSchema.Field?

    public init(column: ColumnSpec.Reference, kind: Kind = .number, unit: UnitCheck = .none,
                conventions: NumberConventions? = nil, allowsMarks: Bool = false, isRequired: Bool = false,
                minimum: TableSchema.Bound? = nil, maximum: TableSchema.Bound? = nil,
                allowedValues: [DecimalValue]? = nil, missingValues: [String] = [""]) {
        self.column = column
        self.kind = kind
        self.unit = unit
        self.conventions = conventions
        self.allowsMarks = allowsMarks
        self.isRequired = isRequired
        self.minimum = minimum
        self.maximum = maximum
        self.allowedValues = allowedValues
        self.missingValues = missingValues
    }

    /// Parses `-c NAME`, `-c NAME:UNIT`, `-c NAME:@UNITCOL` or `-c NAME:@UNITCOL:UNIT`.
    ///
    /// A name may hold colons (`a:b`); the spec is split at the last `:` whose right part looks
    /// like a unit or `@COLUMN` only when the name without it is not empty.
    /// - Parameter text: The option's value.
    /// - Returns: The rule, or `nil` when the text is empty or a part is empty.
    public static func parse(_ text: String) -> ColumnRule? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty else { return nil }
        if parts.count == 1 { return ColumnRule(column: .parse(first)) }
        if parts.count >= 3, parts[parts.count - 2].hasPrefix("@") {
            let unitColumn = String(parts[parts.count - 2].dropFirst())
            let unit = parts[parts.count - 1]
            let name = parts[..<(parts.count - 2)].joined(separator: ":")
            guard !unitColumn.isEmpty, !unit.isEmpty else { return nil }
            return ColumnRule(column: .parse(name), unit: .unitColumn(unitColumn, dimensionOf: unit))
        }
        let last = parts[parts.count - 1]
        let name = parts[..<(parts.count - 1)].joined(separator: ":")
        guard !last.isEmpty else { return nil }
        if last.hasPrefix("@") {
            guard last.count > 1 else { return nil }
            return ColumnRule(column: .parse(name), unit: .unitColumn(String(last.dropFirst()), dimensionOf: nil))
        }
        return ColumnRule(column: .parse(name), unit: .inCell(last))
    }

    /// The rule of a Table Schema field.
    ///
    /// - Parameter field: The field.
    /// - Returns: A rule naming the field's column.
    public init(field: TableSchema.Field) {
        let kind: Kind = switch field.type {
        case .number: .number
        case .integer: .integer
        default: .presence
        }
        // A field that names its separators is read with them; one that does not, with --locale.
        var conventions: NumberConventions?
        if kind != .presence, field.hasSeparators {
            conventions = NumberConventions(decimal: field.decimalSeparator, grouping: field.groupingSeparator)
        }
        self.init(column: .name(field.name), kind: kind, conventions: conventions, allowsMarks: !field.isBareNumber,
                  isRequired: field.isRequired, minimum: field.minimum, maximum: field.maximum,
                  allowedValues: field.allowedValues, missingValues: field.missingValues)
        self.field = field
    }
}
