import UnitPipeCSV

// Design note — what of a Frictionless Data Package is read.
//
// `resources[]`: each tabular resource (one with a `schema`, a tabular profile or type, a
// CSV/TSV `format`, or a path ending in .csv/.tsv) becomes a table to check: `path` (one
// file or several, parts of one table, relative to the descriptor; absolute paths, `..`
// and URLs are refused as the spec asks of an untrusted descriptor), `encoding`,
// `dialect` (inline or a path) and `schema` (inline or a path). A dialect key the reader
// cannot honour (`commentChar`, `skipInitialSpace: true`, `doubleQuote: false`,
// `escapeChar`, several header rows) is a mistake naming its JSON path and the fix, never
// a silently different reading. Other resources (inline `data`, a PDF) are skipped with a
// note. Mistakes are ``DataPackageError``s naming their JSON path.

/// The tabular resources of a Frictionless Data Package, as `unitpipe validate` reads them.
public struct DataPackage: Sendable {
    /// One tabular resource: its files and how to read and check them.
    public struct Resource: Sendable {
        public var name: String
        /// The files, resolved against the descriptor's directory, in order (parts of one table).
        public var paths: [String]
        /// The delimiter (`nil`: sniffed, as for a file on the command line).
        public var delimiter: UInt8?
        /// The quote byte; `nil` when the dialect says fields are never quoted.
        public var quote: UInt8? = UInt8(ascii: "\"")
        public var hasHeader = true
        /// `nullSequence`: a cell that stands for a missing value.
        public var nullSequence: String?
        public var encoding: TextEncoding?
        public var schema: TableSchema?
    }

    public var resources: [Resource]
    /// Resources that are not checked and keys that are not read, one sentence each.
    public var notes: [String]

    /// Reads a Data Package descriptor.
    ///
    /// - Parameters:
    ///   - bytes: The descriptor's JSON text.
    ///   - directory: The descriptor's directory (`""` for the current one); paths are resolved against it.
    ///   - read: Reads a file the descriptor names (a schema or dialect given as a path).
    /// - Throws: ``DataPackageError`` for the first mistake, in document order.
    public static func parse(_ bytes: [UInt8], directory: String,
                             read: (String) throws(DataPackageError) -> [UInt8]) throws(DataPackageError) -> DataPackage {
        let document: JSONValue
        do { document = try JSONValue.parse(bytes) } catch { throw DataPackageError(path: "", problem: "not JSON: \(error)") }
        guard case .object(let members) = document else {
            throw DataPackageError(path: "", problem: "expected an object with 'resources', found \(document.kind)")
        }
        guard let resourcesValue = members.first(where: { $0.key == "resources" })?.value else {
            throw DataPackageError(path: "", problem: "missing 'resources'; a Data Package lists its files under 'resources'")
        }
        guard case .array(let elements) = resourcesValue else {
            throw DataPackageError(path: "resources", problem: "expected an array, found \(resourcesValue.kind)")
        }
        var package = DataPackage(resources: [], notes: [])
        var names: Set<String> = []
        for (index, element) in elements.enumerated() {
            let path = "resources[\(index)]"
            guard let resource = try parseResource(element, path: path, directory: directory, read: read, notes: &package.notes) else { continue }
            guard names.insert(resource.name).inserted else {
                throw DataPackageError(path: path + ".name", problem: "a second resource named '\(resource.name)'; resource names must be unique")
            }
            package.resources.append(resource)
        }
        if package.resources.isEmpty {
            throw DataPackageError(path: "resources", problem: "no tabular resource (a CSV or TSV file with a path) to check")
        }
        return package
    }

