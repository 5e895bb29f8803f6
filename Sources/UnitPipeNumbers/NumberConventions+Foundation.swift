// Design note — reading conventions off Foundation's own output.
//
// `NumberFormatter`'s properties are not all trustworthy on Linux: `secondaryGroupingSize` is 0
// for `en_IN` although CLDR (and `FormatStyle`) writes `12,34,56,789.5`, and `usesGroupingSeparator`
// ignores CLDR's minimum grouping digits (`es_ES` writes `1234` but `12.345`). So the separators,
// group sizes, minimum grouping digits, minus sign and digit set are read off what
// `FloatingPointFormatStyle` actually writes for known numbers (`123456789.5`, `1234`, `12345`,
// `-5`, `0`); only the percent sign comes from `NumberFormatter`. This is the only file (with
// `CurrencySymbolTable+Foundation.swift`) that imports Foundation; it runs once per job.
import Foundation

extension NumberConventions {
    /// Builds the conventions of a locale from CLDR through Foundation.
    ///
    /// Accepts `C` and `POSIX` (the C conventions), identifiers with `_` or `-` (`de_DE`, `de-DE`),
    /// an encoding suffix (`de_DE.UTF-8`), language-region pairs whose CLDR name carries a
    /// script (`zh_CN` for `zh_Hans_CN`), a numbering system (`de_DE@numbers=arab` or
    /// `de-DE-u-nu-arab` reads and writes Arabic-Indic digits with the separators CLDR gives them;
    /// ASCII digits are read too) and a region override (`en_US@rg=dezzzz` or `en-US-u-rg-dezzzz`
    /// reads numbers as `en_DE` writes them). Keywords that do not change numbers are ignored.
    /// - Parameter localeIdentifier: The locale identifier.
    /// - Throws: ``NumberConventionsError/unknownLocale(_:)`` when Foundation does not know the
    ///   locale (no silent fallback to another locale), ``NumberConventionsError/unsupportedLocale(_:)``
    ///   when its numbers do not have the shape the parser models.
    public init(localeIdentifier: String) throws(NumberConventionsError) {
        guard let identifier = try Self.canonicalIdentifier(localeIdentifier) else {
            self = .c
            return
        }
        let locale = Locale(identifier: identifier)
        let style = FloatingPointFormatStyle<Double>.number.locale(locale)
        let sample = Self.scalars((123_456_789.5).formatted(style))
        // Digits: ASCII or the locale's native set, read from the zero it writes.
        guard let zero = Self.scalars((0.0).formatted(style)).first(where: { Self.isZero($0) }) else {
            throw .unsupportedLocale(localeIdentifier)
        }
        // A system without decimal digits (`roman`) falls back to ASCII: refused, not ignored.
        if let system = identifier.split(separator: "=").last, identifier.contains("@numbers="), system != "latn", zero == 0x30 {
            throw .unsupportedLocale(localeIdentifier)
        }
        func isDigit(_ scalar: UInt32) -> Bool { scalar &- zero < 10 }
        // Runs of digits and the scalars between them: 123 , 456 , 789 . 5
        var runs: [Int] = []
        var separators: [UInt32] = []
        var current = 0
        for scalar in sample {
            if isDigit(scalar) {
                current += 1
            } else if current > 0 {
                runs.append(current)
                separators.append(scalar)
                current = 0
            }
        }
        runs.append(current)
        guard runs.count >= 2, runs.last == 1, let decimal = separators.last else {
            throw .unsupportedLocale(localeIdentifier)
        }
        let integerGroups = runs.dropLast()
        var grouping: UInt32 = 0
        var primary = 0
        var secondary = 0
        var minimumGrouping = 1
        if integerGroups.count >= 2 {
            grouping = separators[0]
            primary = integerGroups[integerGroups.count - 1]
            secondary = integerGroups.count >= 3 ? integerGroups[integerGroups.count - 2] : primary
            while minimumGrouping < 4 {
                let value = (0..<(primary + minimumGrouping)).reduce(0.0) { total, _ in total * 10 + 1 }
                if Self.scalars(value.formatted(style)).contains(grouping) { break }
                minimumGrouping += 1
            }
        }
        let negative = Self.scalars((-5.0).formatted(style))
        let minusScalars = negative.prefix { !isDigit($0) }
        let minus = minusScalars.first { !Self.isBidiMark($0) } ?? 0x2D
        let formatter = NumberFormatter()
        formatter.locale = locale
        let percent = Self.scalars(formatter.percentSymbol).first { !Self.isBidiMark($0) } ?? 0x25
        // Native digits accepted besides the ones written (Devanagari in hi_IN, which writes ASCII).
        let native = Self.scalars((0.0).formatted(FloatingPointFormatStyle<Double>.number
            .locale(Locale(identifier: identifier + "@numbers=native")))).first { Self.isZero($0) } ?? 0x30
        let isSpace = { (scalar: UInt32) in scalar == 0x20 || scalar == 0xA0 || scalar == 0x202F }
        let region = locale.region?.identifier
        let code = locale.currency?.identifier
        self.init(
            identifier: identifier, decimal: decimal, grouping: grouping, spaces: isSpace(grouping),
            apostrophes: region == "CH" || region == "LI", primary: primary, secondary: secondary,
            minimumGrouping: minimumGrouping,
            minusSign: String(String.UnicodeScalarView(minusScalars.compactMap { Unicode.Scalar($0) })),
            extraMinus: minus == 0x2D || minus == 0x2212 ? 0 : minus, extraPercent: percent == 0x25 ? 0 : percent,
            nativeZero: zero != 0x30 ? zero : (native != 0x30 ? native : 0), outputZero: zero,
            currencyCode: code.flatMap { CurrencySymbolTable.pack(code: $0) != 0 ? $0 : nil },
            currencySymbols: CurrencySymbolTable(localeIdentifier: identifier))
        guard decimal != grouping, !isDigit(decimal), decimal != 0x2D else { throw .unsupportedLocale(localeIdentifier) }
    }

