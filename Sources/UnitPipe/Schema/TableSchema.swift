import UnitPipeNumbers
import UnitPipeUnits

// Design note — what of a Frictionless Table Schema is checked.
//
// `fields[]` with `name` and `type`; `number` and `integer` fields are read as numbers
// (`decimalChar`, `groupChar`, `bareNumber`) and checked against `constraints` (`required`,
// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `enum`); every other type is
// checked for presence only (`required`, `missingValues`). `missingValues` may be given for
// the schema and, overriding it, for a field. Nothing is ignored silently: a Table Schema
// keyword that is not checked, and a member that is not a Table Schema keyword at all, each
// become a ``TableSchema/Note`` the command prints; a mistake — a wrong type of value, an
// unknown `type`, an unknown constraint — is a ``TableSchemaError`` naming its JSON path.

/// A Frictionless Table Schema, as far as `unitpipe validate` checks it.
///
/// Notes come in document order, the schema's own members first, then each field's.
public struct TableSchema: Sendable, Equatable {
    /// The types of a Table Schema field.
    public enum FieldType: String, Sendable, CaseIterable {
        case number, integer, string, boolean, object, array, date, time, datetime, year, yearmonth, duration
        case geopoint, geojson, list, any

        /// Whether cells are read as numbers and checked against the constraints (else presence only).
        public var isNumeric: Bool { self == .number || self == .integer }
    }

    /// One bound of a field: the value as written, and whether the bound itself is allowed.
    public struct Bound: Sendable, Equatable {
        public var value: DecimalValue
        /// `true` for `exclusiveMinimum` / `exclusiveMaximum` (and `--min`/`--max` never).
        public var isExclusive: Bool

        public init(_ value: DecimalValue, isExclusive: Bool = false) {
            self.value = value
            self.isExclusive = isExclusive
        }
    }

    /// One field of the schema.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var type: FieldType
        /// The decimal separator (`decimalChar`, default `.`).
        public var decimalSeparator: Unicode.Scalar = "."
        /// The grouping separator (`groupChar`), `nil` for none (the default).
        public var groupingSeparator: Unicode.Scalar?
        /// Whether the field gives `decimalChar` or `groupChar` (else numbers are read with `--locale`).
        public var hasSeparators = false
        /// `bareNumber` (default `true`); `false` allows a currency mark or `%` before or after the number.
        public var isBareNumber = true
        public var isRequired = false
        public var minimum: Bound?
        public var maximum: Bound?
        /// The allowed values (`enum`), or `nil`: numbers for numeric fields, else the texts.
        public var allowedValues: [DecimalValue]?
        public var allowedTexts: [String]?
        /// The cells that stand for a missing value: the field's `missingValues`, else the schema's, else `[""]`.
        public var missingValues: [String]

        public init(name: String, type: FieldType, missingValues: [String] = [""]) {
            self.name = name
            self.type = type
            self.missingValues = missingValues
        }
    }

    /// A keyword the schema gives that `unitpipe validate` does not check, reported on standard error.
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        /// The JSON path (`fields[3].constraints.pattern`).
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public var fields: [Field]
    /// The keywords that are not checked, in document order.
    public var notes: [Note]

    public init(fields: [Field], notes: [Note] = []) {
        self.fields = fields
        self.notes = notes
    }
}

/// A mistake in a Table Schema: the JSON path and what is wrong there.
public struct TableSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The document is not JSON.
        case syntax(JSONSyntaxError)
        /// A value of the wrong kind: `expected` as messages say it (`a number`), `found` its kind.
        case expected(String, found: String)
        /// A member the path needs is absent.
        case missing(String)
        /// A `type` that is not a Table Schema type.
        case unknownType(String, suggestion: String?)
        /// A constraint that is not a Table Schema constraint.
        case unknownConstraint(String, suggestion: String?)
        /// A second field of the same name.
        case duplicateField(String)
        /// A separator that cannot be read (more than one character, a digit, a sign, the other separator).
        case invalidSeparator(String, reason: String)
        /// Bounds that no value satisfies.
        case emptyRange(String)
    }

    /// The JSON path (`fields[2].constraints.minimum`); empty for the document itself.
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let text: String
        switch problem {
        case .syntax(let error): return "not JSON: \(error)"
        case .expected(let expected, let found): text = "expected \(expected), found \(found)"
        case .missing(let member): text = "missing '\(member)'"
        case .unknownType(let type, let suggestion):
            text = "unknown type '\(type)'" + (suggestion.map { "; did you mean '\($0)'?" }
                ?? "; the types are " + TableSchema.FieldType.allCases.map(\.rawValue).joined(separator: ", "))
        case .unknownConstraint(let name, let suggestion):
            text = "'\(name)' is not a Table Schema constraint" + (suggestion.map { "; did you mean '\($0)'?" }
                ?? "; the constraints are " + TableSchema.constraintKeywords.joined(separator: ", "))
        case .duplicateField(let name): text = "a second field named '\(name)'; field names must be unique"
        case .invalidSeparator(let value, let reason): text = "'\(value)' \(reason)"
        case .emptyRange(let detail): text = detail
        }
        return path.isEmpty ? text : "\(path): \(text)"
    }
}

