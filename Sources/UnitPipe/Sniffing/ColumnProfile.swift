import UnitPipeCSV
import UnitPipeNumbers

// Design note — what a column's cells say about its Table Schema field.
//
// Every cell of a column is looked at once: blank or a common null marker (counted, the
// markers kept), `true`/`false`, an ISO date, datetime or time, `NaN`/`INF`/`-INF` (a number in every style,
// never whole), and a number in each of a handful of
// number styles — a decimal point or comma, each with no grouping or grouping by `,` `.`
// space or apostrophe, read exactly as `validate` reads a field with that `decimalChar`
// and `groupChar` (bare, or past a currency mark or `%`). A style stays a candidate while
// every cell reads in it. The field is then the simplest style that read every cell; when
// styles with different decimal separators survive and the cells hold a separator (`1,234`
// read as 1234 or 1.234), the column is ambiguous and left as a string, never guessed: a
// cell that decides (`0,25`, `1.234,5`) ends every style it does not read.

/// The cells of one column, summed up for `describe`.
struct ColumnProfile: Sendable {
    /// A number style: the separators of a Table Schema number field.
    struct Style: Sendable, Equatable {
        var decimal: Unicode.Scalar
        var grouping: Unicode.Scalar?

        /// Tried in this order; the first that reads every cell wins among those of its decimal separator.
        static let all: [Style] = [
            Style(decimal: ".", grouping: nil), Style(decimal: ".", grouping: ","), Style(decimal: ".", grouping: " "),
            Style(decimal: ".", grouping: "'"), Style(decimal: ",", grouping: nil), Style(decimal: ",", grouping: "."),
            Style(decimal: ",", grouping: " "), Style(decimal: ",", grouping: "'"),
        ]
    }

    /// The null markers `describe` recognizes (blanks trimmed, case as written).
    static let nullMarkers = ["NA", "N/A", "n/a", "na", "null", "NULL", "Null", "None", "none", "nil", "-", "--", "?", "#N/A", "missing"]
    static let trueWords: Set<String> = ["true", "True", "TRUE"]
    static let falseWords: Set<String> = ["false", "False", "FALSE"]

    /// Cells looked at (rows with the header's number of fields).
    var cells = 0
    /// Empty cells and null markers.
    var missing = 0
    /// How often each null marker was seen.
    var markers: [String: Int] = [:]
    var booleans = 0
    var dates = 0
    /// Cells that read as an ISO 8601 datetime (a date, `T`, a time, an optional zone) or time (`hh:mm:ss`), as validate reads those types.
    var datetimes = 0
    var times = 0
    /// Per style: whether every non-missing cell so far read as a number in it.
    var isAlive = [Bool](repeating: true, count: Style.all.count)
    /// Per style: whether every number so far was whole and written without a decimal part or exponent.
    var isWhole = [Bool](repeating: true, count: Style.all.count)
    /// Per style: whether some cell needed a currency mark or `%` read past (`bareNumber: false`).
    var needsMarks = [Bool](repeating: false, count: Style.all.count)
    /// Whether some non-missing cell holds a `.` or `,` (then two styles may read it differently).
    var hasSeparator = false
    /// The first non-missing cell that is no number in any style (for the note).
    var firstText: String?
    /// Non-missing cells that are a number in some style.
    var numbers = 0

    /// Number readers of every style.
    struct Readers: Sendable {
        let bare: [NumberParser]

        init() {
            bare = Style.all.map { NumberParser(conventions: NumberConventions(decimal: $0.decimal, grouping: $0.grouping)) }
        }
    }

    /// The marks `bareNumber: false` reads past, before or after the number (longest first).
    static let marks: [[UInt8]] = ["US$", "EUR", "USD", "GBP", "CHF", "JPY", "€", "£", "¥", "$", "%"].map { Array($0.utf8) }

    /// `cell` without one mark before or after the number (and the blank beside it), or `nil` when it has none.
    static func withoutMark(_ cell: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        for mark in marks where cell.count > mark.count {
            if cell.starts(with: mark) {
                return NullValues.trimmed(UnsafeRawBufferPointer(rebasing: cell[mark.count...]))
            }
            if cell.suffix(mark.count).elementsEqual(mark) {
                return NullValues.trimmed(UnsafeRawBufferPointer(rebasing: cell[..<(cell.count - mark.count)]))
            }
        }
        return nil
    }

