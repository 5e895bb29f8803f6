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
}

/// Reads the start of an input and describes it.
public enum Sniffer {
    /// Sniffs `source`: reads at most 64 KiB.
    ///
    /// - Parameters:
    ///   - source: The input.
    ///   - delimiter: A delimiter to use instead of sniffing one.
    ///   - quote: The quote byte (`nil`: none).
    public static func sniff(_ source: InputSource, delimiter: UInt8? = nil, quote: UInt8? = UInt8(ascii: "\"")) throws(InputError) -> SniffReport {
        sniff(try InputHead(source: source, delimiter: delimiter, quote: quote, hasHeader: true, maxFieldSize: 64 << 10))
    }

    /// Describes an input from its head; whether the first record is a header is decided here
    /// (the head's own `hasHeader` is ignored).
    public static func sniff(_ head: InputHead) -> SniffReport {
        let batch = head.records
        var report = SniffReport(
            delimiter: head.dialect.delimiter, quote: head.dialect.quote, hasHeader: true,
            lineEnding: lineEnding(of: head.bytes), hasByteOrderMark: head.hasByteOrderMark, records: 0, columns: [])
        guard batch.count > 0 else { return report }
        let width = batch.fieldCount(of: 0)
        let first = batch.strings(of: 0)
        report.hasHeader = looksLikeHeader(first, batch: batch, width: width)
        let start = report.hasHeader ? 1 : 0
        let rows = (start..<batch.count).filter { batch.fieldCount(of: $0) == width }
        report.records = batch.count - start
        for field in 0..<width {
            let name = report.hasHeader ? first[field] : "#\(field + 1)"
            var column = profile(field, rows: rows, of: batch, name: name)
            if report.hasHeader { column.unitGuess = unitGuess(fromHeader: name) }
            report.columns.append(column)
        }
        return report
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
                for byte in cell where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "'") || byte == 0x20 {
                    separators[byte, default: 0] += 1
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
                + "\"unit_guess\": \(c.unitGuess.map(JSON.string) ?? "null"), \"ambiguous\": \(c.ambiguous)}"
        }.joined(separator: ", ")
        return out + "]}\n"
    }

    /// The report as aligned text for people.
    public var text: String {
        var out = "delimiter: \(CSVDialect.name(ofDelimiter: delimiter))  quote: \(quote.map { String(UnicodeScalar($0)) } ?? "none")  "
        out += "header: \(hasHeader ? "yes" : "no")  line ends: \(lineEnding)  BOM: \(hasByteOrderMark ? "yes" : "no")  records sampled: \(records)\n\n"
        let rows = [["column", "numeric", "decimal", "grouping", "locale", "unit", "ambiguous"]] + columns.map { c in
            [c.name, c.cells == 0 ? "-" : "\(Int((c.numericShare * 100).rounded()))% of \(c.cells)",
             c.decimalSeparator ?? "-", c.groupingSeparator.map { $0 == " " ? "space" : $0 } ?? "-",
             c.localeGuess ?? "-", c.unitGuess ?? "-", String(c.ambiguous)]
        }
        let widths = (0..<7).map { i in rows.map { $0[i].count }.max() ?? 0 }
        for row in rows {
            out += zip(row, widths).map { $0.0 + String(repeating: " ", count: $0.1 - $0.0.count) }
                .joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return out
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
