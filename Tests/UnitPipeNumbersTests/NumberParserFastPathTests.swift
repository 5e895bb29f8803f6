import Testing
import TestSupport
@testable import UnitPipeNumbers

// Differential tests of the fast path (`NumberParser+FastPath.swift`) against the general path:
// random cells aimed at the fast path's shapes and at their edges — signs, leading zeros,
// 15–20 digits, many fraction digits, `-0`, `.5`, `5.`, grouped and ungrouped, misplaced and
// foreign separators, trailing junk, blanks — must give the same result, bit for bit and error
// for error, through `parse` as through `parseGeneral`, and every tier that answers on its own
// must answer what the general path answers. Each cell is also parsed inside a larger buffer,
// between random bytes, to catch a load that strays outside the field.
// UNITPIPE_LONG_TESTS=1 runs twenty times as many cells.

/// Locales whose fast path differs: C (no grouping), `.`/`,`/Indian/space/apostrophe grouping.
private let fastPathLocales = ["C", "de_DE", "en_US", "en_IN", "fr_FR", "de_CH"]

/// Compares results bit for bit, so `-0.0` differs from `0.0`.
private func sameBits(_ lhs: NumberParseResult, _ rhs: NumberParseResult) -> Bool {
    switch (lhs, rhs) {
    case let (.number(a), .number(b)): a.bitPattern == b.bitPattern
    default: lhs == rhs
    }
}

/// Cells for the fast path of one set of conventions, from a seeded generator.
private struct CellGenerator {
    var random: SplitMix64
    let decimal: [UInt8]
    let otherDecimal: [UInt8]
    let separators: [[UInt8]]
    let primary: Int
    let secondary: Int

    init(seed: UInt64, conventions: NumberConventions) {
        random = SplitMix64(state: seed)
        decimal = Array(String(conventions.decimalSeparator).utf8)
        otherDecimal = decimal == [0x2E] ? [0x2C] : [0x2E]
        if let grouping = conventions.grouping {
            separators = grouping.acceptedSeparators.map { Array(String($0).utf8) }
            primary = grouping.primarySize
            secondary = grouping.secondarySize
        } else {
            separators = []
            primary = 3
            secondary = 3
        }
    }

    /// Cells that sit on an edge of some tier.
    static let edges = [
        "", "-", "+", ".", ",", "-.", "+,", "0", "-0", "+0", "-0.0", "-0,0", ".5", ",5", "5.", "5,", "-.5", "-,5",
        "00000000", "-0000000", "0000000000000000", "99999999", "9999999999999999", "9007199254740992",
        "9007199254740993", "-9007199254740993", "12345678.", "1234567.8", ".1234567", ".123456789012345",
        "1234567.89012345", "12345678.9012345", "123456789.012345", "1.234.567,89", "1,234,567.89",
        "1 234 567,89", "1'234'567.89", "1,00,00,000.5", "12,34,56,789", "1e5", "1E5", "-1e-5", "0x10",
        "1..2", "1,,2", "1.2.3", "1,2,3", "- 1", "1 ", " 1", "1-", "(1)", "1%", "€1", "\u{2212}1,5",
        "\u{A0}1", "1\u{202F}234", "\u{0661}\u{0662}", "1\u{0}", "12345678901234567890", "0.00000000000000000001",
    ]

