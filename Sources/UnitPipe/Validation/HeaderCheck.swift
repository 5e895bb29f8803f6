import UnitPipeUnits

/// A problem of the header against the Table Schema: reported like a cell, on line 1.
public enum HeaderProblem: Sendable, Equatable {
    /// A schema field the header does not have.
    case missingColumn(String)
    /// A header column (1-based position) that is not a schema field.
    case extraColumn(String, position: Int)
    /// A header column whose name an earlier column (1-based `first`) already has.
    case duplicateColumn(String, position: Int, first: Int)

    /// The error report's code.
    public var code: ErrorCode {
        switch self {
        case .missingColumn: .missingColumn
        case .extraColumn: .extraColumn
        case .duplicateColumn: .duplicateColumn
        }
    }

    /// The column the report names, and the value it shows.
    var name: String {
        switch self {
        case .missingColumn(let name), .extraColumn(let name, _), .duplicateColumn(let name, _, _): name
        }
    }

    /// The 1-based position the problem is at: the header column's, or for a missing column the
    /// field's in `schema`.
    func fieldNumber(in schema: TableSchema?) -> Int? {
        switch self {
        case .missingColumn(let name): schema?.fields.firstIndex { $0.name == name }.map { $0 + 1 }
        case .extraColumn(_, let position), .duplicateColumn(_, let position, _): position
        }
    }

    /// The report row: record 0 (before the first record), line 1.
    public var reportRow: ReportRow {
        let value: String = if case .missingColumn = self { "" } else { name }
        return ReportRow(record: 0, line: 1, byte: nil, column: name, value: value, code: code, message: FailureRenderer.message(self))
    }
}

/// A column `validate` checks: where it is and which rule applies.
struct CheckedColumn: Sendable, Equatable {
    /// The 0-based field.
    var field: Int
    /// The header name (`#N` without a header), as the report names it.
    var name: String
    var rule: ColumnRule
    /// Whether the rule is a schema field's (messages then name the schema).
    var isFromSchema: Bool
}

enum HeaderCheck {
    /// Finds the checked columns in the header: the `-c` rules, then the schema's fields not
    /// selected by `-c`; and, with a schema and a header, the header's problems against it.
    ///
    /// - Parameters:
    ///   - names: The header names (`#1`, `#2`, … without a header).
    ///   - hasHeader: Whether the names come from a header (else a schema's fields go by position).
    ///   - rules: The `-c` rules.
    ///   - schema: The Table Schema, if any.
    /// - Returns: The columns in field order, and the header problems (header order, then missing fields).
    /// - Throws: `JobError` for a `-c` column the header does not have, or one selected twice.
    static func resolve(names: [String], hasHeader: Bool, rules: [ColumnRule],
                        schema: TableSchema?) throws(JobError) -> ([CheckedColumn], [HeaderProblem]) {
        var columns: [CheckedColumn] = []
        // Fields already checked, and the schema's names: sets, so a header and a schema of many
        // thousands of columns are matched in linear time.
        var selected: Set<Int> = []
        for rule in rules {
            let field = try ConvertPlan.fieldIndex(of: rule.column, in: names)
            guard selected.insert(field).inserted else { throw .columnSelectedTwice(names[field]) }
            columns.append(CheckedColumn(field: field, name: names[field], rule: rule, isFromSchema: false))
        }
        var problems: [HeaderProblem] = []
        if let schema {
            let fieldNames = Set(schema.fields.map(\.name))
            var firstPosition: [String: Int] = [:]
            for (index, name) in names.enumerated() {
                if let first = firstPosition[name] {
                    if hasHeader { problems.append(.duplicateColumn(name, position: index + 1, first: first + 1)) }
                    continue
                }
                firstPosition[name] = index
                if hasHeader, !fieldNames.contains(name) {
                    problems.append(.extraColumn(name, position: index + 1))
                }
            }
            for (position, field) in schema.fields.enumerated() {
                // Without a header, fields go by position, as Table Schema says.
                let index = hasHeader ? firstPosition[field.name] : (position < names.count ? position : nil)
                guard let index else {
                    problems.append(.missingColumn(field.name))
                    continue
                }
                if selected.contains(index) { continue }
                var rule = ColumnRule(field: field)
                rule.column = .position(index + 1)
                columns.append(CheckedColumn(field: index, name: names[index], rule: rule, isFromSchema: true))
            }
        }
        // Header order: extras and duplicates as they come, before the missing fields.
        let sorted = problems.filter { if case .missingColumn = $0 { false } else { true } }
            + problems.filter { if case .missingColumn = $0 { true } else { false } }
        return (columns.sorted { $0.field < $1.field }, sorted)
    }
}
