extension NumberConventions {
    /// The conventions of a Table Schema field's `decimalChar` and `groupChar`: groups of three
    /// digits at every boundary (as in every locale but the Indian ones), ASCII digits, the usual
    /// signs; a space `groupChar` also accepts NBSP and narrow NBSP, an apostrophe also `’`.
    ///
    /// - Parameters:
    ///   - decimal: The decimal separator.
    ///   - grouping: The grouping separator, or `nil` for none.
    public init(decimal: Unicode.Scalar, grouping: Unicode.Scalar?) {
        let spaces: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{202F}"]
        let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}"]
        var name = "decimalChar '\(decimal)'"
        if let grouping { name += ", groupChar '\(grouping)'" }
        self.init(identifier: name, decimal: decimal.value, grouping: grouping?.value ?? 0,
                  spaces: grouping.map { spaces.contains($0) } ?? false,
                  apostrophes: grouping.map { apostrophes.contains($0) } ?? false,
                  primary: grouping == nil ? 0 : 3, secondary: grouping == nil ? 0 : 3, minimumGrouping: 1,
                  minusSign: "-", extraMinus: 0, extraPercent: 0, nativeZero: 0, outputZero: 0x30,
                  currencyCode: nil, currencySymbols: .root)
    }
}
