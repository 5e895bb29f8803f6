// Design note — validation while typing.
//
// A text field that checks every keystroke with `exactNumber(_:)` blocks a person typing
// `1.234,5` in de_DE: `1.`, `1.2` and `1.23` are grouping errors on their own. The question while
// typing is whether the text can still become a number. It can when appending a few characters
// makes the parser accept it: up to four zero digits (a group being filled: `1.2` → `1.200`; a
// separator or sign waiting for a digit: `1,` → `1,0`, `-` → `-0`, `1e-` → `1e-0`), in ASCII or
// the conventions' own digits, optionally a closing parenthesis (`(1.234` → `(1.234)`). In a
// column of a currency or with percent, a mark being typed is completed too (`U` → `US$0`,
// `12,50 EU` → `12,50 EUR`), after or before the zeros. Every
// completion tried is checked by the real parser, so a text accepted here is always the start of
// a valid number; one rejected here can never become one by typing digits at its end.

extension NumberParser {
    /// The completions tried, by zero count: "", "0", "00", "000", "0000".
    private static let zeroCounts = 0...4

    /// Whether `text` is the beginning of some number these conventions read (the empty text is).
    ///
    /// - Parameter text: What has been typed so far.
    /// - Returns: `true` when appending characters can make a valid number (`1.`, `1.23` and
    ///   `1.234,` in de_DE), `false` when no completion can (`12a`, `1,2,` in de_DE, `1.2.`).
    public func isPrefixOfNumber(_ text: some StringProtocol) -> Bool {
        completion(of: text) != nil
    }

    /// The shortest characters found that complete `text` into a valid number, or `nil`.
    ///
    /// - Parameter text: What has been typed so far.
    /// - Returns: `""` when the text is a number already (or empty), else a completion such as
    ///   `"0"` or `"00)"`.
    public func completion(of text: some StringProtocol) -> String? {
        let typed = String(text)
        if typed.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\u{202F}" }) { return "" }
        var zeros: [Character] = ["0"]
        let native = Character(conventions.outputDigitZero)
        if native != "0" { zeros.append(native) }
        // The rest of a mark whose beginning ends the text ("" always: no mark being typed).
        var markEnds = [""]
        for mark in typedMarks {
            for length in 1..<max(1, mark.count) where typed.hasSuffix(mark.prefix(length)) {
                markEnds.append(String(mark.dropFirst(length)))
            }
        }
        for count in Self.zeroCounts {
            for zero in zeros {
                for markEnd in markEnds {
                    for closer in ["", ")"] {
                        let digits = String(repeating: zero, count: count)
                        for suffix in [markEnd + digits + closer, digits + markEnd + closer] where isNumber(typed + suffix) {
                            return suffix
                        }
                    }
                }
            }
        }
        return nil
    }

    /// The marks the column allows around its numbers: its currency's symbols and ISO code, percent signs.
    private var typedMarks: [String] {
        var marks: [String] = []
        if let code = context.currencyCode {
            marks.append(code)
            marks += conventions.currencySymbols.allMarks.compactMap { $0.value == .code(code) ? $0.key : nil }.sorted()
        }
        if context.allowsPercent { marks += conventions.percentSigns.map { String($0) } }
        return marks
    }

    /// Whether the parser reads `text` as a number.
    private func isNumber(_ text: String) -> Bool {
        Self.withBytes(of: text) { bytes in
            switch scan(bytes) {
            case .decimal, .long: true
            case .empty, .failure: false
            }
        }
    }
}

extension CurrencyAmountParseStrategy {
    /// Whether `text` is the beginning of some amount this strategy reads, its mark included
    /// (`U`, `US$1,0` and `12,50 EU` in their locales): what a currency field checks on every keystroke.
    public func isPrefixOfAmount(_ text: String) -> Bool {
        let conventions = format.conventions
        let typedMarks = Set(text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.generalCategory == .currencySymbol })
        var codes = Set([defaultCurrencyCode, conventions.currencyCode].compactMap { $0 })
        for (mark, match) in conventions.currencySymbols.allMarks {
            guard case .code(let code) = match else { continue }
            if mark.unicodeScalars.contains(where: typedMarks.contains) { codes.insert(code) }
        }
        if typedMarks.allSatisfy({ $0.isASCII && $0.properties.isUppercase }) { codes.formUnion(Self.codesStarting(with: text, in: conventions)) }
        if codes.isEmpty { return NumberParser(conventions: conventions).isPrefixOfNumber(text) }
        return codes.sorted().contains { code in
            NumberParser(conventions: conventions, context: NumberContext(currencyCode: code)).isPrefixOfNumber(text)
        }
    }

    /// ISO codes of the table's currencies that the capitals typed (`US`, `GB`) may begin.
    private static func codesStarting(with text: String, in conventions: NumberConventions) -> Set<String> {
        let letters = String(text.unicodeScalars.filter { $0.isASCII && $0.properties.isUppercase })
        guard !letters.isEmpty, letters.count < 3 else { return [] }
        return Set(conventions.currencySymbols.allMarks.values.compactMap { match -> String? in
            guard case .code(let code) = match, code.hasPrefix(letters) else { return nil }
            return code
        })
    }
}

extension LocaleNumberFormat {
    /// Whether `text` is the beginning of some number in this format's conventions: what a text
    /// field checks on every keystroke (`1.23` in de_DE, on its way to `1.234,5`).
    public func isPrefixOfNumber(_ text: String) -> Bool {
        NumberParser(conventions: conventions).isPrefixOfNumber(text)
    }
}
