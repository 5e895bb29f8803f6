// `-c NAME:FROM:TO[=NEWNAME]` and what it selects. NAME is a header name, a
// position (`#3`, `#-1` for the last), a range of positions (`#2-#4`) or a
// comma list of those (`a,b,#5`), all sharing one FROM:TO. FROM may be empty
// when the header names the unit (`distance_km::mi`); the header's unit part
// is then rewritten to TO (`distance_mi`) unless `=NEWNAME` says otherwise.
// `NAME:FROM:TO:N` writes the column with exactly N fraction digits (as `--decimals N` does
// for every column). Parsing needs no header; `expand` settles the columns against it.

import UnitPipeUnits

/// One `-c NAME:FROM:TO[=NEWNAME]` conversion request.
public struct ColumnSpec: Sendable, Equatable {
    /// How a column is named on the command line.
    public indirect enum Reference: Sendable, Equatable, CustomStringConvertible {
        /// An exact header name.
        case name(String)
        /// A 1-based position, written `#N`; negative counts from the end (`#-1` is the last column).
        case position(Int)
        /// The positions from one to another, both included: `#2-#4`.
        case range(Int, Int)
        /// Several references sharing one FROM:TO: `a,b,#5`. `written` is the text as given, which
        /// is a single column when the header has a column of exactly that name.
        case list([Reference], written: String)

        public var description: String {
            switch self {
            case .name(let name): return "'\(name)'"
            case .position(let n): return "#\(n)"
            case .range(let a, let b): return "#\(a)-#\(b)"
            case .list(_, let written): return "'\(written)'"
            }
        }
    }

    public var column: Reference
    /// The source unit expression; empty when the header names the unit.
    public var from: String
    /// The target unit expression.
    public var to: String
    /// The output header name, when renamed with `=NEWNAME` (or, once expanded, the header with its unit part rewritten).
    public var newName: String?
    /// `=+NEWNAME`: the original column stays as it is and the converted one is added after it, named `newName`.
    public var keepsOriginal: Bool
    /// `:N`: this column's fraction digits, instead of `--decimals`.
    public var decimals: Int?

    public init(column: Reference, from: String, to: String, newName: String? = nil, keepsOriginal: Bool = false,
                decimals: Int? = nil) {
        self.column = column
        self.from = from
        self.to = to
        self.newName = newName
        self.keepsOriginal = keepsOriginal
        self.decimals = decimals
    }

    /// Why a `-c` value does not parse.
    public enum ParseError: Error, Sendable, Equatable {
        /// Fewer than three `:`-separated parts.
        case tooFewParts
        /// More than three parts: `extra` too many.
        case tooManyParts(extra: Int)
        /// An empty NAME, TO or NEWNAME.
        case emptyPart(String)
        /// `#0`: positions start at 1.
        case positionZero
        /// `#4-#2` or a range with an end that is not a position.
        case badRange(String)
        /// `=NEWNAME` on a selection of several columns.
        case renameOfSeveral(String)
        /// `=+` without a name, for a column whose FROM is given (so the header cannot be rewritten).
        case keepNeedsName
        /// A fourth part of digits that is no count of fraction digits 0…20.
        case badDecimals(String)
    }

    /// Parses `NAME:FROM:TO[:N][=NEWNAME]` (or `=+NEWNAME`, which keeps the original column).
    ///
    /// Units never contain `:` or `=`, so the spec splits on `:` into exactly three parts (a
    /// column whose name holds `:` is selected by position); `NEWNAME` is everything after the
    /// first `=` of the last part. FROM may be empty (the header names the unit).
    public static func parse(_ text: String) throws(ParseError) -> ColumnSpec {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { throw .tooFewParts }
        var decimals: Int?
        if parts.count == 4, !parts[2].contains("="),
           case let digits = parts[3].prefix(while: { $0 != "=" }), !digits.isEmpty, digits.allSatisfy(\.isASCII),
           digits.allSatisfy(\.isNumber) {
            guard digits.count <= 2, let n = Int(digits), n <= 20 else { throw .badDecimals(String(digits)) }
            decimals = n
            parts = [parts[0], parts[1], parts[2] + parts[3].dropFirst(digits.count)]
        }
        guard parts.count == 3 else { throw .tooManyParts(extra: parts.count - 3) }
        let name = String(parts[0])
        let from = String(parts[1])
        let last = parts[2]
        var to = String(last)
        var newName: String?
        var keepsOriginal = false
        if let equals = last.firstIndex(of: "=") {
            to = String(last[..<equals])
            var name = last[last.index(after: equals)...]
            if name.first == "+" {
                keepsOriginal = true
                name = name.dropFirst()
                // `=+` alone: the added column's name is the header with its unit part rewritten.
                if name.isEmpty && !from.isEmpty { throw .keepNeedsName }
            } else if name.isEmpty {
                throw .emptyPart("NEWNAME")
            }
            newName = name.isEmpty ? nil : String(name)
        }
        guard !name.isEmpty else { throw .emptyPart("NAME") }
        guard !to.isEmpty else { throw .emptyPart("TO") }
        let column = try Reference.parseSelection(name)
        if newName != nil, case .list = column { throw .renameOfSeveral(name) }
        if newName != nil, case .range = column { throw .renameOfSeveral(name) }
        return ColumnSpec(column: column, from: from, to: to, newName: newName, keepsOriginal: keepsOriginal, decimals: decimals)
    }
}

extension ColumnSpec.Reference {
    /// `#N` (N ≠ 0, negative from the end) is a position; anything else is a header name.
    public static func parse(_ text: String) -> ColumnSpec.Reference {
        if text.first == "#", let n = Int(text.dropFirst()), n != 0 { return .position(n) }
        return .name(text)
    }

