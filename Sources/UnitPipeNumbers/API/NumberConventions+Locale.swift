import Foundation

extension NumberConventions {
    /// Builds the conventions of a `Locale`, with its extensions honoured: a region override
    /// (`en_US@rg=dezzzz` reads numbers as CLDR's `en_DE` writes them) and a numbering system
    /// (`ar-EG-u-nu-latn` reads and writes ASCII digits, `de-DE-u-nu-arab` Arabic-Indic ones;
    /// ASCII digits are always read). Other Unicode extensions do not change numbers and are ignored.
    ///
    /// - Parameter locale: The locale, such as `Locale.current` or `Locale(identifier: "de_DE")`.
    /// - Throws: ``NumberConventionsError`` when the locale's numbers cannot be modelled (a
    ///   numbering system without decimal digits, such as `roman`).
    public init(locale: Locale) throws(NumberConventionsError) {
        let identifier = locale.identifier
        // Foundation answers a numbering system for every locale; only one the identifier names is asked for.
        let namesSystem = identifier.contains("-nu-") || identifier.contains("numbers=")
        let system = namesSystem ? "@numbers=" + locale.numberingSystem.identifier : ""
        if let language = locale.language.languageCode?.identifier, let region = locale.region?.identifier,
           let conventions = try? NumberConventions(localeIdentifier: "\(language)_\(region)" + system) {
            self = conventions
            return
        }
        var base = identifier
        if let cut = base.firstIndex(where: { $0 == "@" }) { base = String(base[..<cut]) }
        if let cut = base.range(of: "-u-") { base = String(base[..<cut.lowerBound]) }
        try self.init(localeIdentifier: base + system)
    }

    /// ``localized(_:)`` for text that is a normalized number (`-12345.678`, `1.5e-07`), else `nil`.
    ///
    /// - Parameter ascii: The number as ``NumberWriter`` writes it.
    /// - Returns: The localized text, or `nil` when `ascii` is not a normalized number.
    public func checkedLocalized(_ ascii: String) -> String? {
        guard DecimalValue(ascii) != nil, !ascii.hasPrefix("+"), ascii.first != ".", ascii.last != "." else { return nil }
        return localized(ascii)
    }
}
