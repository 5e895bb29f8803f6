extension NumberParser {
    /// The error for a text the scanner rejected, with the position of the character to blame
    /// where one is (for the message; the verdict is the scanner's).
    func diagnose(_ error: NumberError, in text: String) -> NumberTextError {
        let characters = Array(text)
        let offset: Int?
        switch error {
        case .invalidNumber, .unitMismatch, .ambiguousUnit:
            offset = firstForeign(in: characters)
        case .grouping:
            offset = misplacedSeparator(in: characters)
        case .multipleDecimal:
            offset = characters.indices.filter { isDecimalSeparator(characters[$0]) }.dropFirst().first
        case .overflow, .ambiguousNumber:
            offset = nil
        }
        return NumberTextError(.number(error), text: text, offset: offset)
    }

    /// Whether a character is the conventions' decimal separator (`.` also in the C convention).
    func isDecimalSeparator(_ character: Character) -> Bool {
        character.unicodeScalars.first == conventions.decimalSeparator && character.unicodeScalars.count == 1
    }

    /// Whether a character is one of the conventions' grouping separators.
    func isGroupingSeparator(_ character: Character) -> Bool {
        guard let grouping = conventions.grouping, character.unicodeScalars.count == 1,
              let scalar = character.unicodeScalars.first else { return false }
        if grouping.acceptedSeparators.contains(scalar) { return true }
        let blanks: [Unicode.Scalar] = [" ", "\u{A0}", "\u{202F}"]
        return blanks.contains(grouping.separator) && blanks.contains(scalar)
    }

    /// Whether a character is a digit (ASCII or the conventions' native digits).
    func isDigit(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        if ("0"..."9").contains(scalar) { return true }
        return conventions.digitZeros.contains { zero in (zero.value...zero.value + 9).contains(scalar.value) }
    }

    /// The first character that can be no part of a number here: not a digit, separator, sign,
    /// blank, exponent after a digit, percent sign or currency mark.
    func firstForeign(in characters: [Character]) -> Int? {
        guard characters.contains(where: isDigit) else { return nil }
        let signs: Set<Character> = ["+", "-", "\u{2212}", "(", ")", " ", "\t", "\u{A0}", "\u{202F}"]
        var sawDigit = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if isDigit(character) {
                sawDigit = true
                continue
            }
            if isDecimalSeparator(character) || isGroupingSeparator(character) || signs.contains(character) { continue }
            if sawDigit, character == "e" || character == "E" { continue }
            if character.unicodeScalars.allSatisfy({ conventions.percentSigns.contains($0) || conventions.minusSigns.contains($0) }) {
                continue
            }
            if context.currencyCode != nil, character.isLetter || character.isCurrencySymbol {
                // A whole currency mark (`US$`, `GBP`, `€`) is skipped; an unknown one is blamed at its start.
                let mark = String(characters[(index - 1)...].prefix { $0.isLetter || $0.isCurrencySymbol })
                if conventions.currencySymbols.match(mark) != nil || (mark.count == 3 && mark.allSatisfy { $0.isASCII && $0.isUppercase }) {
                    index += mark.count - 1
                    continue
                }
            }
            return index - 1
        }
        return nil
    }

    /// The first grouping separator that is not where the conventions' group sizes put one, or
    /// that stands after the decimal separator.
    func misplacedSeparator(in characters: [Character]) -> Int? {
        guard let grouping = conventions.grouping else { return nil }
        let decimalIndex = characters.firstIndex(where: isDecimalSeparator) ?? characters.count
        if let after = characters[decimalIndex...].firstIndex(where: isGroupingSeparator) { return after }
        let separators = characters[..<decimalIndex].indices.filter { isGroupingSeparator(characters[$0]) }
        for (position, separator) in separators.enumerated() {
            let next = position + 1 < separators.count ? separators[position + 1] : decimalIndex
            let run = characters[(separator + 1)..<next].filter(isDigit).count
            let expected = position + 1 == separators.count ? grouping.primarySize : grouping.secondarySize
            if run != expected { return separator }
        }
        if let first = separators.first {
            let leading = characters[..<first].filter(isDigit).count
            if leading == 0 || leading > grouping.secondarySize { return first }
        }
        return nil
    }
}