extension TableSchema {
    /// Every constraint of the Table Schema specification.
    static let constraintKeywords = ["required", "unique", "minimum", "maximum", "exclusiveMinimum",
                                     "exclusiveMaximum", "minLength", "maxLength", "pattern", "enum", "jsonSchema"]
    /// The constraints that are checked (on number and integer fields; `required` on every field).
    static let checkedConstraints: Set<String> = ["required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum"]
    /// Members that describe and never constrain: accepted without a note.
    static let descriptiveKeywords: Set<String> = ["title", "description", "example", "rdfType", "$schema", "name", "profile"]

    /// Reads a Table Schema from its JSON text.
    ///
    /// - Parameter bytes: The JSON document.
    /// - Returns: The schema, with a note for every keyword that is not checked.
    /// - Throws: ``TableSchemaError`` for the first mistake in document order.
    public static func parse(_ bytes: [UInt8]) throws(TableSchemaError) -> TableSchema {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw TableSchemaError(path: "", problem: .syntax(error))
        }
        guard case .object(let members) = document else {
            throw TableSchemaError(path: "", problem: .expected("an object with 'fields'", found: document.kind))
        }
        var notes: [Note] = []
        var missingValues = [""]
        var fieldsValue: JSONValue?
        for (key, value) in members {
            switch key {
            case "fields": fieldsValue = value
            case "missingValues": missingValues = try strings(value, path: "missingValues")
            case "primaryKey", "foreignKeys", "uniqueKeys", "fieldsMatch":
                notes.append(Note(path: key, reason: "not checked; unitpipe validate checks each field's cells and the header's names"))
            default:
                if !descriptiveKeywords.contains(key) { notes.append(Note(path: key, reason: "not a Table Schema keyword; ignored")) }
            }
        }
        guard let fieldsValue else { throw TableSchemaError(path: "", problem: .missing("fields")) }
        guard case .array(let elements) = fieldsValue else {
            throw TableSchemaError(path: "fields", problem: .expected("an array", found: fieldsValue.kind))
        }
        var fields: [Field] = []
        // By a set: comparing each name with every earlier one took minutes for 80,000 fields.
        var names: Set<String> = []
        for (index, element) in elements.enumerated() {
            let field = try parseField(element, path: "fields[\(index)]", missingValues: missingValues, notes: &notes)
            guard names.insert(field.name).inserted else {
                throw TableSchemaError(path: "fields[\(index)].name", problem: .duplicateField(field.name))
            }
            fields.append(field)
        }
        return TableSchema(fields: fields, notes: notes)
    }

    private static func parseField(_ value: JSONValue, path: String, missingValues: [String],
                                   notes: inout [Note]) throws(TableSchemaError) -> Field {
        guard case .object(let members) = value else {
            throw TableSchemaError(path: path, problem: .expected("an object", found: value.kind))
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        guard let nameValue = member("name") else { throw TableSchemaError(path: path, problem: .missing("name")) }
        guard case .string(let name) = nameValue else {
            throw TableSchemaError(path: path + ".name", problem: .expected("a string", found: nameValue.kind))
        }
        var type = FieldType.string
        if let typeValue = member("type") {
            guard case .string(let text) = typeValue else {
                throw TableSchemaError(path: path + ".type", problem: .expected("a string", found: typeValue.kind))
            }
            guard let known = FieldType(rawValue: text) else {
                throw TableSchemaError(path: path + ".type", problem: .unknownType(
                    text, suggestion: Suggestion.nearest(to: text, among: FieldType.allCases.map(\.rawValue))))
            }
            type = known
        }
        var field = Field(name: name, type: type, missingValues: missingValues)
        var decimal: (Unicode.Scalar, String)?
        var group: (Unicode.Scalar, String)?
        for (key, value) in members {
            let memberPath = path + "." + key
            switch key {
            case "name", "type":
                break
            case "decimalChar", "groupChar":
                guard type.isNumeric else {
                    notes.append(Note(path: memberPath, reason: "not checked; '\(type.rawValue)' fields are checked for presence only"))
                    continue
                }
                let scalar = try separator(value, path: memberPath)
                if key == "decimalChar" { decimal = (scalar, memberPath) } else { group = (scalar, memberPath) }
                field.hasSeparators = true
            case "bareNumber":
                guard case .bool(let isBare) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("true or false", found: value.kind))
                }
                field.isBareNumber = isBare
            case "missingValues":
                field.missingValues = try strings(value, path: memberPath)
            case "constraints":
                try parseConstraints(value, path: memberPath, into: &field, notes: &notes)
            case "format":
                if value != .string("default") {
                    notes.append(Note(path: memberPath, reason: "not checked; unitpipe validate reads numbers with decimalChar, groupChar and bareNumber"))
                }
            default:
                if descriptiveKeywords.contains(key) { continue }
                let isTableSchema = ["trueValues", "falseValues", "delimiter", "itemType", "categories", "categoriesOrdered",
                                     "floatNumber", "missingValues"].contains(key)
                notes.append(Note(path: memberPath, reason: isTableSchema ? "not checked" : "not a Table Schema keyword; ignored"))
            }
        }
        if let decimal {
            if let group, group.0 == decimal.0 {
                throw TableSchemaError(path: group.1, problem: .invalidSeparator(String(group.0), reason: "is also the decimalChar; the two must differ"))
            }
            field.decimalSeparator = decimal.0
        }
        if let group {
            if group.0 == field.decimalSeparator {
                throw TableSchemaError(path: group.1, problem: .invalidSeparator(String(group.0), reason: "is also the decimalChar; the two must differ"))
            }
            field.groupingSeparator = group.0
        }
        return field
    }

    private static func parseConstraints(_ value: JSONValue, path: String, into field: inout Field,
                                         notes: inout [Note]) throws(TableSchemaError) {
        guard case .object(let members) = value else {
            throw TableSchemaError(path: path, problem: .expected("an object", found: value.kind))
        }
        let isInteger = field.type == .integer
        for (key, value) in members {
            let memberPath = path + "." + key
            guard constraintKeywords.contains(key) else {
                throw TableSchemaError(path: memberPath, problem: .unknownConstraint(
                    key, suggestion: Suggestion.nearest(to: key, among: constraintKeywords)))
            }
            if key == "required" {
                guard case .bool(let isRequired) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("true or false", found: value.kind))
                }
                field.isRequired = isRequired
                continue
            }
            guard field.type.isNumeric, checkedConstraints.contains(key) else {
                let reason = field.type.isNumeric
                    ? "not checked; unitpipe validate checks required, minimum, maximum, exclusiveMinimum, exclusiveMaximum and enum"
                    : "not checked; '\(field.type.rawValue)' fields are checked for presence only"
                notes.append(Note(path: memberPath, reason: reason))
                continue
            }
            switch key {
            case "minimum", "exclusiveMinimum":
                let bound = Bound(try number(value, path: memberPath, isInteger: isInteger), isExclusive: key == "exclusiveMinimum")
                // Of `minimum` and `exclusiveMinimum` both given, the stricter one counts.
                if let current = field.minimum, !isStricterMinimum(bound, than: current) { continue }
                field.minimum = bound
            case "maximum", "exclusiveMaximum":
                let bound = Bound(try number(value, path: memberPath, isInteger: isInteger), isExclusive: key == "exclusiveMaximum")
                if let current = field.maximum, !isStricterMinimum(Bound(bound.value.negated, isExclusive: bound.isExclusive),
                                                                   than: Bound(current.value.negated, isExclusive: current.isExclusive)) { continue }
                field.maximum = bound
            default: // enum
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw TableSchemaError(path: memberPath, problem: .expected("a non-empty array", found: value.kind))
                }
                var allowed: [DecimalValue] = []
                for (index, element) in elements.enumerated() {
                    allowed.append(try number(element, path: memberPath + "[\(index)]", isInteger: isInteger))
                }
                field.allowedValues = allowed
            }
        }
        if let minimum = field.minimum, let maximum = field.maximum,
           maximum.value < minimum.value || (maximum.value == minimum.value && (minimum.isExclusive || maximum.isExclusive)) {
            throw TableSchemaError(path: path, problem: .emptyRange(
                "no value is at least \(minimum.value)\(minimum.isExclusive ? " (exclusive)" : "") and at most \(maximum.value)\(maximum.isExclusive ? " (exclusive)" : "")"))
        }
    }

    private static func isStricterMinimum(_ bound: Bound, than current: Bound) -> Bool {
        current.value < bound.value || (current.value == bound.value && bound.isExclusive)
    }

    private static func number(_ value: JSONValue, path: String, isInteger: Bool) throws(TableSchemaError) -> DecimalValue {
        guard case .number(let text) = value, let number = DecimalValue(text) else {
            throw TableSchemaError(path: path, problem: .expected(isInteger ? "an integer" : "a number", found: value.kind))
        }
        guard !isInteger || number.isInteger else {
            throw TableSchemaError(path: path, problem: .expected("an integer", found: "\(text)"))
        }
        return number
    }

    private static func strings(_ value: JSONValue, path: String) throws(TableSchemaError) -> [String] {
        guard case .array(let elements) = value else {
            throw TableSchemaError(path: path, problem: .expected("an array of strings", found: value.kind))
        }
        var texts: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw TableSchemaError(path: path + "[\(index)]", problem: .expected("a string", found: element.kind))
            }
            texts.append(text)
        }
        return texts
    }

    private static func separator(_ value: JSONValue, path: String) throws(TableSchemaError) -> Unicode.Scalar {
        guard case .string(let text) = value else {
            throw TableSchemaError(path: path, problem: .expected("a string of one character", found: value.kind))
        }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1, let scalar = scalars.first else {
            throw TableSchemaError(path: path, problem: .invalidSeparator(text, reason: "is not one character"))
        }
        if scalar.properties.numericType != nil || "+-eE()%\u{2212}".unicodeScalars.contains(scalar) {
            throw TableSchemaError(path: path, problem: .invalidSeparator(text, reason: "cannot separate digits (it is a digit, sign, exponent or mark)"))
        }
        return scalar
    }
}
