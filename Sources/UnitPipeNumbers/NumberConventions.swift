// Design note — conventions as a handful of scalars.
//
// The parser compares bytes, so a locale's conventions are stored as plain `UInt32` Unicode
// scalar values (never `String`s or arrays on the hot path): one decimal separator, one CLDR
// grouping separator plus two flags for the interchangeable families (space-likes: U+0020,
// U+00A0, U+202F; apostrophes for region CH: `'` and `’`), one extra minus and percent scalar,
// and one native digit zero. The public properties present the same data as Swift types.
// The values come from Foundation (CLDR) once per job: see `NumberConventions+Foundation.swift`.

/// How numbers are written in a locale: separators, group sizes, signs, digits and currency marks.
///
/// Build one per job with ``init(localeIdentifier:)`` (or use ``c``) and hand it to ``NumberParser``.
public struct NumberConventions: Sendable, Equatable {
    /// Digit grouping of a locale: the separators accepted between groups and the group sizes.
    public struct Grouping: Sendable, Equatable {
        /// The separator CLDR writes (`,`, `.`, U+202F, U+2019, U+066C, …).
        public let separator: Unicode.Scalar
        /// Every separator accepted between groups: ``separator``, all of U+0020, U+00A0 and U+202F
        /// when the locale groups with a space, and `'`, `’` in every locale of region CH.
        public let acceptedSeparators: [Unicode.Scalar]
        /// The number of digits in the group next to the decimal separator, usually 3.
        public let primarySize: Int
        /// The number of digits in every further group: 3, or 2 in Indian locales.
        public let secondarySize: Int
        /// The fewest integer digits above the primary group before CLDR groups at all:
        /// 1 (`1.234`) or 2 (`es_ES` writes `1234` but `12.345`). Used when writing; the parser
        /// accepts both forms.
        public let minimumGroupingDigits: Int
    }

    /// How the parser decides the decimal separator.
    enum Mode: Sendable, Equatable {
        /// The conventions are fixed (a locale, or a decided `auto` column).
        case fixed
        /// `auto` could not decide: each cell picks `.` or `,` from its own evidence, or fails
        /// with ``NumberError/ambiguousNumber``.
        case undecided
    }

    /// The identifier the conventions were built from (`C`, `de_DE`, `auto`, …), as canonicalized.
    public let identifier: String
    /// The ISO 4217 code of the locale's own currency (`EUR` for `de_DE`), `nil` for `C`.
    public let currencyCode: String?
    /// The locale's currency symbols and ISO codes, mapped to ISO codes.
    public let currencySymbols: CurrencySymbolTable
    /// The minus sign as CLDR writes it, bidi marks included (`-`, `−` in `sv_SE`, ALM + `-` in `ar_EG`).
    public let minusSign: String

    let mode: Mode
    let decimalScalar: UInt32
    /// The CLDR grouping separator, `0` when the locale never groups.
    let groupingScalar: UInt32
    let groupsWithSpaces: Bool
    let groupsWithApostrophes: Bool
    let primaryGroupSize: Int
    let secondaryGroupSize: Int
    let minimumGroupingDigitCount: Int
    /// A minus sign other than `-` and U+2212, `0` when none.
    let extraMinusScalar: UInt32
    /// A percent sign other than `%` (U+066A in Arabic locales), `0` when none.
    let extraPercentScalar: UInt32
    /// The zero of a native digit set accepted besides ASCII digits, `0` when none.
    let nativeZero: UInt32
    /// The zero of the digits written by ``writeLocalized(_:into:)``: `0x30` or a native zero.
    let outputZero: UInt32

    init(identifier: String, mode: Mode = .fixed, decimal: UInt32, grouping: UInt32, spaces: Bool, apostrophes: Bool,
         primary: Int, secondary: Int, minimumGrouping: Int, minusSign: String, extraMinus: UInt32,
         extraPercent: UInt32, nativeZero: UInt32, outputZero: UInt32, currencyCode: String?,
         currencySymbols: CurrencySymbolTable) {
        self.identifier = identifier
        self.mode = mode
        self.decimalScalar = decimal
        self.groupingScalar = grouping
        self.groupsWithSpaces = spaces
        self.groupsWithApostrophes = apostrophes
        self.primaryGroupSize = primary
        self.secondaryGroupSize = secondary
        self.minimumGroupingDigitCount = minimumGrouping
        self.minusSign = minusSign
        self.extraMinusScalar = extraMinus
        self.extraPercentScalar = extraPercent
        self.nativeZero = nativeZero
        self.outputZero = outputZero
        self.currencyCode = currencyCode
        self.currencySymbols = currencySymbols
    }

    /// The C locale: `.` as decimal separator, no grouping, ASCII digits; currency marks only
    /// through the root-locale symbols (`US$`, `€`, `£`, `¥`) and ISO codes, a bare `$` is ambiguous.
    public static let c = NumberConventions(
        identifier: "C", decimal: 0x2E, grouping: 0, spaces: false, apostrophes: false, primary: 0, secondary: 0,
        minimumGrouping: 1, minusSign: "-", extraMinus: 0, extraPercent: 0, nativeZero: 0, outputZero: 0x30,
        currencyCode: nil, currencySymbols: .root)

    /// The decimal separator (`.`, `,`, U+066B).
    public var decimalSeparator: Unicode.Scalar { Unicode.Scalar(decimalScalar) ?? "." }

