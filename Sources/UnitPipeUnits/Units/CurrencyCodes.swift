/// ISO 4217 currency codes, to tell "a currency without a rate" (`no_rate`) from "not a unit" (`unknown_unit`).
public enum CurrencyCodes {
    /// The active ISO 4217 alphabetic codes (2024), plus a few the ECB history file still carries.
    public static let all: Set<String> = Set("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF \
        CLP CNY COP CRC CUP CVE CYP CZK DJF DKK DOP DZD EEK EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD \
        HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LTL \
        LVL LYD MAD MDL MGA MKD MMK MNT MOP MRU MTL MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP \
        PKR PLN PYG QAR ROL RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SIT SKK SLE SLL SOS SRD SSP STN SVC SYP SZL THB \
        TJS TMT TND TOP TRL TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XAG XAU XCD XDR XOF XPF YER ZAR ZMW ZWL
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// Unambiguous currency symbols accepted as aliases of a code when its rate exists.
    public static let symbols: [String: String] = ["€": "EUR", "£": "GBP"]

    /// The ISO code a spelling stands for — an ISO code itself or an unambiguous symbol — or `nil`.
    public static func code(for spelling: String) -> String? {
        if all.contains(spelling) { return spelling }
        return symbols[spelling]
    }
}
