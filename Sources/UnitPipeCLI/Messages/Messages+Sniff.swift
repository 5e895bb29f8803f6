import UnitPipe
import UnitPipeCSV

extension Messages {
    /// A sniff report as aligned text for people, with the option that reads a non-UTF-8 file.
    static func render(_ report: SniffReport) -> String {
        var out = "delimiter: \(CSVDialect.name(ofDelimiter: report.delimiter))  quote: \(report.quote.map { String(UnicodeScalar($0)) } ?? "none")  "
        out += "header: \(report.hasHeader ? "yes" : "no")  line ends: \(report.lineEnding)  BOM: \(report.hasByteOrderMark ? "yes" : "no")  records sampled: \(report.records)\n"
        if let (offset, byte) = report.firstNonUTF8.map({ ($0.offset, $0.byte) }) {
            let hex = String(byte, radix: 16, uppercase: true)
            out += "encoding: not UTF-8 (byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(offset)); likely \(report.encoding) "
                + "(Windows-1252, a superset of Latin-1's letters): read it with --encoding \(report.encoding)\n"
        } else if report.encoding != "utf-8" {
            out += "encoding: \(report.encoding) (by its byte order mark)\n"
        }
        out += "\n"
        let rows = [["column", "numeric", "decimal", "grouping", "locale", "unit", "ambiguous"]] + report.columns.map { c in
            [c.name, c.cells == 0 ? "-" : "\(Int((c.numericShare * 100).rounded()))% of \(c.cells)",
             c.decimalSeparator ?? "-", c.groupingSeparator.map { $0 == " " ? "space" : $0 } ?? "-",
             c.localeGuess ?? "-", c.unitGuess ?? c.unitColumnFor.map { "units of \($0)" } ?? "-", String(c.ambiguous)]
        }
        let widths = (0..<7).map { i in rows.map { $0[i].count }.max() ?? 0 }
        for row in rows {
            out += zip(row, widths).map { $0.0 + String(repeating: " ", count: $0.1 - $0.0.count) }
                .joined(separator: "  ").droppingTrailingSpaces + "\n"
        }
        if let command = report.command { out += "\nto convert (change each TO, after the last ':', to the unit you want):\n  \(command)\n" }
        return out
    }
}

extension String {
    /// The text without the spaces that end it.
    fileprivate var droppingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
