// Design note — the cells of a field that is not a number.
//
// A `boolean`, `date`, `time`, `datetime`, `year` or `yearmonth` cell is read from its bytes
// into a `FieldValue` that compares as the type orders its values: a boolean as itself, a
// temporal value as one count on one time line (seconds, plus nanoseconds for a fraction),
// so bounds and `enum` compare values, never texts (a month written as `1` never sorts after `10`).
// A `string` or `any` cell is its text. Formats follow the specification: ISO 8601 by default
// (`YYYY-MM-DD`, `hh:mm:ss`, `YYYY-MM-DDThh:mm:ssZ`, `YYYY`, `YYYY-MM`), or a pattern of
// Python `strptime` directives (`%d/%m/%Y`). The same reader casts the schema's own constraint
// values, so a bound is read with the field's format.

/// A typed value of a field that is not a number, as its constraints compare it.
public enum FieldValue: Sendable, Hashable {
    case text(String)
    case boolean(Bool)
    /// A point on the type's time line: seconds (days × 86400 for a date, the year for `year`,
    /// months for `yearmonth`) and the nanoseconds of a fraction of a second.
    case temporal(seconds: Int64, nanoseconds: Int32)

    /// Orders two values of one field type (`nil` for values of different kinds, or texts).
    func order(against other: FieldValue) -> Int? {
        switch (self, other) {
        case (.temporal(let s1, let n1), .temporal(let s2, let n2)):
            if s1 != s2 { return s1 < s2 ? -1 : 1 }
            return n1 == n2 ? 0 : (n1 < n2 ? -1 : 1)
        default:
            return nil
        }
    }
}

/// A boolean or temporal value as one point that orders: seconds and the nanoseconds of a
/// fraction (``FieldValue/temporal(seconds:nanoseconds:)``), or 1 and 0 for true and false.
struct FieldPoint: Sendable, Equatable, Comparable {
    var seconds: Int64
    var nanoseconds: Int32

    static func < (a: FieldPoint, b: FieldPoint) -> Bool {
        a.seconds != b.seconds ? a.seconds < b.seconds : a.nanoseconds < b.nanoseconds
    }
}

/// Reads the cells of one non-numeric field into ``FieldValue``s.
public struct FieldValueReader: Sendable {
    public let type: TableSchema.FieldType
    /// The field's `format` (`nil` for the default).
    public let format: String?
    let pattern: [FormatToken]?
    let trueValues: [[UInt8]]
    let falseValues: [[UInt8]]
    /// A temporal type read by its layout (not `format: any`), decided once for every cell.
    let readsTemporal: Bool

    /// One element of a `strptime` pattern.
    enum FormatToken: Sendable, Equatable {
        case literal(UInt8)
        case year4, year2, month, day, hour24, hour12, minute, second, fraction, amPm, monthName, offset
        case dayOfYear
    }

    /// The default `trueValues` and `falseValues` of the specification.
    public static let defaultTrueValues = ["true", "True", "TRUE", "1"]
    public static let defaultFalseValues = ["false", "False", "FALSE", "0"]

    /// Creates the reader of a field, or explains why its `format` cannot be read.
    ///
    /// - Parameter field: The field (type, format, trueValues, falseValues).
    /// - Throws: The reason, as a sentence, when the format holds a directive that is not read.
    init(field: TableSchema.Field) throws(FormatProblem) {
        type = field.type
        format = field.format
        trueValues = field.trueValues.map { Array($0.utf8) }
        falseValues = field.falseValues.map { Array($0.utf8) }
        readsTemporal = Self.isTemporal(field.type) && field.format != "any"
        if let format, format != "any", Self.isTemporal(type) {
            pattern = try Self.tokens(of: format)
        } else {
            pattern = nil
        }
    }

    /// A `format` the reader cannot apply.
    struct FormatProblem: Error, Equatable {
        var reason: String
    }

