import UnitPipeCSV
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

        /// Whether cells are read and checked (numbers, strings, booleans, dates and times, `any`);
        /// the others (`object`, `array`, `duration`, `geopoint`, `geojson`, `list`) for presence only.
        public var isChecked: Bool {
            switch self {
            case .object, .array, .duration, .geopoint, .geojson, .list: false
            default: true
            }
        }

        /// Whether `minimum` and `maximum` apply (numbers, dates, times, years).
        var isOrdered: Bool { isNumeric || [.date, .time, .datetime, .year, .yearmonth].contains(self) }
    }

    /// A bound of a field that is not a number: the value as the schema writes it.
    public struct ValueBound: Sendable, Equatable {
        public var text: String
        public var isExclusive: Bool
    }

    /// One bound of a field: the value as written, and whether the bound itself is allowed.
    public struct Bound: Sendable, Equatable {
        public var value: DecimalValue
        /// `true` for `exclusiveMinimum` / `exclusiveMaximum` (and `--min`/`--max` never).
        public var isExclusive: Bool
        /// The bound as the schema writes it when it is a string read with the field's separators
        /// (`"10.000,00"`), so messages show it as written; `nil` for a JSON number.
        public var written: String?

        public init(_ value: DecimalValue, isExclusive: Bool = false, written: String? = nil) {
            self.value = value
            self.isExclusive = isExclusive
            self.written = written
        }

        /// The bound as messages show it: as the schema writes it, else the value.
        public var shown: String { written ?? value.description }
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
        /// `format` when not `default`: a string format (`email`, `uri`, `uuid`, `binary`) or a date pattern.
        public var format: String?
        /// A boolean field's `trueValues` and `falseValues`.
        public var trueValues = FieldValueReader.defaultTrueValues
        public var falseValues = FieldValueReader.defaultFalseValues
        /// A string's `pattern` (a regular expression the whole cell must match).
        public var pattern: String?
        public var minLength: Int?
        public var maxLength: Int?
        /// The bounds of a date, time, datetime, year or yearmonth field, as written.
        public var valueMinimum: ValueBound?
        public var valueMaximum: ValueBound?
        /// `unique`: no two non-missing cells of the column have one value.
        public var isUnique = false

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
    /// `primaryKey`: the names of the fields whose values together no two rows share (empty for none).
    public var primaryKey: [String] = []

    public init(fields: [Field], notes: [Note] = [], primaryKey: [String] = []) {
        self.fields = fields
        self.notes = notes
        self.primaryKey = primaryKey
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
        /// A constraint value written as a string that the field's type and format do not read.
        case notCastable(String, type: String, settings: String)
        /// A `format` whose pattern cannot be read.
        case invalidFormat(String, reason: String)
        /// A `pattern` that is not a regular expression.
        case invalidPattern(String)
        /// A `primaryKey` naming a field the schema does not have.
        case unknownKeyField(String)
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
        case .notCastable(let value, let type, let settings):
            text = "'\(value)' is not \(type)\(settings); write the value as the field's cells are written"
        case .invalidFormat(let format, let reason): text = "'\(format)' \(reason)"
        case .invalidPattern(let pattern): text = "'\(pattern)' is not a regular expression"
        case .unknownKeyField(let name): text = "'\(name)' is not a field of the schema"
        }
        return path.isEmpty ? text : "\(path): \(text)"
    }
}

