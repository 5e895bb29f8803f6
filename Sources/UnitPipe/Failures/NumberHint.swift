import UnitPipeNumbers
import UnitPipeUnits

// Why a cell that is not a number failed, told by its likely cause: a null
// marker, a percent or currency mark the column does not take, an accounting
// negative in C, a decimal comma in a decimal-point locale. Blaming the locale
// for all of them sends the user to the wrong fix.

/// The message of an `invalid_number` cell, with the fix its likely cause calls for.
public enum NumberHint {
    /// Spellings that mean "no value" in exports (R, Excel, SQL dumps, pandas).
    public static let nullMarkers: Set<String> = [
        "NA", "N/A", "n/a", "na", "#N/A", "#NA", "NULL", "null", "Null", "None", "none", "nil", "NaN", "nan",
        "-", "--", "?", "missing",
    ]

    /// The one-line message for `raw`, which `conventions` (described as `locale`) could not read as a number.
    ///
    /// - Parameters:
    ///   - raw: The cell's text.
    ///   - locale: How the column's numbers were read, as the report names it (`C`, `de_DE`, `auto:decimal_point`).
    ///   - conventions: The column's conventions.
    ///   - unit: The column's declared unit (FROM), for the percent and currency hints.
    ///   - hint: The words of the fix (``FailureHint/plainText(_:)`` for plain sentences).
    public static func invalidNumber(
        _ raw: String, locale: String, conventions: NumberConventions, unit: String,
        hint: (FailureHint) -> String = FailureHint.plainText
    ) -> String {
        let cell = trimmed(raw)
        if nullMarkers.contains(cell) {
            return "'\(raw)' is not a number; " + hint(.nullMarker(cell))
        }
        if cell.contains("%") || cell.contains("\u{066A}") {
            return "'\(raw)' has a percent sign, which only a dimensionless column reads" + hint(.percent)
        }
        if hasCurrencyMark(cell) {
            return "'\(raw)' has a currency mark, which a column in \(unit) cannot hold; " + hint(.currency)
        }
        let digits = cell.contains { $0.isASCII && $0.isNumber }
        if digits, !conventions.allowsAccountingSigns, (cell.hasPrefix("(") && cell.hasSuffix(")")) || (cell.count > 1 && cell.hasSuffix("-")) {
            return "'\(raw)' is an accounting negative, which locale C does not read; " + hint(.accountingNegative)
        }
        if digits, conventions.decimalSeparator == ".", cell.contains(",") {
            var detector = LocaleDetector()
            detector.observe(cell)
            let decision = detector.decision
            if decision.convention == .decimalComma {
                let guess = cell.contains(" ") || cell.contains("\u{A0}") || cell.contains("\u{202F}") ? "fr_FR" : "de_DE"
                return "'\(raw)' has a decimal comma, which locale \(locale) does not read; " + hint(.decimalComma(locale: guess))
            }
            if decision.convention == nil {
                return "'\(raw)' has a comma, which locale \(locale) does not read: " + hint(.commaEitherWay)
            }
        }
        return "'\(raw)' is not a number in locale \(locale); " + hint(.chooseLocale)
    }

    private static func hasCurrencyMark(_ cell: String) -> Bool {
        if cell.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol }) { return true }
        let letters = cell.split { !($0.isASCII && $0.isLetter) }
        return letters.contains { $0.count == 3 && CurrencyCodes.code(for: String($0).uppercased()) != nil }
    }

    private static func trimmed(_ text: String) -> String {
        let blanks: Set<Character> = [" ", "\t", "\u{A0}", "\u{202F}"]
        return String(text.drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}