    static func isTemporal(_ type: TableSchema.FieldType) -> Bool {
        [.date, .time, .datetime, .year, .yearmonth].contains(type)
    }

    /// The value of a cell (blanks trimmed for every type but `string` and `any`), or `nil` when
    /// the cell is not of the field's type and format.
    func read(_ cell: UnsafeRawBufferPointer) -> FieldValue? {
        if readsPoints {
            guard let point = readPoint(cell) else { return nil }
            return type == .boolean ? .boolean(point.seconds == 1) : .temporal(seconds: point.seconds, nanoseconds: point.nanoseconds)
        }
        guard InvalidUTF8.firstInvalidOffset(in: cell) == nil else { return nil }
        return .text(String(decoding: cell, as: UTF8.self))
    }

    /// Whether cells are read as points (``readPoint(_:)``): a boolean, or a temporal type read by its layout.
    var readsPoints: Bool { type == .boolean || readsTemporal }

    /// A boolean or temporal cell as the point its ``FieldValue`` stands for (a boolean: 1 for
    /// true, 0 for false), without making the value; `nil` when the cell is not of the field's
    /// type and format, or the field's cells are texts.
    func readPoint(_ cell: UnsafeRawBufferPointer) -> FieldPoint? {
        let trimmed = NullValues.trimmed(cell)
        if type == .boolean {
            for value in trueValues where value.elementsEqual(trimmed) { return FieldPoint(seconds: 1, nanoseconds: 0) }
            for value in falseValues where value.elementsEqual(trimmed) { return FieldPoint(seconds: 0, nanoseconds: 0) }
            return nil
        }
        guard readsTemporal else { return nil }
        var fields = DateFields()
        if let pattern {
            guard fields.read(trimmed, pattern: pattern) else { return nil }
        } else {
            guard fields.read(trimmed, isoOf: type) else { return nil }
        }
        return fields.point(of: type)
    }

    /// The value of a text (a constraint of the schema).
    func read(_ text: String) -> FieldValue? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { read(UnsafeRawBufferPointer($0)) }
    }

    /// How messages describe the layout a cell must have (`YYYY-MM-DD`, `'%d/%m/%Y'`).
    var layout: String {
        if let format { return "'\(format)'" }
        switch type {
        case .date: return "YYYY-MM-DD"
        case .time: return "hh:mm:ss"
        case .datetime: return "YYYY-MM-DDThh:mm:ss with an optional fraction and Z or ±hh:mm"
        case .year: return "YYYY"
        case .yearmonth: return "YYYY-MM"
        default: return ""
        }
    }

    /// The tokens of a `strptime` pattern.
    static func tokens(of format: String) throws(FormatProblem) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var bytes = Array(format.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                tokens.append(.literal(byte))
                continue
            }
            guard let directive = bytes.popFirst() else {
                throw FormatProblem(reason: "ends with a lone '%'; write '%%' for a percent sign")
            }
            switch directive {
            case UInt8(ascii: "Y"): tokens.append(.year4)
            case UInt8(ascii: "y"): tokens.append(.year2)
            case UInt8(ascii: "m"): tokens.append(.month)
            case UInt8(ascii: "d"): tokens.append(.day)
            case UInt8(ascii: "H"): tokens.append(.hour24)
            case UInt8(ascii: "I"): tokens.append(.hour12)
            case UInt8(ascii: "M"): tokens.append(.minute)
            case UInt8(ascii: "S"): tokens.append(.second)
            case UInt8(ascii: "f"): tokens.append(.fraction)
            case UInt8(ascii: "p"): tokens.append(.amPm)
            case UInt8(ascii: "b"), UInt8(ascii: "B"): tokens.append(.monthName)
            case UInt8(ascii: "z"): tokens.append(.offset)
            case UInt8(ascii: "j"): tokens.append(.dayOfYear)
            case UInt8(ascii: "%"): tokens.append(.literal(UInt8(ascii: "%")))
            default:
                throw FormatProblem(reason: "has the directive '%\(Character(Unicode.Scalar(directive)))', which is not read; the directives read are %Y %y %m %d %j %H %I %M %S %f %p %b %B %z %%")
            }
        }
        return tokens
    }
}

