// Design note — why a JSON reader of our own.
//
// A Table Schema's bounds must keep the digits written: `"maximum": 0.1` is the decimal 0.1,
// and `JSONSerialization` would hand it over as the double 0.1000000000000000055…, which a
// cell of `0.1` is below. This reader keeps every number as its text (RFC 8259 grammar), keeps
// object members in document order (so the first mistake reported is the first in the file),
// and says where a syntax error is by line and column.

import UnitPipeCSV

/// A JSON value with numbers kept as written.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as its JSON text (`0.1`, `-5`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The kind of value, as messages name it (`a number`, `a string`, `an object`, …).
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON syntax error: where, and what was expected.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in bytes.
    public var column: Int
    /// What the reader expected there (`expected ',' or '}'`).
    public var problem: String

    public var description: String { "line \(line), column \(column): \(problem)" }
}

extension JSONValue {
    /// Reads one JSON document (UTF-8; a BOM is skipped).
    ///
    /// - Parameter bytes: The document.
    /// - Returns: Its value.
    /// - Throws: ``JSONSyntaxError`` at the first byte that does not fit the grammar.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.error("expected the end of the document") }
        return value
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    /// Where the reader is, as a JSON path's parts (`.fields`, `[0]`), for messages.
    var path: [String] = []
    /// Values read so far: every few thousand, a signal (SIGINT, SIGTERM) stops a huge document.
    var valueCount = 0

    /// The path of the value being read (`fields[0]`), or `the document` at the top.
    var pathDescription: String {
        let joined = path.joined()
        return joined.isEmpty ? "the document" : String(joined.hasPrefix(".") ? joined.dropFirst() : joined[...])
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ problem: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for i in 0..<min(index, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONSyntaxError(line: line, column: index - lineStart + 1, problem: problem)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw error("nested too deeply") }
        valueCount += 1
        if valueCount & 4095 == 0, Interruption.signalNumber != nil { throw error("stopped by a signal") }
        skipSpace()
        guard index < bytes.count else { throw error("expected a value, found the end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return value
            }
            throw error("expected a value")
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // A repeated name is refused: readers disagree on which one counts (Python's json keeps
        // the last, others the first), so a schema would mean one thing here and another there.
        var names: Set<String> = []
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let keyStart = index
            let key = try string()
            guard names.insert(key).inserted else {
                index = keyStart
                throw error("'\(key)' appears twice in \(pathDescription) (JSON readers disagree on which one counts); keep one")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            path.append("." + key)
            members.append((key, try value(depth: depth + 1)))
            path.removeLast()
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            path.append("[\(elements.count)]")
            elements.append(try value(depth: depth + 1))
            path.removeLast()
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("expected a digit after the decimal point") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw error("expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (write it escaped)") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index, into: &scalars)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if unit >= 0xD800, unit < 0xDC00, bytes[index...].starts(with: [0x5C, UInt8(ascii: "u")]) {
                    index += 2
                    let low = try hex4()
                    guard low >= 0xDC00, low < 0xE000 else { throw error("expected a low surrogate after a high one") }
                    unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { throw error("escaped lone surrogate") }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("unknown escape '\\\(String(decoding: [escape], as: UTF8.self))'")
            }
            runStart = index
        }
        throw error("unterminated string")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index] | 0x20
            let digit: UInt8
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digit = byte - UInt8(ascii: "0")
            } else if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "f") {
                digit = byte - UInt8(ascii: "a") + 10
            } else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
