import Foundation

extension CurrencySymbolTable {
    /// The table of the C (root) locale, built once.
    public static let root = CurrencySymbolTable(localeIdentifier: nil)

    /// Builds a table's entries from CLDR (see the layers in `CurrencySymbolTable`).
    static func buildEntries(localeIdentifier: String?) -> [Key: Entry] {
        let codes = Self.commonCodes
        var entries: [Key: Entry] = [:]
        for code in codes {
            if let key = Self.key(code) { entries[key] = .code(Self.pack(code: code)) }
        }
        var layers: [[String: Set<String>]] = []
        if let localeIdentifier {
            var own = Self.symbols(localeIdentifier: localeIdentifier, codes: codes)
            // A bare `$` is settled only by a locale whose own currency writes it (en_US, en_CA, es_MX),
            // not by one that merely renders USD as `$` (de_DE).
            let home = Locale(identifier: localeIdentifier).currency?.identifier
            if let dollar = own["$"], !(home.map { dollar.contains($0) } ?? false) {
                own["$"] = nil
            } else if let home, own["$"] != nil {
                own["$"] = [home]
            }
            layers.append(own)
        }
        var fallback = Self.fallbackSymbols
        fallback["$"] = nil
        layers.append(fallback)
        for layer in layers {
            var layerEntries: [Key: Entry] = [:]
            for (symbol, symbolCodes) in layer {
                guard let key = Self.key(symbol), entries[key] == nil, let code = symbolCodes.first else { continue }
                layerEntries[key] = symbolCodes.count == 1 ? .code(Self.pack(code: code)) : .ambiguous
            }
            entries.merge(layerEntries) { old, _ in old }
        }
        if let dollar = Self.key("$"), entries[dollar] == nil { entries[dollar] = .ambiguous }
        return entries
    }

    /// The ISO codes Foundation lists as common, as three uppercase ASCII letters.
    static let commonCodes: [String] = Locale.commonISOCurrencyCodes.filter { pack(code: $0) != 0 }

    /// Symbols of the root locale and of `en_US`, shared by every table.
    static let fallbackSymbols: [String: Set<String>] = {
        var result = symbols(localeIdentifier: "", codes: commonCodes)
        for (symbol, codes) in symbols(localeIdentifier: "en_US", codes: commonCodes) where result[symbol] == nil {
            result[symbol] = codes
        }
        return result
    }()

    /// The symbol a locale writes for each currency, inverted: symbol → the codes that use it.
    static func symbols(localeIdentifier: String, codes: [String]) -> [String: Set<String>] {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: localeIdentifier)
        formatter.numberStyle = .currency
        var result: [String: Set<String>] = [:]
        for code in codes {
            formatter.currencyCode = code
            let symbol = String(String.UnicodeScalarView(formatter.currencySymbol.unicodeScalars.filter {
                !NumberConventions.isBidiMark($0.value) && !NumberConventions.isBlank($0.value)
            }))
            guard !symbol.isEmpty, symbol != code, symbol != "¤" else { continue }
            result[symbol, default: []].insert(code)
        }
        return result
    }
}
