import UnitPipe

extension ErrorCode {
    /// What the code means, in one line, as the man page lists it: an exhaustive switch, so a new
    /// code cannot reach the report without a meaning.
    var meaning: String {
        switch self {
        case .invalidNumber: "Not a number in the column's locale (also a cell with text but no number where a unit may be written)."
        case .grouping: "A grouping separator where the locale does not put one (1,2,3 or 10,000.50 in fr_FR)."
        case .multipleDecimal: "More than one decimal separator."
        case .empty: "An empty cell, or a --null-value marker, where a value is required (--required, a schema's required)."
        case .overflow: "Beyond the largest double, as read or once converted."
        case .unknownUnit: "A unit that is not in the catalog (per row, in the cell), or a cell without a unit and no default."
        case .dimensionMismatch: "A unit of another dimension than the column's (per row, in the cell)."
        case .unitMismatch: "A currency mark that contradicts the column's currency."
        case .ambiguousUnit: "A bare $ that the locale does not settle, or units on both sides of a number."
        case .ambiguousNumber: "With --locale auto, a cell that reads two ways (1,234) in a column without evidence."
        case .noRate: "A currency the rates file does not quote."
        case .outOfRange: "Outside a bound (validate: --min, --max, a schema's minimum, maximum or enum)."
        case .notInteger: "Not a whole number where an integer is required (validate: --integer, a schema's integer)."
        case .missingColumn: "A schema field that the header lacks (validate; record 0, line 1)."
        case .extraColumn: "A header column that no schema field names (validate; record 0, line 1)."
        case .duplicateColumn: "A header name given twice; the first is checked (validate with a schema; record 0, line 1)."
        case .fieldCount: "More or fewer fields than the header (or than the first record, with --no-header)."
        case .malformedCSV: "An unterminated quote, text after a closing quote, or a field or record longer than --max-field-size."
        case .invalidUTF8: "A converted or validated cell, or its unit, that is not UTF-8 text; the message names the first bad byte."
        case .unitTooDeep: "A unit (per row, in the cell) whose parentheses nest more than 32 deep, which no unit needs."
        case .zeroReciprocal: "A zero converted between reciprocal units (mpg to L/100km: y = K/x), where it has no value."
        case .invalidValue: "Not of its schema field's type and format: a boolean, date, time, datetime, year, yearmonth, email, uri or uuid (validate)."
        case .patternMismatch: "A string that does not match its schema field's pattern as a whole (validate)."
        case .invalidLength: "A string shorter than its schema field's minLength or longer than its maxLength, in characters (validate)."
        case .duplicateValue: "A value of a unique field, or a primaryKey, that an earlier row already has; the message names that row (validate)."
        }
    }
}