    /// A selection: a reference, a range `#A-#B`, or a comma list of them.
    static func parseSelection(_ text: String) throws(ColumnSpec.ParseError) -> ColumnSpec.Reference {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var references: [ColumnSpec.Reference] = []
        for item in items {
            if item == "#0" || item == "#-0" { throw .positionZero }
            if let range = try parseRange(item) { references.append(range) } else { references.append(parse(item)) }
        }
        if references.count == 1 { return references[0] }
        // `a,,b` or a trailing comma: an empty item is no column; read the whole text as one name.
        if items.contains(where: \.isEmpty) { return .name(text) }
        return .list(references, written: text)
    }

    /// `#A-#B` (A, B positions, A before B once negatives are counted from the end), or `nil`.
    private static func parseRange(_ item: String) throws(ColumnSpec.ParseError) -> ColumnSpec.Reference? {
        guard item.first == "#", let dash = item.dropFirst(2).firstIndex(of: "-") else { return nil }
        let first = item[item.index(after: item.startIndex)..<dash]
        let second = item[item.index(after: dash)...]
        guard let a = Int(first) else { return nil }
        guard second.first == "#", let b = Int(second.dropFirst()) else { throw .badRange(item) }
        if a == 0 || b == 0 { throw .positionZero }
        if a > 0 && b > 0 && a > b { throw .badRange(item) }
        return .range(a, b)
    }
}

extension ColumnSpec {
    /// Settles the specs against the header: one spec per selected field, with FROM read from
    /// the header where it was left empty (and the header's unit part rewritten to TO unless
    /// `=NEWNAME` renames it).
    ///
    /// - Parameters:
    ///   - specs: The `-c` specs, in command-line order.
    ///   - columnNames: The header's names (`#N` without a header).
    ///   - hasHeader: `false` with `--no-header`: no header to read units from or to rewrite.
    /// - Returns: The selected fields (0-based) with their specs, in order.
    /// - Throws: A `JobError` for a column that does not exist, a header that names no unit, or
    ///   an output header that would name two columns alike.
    static func expand(_ specs: [ColumnSpec], columnNames: [String], hasHeader: Bool) throws(JobError) -> [(field: Int, spec: ColumnSpec)] {
        var selected: [(field: Int, spec: ColumnSpec)] = []
        for spec in specs {
            for field in try fields(of: spec.column, in: columnNames) {
                var one = spec
                if spec.from.isEmpty {
                    guard hasHeader, let unit = HeaderUnit.find(in: columnNames[field]) else {
                        throw .headerNamesNoUnit(columnNames[field])
                    }
                    one.from = unit.symbol
                    if spec.newName == nil { one.newName = unit.rewriting(columnNames[field], to: spec.to) }
                } else if hasHeader, !spec.from.hasPrefix("@"), !spec.from.hasPrefix("*"),
                          let unit = HeaderUnit.find(in: columnNames[field]) {
                    // A header unit of FROM's dimension must be FROM: a header that says km over
                    // values converted from miles would lie. One of another dimension is a word that
                    // happens to spell a unit (`count_in_stock`), and is left alone. A new name
                    // (`=NEWNAME`) replaces the header, so it is how a user overrides a wrong one.
                    switch unit.agreement(with: spec.from) {
                    case .same:
                        if spec.newName == nil { one.newName = unit.rewriting(columnNames[field], to: spec.to) }
                    case .contradicts where spec.newName == nil:
                        throw .headerUnitContradicts(column: columnNames[field], headerUnit: unit.symbol, from: spec.from, to: spec.to)
                    case .contradicts, .unrelated:
                        break
                    }
                }
                selected.append((field, one))
            }
        }
        guard hasHeader else { return selected }
        let output = outputNames(columnNames, selected.map(\.spec), fields: selected.map(\.field))
        for (field, spec) in selected {
            if let name = spec.newName, output.filter({ $0 == name }).count > 1 {
                throw .duplicateOutputName(name, column: columnNames[field])
            }
        }
        return selected
    }

    /// The output header: renamed columns under their new names, and a kept original followed by its converted column.
    static func outputNames(_ names: [String], _ specs: [ColumnSpec], fields: [Int]) -> [String] {
        outputNames(names, specs, fields: fields) { $0 }
    }

    /// ``outputNames(_:_:fields:)`` over names of any form (a header's bytes as read), `name` making one from a new name.
    static func outputNames<Name>(_ names: [Name], _ specs: [ColumnSpec], fields: [Int], name: (String) -> Name) -> [Name] {
        var output = names.map { [$0] }
        for (field, spec) in zip(fields, specs) {
            guard let newName = spec.newName else { continue }
            output[field] = spec.keepsOriginal ? [names[field], name(newName)] : [name(newName)]
        }
        return output.flatMap { $0 }
    }

    /// The 0-based fields a reference selects, in order.
    static func fields(of reference: Reference, in names: [String]) throws(JobError) -> [Int] {
        switch reference {
        case .name, .position:
            return [try ConvertPlan.fieldIndex(of: reference, in: names)]
        case .range(let a, let b):
            let first = try ConvertPlan.fieldIndex(of: .position(a), in: names)
            let last = try ConvertPlan.fieldIndex(of: .position(b), in: names)
            guard first <= last else { throw .emptyRange("#\(a)-#\(b)", columnCount: names.count) }
            return Array(first...last)
        case .list(let items, let written):
            if names.contains(written) { return [try ConvertPlan.fieldIndex(of: .name(written), in: names)] }
            var fields: [Int] = []
            for item in items { fields += try self.fields(of: item, in: names) }
            return fields
        }
    }
}
