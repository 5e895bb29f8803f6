import Testing
import TestSupport
@testable import UnitPipeNumbers
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// Property tests over every tested locale: misplaced grouping, rounding against strtod,
// localize round trips. Default sizes keep the suite fast; UNITPIPE_LONG_TESTS=1 runs millions.

private let isLong = isLongRun

private typealias Random = SplitMix64

extension SplitMix64 {
    /// `count` random decimal digits.
    mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
}

/// A seed that depends on the locale's name only (unlike `hashValue`, which Swift randomizes per process).
private func seed(_ locale: String) -> UInt64 { locale.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) } }

private func strtodValue(_ text: String) -> Double { text.withCString { strtod($0, nil) } }

/// Groups a normalized ASCII number at every position (ignoring minimum grouping digits).
private func fullyGrouped(_ ascii: String, _ conventions: NumberConventions) -> [Unicode.Scalar] {
    let localized = Array(conventions.localized(ascii).unicodeScalars)
    guard let grouping = conventions.grouping else { return localized }
    let integerDigits = ascii.prefix { $0 != "." }.filter(\.isNumber).count
    if integerDigits >= grouping.primarySize + grouping.minimumGroupingDigits || integerDigits <= grouping.primarySize {
        return localized
    }
    // es_ES/pl_PL write 1234 ungrouped; the parser also accepts 1.234: build it by hand.
    var scalars = localized
    let firstDigit = scalars.firstIndex { conventions.marks.digitValue($0.value) <= 9 } ?? 0
    scalars.insert(grouping.separator, at: firstDigit + integerDigits - grouping.primarySize)
    return scalars
}

@Test(arguments: testedLocales)
func misplacedGroupingSeparatorsAreNeverANewNumber(locale: String) {
    let conventions = conventions(locale)
    guard let grouping = conventions.grouping else { return }
    let parser = NumberParser(conventions: conventions)
    var random = Random(state: 0x5EED ^ seed(locale))
    let rounds = isLong ? 200_000 : 2_000
    for _ in 0..<rounds {
        let integer = String(1 + random.next(9)) + random.digits(random.next(11))
        let ascii = random.next(2) == 0 ? integer : integer + "." + random.digits(1 + random.next(4))
        let value = strtodValue(ascii)
        let grouped = fullyGrouped(ascii, conventions)
        #expect(parser.parse(String(String.UnicodeScalarView(grouped))) == .number(value), "\(locale) \(ascii)")
        var mutated = grouped
        let separatorPositions = grouped.indices.filter { grouped[$0] == grouping.separator }
        let digitPositions = grouped.indices.filter { conventions.marks.digitValue(grouped[$0].value) <= 9 }
        switch random.next(3) {
        case 0 where !separatorPositions.isEmpty:
            mutated.remove(at: separatorPositions[random.next(separatorPositions.count)])
        case 1 where !separatorPositions.isEmpty:
            let from = separatorPositions[random.next(separatorPositions.count)]
            mutated.remove(at: from)
            let to = max(1, min(mutated.count - 1, from + (random.next(2) == 0 ? -1 : 1)))
            mutated.insert(grouping.separator, at: to)
        default:
            let at = digitPositions[random.next(digitPositions.count)] + 1
            mutated.insert(grouping.acceptedSeparators[random.next(grouping.acceptedSeparators.count)], at: min(at, mutated.count))
        }
        let text = String(String.UnicodeScalarView(mutated))
        switch parser.parse(text) {
        case .number(let parsed): #expect(parsed == value, "\(locale): '\(text)' from \(ascii) read as \(parsed)")
        case .failure, .empty: break
        }
    }
}