extension TableSchema {
    /// Every constraint of the Table Schema specification.
    static let constraintKeywords = ["required", "unique", "minimum", "maximum", "exclusiveMinimum",
                                     "exclusiveMaximum", "minLength", "maxLength", "pattern", "enum", "jsonSchema"]
    /// The constraints that are checked (on number and integer fields; `required` on every field).
    static let checkedConstraints: Set<String> = ["required", "unique", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                                                  "enum", "minLength", "maxLength", "pattern"]
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
        var primaryKey: [String] = []
        for (key, value) in members {
            switch key {
            case "fields": fieldsValue = value
            case "missingValues": missingValues = try missingValueTexts(value, path: "missingValues")
            case "primaryKey":
                // A string names one field; an array one or several.
                if case .string(let name) = value { primaryKey = [name] } else { primaryKey = try strings(value, path: key) }
            case "foreignKeys", "uniqueKeys", "fieldsMatch":
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
            if index % 1024 == 1023, Interruption.signalNumber != nil {
                throw TableSchemaError(path: "fields[\(index)]", problem: .missing("the rest: stopped by a signal"))
            }
            let field = try parseField(element, path: "fields[\(index)]", missingValues: missingValues, notes: &notes)
            guard names.insert(field.name).inserted else {
                throw TableSchemaError(path: "fields[\(index)].name", problem: .duplicateField(field.name))
            }
            fields.append(field)
        }
        for name in primaryKey where !names.contains(name) {
            throw TableSchemaError(path: "primaryKey", problem: .unknownKeyField(name))
        }
        // A key identifies its row: its fields must have a value (as v2 says, and Frictionless checks).
        for index in fields.indices where primaryKey.contains(fields[index].name) { fields[index].isRequired = true }
        return TableSchema(fields: fields, notes: notes, primaryKey: primaryKey)
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
        var group: (Unicode.Scalar?, String)?
        var constraints: (JSONValue, String)?
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
                // `"groupChar": ""` says the digits are not grouped.
                if key == "groupChar", value == .string("") {
                    group = (nil, memberPath)
                } else {
                    let scalar = try separator(value, path: memberPath)
                    if key == "decimalChar" { decimal = (scalar, memberPath) } else { group = (scalar, memberPath) }
                }
                field.hasSeparators = true
            case "bareNumber":
                guard case .bool(let isBare) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("true or false", found: value.kind))
                }
                field.isBareNumber = isBare
            case "missingValues":
                field.missingValues = try missingValueTexts(value, path: memberPath)
            case "constraints":
                constraints = (value, memberPath)
            case "format":
                guard case .string(let format) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("a string", found: value.kind))
                }
                try parseFormat(format, path: memberPath, into: &field, notes: &notes)
            case "trueValues" where type == .boolean, "falseValues" where type == .boolean:
                let values = try strings(value, path: memberPath)
                if key == "trueValues" { field.trueValues = values } else { field.falseValues = values }
            default:
                if descriptiveKeywords.contains(key) { continue }
                let isTableSchema = ["trueValues", "falseValues", "delimiter", "itemType", "categories", "categoriesOrdered",
                                     "floatNumber", "missingValues"].contains(key)
                notes.append(Note(path: memberPath, reason: isTableSchema ? "not checked" : "not a Table Schema keyword; ignored"))
            }
        }
        if let decimal {
            if let group, let scalar = group.0, scalar == decimal.0 {
                throw TableSchemaError(path: group.1, problem: .invalidSeparator(String(scalar), reason: "is also the decimalChar; the two must differ"))
            }
            field.decimalSeparator = decimal.0
        }
        if let group, let scalar = group.0 {
            if scalar == field.decimalSeparator {
                throw TableSchemaError(path: group.1, problem: .invalidSeparator(String(scalar), reason: "is also the decimalChar; the two must differ"))
            }
            field.groupingSeparator = scalar
        }
        if let (value, path) = constraints {
            try parseConstraints(value, path: path, into: &field, notes: &notes)
        }
        return field
    }

    /// The string formats and, for dates and times, `strptime` patterns.
    static let stringFormats: Set<String> = ["email", "uri", "uuid", "binary"]

    private static func parseFormat(_ format: String, path: String, into field: inout Field, notes: inout [Note]) throws(TableSchemaError) {
        if format == "default" { return }
        let isTemporal = FieldValueReader.isTemporal(field.type)
        switch field.type {
        case .string where stringFormats.contains(format):
            field.format = format
        case _ where isTemporal && format == "any":
            field.format = format
            notes.append(Note(path: path, reason: "not checked; a '\(field.type.rawValue)' field of format 'any' is checked for presence only"))
        case _ where isTemporal:
            // v1's `fmt:` prefix is the same pattern.
            let pattern = format.hasPrefix("fmt:") ? String(format.dropFirst(4)) : format
            guard pattern.contains("%") else {
                throw TableSchemaError(path: path, problem: .invalidFormat(format, reason: "is not a format of a \(field.type.rawValue) field; give 'default' or a pattern such as '%d/%m/%Y'"))
            }
            do {
                _ = try FieldValueReader.tokens(of: pattern)
            } catch {
                throw TableSchemaError(path: path, problem: .invalidFormat(format, reason: error.reason))
            }
            field.format = pattern
        case .string:
            throw TableSchemaError(path: path, problem: .invalidFormat(format, reason: "is not a format of a string field; the formats are default, email, uri, uuid and binary"))
        default:
            let reason = field.type.isNumeric
                ? "not checked; unitpipe validate reads numbers with decimalChar, groupChar and bareNumber"
                : "not checked; '\(field.type.rawValue)' cells are read in their default format"
            notes.append(Note(path: path, reason: reason))
        }
    }

    private static func parseConstraints(_ value: JSONValue, path: String, into field: inout Field,
                                         notes: inout [Note]) throws(TableSchemaError) {
        guard case .object(let members) = value else {
            throw TableSchemaError(path: path, problem: .expected("an object", found: value.kind))
        }
        let type = field.type
        // Constraint values may be written as strings the field's type and format read.
        let numberParser = NumberParser(conventions: NumberConventions(decimal: field.decimalSeparator, grouping: field.groupingSeparator))
        let reader = try? FieldValueReader(field: field)
        for (key, value) in members {
            let memberPath = path + "." + key
            guard constraintKeywords.contains(key) else {
                throw TableSchemaError(path: memberPath, problem: .unknownConstraint(
                    key, suggestion: Suggestion.nearest(to: key, among: constraintKeywords)))
            }
            switch key {
            case "required", "unique":
                guard case .bool(let flag) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("true or false", found: value.kind))
                }
                if key == "required" { field.isRequired = flag } else { field.isUnique = flag }
                continue
            case "minLength" where type == .string, "maxLength" where type == .string, "pattern" where type == .string:
                break
            case "minimum" where type.isOrdered, "maximum" where type.isOrdered, "exclusiveMinimum" where type.isOrdered,
                 "exclusiveMaximum" where type.isOrdered:
                break
            case "enum" where type.isChecked:
                break
            default:
                let reason: String
                if !type.isChecked {
                    reason = "not checked; '\(type.rawValue)' fields are checked for presence only"
                } else if key == "jsonSchema" {
                    reason = "not checked; unitpipe validate checks required, unique, minimum, maximum, exclusiveMinimum, exclusiveMaximum, enum, minLength, maxLength and pattern"
                } else {
                    reason = "does not apply to '\(type.rawValue)' fields; not checked"
                }
                notes.append(Note(path: memberPath, reason: reason))
                continue
            }
            switch key {
            case "minLength", "maxLength":
                guard case .number(let text) = value, let length = Int(text), length >= 0 else {
                    throw TableSchemaError(path: memberPath, problem: .expected("a whole number of characters", found: { if case .number(let text) = value { text } else { value.kind } }()))
                }
                if key == "minLength" { field.minLength = length } else { field.maxLength = length }
            case "pattern":
                guard case .string(let pattern) = value else {
                    throw TableSchemaError(path: memberPath, problem: .expected("a string", found: value.kind))
                }
                guard (try? Regex(pattern)) != nil else { throw TableSchemaError(path: memberPath, problem: .invalidPattern(pattern)) }
                field.pattern = pattern
            case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum":
                let isExclusive = key.hasPrefix("exclusive")
                let isMinimum = key.hasSuffix("inimum")
                if type.isNumeric {
                    var written: String?
                    if case .string(let text) = value { written = text }
                    let bound = Bound(try number(value, path: memberPath, field: field, parser: numberParser), isExclusive: isExclusive,
                                      written: written)
                    if isMinimum {
                        // Of `minimum` and `exclusiveMinimum` both given, the stricter one counts.
                        if let current = field.minimum, !isStricterMinimum(bound, than: current) { continue }
                        field.minimum = bound
                    } else {
                        if let current = field.maximum, !isStricterMinimum(Bound(bound.value.negated, isExclusive: bound.isExclusive),
                                                                           than: Bound(current.value.negated, isExclusive: current.isExclusive)) { continue }
                        field.maximum = bound
                    }
                } else {
                    let text = try castable(value, path: memberPath, field: field, reader: reader)
                    let bound = ValueBound(text: text.text, isExclusive: isExclusive)
                    func isStricter(_ current: ValueBound?, _ sign: Int) -> Bool {
                        guard let current, let old = reader?.read(current.text), let order = text.value.order(against: old) else { return true }
                        return order * sign > 0 || (order == 0 && isExclusive)
                    }
                    if isMinimum {
                        if isStricter(field.valueMinimum, 1) { field.valueMinimum = bound }
                    } else if isStricter(field.valueMaximum, -1) {
                        field.valueMaximum = bound
                    }
                }
            default: // enum
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw TableSchemaError(path: memberPath, problem: .expected("a non-empty array", found: value.kind))
                }
                if type.isNumeric {
                    var allowed: [DecimalValue] = []
                    for (index, element) in elements.enumerated() {
                        allowed.append(try number(element, path: memberPath + "[\(index)]", field: field, parser: numberParser))
                    }
                    field.allowedValues = allowed
                } else {
                    var allowed: [String] = []
                    for (index, element) in elements.enumerated() {
                        allowed.append(try castable(element, path: memberPath + "[\(index)]", field: field, reader: reader).text)
                    }
                    field.allowedTexts = allowed
                }
            }
        }
        if let minimum = field.minimum, let maximum = field.maximum,
           maximum.value < minimum.value || (maximum.value == minimum.value && (minimum.isExclusive || maximum.isExclusive)) {
            throw TableSchemaError(path: path, problem: .emptyRange(
                "no value is at least \(minimum.value)\(minimum.isExclusive ? " (exclusive)" : "") and at most \(maximum.value)\(maximum.isExclusive ? " (exclusive)" : "")"))
        }
        if let minLength = field.minLength, let maxLength = field.maxLength, maxLength < minLength {
            throw TableSchemaError(path: path, problem: .emptyRange("no text is at least \(minLength) and at most \(maxLength) characters long"))
        }
    }

    /// A constraint value of a field that is not a number: a string the field's reader reads, or
    /// for `year` a JSON number, for `boolean` true or false; its text and value.
    private static func castable(_ value: JSONValue, path: String, field: Field,
                                 reader: FieldValueReader?) throws(TableSchemaError) -> (text: String, value: FieldValue) {
        let text: String
        switch (value, field.type) {
        case (.string(let string), _): text = string
        case (.number(let number), .year): text = number
        case (.bool(let flag), .boolean): text = flag ? (field.trueValues.first ?? "true") : (field.falseValues.first ?? "false")
        default:
            throw TableSchemaError(path: path, problem: .expected("a string", found: value.kind))
        }
        guard let reader, let read = reader.read(text) else {
            throw TableSchemaError(path: path, problem: .notCastable(text, type: "a \(field.type.rawValue)", settings: field.castSettings))
        }
        return (text, read)
    }

    private static func isStricterMinimum(_ bound: Bound, than current: Bound) -> Bool {
        current.value < bound.value || (current.value == bound.value && bound.isExclusive)
    }

    /// A numeric constraint value: a JSON number, or a string the field's separators read
    /// (`"1.000,5"` with `decimalChar ","`).
    private static func number(_ value: JSONValue, path: String, field: Field, parser: NumberParser) throws(TableSchemaError) -> DecimalValue {
        let isInteger = field.type == .integer
        let kind = isInteger ? "an integer" : "a number"
        let number: DecimalValue
        switch value {
        case .number(let text):
            guard let read = DecimalValue(text) else { throw TableSchemaError(path: path, problem: .expected(kind, found: value.kind)) }
            number = read
        case .string(let text):
            let bytes = Array(text.utf8)
            guard let read = bytes.withUnsafeBytes({ DecimalValue(cell: $0, parser: parser) }) else {
                throw TableSchemaError(path: path, problem: .notCastable(text, type: kind, settings: field.castSettings))
            }
            number = read
        default:
            throw TableSchemaError(path: path, problem: .expected(kind, found: value.kind))
        }
        guard !isInteger || number.isInteger else {
            let written: String = switch value {
            case .number(let text), .string(let text): text
            default: value.kind
            }
            throw TableSchemaError(path: path, problem: .expected("an integer", found: written))
        }
        return number
    }

    /// `missingValues`: strings, or v2's objects `{"value": "-99", "label": "REFUSED"}`.
    private static func missingValueTexts(_ value: JSONValue, path: String) throws(TableSchemaError) -> [String] {
        guard case .array(let elements) = value else {
            throw TableSchemaError(path: path, problem: .expected("an array of strings", found: value.kind))
        }
        var texts: [String] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .string(let text):
                texts.append(text)
            case .object(let members):
                guard let member = members.first(where: { $0.key == "value" }) else {
                    throw TableSchemaError(path: path + "[\(index)]", problem: .missing("value"))
                }
                guard case .string(let text) = member.value else {
                    throw TableSchemaError(path: path + "[\(index)].value", problem: .expected("a string", found: member.value.kind))
                }
                texts.append(text)
            default:
                throw TableSchemaError(path: path + "[\(index)]", problem: .expected("a string or an object with 'value'", found: element.kind))
            }
        }
        return texts
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

