// `unitpipe sniff`: what a file looks like, read from its first 64 KiB —
// the dialect (delimiter, quote, header, line ends, BOM) and per column how
// many cells are numbers, which decimal and grouping separators they use,
// a locale guess, a unit guess from the header, and how many cells could be
// read two ways. It never converts anything.

import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// What `unitpipe sniff` found.
public struct SniffReport: Sendable, Equatable {
    /// One column's profile.
    public struct Column: Sendable, Equatable {
        public var name: String
        /// Non-empty cells sampled.
        public var cells = 0
        /// Cells that read as numbers (with the column's decided convention, or unambiguously).
        public var numeric = 0
        /// Cells that read two ways (`1,234` alone) in a column without evidence.
        public var ambiguous = 0
        /// The decimal separator the column's numbers show (`.` or `,`), if any.
        public var decimalSeparator: String?
        /// The grouping separator the column's numbers show, if any.
        public var groupingSeparator: String?
        /// A locale that reads the column's numbers, if the evidence names one.
        public var localeGuess: String?
        /// A unit named in the header (`distance_km`, `Temp (°F)`, `price_usd`), as a catalog symbol.
        public var unitGuess: String?
        /// When the column's cells are units (`km`, `ft`, `USD`), `@COLUMN`-style: the column whose values they belong to.
        public var unitColumnFor: String?
        /// For a unit column: the base unit of its units' dimension (`m`), or the currency code for currencies.
        public var unitColumnDimensionBase: String?

        /// `numeric / cells`, 0 for an empty column.
        public var numericShare: Double { cells == 0 ? 0 : Double(numeric) / Double(cells) }
    }

    public var delimiter: UInt8
    public var quote: UInt8?
    public var hasHeader: Bool
    /// `LF`, `CRLF`, `CR`, `mixed` or `none`.
    public var lineEnding: String
    public var hasByteOrderMark: Bool
    /// Data records sampled (complete records in the first 64 KiB).
    public var records: Int
    public var columns: [Column]
    /// The text's encoding: `utf-8`, `utf-16le`/`utf-16be` (read by the byte order mark), or the
    /// likely one (`cp1252`) when the sample is not UTF-8.
    public var encoding = "utf-8"
    /// Where the sample stops being UTF-8, when it does: the byte and its offset.
    public var firstNonUTF8: NonUTF8?

    /// The first byte of the sample that is not UTF-8, and its offset in the input.
    public struct NonUTF8: Sendable, Equatable {
        public var offset: Int
        public var byte: UInt8
    }
    /// A `unitpipe convert` command line for the file (``suggestedCommand(path:)``), printed with the report when set.
    public var command: String?
}

/// Reads the start of an input and describes it.
public enum Sniffer {
    /// Sniffs `source`: the records of its first 64 KiB, or its first `sampleRows` data records.
    ///
    /// - Parameters:
    ///   - source: The input.
    ///   - delimiter: A delimiter to use instead of sniffing one.
    ///   - quote: The quote byte (`nil`: none).
    ///   - sampleRows: How many data records to profile, read as far into the input as they go;
    ///     `nil` profiles the records of the first 64 KiB.
    public static func sniff(
        _ source: InputSource, delimiter: UInt8? = nil, quote: UInt8? = UInt8(ascii: "\""), sampleRows: Int? = nil
    ) throws(InputError) -> SniffReport {
        let head = try InputHead(
            source: source, delimiter: delimiter, quote: quote, hasHeader: true, maxFieldSize: 64 << 10,
            minimumRecords: sampleRows.map { $0 + 1 } ?? 0)
        return sniff(head, sampleRows: sampleRows)
    }

