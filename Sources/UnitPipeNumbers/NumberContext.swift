/// What a column allows around its numbers: a currency, a percent sign.
///
/// The conventions say how a locale writes numbers; the context says what a particular
/// column may carry. Build one per selected column from its declared unit.
public struct NumberContext: Sendable, Equatable, Hashable {
    /// The ISO 4217 code the column is declared in (`USD`), or `nil`: then any currency mark is
    /// ``NumberError/invalidNumber``. Default `nil`.
    public var currencyCode: String?
    /// Whether a percent sign is allowed (the column is dimensionless); the value is then divided
    /// by 100 (exactly: the decimal exponent moves, there is no second rounding). Default `false`.
    public var allowsPercent: Bool

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - currencyCode: The column's ISO 4217 currency code, or `nil` (default) for a column without currency.
    ///   - allowsPercent: Whether `%` is allowed and divides by 100; default `false`.
    public init(currencyCode: String? = nil, allowsPercent: Bool = false) {
        self.currencyCode = currencyCode
        self.allowsPercent = allowsPercent
    }

    /// A plain number: no currency, no percent.
    public static let plain = NumberContext()

    /// The packed declared currency code, `0` when none.
    var packedCurrency: UInt32 { currencyCode.map { CurrencySymbolTable.pack(code: $0) } ?? 0 }
}