/// The parts of a date or time as a cell gives them.
struct DateFields {
    var year = 1970
    var month = 1
    var day = 1
    var dayOfYear: Int?
    var hour = 0
    var minute = 0
    var second = 0
    var nanoseconds = 0
    var isPM: Bool?
    var offsetSeconds = 0

    /// The point on the type's time line, or `nil` for a day the month does not have.
    func point(of type: TableSchema.FieldType) -> FieldPoint? {
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        var hour = self.hour
        if let isPM {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (isPM ? 12 : 0)
        }
        // 24:00:00 is the end of a day, as ISO 8601 allows.
        guard hour <= 24, minute < 60, second <= 60, hour < 24 || (minute == 0 && second == 0 && nanoseconds == 0) else { return nil }
        if let dayOfYear, dayOfYear < 1 || dayOfYear > (Self.isLeap(year) ? 366 : 365) { return nil }
        let timeOfDay = Int64(hour * 3600 + minute * 60 + second)
        switch type {
        case .time: return FieldPoint(seconds: timeOfDay - Int64(offsetSeconds), nanoseconds: Int32(nanoseconds))
        case .year: return FieldPoint(seconds: Int64(year), nanoseconds: 0)
        case .yearmonth: return FieldPoint(seconds: Int64(year) * 12 + Int64(month - 1), nanoseconds: 0)
        default: break
        }
        let days = if let dayOfYear { Self.daysFromCivil(year: year, month: 1, day: 1) + Int64(dayOfYear - 1) }
                   else { Self.daysFromCivil(year: year, month: month, day: day) }
        if type == .date { return FieldPoint(seconds: days * 86_400, nanoseconds: 0) }
        return FieldPoint(seconds: days * 86_400 + timeOfDay - Int64(offsetSeconds), nanoseconds: Int32(nanoseconds))
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since the Unix epoch (the first of January 1970) of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    // MARK: ISO 8601

    /// Reads the type's default layout.
    mutating func read(_ bytes: UnsafeRawBufferPointer, isoOf type: TableSchema.FieldType) -> Bool {
        var i = 0
        switch type {
        case .year:
            return readDigits(bytes, &i, exactly: 4, into: &year) && i == bytes.count
        case .yearmonth:
            return readDigits(bytes, &i, exactly: 4, into: &year) && expect(bytes, &i, "-")
                && readDigits(bytes, &i, exactly: 2, into: &month) && i == bytes.count
        case .date:
            return readDate(bytes, &i) && i == bytes.count
        case .time:
            return readTime(bytes, &i) && readZone(bytes, &i) && i == bytes.count
        default:
            guard readDate(bytes, &i), i < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: " ") else { return false }
            i += 1
            return readTime(bytes, &i) && readZone(bytes, &i) && i == bytes.count
        }
    }

    private mutating func readDate(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        readDigits(bytes, &i, exactly: 4, into: &year) && expect(bytes, &i, "-") && readDigits(bytes, &i, exactly: 2, into: &month)
            && expect(bytes, &i, "-") && readDigits(bytes, &i, exactly: 2, into: &day)
    }