    mutating func digits(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            switch random.next(10) {
            case 0: 0x30
            case 1: 0x39
            default: 0x30 &+ UInt8(truncatingIfNeeded: random.next(10))
            }
        }
    }

    /// A digit count: mostly short, sometimes 9…20 (around the 16-byte word and the 19-digit limits).
    mutating func digitCount() -> Int {
        switch random.next(10) {
        case 0: 0
        case 1...4: random.next(in: 1...3)
        case 5...7: random.next(in: 4...8)
        default: random.next(in: 9...20)
        }
    }

    /// Groups an integer part as the conventions do, or at random places, or with a foreign separator.
    mutating func grouped(_ integer: [UInt8]) -> [UInt8] {
        guard !separators.isEmpty, integer.count > 1, random.next(3) != 0 else { return integer }
        let separator = separators[random.next(separators.count)]
        var cuts: [Int] = []
        switch random.next(4) {
        case 0, 1:
            // Where the conventions put them: primary from the right, then secondary.
            var cut = integer.count - primary
            while cut > 0 {
                cuts.append(cut)
                cut -= secondary
            }
        case 2:
            cuts = Array(Set((0..<random.next(in: 1...3)).map { _ in random.next(in: 1...(integer.count - 1)) }))
        default:
            var cut = integer.count - primary + (random.next(2) == 0 ? -1 : 1)
            while cut > 0, cut < integer.count {
                cuts.append(cut)
                cut -= secondary
            }
        }
        var result: [UInt8] = []
        for (index, digit) in integer.enumerated() {
            if cuts.contains(index) {
                result += random.next(12) == 0 ? [[0x2C], [0x2E], [0x20], [0x27]][random.next(4)] : separator
            }
            result.append(digit)
        }
        return result
    }

    mutating func next() -> [UInt8] {
        if random.next(16) == 0 { return Array(Self.edges[random.next(Self.edges.count)].utf8) }
        var cell: [UInt8] = []
        switch random.next(40) {
        case 0: cell += [0x20]
        case 1: cell += [0xC2, 0xA0]
        default: break
        }
        switch random.next(12) {
        case 0...2: cell += [0x2D]
        case 3: cell += [0x2B]
        case 4 where random.next(4) == 0: cell += [0xE2, 0x88, 0x92]
        case 5 where random.next(4) == 0: cell += [0x2D, 0x2D]
        default: break
        }
        var integer = digits(digitCount())
        if random.next(10) == 0 { integer = [UInt8](repeating: 0x30, count: random.next(in: 1...6)) + integer }
        cell += grouped(integer)
        switch random.next(20) {
        case 0...12:
            cell += decimal
            cell += digits(digitCount())
        case 13:
            cell += otherDecimal
            cell += digits(digitCount())
        case 14:
            cell += decimal + digits(random.next(in: 0...3)) + decimal + digits(random.next(in: 0...3))
        default:
            break
        }
        if random.next(12) == 0 {
            let junk: [[UInt8]] = [[0x65, 0x35], [0x45, 0x2D, 0x33], [0x78], [0x25], [0x20], [0xC2, 0xA0], [0x2C], [0x2E],
                                   [0x27], [0x2D], [0x29], [0x30, 0x20, 0x31], [0xE2, 0x80, 0xAF, 0x35, 0x35, 0x35], [0xFF]]
            cell += junk[random.next(junk.count)]
        }
        if random.next(12) == 0 {
            // A stray byte anywhere: the neighbours of the digits (`/`, `:`), separators, or any byte.
            let neighbours: [UInt8] = [0x2F, 0x3A, 0x3B, 0x2E, 0x2C, 0x27, 0x20, 0x2D, 0x2B, 0x65, 0x00, 0x7F, 0x80, 0xB0, 0xFF]
            let byte = random.next(2) == 0 ? neighbours[random.next(neighbours.count)] : UInt8(truncatingIfNeeded: random.next())
            let position = random.next(cell.count + 1)
            if position < cell.count, random.next(2) == 0 {
                cell[position] = byte
            } else {
                cell.insert(byte, at: position)
            }
        }
        return cell
    }
}

