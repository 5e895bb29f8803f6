import Foundation

extension NumberConventions {
    /// Builds the conventions of a `Locale`, with its region override honoured (`en_US@rg=dezzzz`
    /// reads numbers as `de_DE` writes them); Unicode extensions other than the region are ignored.
    ///
    /// - Parameter locale: The locale, such as `Locale.current` or `Locale(identifier: "de_DE")`.
    /// - Throws: ``NumberConventionsError`` when the locale's numbers cannot be modelled.
    public init(locale: Locale) throws(NumberConventionsError) {
        if let language = locale.language.languageCode?.identifier, let region = locale.region?.identifier,
           let conventions = try? NumberConventions(localeIdentifier: "\(language)_\(region)") {
            self = conventions
            return
        }
        var identifier = locale.identifier
        if let cut = identifier.firstIndex(where: { $0 == "@" }) { identifier = String(identifier[..<cut]) }
        if let cut = identifier.range(of: "-u-") { identifier = String(identifier[..<cut.lowerBound]) }
        try self.init(localeIdentifier: identifier)
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