    /// The digit grouping, or `nil` when numbers are never grouped (the C locale).
    public var grouping: Grouping? {
        guard groupingScalar != 0, let separator = Unicode.Scalar(groupingScalar) else { return nil }
        var accepted: [Unicode.Scalar] = [separator]
        if groupsWithSpaces { accepted += [" ", "\u{A0}", "\u{202F}"].filter { $0 != separator } }
        if groupsWithApostrophes { accepted += ["'", "\u{2019}"].filter { $0 != separator } }
        return Grouping(separator: separator, acceptedSeparators: accepted, primarySize: primaryGroupSize,
                        secondarySize: secondaryGroupSize, minimumGroupingDigits: minimumGroupingDigitCount)
    }

    /// Every minus sign accepted before or after a number: `-`, U+2212 and the locale's own.
    public var minusSigns: [Unicode.Scalar] {
        ["-", "\u{2212}"] + [extraMinusScalar].compactMap { $0 == 0 ? nil : Unicode.Scalar($0) }
    }

    /// Every percent sign accepted: `%` and the locale's own (U+066A in Arabic locales).
    public var percentSigns: [Unicode.Scalar] {
        ["%"] + [extraPercentScalar].compactMap { $0 == 0 ? nil : Unicode.Scalar($0) }
    }

    /// The zeros of the digit sets accepted: ASCII `0` first, then the native zero if any
    /// (U+0660 Arabic-Indic, U+06F0 Persian, U+0966 Devanagari).
    public var digitZeros: [Unicode.Scalar] {
        ["0"] + [nativeZero].compactMap { $0 == 0 ? nil : Unicode.Scalar($0) }
    }

    /// The zero of the digits CLDR writes in this locale (ASCII, or native in `ar_EG`, `fa_IR`).
    public var outputDigitZero: Unicode.Scalar { Unicode.Scalar(outputZero) ?? "0" }

    /// Whether `auto` detection left this column undecided (see ``LocaleDetector``).
    public var isUndecided: Bool { mode == .undecided }

    /// Whether accounting forms are read: `(1.234,56)` and `1.234,56-`. Every locale but `C`,
    /// which keeps the grammar of `strtod` (plus the currency and percent its column allows).
    public var allowsAccountingSigns: Bool { !isCLocale }

    /// The scalars the parser compares, as one trivially copyable value (no reference counting
    /// on the hot path); a parser keeps its own copy.
    struct Marks: Sendable {
        let decimalScalar: UInt32
        let groupingScalar: UInt32
        let groupsWithSpaces: Bool
        let groupsWithApostrophes: Bool
        let primaryGroupSize: Int
        let secondaryGroupSize: Int
        let extraMinusScalar: UInt32
        let extraPercentScalar: UInt32
        let nativeZero: UInt32
        let allowsAccountingSigns: Bool
    }

    /// The scalars the parser compares.
    var marks: Marks {
        Marks(decimalScalar: decimalScalar, groupingScalar: groupingScalar, groupsWithSpaces: groupsWithSpaces,
              groupsWithApostrophes: groupsWithApostrophes, primaryGroupSize: primaryGroupSize,
              secondaryGroupSize: secondaryGroupSize, extraMinusScalar: extraMinusScalar,
              extraPercentScalar: extraPercentScalar, nativeZero: nativeZero, allowsAccountingSigns: allowsAccountingSigns)
    }

    /// Whether these are the C conventions, for which the parser keeps its fast path alone.
    var isCLocale: Bool { decimalScalar == 0x2E && groupingScalar == 0 && nativeZero == 0 && mode == .fixed }
}

extension NumberConventions {
    /// Conventions for a column `auto` decided, or left undecided (see ``LocaleDetector``).
    ///
    /// Decided columns accept `,`/`.` (whichever is not decimal), spaces and apostrophes as
    /// grouping separators at the given group sizes; currency symbols are those of the root locale.
    /// - Parameters:
    ///   - decimal: The decimal separator, `.` or `,`.
    ///   - secondaryGroupSize: 3, or 2 when the column showed Indian grouping.
    /// - Returns: The conventions.
    static func automatic(decimal: UInt8, secondaryGroupSize: Int = 3) -> NumberConventions {
        NumberConventions(
            identifier: decimal == 0x2C ? "auto(decimal-comma)" : "auto(decimal-point)", decimal: UInt32(decimal),
            grouping: decimal == 0x2C ? 0x2E : 0x2C, spaces: true, apostrophes: true, primary: 3,
            secondary: secondaryGroupSize, minimumGrouping: 1, minusSign: "-", extraMinus: 0, extraPercent: 0,
            nativeZero: 0, outputZero: 0x30, currencyCode: nil, currencySymbols: .root)
    }

    /// Conventions for an `auto` column without enough evidence: every cell decides for itself,
    /// and a cell readable two ways (`1,234`, `1.234`) is ``NumberError/ambiguousNumber``.
    public static let undecided = NumberConventions(
        identifier: "auto", mode: .undecided, decimal: 0x2E, grouping: 0x2C, spaces: true, apostrophes: true,
        primary: 3, secondary: 3, minimumGrouping: 1, minusSign: "-", extraMinus: 0, extraPercent: 0,
        nativeZero: 0, outputZero: 0x30, currencyCode: nil, currencySymbols: .root)
}