/// Runs `cases` generated cells through one parser and records every disagreement.
/// - Returns: How many cells each tier of the fast path answered: inline words, grouped words,
///   runs, and the plain-cell scan.
private func checkFastPath(_ parser: NumberParser, cases: Int, seed: UInt64) -> (words: Int, grouped: Int, runs: Int, plain: Int) {
    var generator = CellGenerator(seed: seed, conventions: parser.conventions)
    var padding = SplitMix64(state: seed ^ 0xA5A5)
    var hits = (words: 0, grouped: 0, runs: 0, plain: 0)
    var failures = 0
    func fail(_ message: @autoclosure () -> String) {
        failures += 1
        if failures <= 20 { Issue.record(Comment(rawValue: message())) }
    }
    let marks = parser.marks
    for _ in 0..<cases {
        let cell = generator.next()
        let shown = String(decoding: cell, as: UTF8.self).debugDescription
        cell.withUnsafeBytes { field in
            let expected = parser.parseGeneral(field)
            let actual = parser.parse(field)
            if !sameBits(actual, expected) { fail("\(parser.conventions.identifier) \(shown): \(actual), general \(expected)") }
            let expectedScan = parser.scanGeneral(field)
            func check(_ tier: String, _ decimal: ScannedDecimal?) -> Bool {
                guard let decimal else { return false }
                let value = decimal.doubleValue
                // The same decimal as the general path's scan, so the same exact value for the kernel.
                guard case .decimal(let general) = expectedScan, normalized(general) == normalized(decimal) else {
                    fail("\(parser.conventions.identifier) \(shown): \(tier) scans \(decimal), general \(expectedScan)")
                    return true
                }
                if !sameBits(.number(value), expected) {
                    fail("\(parser.conventions.identifier) \(shown): \(tier) \(value), general \(expected)")
                }
                return true
            }
            if check("fast path", parser.parseFast(field)) {
                if check("words", NumberParser.parseWords(field, decimal: parser.fastDecimal, separators: 0,
                                                          primaryGroupSize: 0, secondaryGroupSize: 0,
                                                          limit: parser.shortLimit)) {
                    hits.words += 1
                } else if check("grouped words", NumberParser.parseWords(
                    field, decimal: parser.fastDecimal, separators: parser.fastSeparators,
                    primaryGroupSize: marks.primaryGroupSize, secondaryGroupSize: marks.secondaryGroupSize,
                    limit: parser.shortLimit)) {
                    hits.grouped += 1
                }
                if parser.hasFastPath, check("runs", NumberParser.parseRuns(
                    field, decimal: parser.fastDecimal, separators: parser.fastSeparators,
                    primaryGroupSize: marks.primaryGroupSize, secondaryGroupSize: marks.secondaryGroupSize)) {
                    hits.runs += 1
                }
            } else if parser.hasFastPath, case .number = expected, cell.count <= 15,
                      cell.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                fail("\(parser.conventions.identifier) \(shown): plain digits not taken by the fast path")
            }
            // The plain-cell scan answers exactly the plain cells, with the decimal of the fast
            // path (the same exponent, so the same kernel slot) and of the general path.
            let plain = parser.plainCellDecimal.flatMap { NumberParser.scanPlainCell(field, decimal: $0) }
            let shape = parser.plainCellDecimal.flatMap { plainShape(cell, decimal: $0) }
            if let plain {
                hits.plain += 1
                let decimal = ScannedDecimal(mantissa: plain.mantissa, exponent: -plain.fractionDigitCount, isNegative: plain.isNegative)
                _ = check("plain cell", decimal)
                if parser.parseFast(field) != decimal {
                    fail("\(parser.conventions.identifier) \(shown): plain cell \(decimal), fast path \(String(describing: parser.parseFast(field)))")
                }
            }
            if (plain.map { ScannedDecimal(mantissa: $0.mantissa, exponent: -$0.fractionDigitCount, isNegative: $0.isNegative) }) != shape {
                fail("\(parser.conventions.identifier) \(shown): plain cell \(String(describing: plain)), plain shape \(String(describing: shape))")
            }
        }
        // The same cell between random bytes (often digits) must read the same.
        let before = (0..<padding.next(9)).map { _ in padding.next(3) == 0 ? UInt8(truncatingIfNeeded: padding.next()) : 0x35 }
        let after = (0..<padding.next(9)).map { _ in padding.next(3) == 0 ? UInt8(truncatingIfNeeded: padding.next()) : 0x37 }
        let buffer = before + cell + after
        let alone = cell.withUnsafeBytes { parser.parse($0) }
        let inside = buffer.withUnsafeBytes { parser.parse(UnsafeRawBufferPointer(rebasing: $0[before.count..<(before.count + cell.count)])) }
        if !sameBits(alone, inside) { fail("\(parser.conventions.identifier) \(shown) inside \(buffer): \(inside), alone \(alone)") }
    }
    return hits
}

@Test(arguments: fastPathLocales)
func fastPathAgreesWithTheGeneralPath(locale: String) {
    let parser = NumberParser(conventions: conventions(locale))
    let cases = isLongRun ? 1_000_000 : 40_000
    let hits = checkFastPath(parser, cases: cases, seed: 0xFA57_0000 ^ UInt64(locale.utf8.count) << 20 ^ 0x1D)
    // The generator must keep every tier busy, or the test proves little.
    #expect(hits.words > cases / 5, "\(locale): \(hits)")
    #expect(hits.runs > cases / 5, "\(locale): \(hits)")
    #expect(hits.plain > cases / 5, "\(locale): \(hits)")
    if parser.fastSeparators != 0 {
        #expect(hits.grouped > cases / 100, "\(locale): \(hits)")
    }
}

@Test(arguments: [("C", NumberContext(allowsPercent: true)), ("de_DE", NumberContext(currencyCode: "EUR")),
                  ("en_US", NumberContext(currencyCode: "USD", allowsPercent: false)), ("fr_FR", NumberContext(allowsPercent: true))])
func fastPathAgreesWithTheGeneralPathInAColumnContext(locale: String, context: NumberContext) {
    let parser = NumberParser(conventions: conventions(locale), context: context)
    let cases = isLongRun ? 250_000 : 10_000
    let hits = checkFastPath(parser, cases: cases, seed: 0xC0_7E57 ^ UInt64(locale.utf8.first ?? 0))
    #expect(hits.words > cases / 5, "\(locale): \(hits)")
}