    /// Takes one cell into account.
    mutating func observe(_ cell: UnsafeRawBufferPointer, readers: Readers) {
        cells += 1
        let trimmed = NullValues.trimmed(cell)
        guard let first = trimmed.first else {
            missing += 1
            return
        }
        let startsWithDigit = first &- 0x30 < 10
        // No null marker or boolean word starts with a digit.
        if !startsWithDigit, trimmed.count <= 7 {
            let text = String(decoding: trimmed, as: UTF8.self)
            if Self.nullMarkers.contains(text) {
                missing += 1
                markers[text, default: 0] += 1
                return
            }
            if Self.trueWords.contains(text) || Self.falseWords.contains(text) { booleans += 1 }
            // NaN, INF and -INF (any case) are numbers of a `number` field in every style, never of an `integer` one.
            if ConstraintCheck.specialValue(trimmed) != nil {
                numbers += 1
                for k in isWhole.indices { isWhole[k] = false }
                return
            }
        }
        if trimmed.count == 10, startsWithDigit, Self.isISODate(trimmed) { dates += 1 }
        if startsWithDigit, trimmed.count >= 8, trimmed[2] == UInt8(ascii: ":") || trimmed.count >= 19 {
            if Self.reads(trimmed, as: .time) { times += 1 } else if Self.reads(trimmed, as: .datetime) { datetimes += 1 }
        }
        var hasPoint = false, hasComma = false, hasExponent = false, hasSeparatorByte = false
        for byte in trimmed {
            switch byte {
            case UInt8(ascii: "."): hasPoint = true
            case UInt8(ascii: ","): hasComma = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): hasExponent = true
            case UInt8(ascii: " "), UInt8(ascii: "'"), 0xC2, 0xE2: hasSeparatorByte = true
            default: break
            }
        }
        if hasPoint || hasComma { hasSeparator = true }
        // Two styles read a cell alike when they give its separators the same roles (`10.52` reads
        // alike with a decimal point and any grouping but `.`): one parse per set of roles.
        var hasSpace = false, hasApostrophe = false
        if hasSeparatorByte {
            for byte in trimmed {
                if byte == UInt8(ascii: "'") || byte == 0xE2 { hasApostrophe = true }
                if byte == UInt8(ascii: " ") || byte == 0xC2 || byte == 0xE2 { hasSpace = true }
            }
        }
        func roles(_ style: Style) -> UInt16 {
            func present(_ scalar: Unicode.Scalar?) -> UInt16 {
                switch scalar {
                case "."?: hasPoint ? 1 : 0
                case ","?: hasComma ? 2 : 0
                case " "?: hasSpace ? 3 : 0
                case "'"?: hasApostrophe ? 4 : 0
                default: 0
                }
            }
            return present(style.decimal) << 4 | present(style.grouping)
        }
        // The roles parsed so far in this cell and their outcomes (no allocation per cell).
        var knownRoles = SIMD8<UInt16>(repeating: .max)
        var knownCount = 0
        var knownReads: UInt8 = 0
        var knownMarks: UInt8 = 0
        var unmarked: UnsafeRawBufferPointer??
        func isNumber(_ k: Int, _ marks: inout Bool) -> Bool {
            if case .number = readers.bare[k].parse(trimmed) { return true }
            if unmarked == nil { unmarked = .some(Self.withoutMark(trimmed)) }
            if let bytes = unmarked ?? nil, case .number = readers.bare[k].parse(bytes) {
                marks = true
                return true
            }
            return false
        }
        var isNumberSomewhere = false
        for k in Style.all.indices where isAlive[k] {
            var marks = false
            let reads: Bool
            let role = roles(Style.all[k])
            if let slot = (0..<knownCount).first(where: { knownRoles[$0] == role }) {
                reads = knownReads & (1 << slot) != 0
                marks = knownMarks & (1 << slot) != 0
            } else {
                reads = isNumber(k, &marks)
                knownRoles[knownCount] = role
                if reads { knownReads |= 1 << knownCount }
                if marks { knownMarks |= 1 << knownCount }
                knownCount += 1
            }
            guard reads else {
                isAlive[k] = false
                continue
            }
            isNumberSomewhere = true
            if marks { needsMarks[k] = true }
            if hasExponent || (Style.all[k].decimal == "." ? hasPoint : hasComma) { isWhole[k] = false }
        }
        // Once no style reads every cell, a cell that looks like a number counts if some style reads it.
        if !isNumberSomewhere, startsWithDigit || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            var marks = false
            isNumberSomewhere = Style.all.indices.contains { isNumber($0, &marks) }
        }
        if isNumberSomewhere { numbers += 1 } else if firstText == nil { firstText = String(decoding: trimmed.prefix(40), as: UTF8.self) }
    }

    /// Folds another part of the same column into this one.
    mutating func add(_ other: ColumnProfile) {
        cells += other.cells
        missing += other.missing
        markers.merge(other.markers, uniquingKeysWith: +)
        booleans += other.booleans
        numbers += other.numbers
        dates += other.dates
        datetimes += other.datetimes
        times += other.times
        for k in isAlive.indices {
            isAlive[k] = isAlive[k] && other.isAlive[k]
            isWhole[k] = isWhole[k] && other.isWhole[k]
            needsMarks[k] = needsMarks[k] || other.needsMarks[k]
        }
        hasSeparator = hasSeparator || other.hasSeparator
        if firstText == nil { firstText = other.firstText }
    }

    /// Whether bytes are a value of a temporal type in its default (ISO) layout, as validate reads it.
    static func reads(_ bytes: UnsafeRawBufferPointer, as type: TableSchema.FieldType) -> Bool {
        var fields = DateFields()
        return fields.read(bytes, isoOf: type) && fields.point(of: type) != nil
    }

    /// `yyyy-mm-dd` with a month 01–12 and a day 01–31.
    static func isISODate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let d = bytes[i] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), digits(0..<4) != nil,
              let month = digits(5..<7), let day = digits(8..<10) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
