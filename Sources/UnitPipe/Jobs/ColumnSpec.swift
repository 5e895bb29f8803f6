
/// One `-c NAME:FROM:TO[=NEWNAME]` conversion request.
public struct ColumnSpec: Sendable, Equatable {
    /// How a column is named on the command line.
    public enum Reference: Sendable, Equatable, CustomStringConvertible {
        /// An exact header name.
        case name(String)
        /// A 1-based position, written `#N`.
        case position(Int)

        public var description: String {
            switch self {
            case .name(let name): return "'\(name)'"
            case .position(let n): return "#\(n)"
            }
        }
    }

    public var column: Reference
    /// The source unit expression.
    public var from: String
    /// The target unit expression.
    public var to: String
    /// The output header name, when renamed with `=NEWNAME`.
    public var newName: String?

    public init(column: Reference, from: String, to: String, newName: String? = nil) {
        self.column = column
        self.from = from
        self.to = to
        self.newName = newName
    }

    /// Parses `NAME:FROM:TO[=NEWNAME]`.
    ///
    /// Units never contain `:` or `=`, so the spec is split from the right: the last `:`-part is
    /// `TO[=NEWNAME]`, the one before it `FROM`, and everything before that (colons included) the name.
    /// `NEWNAME` is everything after the first `=` of the last part.
    public static func parse(_ text: String) -> ColumnSpec? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let name = parts[..<(parts.count - 2)].joined(separator: ":")
        let from = String(parts[parts.count - 2])
        let last = parts[parts.count - 1]
        var to = String(last)
        var newName: String?
        if let equals = last.firstIndex(of: "=") {
            to = String(last[..<equals])
            newName = String(last[last.index(after: equals)...])
            if newName?.isEmpty == true { return nil }
        }
        guard !name.isEmpty, !from.isEmpty, !to.isEmpty else { return nil }
        return ColumnSpec(column: Reference.parse(name), from: from, to: to, newName: newName)
    }
}

extension ColumnSpec.Reference {
    /// `#N` with N ≥ 1 is a position; anything else is a header name.
    public static func parse(_ text: String) -> ColumnSpec.Reference {
        if text.first == "#", let n = Int(text.dropFirst()), n >= 1 { return .position(n) }
        return .name(text)
    }
}