    /// Returns the CLDR identifier for a user's locale identifier, `nil` for the C locale.
    ///
    /// - Parameter raw: `C`, `POSIX`, `de_DE`, `de-DE`, `de_DE.UTF-8`, `zh_CN`, …
    /// - Returns: The identifier Foundation knows (`de_DE`), or `nil` for `C`/`POSIX`.
    /// - Throws: ``NumberConventionsError/unknownLocale(_:)`` for anything Foundation does not know.
    static func canonicalIdentifier(_ raw: String) throws(NumberConventionsError) -> String? {
        // Plain Swift string handling only: the C locale must not load Foundation's ICU data.
        var text = Substring(raw)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        var keywords: [(key: String, value: String)] = []
        if let at = text.firstIndex(of: "@") {
            for keyword in text[text.index(after: at)...].split(separator: ";") {
                let parts = keyword.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { throw .unknownLocale(raw) }
                keywords.append((parts[0].lowercased(), parts[1].lowercased()))
            }
            text = text[..<at]
        }
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        var parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        // A BCP 47 Unicode extension (`de-DE-u-nu-arab-rg-atzzzz`): key-value pairs after `u`.
        if let u = parts.firstIndex(where: { $0.lowercased() == "u" }) {
            let pairs = parts[(u + 1)...]
            guard pairs.count % 2 == 0 else { throw .unknownLocale(raw) }
            for index in stride(from: pairs.startIndex, to: pairs.endIndex, by: 2) {
                let key = pairs[index].lowercased()
                keywords.append((key == "nu" ? "numbers" : key, pairs[index + 1].lowercased()))
            }
            parts = Array(parts[..<u])
        }
        var numbers: String?
        for (key, value) in keywords {
            switch key {
            case "numbers":
                guard Locale.NumberingSystem.availableNumberingSystems.contains(where: { $0.identifier == value }) else {
                    throw .unknownLocale(raw)
                }
                numbers = value
            case "rg":
                // A region override (`dezzzz`): numbers as the language writes them in that region.
                guard value.count == 6, value.hasSuffix("zzzz"), parts.count >= 2 else { throw .unknownLocale(raw) }
                parts[parts.count - 1] = value.prefix(2).uppercased()
            default:
                // Other keywords (collation, calendar, …) do not change how numbers are written.
                continue
            }
        }
        let normalized = parts.joined(separator: "_")
        if ["C", "POSIX"].contains(normalized.uppercased()), keywords.isEmpty { return nil }
        guard !normalized.isEmpty, normalized.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { throw .unknownLocale(raw) }
        let known = KnownLocales.shared
        guard let identifier = known.identifiers[normalized.lowercased()] ?? known.languageRegions[normalized.lowercased()]
        else { throw .unknownLocale(raw) }
        return numbers.map { identifier + "@numbers=" + $0 } ?? identifier
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Whether a scalar is a decimal digit zero (ASCII or any Unicode `Nd` zero).
    static func isZero(_ scalar: UInt32) -> Bool {
        guard let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.numericType == .decimal && value.properties.numericValue == 0
    }
}

/// The locale identifiers Foundation knows, indexed once (case-insensitively).
private struct KnownLocales: Sendable {
    static let shared = KnownLocales()

    /// Lowercased identifier → identifier as Foundation spells it.
    let identifiers: [String: String]
    /// Lowercased `language_region` of identifiers with a script (`zh_cn` for `zh_Hans_CN`) → that identifier.
    let languageRegions: [String: String]

    private init() {
        var identifiers: [String: String] = [:]
        var languageRegions: [String: String] = [:]
        // Sorted, and the first script kept, so `zh_CN` is always `zh_Hans_CN` (not `zh_Hant_CN`)
        // and `sr_RS` is `sr_Cyrl_RS`, CLDR's likely scripts.
        for identifier in Locale.availableIdentifiers.sorted() {
            identifiers[identifier.lowercased()] = identifier
            let parts = identifier.split(separator: "_")
            if parts.count == 3, parts[1].count == 4 {
                let key = "\(parts[0])_\(parts[2])".lowercased()
                if languageRegions[key] == nil { languageRegions[key] = identifier }
            }
        }
        self.identifiers = identifiers
        self.languageRegions = languageRegions
    }
}
