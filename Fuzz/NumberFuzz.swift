// Number target: in several locales, a cell the parser accepts must (1) be valid UTF-8, (2) give
// the same result through the fast path as through the general path, and (3) equal the exact
// value of its normalized text — trimmed, signs and accounting forms settled, native digits
// mapped, grouping separators dropped, the decimal separator made `.` — as glibc's correctly
// rounded strtod reads it. The normalization here is written independently of the parser.

#if canImport(Glibc)
import Glibc
#endif
@testable import UnitPipeNumbers

enum NumberFuzz {
    static let localeIDs = ["C", "en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "es_ES", "ar_EG", "fa_IR", "hi_IN", "pt_BR", "sv_SE"]
    static let parsers: [NumberParser] = localeIDs.compactMap { id in
        (try? NumberConventions(localeIdentifier: id)).map { NumberParser(conventions: $0, context: .plain) }
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let control = data.first, !parsers.isEmpty else { return }
        let parser = parsers[Int(control) % parsers.count]
        let cell = UnsafeRawBufferPointer(rebasing: data[1...])
        let result = parser.parse(cell)
        if result != parser.parseGeneral(cell) {
            fuzzFailure("fast path \(result) differs from the general path \(parser.parseGeneral(cell)) in \(parser.conventions.identifier)")
        }
        guard case .number(let value) = result else { return }
        guard let text = String(validating: cell, as: UTF8.self) else {
            fuzzFailure("accepted a cell that is not valid UTF-8: \(Array(cell))")
        }
        guard let expected = exactValue(of: text, conventions: parser.conventions) else {
            fuzzFailure("accepted '\(text)' as \(value) in \(parser.conventions.identifier), but its normalized text is not a decimal number")
        }
        if !(value == expected) {
            fuzzFailure("'\(text)' read as \(value) in \(parser.conventions.identifier); its exact value rounds to \(expected)")
        }
    }

    static let blanks: Set<Unicode.Scalar> = [" ", "\t", "\u{A0}", "\u{202F}"]
    static let bidiMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]

    /// The value of `text` read as the locale writes numbers, through strtod; `nil` when what is
    /// left after normalization is not a plain decimal number.
    static func exactValue(of text: String, conventions: NumberConventions) -> Double? {
        var scalars = Array(text.unicodeScalars.filter { !bidiMarks.contains($0) })
        func trim() {
            while let first = scalars.first, blanks.contains(first) { scalars.removeFirst() }
            while let last = scalars.last, blanks.contains(last) { scalars.removeLast() }
        }
        let minus: Set<Unicode.Scalar> = Set(conventions.minusSigns + ["-", "\u{2212}"])
        var isNegative = false
        trim()
        if conventions.allowsAccountingSigns {
            if scalars.first == "(" && scalars.last == ")" && scalars.count >= 2 {
                isNegative.toggle()
                scalars.removeFirst()
                scalars.removeLast()
                trim()
            } else if let last = scalars.last, minus.contains(last), scalars.count >= 2 {
                isNegative.toggle()
                scalars.removeLast()
                trim()
            }
        }
        if let first = scalars.first, minus.contains(first) || first == "+" {
            if minus.contains(first) { isNegative.toggle() }
            scalars.removeFirst()
            trim()
        }
        let groupSeparators = Set(conventions.grouping?.acceptedSeparators ?? [])
        let zeros = conventions.digitZeros.map(\.value)
        var ascii = ""
        var inExponent = false
        for scalar in scalars {
            if let zero = zeros.first(where: { scalar.value >= $0 && scalar.value <= $0 + 9 }) {
                ascii.unicodeScalars.append(Unicode.Scalar(UInt8(48 + scalar.value - zero)))
            } else if !inExponent && scalar == conventions.decimalSeparator {
                ascii += "."
            } else if !inExponent && groupSeparators.contains(scalar) {
                continue
            } else if scalar == "e" || scalar == "E" {
                inExponent = true
                ascii += "e"
            } else if inExponent && (scalar == "+" || minus.contains(scalar)) {
                ascii += scalar == "+" ? "+" : "-"
            } else {
                return nil
            }
        }
        guard isPlainDecimal(ascii) else { return nil }
        let value = ascii.withCString { strtod($0, nil) }
        return isNegative ? -value : value
    }

    /// `true` for `D+[.D*]` or `.D+`, then an optional `e[+-]D+`.
    static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            var n = 0
            while let b = bytes.first, b >= 48, b <= 57 { bytes.removeFirst(); n += 1 }
            return n
        }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