@Test func undecidedColumnsHaveNoFastPathOfTheirOwn() {
    let parser = NumberParser(conventions: .undecided)
    #expect(!parser.hasFastPath)
    let cases = isLongRun ? 250_000 : 10_000
    let hits = checkFastPath(parser, cases: cases, seed: 0x0DEC_1DED)
    #expect(hits.words == 0 && hits.grouped == 0 && hits.runs == 0 && hits.plain == 0)
}

@Test(arguments: [
    ("C", "-0", -0.0), ("C", "+0", 0.0), ("C", "-.0", -0.0), ("C", ".5", 0.5), ("C", "5.", 5), ("C", "-5.", -5),
    ("C", "007", 7), ("C", "9007199254740992", 9_007_199_254_740_992), ("C", "1234567.89012345", 1234567.89012345),
    ("C", ".123456789012345", 0.123456789012345), ("C", "12345678.12345678", 12345678.12345678),
    ("de_DE", "-0,0", -0.0), ("de_DE", "1.509", 1509), ("de_DE", "12.941,488", 12941.488), ("de_DE", "77047,97", 77047.97),
    ("de_DE", "-1.234.567", -1_234_567), ("de_DE", "1.234.567,891", 1234567.891), ("de_DE", "0.001", 1),
    ("en_IN", "1,00,000", 100_000), ("en_IN", "12,34,567.5", 1234567.5), ("en_US", "-1,234.5", -1234.5),
    ("fr_FR", "1 234,5", 1234.5), ("de_CH", "1'234.5", 1234.5),
])
func fastPathReadsPlainNumbers(locale: String, text: String, expected: Double) {
    let parser = NumberParser(conventions: conventions(locale))
    var text = text
    let fast = text.withUTF8 { parser.parseFast(UnsafeRawBufferPointer($0)) }?.doubleValue
    #expect(fast?.bitPattern == expected.bitPattern, "\(locale) \(text)")
    #expect(sameBits(parser.parse(text), .number(expected)), "\(locale) \(text)")
}

@Test(arguments: [
    ("de_DE", "1.50", NumberError.grouping), ("de_DE", "12.34,5", .grouping), ("de_DE", "1234.567", .grouping),
    ("de_DE", "1,234,5", .multipleDecimal), ("de_DE", "1.234,5.6", .grouping), ("en_IN", "123,456", .grouping),
    ("en_US", "1,23", .grouping), ("en_US", "1.2.3", .multipleDecimal), ("C", "1,5", .invalidNumber),
    ("C", "1.2.3", .multipleDecimal), ("fr_FR", "10,000.50", .grouping),
])
func fastPathLeavesErrorsToTheGeneralPath(locale: String, text: String, expected: NumberError) {
    let parser = NumberParser(conventions: conventions(locale))
    var text = text
    #expect(text.withUTF8 { parser.parseFast(UnsafeRawBufferPointer($0)) } == nil, "\(locale) \(text)")
    #expect(parser.parse(text) == .failure(expected), "\(locale) \(text)")
}

/// The decimal of a plain cell read byte by byte — an optional `+` or `-`, then 1…16 bytes of ASCII
/// digits and at most one `decimal`, at least one digit, the digits at most 2^53 — else `nil`:
/// the plain-cell scan's contract, written without its word tricks.
func plainShape(_ cell: [UInt8], decimal: UInt8) -> ScannedDecimal? {
    var body = cell[...]
    let isNegative = body.first == UInt8(ascii: "-")
    if body.first == UInt8(ascii: "+") || isNegative { body = body.dropFirst() }
    guard (1...16).contains(body.count) else { return nil }
    var mantissa: UInt64 = 0, digits = 0, fraction: Int?
    for byte in body {
        if byte >= 0x30 && byte <= 0x39 {
            mantissa = mantissa * 10 + UInt64(byte - 0x30)
            digits += 1
            if let f = fraction { fraction = f + 1 }
        } else if byte == decimal, fraction == nil {
            fraction = 0
        } else {
            return nil
        }
    }
    guard digits > 0, mantissa <= 1 << 53 else { return nil }
    return ScannedDecimal(mantissa: mantissa, exponent: -(fraction ?? 0), isNegative: isNegative)
}

/// A decimal with its mantissa's trailing zeros moved into the exponent (zero: exponent 0), so equal values compare equal.
func normalized(_ decimal: ScannedDecimal) -> ScannedDecimal {
    var d = decimal
    if d.mantissa == 0 { d.exponent = 0 }
    while d.mantissa != 0, d.mantissa % 10 == 0 {
        d.mantissa /= 10
        d.exponent += 1
    }
    return d
}