    /// Describes an input from its head; whether the first record is a header is decided here
    /// (the head's own `hasHeader` is ignored). With `sampleRows`, only that many data records are profiled.
    public static func sniff(_ head: InputHead, sampleRows: Int? = nil) -> SniffReport {
        let batch = head.records
        var report = SniffReport(
            delimiter: head.dialect.delimiter, quote: head.dialect.quote, hasHeader: true,
            lineEnding: lineEnding(of: head.bytes), hasByteOrderMark: head.hasByteOrderMark, records: 0, columns: [])
        report.encoding = head.source.encoding.rawValue
        // Bytes that are not UTF-8 (other than a sequence the sample's end cuts): most such files
        // come from Windows, whose code page 1252 reads every Latin-1 letter the same way.
        if head.source.encoding == .utf8, let offset = head.bytes.withUnsafeBytes({ InvalidUTF8.firstInvalidOffset(in: $0) }),
           offset < head.bytes.count - 3 || head.isWholeInput {
            report.encoding = TextEncoding.cp1252.rawValue
            report.firstNonUTF8 = .init(offset: offset + (head.hasByteOrderMark ? 3 : 0), byte: head.bytes[offset])
        }
        guard batch.count > 0 else { return report }
        let width = batch.fieldCount(of: 0)
        let first = batch.strings(of: 0)
        report.hasHeader = looksLikeHeader(first, batch: batch, width: width)
        let start = report.hasHeader ? 1 : 0
        let end = sampleRows.map { min(batch.count, start + $0) } ?? batch.count
        let rows = (start..<end).filter { batch.fieldCount(of: $0) == width }
        report.records = end - start
        for field in 0..<width {
            let name = report.hasHeader ? first[field] : "#\(field + 1)"
            var column = profile(field, rows: rows, of: batch, name: name)
            if report.hasHeader { column.unitGuess = unitGuess(fromHeader: name) }
            report.columns.append(column)
        }
        markUnitColumns(&report, rows: rows, of: batch)
        return report
    }

    /// Names the columns whose cells are units (`@COLUMN` style), each with the numeric column it
    /// qualifies: the nearest one before it (else after it) that is numeric and names no unit itself.
    private static func markUnitColumns(_ report: inout SniffReport, rows: [Int], of batch: RecordBatch) {
        for field in report.columns.indices where report.columns[field].numeric == 0 && report.columns[field].cells > 0 {
            var dimensions: [UnitDimension: Int] = [:]
            var currencies = 0
            var units = 0
            for r in rows {
                let text = String(decoding: ColumnUnits.trimmed(batch.field(field, of: r)), as: UTF8.self)
                guard !text.isEmpty else { continue }
                if let unit = try? UnitCatalog.standard.unit(expression: text, suggesting: false) {
                    units += 1
                    dimensions[unit.dimension, default: 0] += 1
                } else if CurrencyCodes.code(for: text) != nil {
                    units += 1
                    currencies += 1
                }
            }
            // Most cells must be units: a column of words holds a few by accident ('in', 'h', 'g').
            guard units * 10 >= report.columns[field].cells * 9 else { continue }
            let columns = report.columns
            let isValue = { (c: Int) in columns[c].numericShare >= 0.5 && columns[c].unitGuess == nil && columns[c].unitColumnFor == nil }
            guard let value = (stride(from: field - 1, through: 0, by: -1).first(where: isValue)
                ?? (field + 1..<report.columns.count).first(where: isValue)) else { continue }
            report.columns[field].unitColumnFor = report.columns[value].name
            if currencies * 2 > units {
                report.columns[field].unitColumnDimensionBase = "EUR"
            } else if let dimension = dimensions.max(by: { $0.value < $1.value })?.key {
                report.columns[field].unitColumnDimensionBase = UnitCatalog.standard.baseUnit(of: dimension)?.symbol
            }
        }
    }