    private mutating func readTime(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard readDigits(bytes, &i, exactly: 2, into: &hour), expect(bytes, &i, ":"), readDigits(bytes, &i, exactly: 2, into: &minute),
              expect(bytes, &i, ":"), readDigits(bytes, &i, exactly: 2, into: &second) else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            return readFraction(bytes, &i)
        }
        return true
    }

    /// `Z`, `±hh:mm`, `±hhmm` or nothing (read as UTC).
    private mutating func readZone(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard i < bytes.count else { return true }
        if bytes[i] == UInt8(ascii: "Z") {
            i += 1
            return true
        }
        return readOffset(bytes, &i)
    }

    private mutating func readOffset(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return false }
        let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        var hours = 0
        var minutes = 0
        guard readDigits(bytes, &i, exactly: 2, into: &hours) else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: ":") { i += 1 }
        guard readDigits(bytes, &i, exactly: 2, into: &minutes), hours < 24, minutes < 60 else { return false }
        offsetSeconds = sign * (hours * 3600 + minutes * 60)
        return true
    }

    private mutating func readFraction(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        let start = i
        var scale = 100_000_000
        nanoseconds = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            nanoseconds += Int(bytes[i] - 0x30) * scale
            scale /= 10
            i += 1
        }
        return i > start
    }

    private func expect(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ byte: Unicode.Scalar) -> Bool {
        guard i < bytes.count, UInt32(bytes[i]) == byte.value else { return false }
        i += 1
        return true
    }

    /// Reads `exactly` digits, or from `minimum` to `maximum` of them.
    private func readDigits(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, exactly: Int = 0, minimum: Int = 1,
                            maximum: Int = 0, into value: inout Int) -> Bool {
        let (low, high) = exactly > 0 ? (exactly, exactly) : (minimum, maximum)
        var n = 0
        var result = 0
        while n < high, i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            result = result * 10 + Int(bytes[i] - 0x30)
            i += 1
            n += 1
        }
        guard n >= low else { return false }
        value = result
        return true
    }

    // MARK: strptime patterns

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let fullMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                         "september", "october", "november", "december"]

    /// Reads a cell by a `strptime` pattern: every byte of the cell, every token of the pattern.
    mutating func read(_ bytes: UnsafeRawBufferPointer, pattern: [FieldValueReader.FormatToken]) -> Bool {
        var i = 0
        for token in pattern {
            let ok: Bool
            switch token {
            case .literal(let byte):
                ok = i < bytes.count && bytes[i] == byte
                if ok { i += 1 }
            case .year4: ok = readDigits(bytes, &i, exactly: 4, into: &year)
            case .year2:
                var short = 0
                ok = readDigits(bytes, &i, exactly: 2, into: &short)
                // As strptime: 69–99 are 1969–1999, 00–68 are 2000–2068.
                year = short < 69 ? 2000 + short : 1900 + short
            case .month: ok = readDigits(bytes, &i, maximum: 2, into: &month)
            case .day: ok = readDigits(bytes, &i, maximum: 2, into: &day)
            case .dayOfYear:
                var value = 0
                ok = readDigits(bytes, &i, maximum: 3, into: &value)
                dayOfYear = value
            case .hour24, .hour12: ok = readDigits(bytes, &i, maximum: 2, into: &hour)
            case .minute: ok = readDigits(bytes, &i, maximum: 2, into: &minute)
            case .second: ok = readDigits(bytes, &i, maximum: 2, into: &second)
            case .fraction: ok = readFraction(bytes, &i)
            case .offset:
                if i < bytes.count, bytes[i] == UInt8(ascii: "Z") {
                    i += 1
                    ok = true
                } else {
                    ok = readOffset(bytes, &i)
                }
            case .amPm:
                let word = i + 2 <= bytes.count ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<i + 2]), as: UTF8.self).lowercased() : ""
                ok = word == "am" || word == "pm"
                if ok {
                    isPM = word == "pm"
                    i += 2
                }
            case .monthName:
                ok = readMonthName(bytes, &i)
            }
            if !ok { return false }
        }
        if pattern.contains(.hour24), isPM != nil { return false }
        return i == bytes.count
    }

    private mutating func readMonthName(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        var end = i
        while end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self).lowercased()
        guard let index = Self.fullMonthNames.firstIndex(of: word) ?? Self.monthNames.firstIndex(of: word) else { return false }
        month = index + 1
        i = end
        return true
    }
}