@Test(arguments: testedLocales)
func localizedDecimalsRoundLikeStrtod(locale: String) {
    let conventions = conventions(locale)
    let parser = NumberParser(conventions: conventions, context: NumberContext(allowsPercent: true))
    var random = Random(state: 0xC0FFEE ^ seed(locale))
    let rounds = isLong ? 200_000 : 1_500
    for round in 0..<rounds {
        let integer = String(1 + random.next(9)) + random.digits(random.next(20))
        var ascii = integer + "." + random.digits(1 + random.next(12))
        if round % 3 == 0 { ascii += "e" + (random.next(2) == 0 ? "-" : "") + String(random.next(320)) }
        if round % 5 == 0 { ascii = "-" + ascii }
        let expected = strtodValue(ascii)
        let text = conventions.localized(ascii)
        if expected.isInfinite {
            #expect(parser.parse(text) == .failure(.overflow), "\(locale) \(text)")
        } else {
            #expect(parser.parse(text) == .number(expected), "\(locale) \(text) from \(ascii)")
        }
        if round % 7 == 0, !ascii.contains("e") {
            let percent = strtodValue(ascii + "e-2")
            #expect(parser.parse(text + "%") == .number(percent), "\(locale) \(text)%")
        }
    }
}

/// The normalized shortest form of DESIGN §3 (what `NumberWriter` writes), built from `description`.
private func normalizedShortest(_ value: Double) -> String {
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude >= 1e-6, magnitude < 1e16 {
        var text = String(describing: value)
        if text.contains("e") {
            // description switches to exponents below 1e-4 and at 2^53; plain digits from Decimal-free expansion.
            text = plainDigits(value)
        }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
    return String(describing: value)
}

private func plainDigits(_ value: Double) -> String {
    let text = String(describing: value)
    guard let e = text.firstIndex(where: { $0 == "e" }), let exponent = Int(text[text.index(after: e)...]) else { return text }
    let isNegative = text.hasPrefix("-")
    let mantissa = text[..<e].replacingOccurrences(of: "-", with: "")
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
    let point = parts[0].count + exponent
    var result: String
    if point <= 0 {
        result = "0." + String(repeating: "0", count: -point) + digits
    } else if point >= digits.count {
        result = digits + String(repeating: "0", count: point - digits.count)
    } else {
        result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }
    while result.contains("."), result.hasSuffix("0") { result.removeLast() }
    if result.hasSuffix(".") { result.removeLast() }
    return (isNegative ? "-" : "") + result
}

@Test(arguments: testedLocales + ["C"])
func localizedShortestDigitsParseBack(locale: String) {
    let conventions = conventions(locale)
    let parser = NumberParser(conventions: conventions)
    var random = Random(state: 0xBEEF ^ seed(locale))
    let rounds = isLong ? 500_000 : 2_000
    for round in 0..<rounds {
        let value: Double
        switch round % 3 {
        case 0: value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64(1023 - 30 + random.next(80)) << 52))
        case 1: value = Double(Int64(bitPattern: random.next()) >> random.next(60)) / Double(1 << random.next(20))
        default: value = Double(bitPattern: random.next())
        }
        guard value.isFinite else { continue }
        let ascii = normalizedShortest(value)
        let text = conventions.localized(ascii)
        let parsed = parser.parse(text)
        #expect(parsed == .number(value == 0 ? 0 : value), "\(locale) \(ascii) → \(text)")
    }
}

@Test(arguments: [
    ("de_DE", "-12345.678", "-12.345,678"), ("de_DE", "1.5e-07", "1,5e-07"), ("es_ES", "1234", "1234"),
    ("es_ES", "12345", "12.345"), ("en_IN", "123456789.5", "12,34,56,789.5"), ("hi_IN", "-1000", "-1,000"),
    ("fr_FR", "1234567.5", "1\u{202F}234\u{202F}567,5"), ("de_CH", "1234.5", "1\u{2019}234.5"),
    ("sv_SE", "-5", "\u{2212}5"), ("ar_EG", "-1234.5", "\u{61C}-\u{661}\u{66C}\u{662}\u{663}\u{664}\u{66B}\u{665}"),
    ("fa_IR", "12.5", "\u{6F1}\u{6F2}\u{66B}\u{6F5}"), ("C", "-12345.678", "-12345.678"), ("en_US", "100", "100"),
    ("en_US", "2.5e+20", "2.5e+20"), ("pl_PL", "1234", "1234"), ("pl_PL", "12345", "12\u{A0}345"),
])
func localizesLikeCLDR(locale: String, ascii: String, expected: String) {
    #expect(conventions(locale).localized(ascii) == expected)
}