extension TableSchema.Field {
    /// The separators a number field sets, as messages name them (`decimalChar ',' and groupChar '.'`,
    /// `decimalChar '.' and no groupChar`); empty when it sets none.
    var separatorsDescription: String {
        guard hasSeparators else { return "" }
        return "decimalChar '\(decimalSeparator)' and " + (groupingSeparator.map { "groupChar '\($0)'" } ?? "no groupChar")
    }

    /// The settings a field's values are read with, as messages name them
    /// (` with decimalChar ',' and groupChar '.'`, ` in the format '%d/%m/%Y'`); empty for the defaults.
    var castSettings: String {
        switch type {
        case .number, .integer:
            var parts: [String] = []
            if decimalSeparator != "." { parts.append("decimalChar '\(decimalSeparator)'") }
            if let groupingSeparator { parts.append("groupChar '\(groupingSeparator)'") }
            return parts.isEmpty ? "" : " with " + parts.joined(separator: " and ")
        case .boolean:
            return " (trueValues \(trueValues.map { "'\($0)'" }.joined(separator: ", ")); falseValues \(falseValues.map { "'\($0)'" }.joined(separator: ", ")))"
        default:
            if let format { return " in the format '\(format)'" }
            let layout = (try? FieldValueReader(field: self))?.layout ?? ""
            return layout.isEmpty ? "" : " in the format \(layout)"
        }
    }
}
