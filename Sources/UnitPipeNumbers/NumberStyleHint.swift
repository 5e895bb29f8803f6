// Design note — suggestions only where they are certain.
//
// A cell that fails is read again, on the failure path only, with the number styles people
// write: `1,234.5` (en_US), `1.234,5` (de_DE), `12,34,567.8` (en_IN), `1 234,5` (fr_FR) and
// `1'234.5` (de_CH). When exactly one value comes out — one style reads it, or several read it
// as the same number — the hint names that style and the value. When two styles read different
// numbers (`1,234` is 1234 or 1.234) nothing is suggested: a guess would be worse than no hint.
// A cell the column's own grouping almost reads (`1,00,0` in en_US: digits and separators only)
// gets both readings a typo can explain: the digits regrouped (`1,000`) and the last separator
// meant as the decimal one (`100`).

/// A certain suggestion for a cell that is not a number in its column's conventions, as data
/// (whoever shows it words it: an app, or the command line with its options).
public enum NumberStyleHint: Sendable, Equatable {
    /// The digits and separators fit the column's grouping if regrouped, or with the last
    /// separator as the decimal one (`1,00,0` in en_US: `1,000` or `100`).
    case regrouped([String])
    /// Another locale's style reads the cell as one number (`1.234,5` is 1234.5 in de_DE style).
    case otherStyle(value: DecimalValue, locale: String)
    /// Indian grouping (`12,34,567.8`) reads it (en_IN).
    case indianGrouping

    /// The locale the hint suggests, for the column-level hint; `nil` for a regrouping.
    public var locale: String? {
        switch self {
        case .regrouped: nil
        case .otherStyle(_, let locale): locale
        case .indianGrouping: "en_IN"
        }
    }

    /// The styles a failed cell is read with, in the order a hint prefers them.
    static let styles: [(locale: String, conventions: NumberConventions)] = [
        ("en_US", style(decimal: ".", grouping: ",", secondary: 3)),
        ("de_DE", style(decimal: ",", grouping: ".", secondary: 3)),
        ("en_IN", style(decimal: ".", grouping: ",", secondary: 2)),
        ("fr_FR", style(decimal: ",", grouping: "\u{202F}", secondary: 3)),
        ("de_CH", style(decimal: ".", grouping: "\u{2019}", secondary: 3)),
    ]

    private static func style(decimal: Unicode.Scalar, grouping: Unicode.Scalar, secondary: Int) -> NumberConventions {
        NumberConventions(
            identifier: "", decimal: decimal.value, grouping: grouping.value, spaces: grouping == "\u{202F}",
            apostrophes: grouping == "\u{2019}", primary: 3, secondary: secondary, minimumGrouping: 1,
            minusSign: "-", extraMinus: 0, extraPercent: 0, nativeZero: 0, outputZero: 0x30, currencyCode: nil,
            currencySymbols: .root)
    }

    /// The certain hint for a cell, or `nil`.
    ///
    /// - Parameters:
    ///   - cell: The cell's number bytes.
    ///   - error: Why the column's parser rejected it.
    ///   - conventions: The column's conventions.
    /// - Returns: A hint only when one reading of the cell is certain.
    public static func hint(for cell: UnsafeRawBufferPointer, error: NumberError,
                            conventions: NumberConventions) -> NumberStyleHint? {
        guard error == .invalidNumber || error == .grouping || error == .multipleDecimal,
              !conventions.isUndecided else { return nil }
        var readings: [(locale: String, value: DecimalValue)] = []
        for style in styles where !isSameStyle(style.conventions, conventions) {
            guard let value = DecimalValue(cell: cell, parser: NumberParser(conventions: style.conventions)) else { continue }
            readings.append((style.locale, value))
        }
        if let first = readings.first {
            guard readings.allSatisfy({ $0.value == first.value }) else { return nil }
            // Only Indian grouping reads it: say so rather than a value.
            if first.locale == "en_IN" { return .indianGrouping }
            return .otherStyle(value: first.value, locale: first.locale)
        }
        if error == .grouping { return regrouped(cell, conventions: conventions) }
        return nil
    }

    private static func isSameStyle(_ a: NumberConventions, _ b: NumberConventions) -> Bool {
        a.decimalScalar == b.decimalScalar && a.groupingScalar == b.groupingScalar
            && (a.groupingScalar == 0 || a.secondaryGroupSize == b.secondaryGroupSize)
    }

    /// Both readings of digits and grouping separators only: regrouped, and the last separator as decimal.
    private static func regrouped(_ cell: UnsafeRawBufferPointer, conventions: NumberConventions) -> NumberStyleHint? {
        let text = String(decoding: cell, as: UTF8.self).trimmingBlanks
        guard let grouping = conventions.grouping?.separator else { return nil }
        var sign = ""
        var body = Substring(text)
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        let groups = body.unicodeScalars.split(separator: grouping, omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        guard groups.count >= 2, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let all = groups.joined()
        let integerPart = groups.dropLast().joined()
        var fraction = groups[groups.count - 1]
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let first = sign + group(all, conventions: conventions)
        var second = sign + group(integerPart, conventions: conventions)
        if !fraction.isEmpty { second += String(conventions.decimalSeparator) + fraction }
        return .regrouped(first == second ? [first] : [first, second])
    }

    /// Digits with the conventions' grouping separator at every group boundary.
    private static func group(_ digits: String, conventions: NumberConventions) -> String {
        var digits = Array(digits.drop(while: { $0 == "0" }))
        if digits.isEmpty { digits = ["0"] }
        guard let grouping = conventions.grouping else { return String(digits) }
        var groups: [String] = []
        var end = digits.count
        var size = grouping.primarySize
        while end > 0 {
            let start = max(0, end - size)
            groups.insert(String(digits[start..<end]), at: 0)
            end = start
            size = grouping.secondarySize
        }
        return groups.joined(separator: String(grouping.separator))
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs, NBSP and narrow NBSP.
    var trimmingBlanks: String {
        let blanks: Set<Unicode.Scalar> = [" ", "\t", "\u{A0}", "\u{202F}"]
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !blanks.contains($0) }),
              let last = scalars.lastIndex(where: { !blanks.contains($0) }) else { return "" }
        return String(scalars[start...last])
    }
}