    private static func parseResource(_ value: JSONValue, path: String, directory: String,
                                      read: (String) throws(DataPackageError) -> [UInt8],
                                      notes: inout [String]) throws(DataPackageError) -> Resource? {
        guard case .object(let members) = value else {
            throw DataPackageError(path: path, problem: "expected an object, found \(value.kind)")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        let name: String
        switch member("name") {
        case .string(let text): name = text
        case nil: throw DataPackageError(path: path, problem: "missing 'name'")
        case let other?: throw DataPackageError(path: path + ".name", problem: "expected a string, found \(other.kind)")
        }
        var files: [String] = []
        switch member("path") {
        case .string(let text): files = [text]
        case .array(let parts):
            for (index, part) in parts.enumerated() {
                guard case .string(let text) = part else {
                    throw DataPackageError(path: path + ".path[\(index)]", problem: "expected a string, found \(part.kind)")
                }
                files.append(text)
            }
        case nil:
            notes.append("\(path) '\(name)': no 'path' (inline data is not checked); skipped")
            return nil
        case let other?:
            throw DataPackageError(path: path + ".path", problem: "expected a string or an array of strings, found \(other.kind)")
        }
        guard isTabular(members, files: files) else {
            notes.append("\(path) '\(name)': not a table (no schema, and not CSV or TSV); skipped")
            return nil
        }
        if files.isEmpty { throw DataPackageError(path: path + ".path", problem: "an empty array; name at least one file") }
        var resource = Resource(name: name, paths: [])
        for (index, file) in files.enumerated() {
            resource.paths.append(try resolve(file, path: files.count == 1 ? path + ".path" : path + ".path[\(index)]", directory: directory))
        }
        if files.count == 1, let first = files.first, first.lowercased().hasSuffix(".tsv") || first.lowercased().hasSuffix(".tab") {
            resource.delimiter = UInt8(ascii: "\t")
        }
        if let encodingValue = member("encoding") {
            guard case .string(let text) = encodingValue else {
                throw DataPackageError(path: path + ".encoding", problem: "expected a string, found \(encodingValue.kind)")
            }
            guard let encoding = TextEncoding(name: text) else {
                throw DataPackageError(path: path + ".encoding", problem: "'\(text)' is not an encoding unitpipe reads; use one of "
                    + TextEncoding.allCases.map(\.rawValue).joined(separator: ", "))
            }
            resource.encoding = encoding
        }
        if let dialectValue = member("dialect") {
            let (dialect, dialectPath) = try document(dialectValue, path: path + ".dialect", directory: directory, read: read)
            try apply(dialect: dialect, path: dialectPath, to: &resource)
        }
        if let schemaValue = member("schema") {
            let (schema, schemaPath) = try document(schemaValue, path: path + ".schema", directory: directory, read: read)
            do {
                resource.schema = try TableSchema.parse(Array(schema.serialized.utf8))
            } catch {
                throw DataPackageError(path: schemaPath, problem: error.description)
            }
        }
        return resource
    }

    /// Whether a resource is a table: it has a schema, says so, or its files are CSV or TSV.
    private static func isTabular(_ members: [(key: String, value: JSONValue)], files: [String]) -> Bool {
        for (key, value) in members {
            switch (key, value) {
            case ("schema", _): return true
            case ("profile", .string(let text)) where text == "tabular-data-resource": return true
            case ("type", .string(let text)) where text == "table": return true
            case ("format", .string(let text)) where ["csv", "tsv"].contains(text.lowercased()): return true
            default: continue
            }
        }
        return files.contains { file in [".csv", ".tsv", ".tab"].contains { file.lowercased().hasSuffix($0) } }
    }

    /// `file` resolved against `directory`; a URL, an absolute path or `..` is refused.
    private static func resolve(_ file: String, path: String, directory: String) throws(DataPackageError) -> String {
        if file.contains("://") {
            throw DataPackageError(path: path, problem: "'\(file)' is a URL; unitpipe reads local files: download it and name the file")
        }
        if file.hasPrefix("/") || file.split(separator: "/").contains("..") {
            throw DataPackageError(path: path, problem: "'\(file)' leaves the package's directory; a resource path is relative and has no '..'")
        }
        return directory.isEmpty ? file : (directory.hasSuffix("/") ? directory + file : directory + "/" + file)
    }

    /// An inline object, or the JSON file a string names (then read, with its own name as path).
    private static func document(_ value: JSONValue, path: String, directory: String,
                                 read: (String) throws(DataPackageError) -> [UInt8]) throws(DataPackageError) -> (JSONValue, String) {
        switch value {
        case .object: return (value, path)
        case .string(let file):
            let resolved = try resolve(file, path: path, directory: directory)
            let bytes: [UInt8]
            do { bytes = try read(resolved) } catch { throw DataPackageError(path: path, problem: error.problem) }
            do { return (try JSONValue.parse(bytes), resolved) } catch { throw DataPackageError(path: resolved, problem: "not JSON: \(error)") }
        default:
            throw DataPackageError(path: path, problem: "expected an object or the path of a JSON file, found \(value.kind)")
        }
    }

    /// Reads a CSV dialect's keys into `resource`; a key the reader cannot honour is a mistake.
    private static func apply(dialect: JSONValue, path: String, to resource: inout Resource) throws(DataPackageError) {
        guard case .object(let members) = dialect else {
            throw DataPackageError(path: path, problem: "expected an object, found \(dialect.kind)")
        }
        func byte(_ value: JSONValue, _ key: String) throws(DataPackageError) -> UInt8 {
            guard case .string(let text) = value, text.utf8.count == 1, let byte = text.utf8.first else {
                throw DataPackageError(path: path + "." + key, problem: "expected one ASCII character, found \(value.kind == "a string" ? "'\(value.text)'" : value.kind)")
            }
            return byte
        }
        func bool(_ value: JSONValue, _ key: String) throws(DataPackageError) -> Bool {
            guard case .bool(let flag) = value else {
                throw DataPackageError(path: path + "." + key, problem: "expected true or false, found \(value.kind)")
            }
            return flag
        }
        for (key, value) in members {
            let keyPath = path + "." + key
            switch key {
            case "delimiter": resource.delimiter = try byte(value, key)
            case "quoteChar": resource.quote = try byte(value, key)
            case "header": resource.hasHeader = try bool(value, key)
            case "doubleQuote":
                if try !bool(value, key) {
                    throw DataPackageError(path: keyPath, problem: "false is not read: a quote inside a quoted field is written twice (\"\"); rewrite the file so, or leave doubleQuote true")
                }
            case "skipInitialSpace":
                if try bool(value, key) {
                    throw DataPackageError(path: keyPath, problem: "true is not read: spaces after the delimiter stay part of the cell; remove them from the file, or set skipInitialSpace false")
                }
            case "commentChar":
                throw DataPackageError(path: keyPath, problem: "comment lines are not read; remove them from the file and this key from the dialect")
            case "escapeChar":
                throw DataPackageError(path: keyPath, problem: "an escape character is not read; quote such fields (doubleQuote) instead")
            case "headerRowCount", "headerRows":
                let rows: [String] = if case .array(let items) = value { items.map(\.text) } else { [value.text] }
                guard rows == ["1"] else {
                    throw DataPackageError(path: keyPath, problem: "only one header row, the first, is read; join the header rows into one")
                }
            case "nullSequence":
                guard case .string(let text) = value else {
                    throw DataPackageError(path: keyPath, problem: "expected a string, found \(value.kind)")
                }
                resource.nullSequence = text
            case "lineTerminator", "caseSensitiveHeader", "csvddfVersion", "$schema", "title", "description":
                // Line ends are read as they come (LF or CRLF); header names are compared as written.
                continue
            default:
                throw DataPackageError(path: keyPath, problem: "'\(key)' is not a CSV dialect key unitpipe reads; the keys are delimiter, quoteChar, header, doubleQuote, skipInitialSpace, nullSequence, lineTerminator")
            }
        }
        if resource.quote == resource.delimiter {
            throw DataPackageError(path: path + ".quoteChar", problem: "is also the delimiter; the two must differ")
        }
    }
}

/// A mistake in a Data Package descriptor: the JSON path (or the file) and what is wrong there.
public struct DataPackageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

extension JSONValue {
    /// The value as JSON text (numbers keep the digits they were written with).
    var serialized: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): JSON.string(text)
        case .array(let items): "[" + items.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { JSON.string($0.key) + ":" + $0.value.serialized }.joined(separator: ",") + "}"
        }
    }

    /// A string's text, or the JSON text of any other value (for messages).
    var text: String {
        if case .string(let text) = self { return text }
        return serialized
    }
}