    private static func lineEnding(of bytes: [UInt8]) -> String {
        var crlf = 0, lf = 0, cr = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { crlf += 1; i += 1 } else { cr += 1 }
            } else if bytes[i] == 0x0A {
                lf += 1
            }
            i += 1
        }
        let kinds = [("CRLF", crlf), ("LF", lf), ("CR", cr)].filter { $0.1 > 0 }
        if kinds.isEmpty { return "none" }
        return kinds.count == 1 ? kinds[0].0 : "mixed"
    }

    /// `true` when a first record taken as a header reads like data: one of its fields is a number.
    public static func recordLooksLikeData(_ fields: [String]) -> Bool {
        let parser = NumberParser(conventions: .undecided)
        return fields.contains { if case .number = parser.parse($0) { return true } else { return false } }
    }

    /// A first record is a header when none of its fields is a number but some later cell in the same column is.
    private static func looksLikeHeader(_ first: [String], batch: RecordBatch, width: Int) -> Bool {
        if recordLooksLikeData(first) { return false }
        let parser = NumberParser(conventions: .undecided)
        if batch.count < 2 { return true }
        for field in 0..<width {
            for r in 1..<min(batch.count, 50) where batch.fieldCount(of: r) == width {
                if case .number = parser.parse(batch.field(field, of: r)) { return true }
            }
        }
        // No numbers anywhere: a header cannot be told from data; assume one, as most files have it.
        return true
    }

    private static func profile(_ field: Int, rows: [Int], of batch: RecordBatch, name: String) -> SniffReport.Column {
        var column = SniffReport.Column(name: name)
        var detector = LocaleDetector()
        for r in rows { detector.observe(batch.field(field, of: r)) }
        let decision = detector.decision
        let parser = NumberParser(conventions: decision.conventions)
        var separators: [UInt8: Int] = [:]
        for r in rows {
            let cell = batch.field(field, of: r)
            guard !ColumnUnits.trimmed(cell).isEmpty else { continue }
            column.cells += 1
            switch parser.parse(cell) {
            case .number:
                column.numeric += 1
                // A separator sits between digits: a leading or trailing space is padding, not grouping.
                let digits = ColumnUnits.trimmed(cell)
                for i in digits.indices.dropFirst().dropLast() where isDigit(digits[i - 1]) && isDigit(digits[i + 1]) {
                    let byte = digits[i]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "'") || byte == 0x20 {
                        separators[byte, default: 0] += 1
                    }
                }
            case .failure(.ambiguousNumber):
                column.ambiguous += 1
            default:
                break
            }
        }
        switch decision.convention {
        case .decimalPoint?:
            column.decimalSeparator = "."
            separators[UInt8(ascii: ".")] = nil
        case .decimalComma?:
            column.decimalSeparator = ","
            separators[UInt8(ascii: ",")] = nil
        case nil:
            separators = [:]
        }
        if let grouping = separators.max(by: { $0.value < $1.value })?.key {
            column.groupingSeparator = String(UnicodeScalar(grouping))
        }
        column.localeGuess = localeGuess(decimal: column.decimalSeparator, grouping: column.groupingSeparator, indian: decision.usesIndianGrouping)
        return column
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A representative locale for a pair of separators.
    static func localeGuess(decimal: String?, grouping: String?, indian: Bool) -> String? {
        switch (decimal, grouping) {
        case (".", nil): return "C"
        case (".", ","): return indian ? "en_IN" : "en_US"
        case (".", "'"): return "de_CH"
        case (",", nil): return "de_DE"
        case (",", "."): return "de_DE"
        case (",", " "): return "fr_FR"
        default: return nil
        }
    }

    /// The unit a header names (`distance_km` → km, `Temp (°F)` → degF, `price_usd` → USD, `km` → km).
    public static func unitGuess(fromHeader header: String) -> String? {
        HeaderUnit.find(in: header)?.symbol
    }
}

