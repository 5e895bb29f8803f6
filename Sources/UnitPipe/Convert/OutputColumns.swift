// The output's columns: `--select` (which input columns, in which order),
// `--exclude` (which to leave out) and `--rename OLD=NEW`. Every reference is
// an input column, resolved like `-c`'s NAME (exact header name, `#N`, `#-1`,
// ranges `#2-#4`, comma lists). A converted column must stay in the output:
// dropping it would still reject the rows its cells fail on, for nothing the
// output shows. The rejects are not shaped: they keep every column as read.

/// `--rename OLD=NEW`: the output header names column OLD (an input column) NEW.
public struct ColumnRename: Sendable, Equatable {
    public var column: ColumnSpec.Reference
    public var newName: String

    public init(column: ColumnSpec.Reference, newName: String) {
        self.column = column
        self.newName = newName
    }

    /// Why a `--rename` value does not parse.
    public enum ParseError: Error, Sendable, Equatable {
        /// No `=`, or nothing before or after it.
        case notOldEqualsNew
    }

    /// Parses `OLD=NEW`: OLD is everything before the first `=` (a header name or `#N`), NEW the rest.
    public static func parse(_ text: String) throws(ParseError) -> ColumnRename {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
            throw .notOldEqualsNew
        }
        return ColumnRename(column: .parse(String(text[..<equals])), newName: String(text[text.index(after: equals)...]))
    }
}

extension ColumnSpec.Reference {
    /// Parses a column list as `--select`/`--exclude` take it: names, `#N`, ranges `#A-#B`, comma-separated.
    public static func list(_ text: String) throws(ColumnSpec.ParseError) -> ColumnSpec.Reference {
        guard !text.isEmpty else { throw .emptyPart("LIST") }
        return try parseSelection(text)
    }
}

/// Which input fields the output holds, in order, and the header names renamed by `--rename`.
struct OutputColumns: Sendable, Equatable {
    /// The input fields written, in order; `nil` writes every field in input order (the fast path).
    var fields: [Int]?
    /// `--rename`: the new header name per input field.
    var renames: [Int: String] = [:]

    /// Every field in order, nothing renamed.
    static let all = OutputColumns(fields: nil)

    /// Resolves `--select`, `--exclude` and `--rename` against the header.
    ///
    /// - Parameters:
    ///   - options: The run's options.
    ///   - columnNames: The header's names (`#N` without a header).
    ///   - hasHeader: `false` with `--no-header`.
    ///   - converted: The converted fields (they must stay in the output).
    /// - Throws: A `JobError` for an unknown column, a column selected twice, a converted column
    ///   left out, an empty output or a rename without a header.
    static func resolve(
        _ options: ConvertOptions, columnNames: [String], hasHeader: Bool, converted: Set<Int>
    ) throws(JobError) -> OutputColumns {
        var result = OutputColumns.all
        if let selection = options.selectedColumns {
            var fields: [Int] = []
            for reference in selection {
                for field in try ColumnSpec.fields(of: reference, in: columnNames) {
                    if fields.contains(field) { throw .outputColumnTwice(columnNames[field]) }
                    fields.append(field)
                }
            }
            result.fields = fields
        }
        var excluded = Set<Int>()
        for reference in options.excludedColumns { excluded.formUnion(try ColumnSpec.fields(of: reference, in: columnNames)) }
        if !excluded.isEmpty { result.fields = (result.fields ?? Array(columnNames.indices)).filter { !excluded.contains($0) } }
        if let fields = result.fields {
            if fields.isEmpty { throw .noOutputColumn }
            let kept = Set(fields)
            if let dropped = converted.sorted().first(where: { !kept.contains($0) }) {
                throw .convertedColumnDropped(columnNames[dropped], option: excluded.contains(dropped) ? "--exclude" : "--select")
            }
            // Every field in order: the same output as no selection, by the fast path.
            if fields == Array(columnNames.indices) { result.fields = nil }
        }
        if !options.renamedColumns.isEmpty && !hasHeader { throw .renameWithoutHeader }
        for rename in options.renamedColumns {
            for field in try ColumnSpec.fields(of: rename.column, in: columnNames) {
                if result.renames[field] != nil { throw .renamedTwice(columnNames[field]) }
                result.renames[field] = rename.newName
            }
        }
        return result
    }

    /// The output header: each field's name (renamed, a kept original followed by its converted
    /// column), in output order.
    ///
    /// - Parameters:
    ///   - names: The input header.
    ///   - conversions: The fields converted and their specs (`newName` from `=NEWNAME` or the header's unit part).
    ///   - name: Makes a name of the header's form from a new name.
    func header<Name>(_ names: [Name], conversions: [(field: Int, spec: ColumnSpec)], name: (String) -> Name) -> [Name] {
        var perField = names.map { [$0] }
        for (field, spec) in conversions {
            guard let newName = spec.newName else { continue }
            perField[field] = spec.keepsOriginal ? [names[field], name(newName)] : [name(newName)]
        }
        for (field, newName) in renames { perField[field][0] = name(newName) }
        return (fields ?? Array(names.indices)).flatMap { perField[$0] }
    }

    /// ``header(_:conversions:name:)`` of a header of strings.
    func header(_ names: [String], conversions: [(field: Int, spec: ColumnSpec)]) -> [String] {
        header(names, conversions: conversions) { $0 }
    }
}
