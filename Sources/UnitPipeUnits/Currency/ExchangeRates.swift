import Foundation

/// Currency rates for one job, read from a rates file: exact decimals, one date, one base currency.
///
/// Two layouts are read (`--rates FILE`):
/// - **ECB reference files** as published: the daily file (header
///   `Date, USD, JPY, …` and one row, date written `17 May 2024`) and the
///   history file (many rows, ISO dates, newest first). Spaces after the
///   separators, a trailing separator and `N/A` (currency not quoted that day)
///   are accepted. Rates are units of currency per 1 EUR; the base is EUR.
/// - **Two-column files**: header `currency,rate_per_XXX` (base `XXX`), or
///   header `currency,rate` followed by a line `base,XXX`; then one
///   `CODE,rate` line per currency, rate = units of CODE per 1 XXX. Blank
///   lines and lines starting with `#` are ignored. A file that names no base
///   is an error (a rate without its base is meaningless).
///
/// Rates become exact rationals (`Rational(decimalString:)`), rounded once in the factor matrix.
public struct ExchangeRates: Sendable, Equatable {
    /// The base currency (1 base = `rates[code]` of `code`).
    public let base: String
    /// The date of the rates (ISO `YYYY-MM-DD`), when the file has dates.
    public let date: String?
    /// Units of each currency per 1 base, the base itself included (rate 1). Currencies quoted `N/A` are absent.
    public let rates: [String: Rational]
    /// Every date the file holds, newest first.
    public let availableDates: [String]

    /// Reads a rates file.
    ///
    /// - Parameters:
    ///   - path: The file (`--rates`).
    ///   - date: The date to use (`--rates-date`, ISO or `17 May 2024`); `nil` for the newest.
    /// - Throws: `RatesError`.
    public static func load(path: String, date: String? = nil) throws(RatesError) -> ExchangeRates {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        return try parse(String(decoding: data, as: UTF8.self), date: date)
    }

    /// Parses the text of a rates file (see the type's documentation for the layouts).
    public static func parse(_ text: String, date: String? = nil) throws(RatesError) -> ExchangeRates {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .enumerated().map { (number: $0.offset + 1, fields: ExchangeRates.fields($0.element)) }
            .filter { !($0.fields.allSatisfy(\.isEmpty)) && !($0.fields.first?.hasPrefix("#") ?? false) }
        guard let header = lines.first else { throw .empty }
        if header.fields.first?.lowercased() == "date" {
            return try parseECB(header: header.fields, rows: Array(lines.dropFirst()), date: date)
        }
        if header.fields.first?.lowercased() == "currency" {
            return try parseTwoColumn(header: header.fields, rows: Array(lines.dropFirst()), headerLine: header.number)
        }
        throw .unknownLayout(line: header.number)
    }

    /// The currencies as units of dimension `currency` (`1 USD = 1/rate EUR`), with € and £ as aliases of EUR and GBP.
    public var unitDefinitions: [UnitDefinition] {
        rates.keys.sorted { ($0 == base ? 0 : 1, $0) < ($1 == base ? 0 : 1, $1) }.compactMap { code in
            guard let rate = rates[code], let scale = Rational.one.divided(by: rate) else { return nil }
            let aliases = CurrencyCodes.symbols.filter { $0.value == code }.map(\.key).sorted()
            let note = code == base ? "base of the rates" + (date.map { " of \($0)" } ?? "") : "\(rate.decimalString ?? rate.description) per 1 \(base)"
            return UnitDefinition(symbol: code, aliases: aliases, dimension: .currency, scale: scale, note: note)
        }
    }

    // MARK: - Layouts

    private static func parseECB(header: [String], rows: [(number: Int, fields: [String])], date: String?) throws(RatesError) -> ExchangeRates {
        let codes = Array(header.dropFirst())
        var dated: [(date: String, line: Int, fields: [String])] = []
        for row in rows {
            guard let first = row.fields.first, let iso = isoDate(first) else { throw .badDate(line: row.number, value: row.fields.first ?? "") }
            dated.append((iso, row.number, Array(row.fields.dropFirst())))
        }
        guard !dated.isEmpty else { throw .empty }
        dated.sort { $0.date > $1.date }
        let dates = dated.map(\.date)
        let chosen: (date: String, line: Int, fields: [String])
        if let date {
            guard let wanted = isoDate(date) else { throw .badDate(line: 0, value: date) }
            guard let match = dated.first(where: { $0.date == wanted }) else {
                throw .dateNotFound(wanted, before: dates.first { $0 < wanted }, after: dates.last { $0 > wanted })
            }
            chosen = match
        } else if let newest = dated.first {
            chosen = newest
        } else {
            throw .empty
        }
        guard chosen.fields.count <= codes.count else {
            throw .fieldCount(line: chosen.line, expected: codes.count + 1, found: chosen.fields.count + 1)
        }
        var rates: [String: Rational] = ["EUR": .one]
        for (code, value) in zip(codes, chosen.fields) where !code.isEmpty {
            if value.isEmpty || value.uppercased() == "N/A" { continue }
            guard let rate = Rational(decimalString: value), rate.numerator > 0 else {
                throw .badRate(line: chosen.line, currency: code, value: value)
            }
            rates[code] = rate
        }
        return ExchangeRates(base: "EUR", date: chosen.date, rates: rates, availableDates: dates)
    }

