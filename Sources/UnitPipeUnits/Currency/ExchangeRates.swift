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
    /// Dates that more than one row of an ECB history file holds (the first such row is used); the caller warns.
    public var duplicateDates: [DuplicateDate] = []

    /// A date held by several rows of an ECB history file, with their line numbers.
    public struct DuplicateDate: Sendable, Equatable {
        public let date: String
        public var lines: [Int]
    }

    /// The largest rates file read (16 MiB): the ECB's whole history since 1999 is under 2 MiB.
    public static let maxFileSize = 16 << 20
    /// The longest line of a rates file (64 KiB): an ECB header of every ISO 4217 code is under 2 KiB.
    public static let maxLineLength = 64 << 10
    /// The most lines a rates file may have (100,000): the ECB's history has one per business day since 1999 (~7,000).
    public static let maxLines = 100_000
    /// The most currencies a rates file may quote (1,000): ISO 4217 has fewer than 200.
    public static let maxCurrencies = 1_000

    /// Reads a rates file, refusing one larger than ``maxFileSize`` before reading past the limit.
    ///
    /// - Parameters:
    ///   - path: The file (`--rates`).
    ///   - date: The date to use (`--rates-date`, ISO or `17 May 2024`); `nil` for the newest.
    /// - Throws: `RatesError`.
    public static func load(path: String, date: String? = nil) throws(RatesError) -> ExchangeRates {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path, reason: systemReason(error))
        }
        defer { try? handle.close() }
        var data = Data()
        while true {
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch { throw .unreadable(path, reason: systemReason(error)) }
            guard let piece, !piece.isEmpty else { break }
            data.append(piece)
            if data.count > maxFileSize { throw .tooLarge(path, limit: maxFileSize) }
        }
        return try parse(bytes: [UInt8](data), date: date)
    }

    /// The system's reason for a failed open or read (`No such file or directory`), as `strerror`
    /// words it, or Foundation's description when the error carries no POSIX code.
    static func systemReason(_ error: any Error) -> String {
        let error = error as NSError
        let posix = [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap { $0 }
            .first { $0.domain == NSPOSIXErrorDomain }
        guard let posix, let message = strerror(Int32(truncatingIfNeeded: posix.code)) else { return error.localizedDescription }
        return String(cString: message)
    }

    /// Parses the text of a rates file (see the type's documentation for the layouts).
    public static func parse(_ text: String, date: String? = nil) throws(RatesError) -> ExchangeRates {
        try parse(bytes: Array(text.utf8), date: date)
    }

    /// Parses the bytes of a rates file: lines split on LF (a CR before it dropped), each line
    /// checked against ``maxLineLength`` before it becomes a string, the line count against ``maxLines``.
    static func parse(bytes: [UInt8], date: String?) throws(RatesError) -> ExchangeRates {
        var lines: [(number: Int, fields: [String])] = []
        var start = 0, number = 0
        while start < bytes.count {
            number += 1
            if number > maxLines { throw .tooManyLines(limit: maxLines) }
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            if end - start > maxLineLength { throw .lineTooLong(line: number, limit: maxLineLength) }
            let fields = ExchangeRates.fields(Substring(String(decoding: bytes[start..<end], as: UTF8.self)))
            if !fields.allSatisfy(\.isEmpty) && !(fields.first?.hasPrefix("#") ?? false) { lines.append((number, fields)) }
            start = next
        }
        guard let header = lines.first else { throw .empty }
        if header.fields.first?.lowercased() == "date" {
            return try parseECB(header: header.fields, rows: Array(lines.dropFirst()), date: date, headerLine: header.number)
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

    private static func parseECB(
        header: [String], rows: [(number: Int, fields: [String])], date: String?, headerLine: Int
    ) throws(RatesError) -> ExchangeRates {
        let codes = Array(header.dropFirst())
        if codes.count > maxCurrencies { throw .tooManyCurrencies(limit: maxCurrencies) }
        for code in codes { try checkCapitals(code, line: headerLine) }
        var dated: [(date: String, line: Int, fields: [String])] = []
        for row in rows {
            guard let first = row.fields.first, let iso = isoDate(first) else { throw .badDate(line: row.number, value: row.fields.first ?? "") }
            dated.append((iso, row.number, Array(row.fields.dropFirst())))
        }
        guard !dated.isEmpty else { throw .empty }
        // Newest first; rows of one date in file order, so the first of them is the one used.
        dated.sort { $0.date != $1.date ? $0.date > $1.date : $0.line < $1.line }
        var dates: [String] = []
        var duplicates: [DuplicateDate] = []
        var previousLine = 0
        for row in dated {
            if dates.last == row.date {
                if duplicates.last?.date == row.date {
                    duplicates[duplicates.count - 1].lines.append(row.line)
                } else {
                    duplicates.append(DuplicateDate(date: row.date, lines: [previousLine, row.line]))
                }
            } else {
                dates.append(row.date)
            }
            previousLine = row.line
        }
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
        /// The column (1-based, `Date` is 1) and text of each currency's rate, to compare a repeated column with.
        var seen: [String: (column: Int, value: String)] = [:]
        for (index, (code, value)) in zip(codes, chosen.fields).enumerated() where !code.isEmpty {
            if value.isEmpty || value.uppercased() == "N/A" { continue }
            guard let rate = Rational(decimalString: value), rate.numerator > 0 else {
                throw .badRate(line: chosen.line, currency: code, value: value)
            }
            if let first = seen[code] {
                if Rational(decimalString: first.value) != rate {
                    throw .duplicateColumn(code, line: chosen.line, first: first.column, firstValue: first.value, second: index + 2, secondValue: value)
                }
                continue
            }
            seen[code] = (index + 2, value)
            rates[code] = rate
        }
        return ExchangeRates(base: "EUR", date: chosen.date, rates: rates, availableDates: dates, duplicateDates: duplicates)
    }

    /// Currency codes are ISO 4217 codes in capitals, as cells must write them: `gbp` in a rates
    /// file would otherwise be a currency of its own that `GBP` cells never reach (or a second
    /// rate of GBP that one of them silently wins).
    private static func checkCapitals(_ code: String, line: Int) throws(RatesError) {
        if code != code.uppercased() { throw .codeNotInCapitals(code, line: line) }
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
        /// The line and text of each currency's rate, to compare a repeated currency with.
        var seen: [String: (line: Int, value: String)] = [:]
        for row in rows {
            guard row.fields.count >= 2, row.fields.dropFirst(2).allSatisfy(\.isEmpty) else {
                throw .fieldCount(line: row.number, expected: 2, found: row.fields.count)
            }
            let code = row.fields[0], value = row.fields[1]
            if code.lowercased() == "base" {
                // The base is named, not quoted: `base,usd` is USD, as `rate_per_usd` is.
                guard base == nil || base == value.uppercased() else { throw .conflictingBase(line: row.number) }
                base = value.uppercased()
                continue
            }
            try checkCapitals(code, line: row.number)
            if value.isEmpty || value.uppercased() == "N/A" { continue }
            // The same text again is the same rate: no need to read it twice.
            if let first = seen[code], first.value == value { continue }
            guard let rate = Rational(decimalString: value), rate.numerator > 0 else {
                throw .badRate(line: row.number, currency: code, value: value)
            }
            if let first = seen[code] {
                guard rates[code] == rate else {
                    throw .duplicateCurrency(code, first: first.line, firstValue: first.value, second: row.number, secondValue: value)
                }
                continue
            }
            if seen.count >= maxCurrencies { throw .tooManyCurrencies(limit: maxCurrencies) }
            seen[code] = (row.number, value)
            rates[code] = rate
        }
        guard let base else { throw .missingBase }
        if let own = rates[base], own != .one, let line = seen[base] {
            throw .baseRateNotOne(line: line.line, currency: base, value: line.value)
        }
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

    /// An ISO date (`YYYY-MM-DD`) or an ECB-style one (`17 May 2024`) as ISO `YYYY-MM-DD`; `nil` for anything else.
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
    /// The file cannot be opened or read: its path and the system's reason (`No such file or directory`).
    case unreadable(String, reason: String)
    /// The file holds no rates.
    case empty
    /// The header is neither `Date, …` (ECB) nor `currency,rate…` (two columns).
    case unknownLayout(line: Int)
    /// A rate that is not a positive decimal number.
    case badRate(line: Int, currency: String, value: String)
    /// A date that is neither ISO (`YYYY-MM-DD`) nor ECB style (`17 May 2024`); line 0 for `--rates-date`.
    case badDate(line: Int, value: String)
    /// A line with more fields than the header.
    case fieldCount(line: Int, expected: Int, found: Int)
    /// `--rates-date` names a date the file does not hold; the nearest earlier and later dates it does.
    case dateNotFound(String, before: String?, after: String?)
    /// A two-column file that names no base currency.
    case missingBase
    /// Two `base` lines that disagree.
    case conflictingBase(line: Int)
    /// The file is larger than ``ExchangeRates/maxFileSize``.
    case tooLarge(String, limit: Int)
    /// A line longer than ``ExchangeRates/maxLineLength``.
    case lineTooLong(line: Int, limit: Int)
    /// More lines than ``ExchangeRates/maxLines``.
    case tooManyLines(limit: Int)
    /// More currencies than ``ExchangeRates/maxCurrencies``.
    case tooManyCurrencies(limit: Int)
    /// A two-column file quoting one currency twice with different rates (lines and rates as written).
    case duplicateCurrency(String, first: Int, firstValue: String, second: Int, secondValue: String)
    /// An ECB file with two columns of one currency holding different rates on the chosen line (columns 1-based, `Date` is 1).
    case duplicateColumn(String, line: Int, first: Int, firstValue: String, second: Int, secondValue: String)
    /// The base currency quoted with a rate other than 1.
    case baseRateNotOne(line: Int, currency: String, value: String)
    /// A currency code not written in capitals (`gbp`).
    case codeNotInCapitals(String, line: Int)
}