extension SniffReport {
    /// A `unitpipe convert` command line that reads the file as sniffed: its delimiter, header and
    /// locale, and a `-c` for every column whose header names a unit (`-c distance_km::km`) or
    /// whose units are in another column (`-c value:@unit:m`), converting to the same unit or the
    /// dimension's base unit — change each TO to the unit wanted. Currency columns are left out:
    /// they need a rates file.
    ///
    /// - Parameter path: The input path as the user gave it; `nil` for standard input.
    public func suggestedCommand(path: String?) -> String {
        var words = ["unitpipe", "convert"]
        if let path { words.append(path) }
        let byExtension = path.flatMap { InputHead.delimiter(forPath: $0) }
        if delimiter != UInt8(ascii: ","), byExtension != delimiter {
            words += ["-d", CSVDialect.name(ofDelimiter: delimiter)]
        }
        if quote == nil { words += ["--quote", "none"] }
        if !hasHeader { words.append("--no-header") }
        // UTF-16 with its byte order mark needs no flag; any other encoding but UTF-8 does.
        if encoding != "utf-8", !(encoding.hasPrefix("utf-16") && hasByteOrderMark) { words += ["--encoding", encoding] }
        var specs: [String] = []
        var locales: Set<String> = []
        for column in columns {
            if let unit = column.unitGuess, (try? UnitCatalog.standard.unit(named: unit)) != nil {
                specs.append("\(column.name)::\(unit)")
                if let locale = column.localeGuess { locales.insert(locale) }
            }
            if let value = column.unitColumnFor, let base = column.unitColumnDimensionBase,
               (try? UnitCatalog.standard.unit(named: base)) != nil {
                specs.append("\(value):@\(column.name):\(base)")
                if let locale = columns.first(where: { $0.name == value })?.localeGuess { locales.insert(locale) }
            }
        }
        // Without a column to convert, the locale the numeric columns guessed, so that a -c added later reads them right.
        if specs.isEmpty { locales = Set(columns.compactMap(\.localeGuess)) }
        locales.remove("C")
        if locales.count == 1, let locale = locales.first { words += ["--locale", locale] }
        if locales.count > 1 { words += ["--locale", "auto"] }
        for spec in specs { words += ["-c", spec] }
        return words.map(SniffReport.shellQuoted).joined(separator: " ")
    }

    /// `word` as one shell word: bare when it is plain, otherwise in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-./:@#=+,%".contains($0)) }
        return plain && !word.isEmpty ? word : "'" + word.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }

    /// The report as one JSON object (documented in the README).
    public var json: String {
        var out = "{\"delimiter\": \(JSON.string(CSVDialect.name(ofDelimiter: delimiter) == "tab" ? "\t" : String(UnicodeScalar(delimiter))))"
        out += ", \"quote\": " + (quote.map { JSON.string(String(UnicodeScalar($0))) } ?? "null")
        out += ", \"header\": \(hasHeader), \"line_ending\": \(JSON.string(lineEnding)), \"bom\": \(hasByteOrderMark)"
        out += ", \"records_sampled\": \(records), \"columns\": ["
        out += columns.map { c in
            "{\"name\": \(JSON.string(c.name)), \"cells\": \(c.cells), \"numeric\": \(c.numeric), "
                + "\"numeric_share\": \(JSON.number((c.numericShare * 1000).rounded() / 1000)), "
                + "\"decimal_separator\": \(c.decimalSeparator.map(JSON.string) ?? "null"), "
                + "\"grouping_separator\": \(c.groupingSeparator.map(JSON.string) ?? "null"), "
                + "\"locale_guess\": \(c.localeGuess.map(JSON.string) ?? "null"), "
                + "\"unit_guess\": \(c.unitGuess.map(JSON.string) ?? "null"), \"ambiguous\": \(c.ambiguous), "
                + "\"unit_column_for\": \(c.unitColumnFor.map(JSON.string) ?? "null")}"
        }.joined(separator: ", ")
        out += "]"
        if let offset = firstNonUTF8?.offset { out += ", \"encoding\": \(JSON.string(encoding)), \"first_non_utf8_offset\": \(offset)" }
        if let command { out += ", \"suggested_command\": \(JSON.string(command))" }
        return out + "}\n"
    }
}