    private static func parseTwoColumn(header: [String], rows: [(number: Int, fields: [String])], headerLine: Int) throws(RatesError) -> ExchangeRates {
        guard header.count >= 2 else { throw .unknownLayout(line: headerLine) }
        var base: String?
        let rateColumn = header[1]
        if rateColumn.lowercased().hasPrefix("rate_per_") {
            base = String(rateColumn.dropFirst("rate_per_".count)).uppercased()
        } else if rateColumn.lowercased() != "rate" {
            throw .unknownLayout(line: headerLine)
        }
        var rates: [String: Rational] = [:]
        for row in rows {
            guard row.fields.count >= 2, row.fields.dropFirst(2).allSatisfy(\.isEmpty) else {
                throw .fieldCount(line: row.number, expected: 2, found: row.fields.count)
            }
            let code = row.fields[0], value = row.fields[1]
            if code.lowercased() == "base" {
                guard base == nil || base == value.uppercased() else { throw .conflictingBase(line: row.number) }
                base = value.uppercased()
                continue
            }
            if value.isEmpty || value.uppercased() == "N/A" { continue }
            guard let rate = Rational(decimalString: value), rate.numerator > 0 else {
                throw .badRate(line: row.number, currency: code, value: value)
            }
            rates[code] = rate
        }
        guard let base else { throw .missingBase }
        if let own = rates[base], own != .one { throw .badRate(line: 0, currency: base, value: own.description) }
        rates[base] = .one
        return ExchangeRates(base: base, date: nil, rates: rates, availableDates: [])
    }

    // MARK: - Fields and dates

    /// A line's comma-separated fields, trimmed of spaces; a trailing separator gives no extra field.
    static func fields(_ line: Substring) -> [String] {
        var parts = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `2024-05-17` or `17 May 2024` as ISO `2024-05-17`; `nil` for anything else.
    static func isoDate(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " }).map(String.init)
        guard parts.count == 3 else { return nil }
        let year: Int, month: Int, day: Int
        if let y = Int(parts[0]), parts[0].count == 4, let m = Int(parts[1]), let d = Int(parts[2]) {
            (year, month, day) = (y, m, d)
        } else if let d = Int(parts[0]), let m = months.firstIndex(of: String(parts[1].prefix(3)).lowercased()), let y = Int(parts[2]) {
            (year, month, day) = (y, m + 1, d)
        } else {
            return nil
        }
        guard (1...12).contains(month), (1...31).contains(day), (1000...9999).contains(year) else { return nil }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}

/// An error reading a rates file (`--rates`, `--rates-date`).
public enum RatesError: Error, Sendable, Equatable {
    /// The file cannot be read.
    case unreadable(String)
    /// The file holds no rates.
    case empty
    /// The header is neither `Date, …` (ECB) nor `currency,rate…` (two columns).
    case unknownLayout(line: Int)
    /// A rate that is not a positive decimal number.
    case badRate(line: Int, currency: String, value: String)
    /// A date that is neither ISO (`2024-05-17`) nor ECB style (`17 May 2024`); line 0 for `--rates-date`.
    case badDate(line: Int, value: String)
    /// A line with more fields than the header.
    case fieldCount(line: Int, expected: Int, found: Int)
    /// `--rates-date` names a date the file does not hold; the nearest earlier and later dates it does.
    case dateNotFound(String, before: String?, after: String?)
    /// A two-column file that names no base currency.
    case missingBase
    /// Two `base` lines that disagree.
    case conflictingBase(line: Int)

    /// A one-line message naming the problem and the fix.
    public var message: String {
        switch self {
        case .unreadable(let path): "cannot read rates file '\(path)'"
        case .empty: "the rates file holds no rates"
        case .unknownLayout(let line): "line \(line): expected an ECB header 'Date, USD, JPY, …' or 'currency,rate_per_XXX' / 'currency,rate' with a 'base,XXX' line"
        case .badRate(let line, let currency, let value): "line \(line): rate of \(currency) is '\(value)', not a positive decimal number"
        case .badDate(let line, let value): (line == 0 ? "--rates-date" : "line \(line)") + ": '\(value)' is not a date (use 2024-05-17)"
        case .fieldCount(let line, let expected, let found): "line \(line): \(found) fields, but the header has \(expected)"
        case .dateNotFound(let date, let before, let after):
            "the rates file has no rates for \(date); nearest dates: " + ([before, after].compactMap { $0 }.joined(separator: ", "))
        case .missingBase: "the rates file does not name its base currency: use the header 'currency,rate_per_XXX' or a line 'base,XXX'"
        case .conflictingBase(let line): "line \(line): a second, different base currency"
        }
    }
}
