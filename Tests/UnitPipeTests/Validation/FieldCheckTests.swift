import Foundation
import Testing
import TestSupport
import UnitPipeNumbers
@testable import UnitPipe

private func withBytes<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    var copy = text
    return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
}

/// A random text of the given characters, up to `length` of them.
private func randomText(_ alphabet: [Character], length: Int, _ random: inout SplitMix64) -> String {
    String((0..<random.next(length + 1)).map { _ in alphabet[random.next(alphabet.count)] })
}

/// The cell checks that read bytes, compared with references written as regular expressions or
/// by the text's order, on generated cells.
@Suite("FieldCheck on bytes")
struct FieldCheckTests {
    /// An email address as the check reads it: no blanks, one '@' after something, then at least
    /// two non-empty dot-separated labels, none starting or ending with '-'.
    static func emailReference() -> Regex<Substring> { #/[^\x00-\x20\x7F@]+@(?:[^\x00-\x20\x7F@.-](?:[^\x00-\x20\x7F@.]*[^\x00-\x20\x7F@.-])?\.)+[^\x00-\x20\x7F@.-](?:[^\x00-\x20\x7F@.]*[^\x00-\x20\x7F@.-])?/# }
    static func uuidReference() -> Regex<Substring> { #/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/# }

    /// Checks `format` on `count` generated cells against `reference`; at least `minimumValid` of them are valid.
    private static func agree(_ format: FieldCheck.TextFormat, with reference: Regex<Substring>, seed: UInt64, count: Int,
                              minimumValid: Int, cell makeCell: (inout SplitMix64) -> String) {
        var random = SplitMix64(state: seed)
        var valid = 0
        for _ in 0..<count {
            let cell = makeCell(&random)
            let expected = (try? reference.wholeMatch(in: cell)) != nil
            #expect(withBytes(cell) { FieldCheck.matches($0, format: format) } == expected, "'\(cell)'")
            if expected { valid += 1 }
        }
        #expect(valid > minimumValid)
    }

    @Test("email on bytes agrees with its regular expression on generated cells")
    func emailAgreesWithReference() {
        let alphabet: [Character] = ["a", "b", "-", ".", "@", " ", "0", "\t"]
        Self.agree(.email, with: Self.emailReference(), seed: 2025, count: 40_000, minimumValid: 1_000) { random in
            // Half the cells are shaped like addresses, so both answers are met often.
            random.next(2) == 0
                ? randomText(["a", "b", "-"], length: 3, &random) + "@" + randomText(["a", "-", "."], length: 6, &random) + ".de"
                : randomText(alphabet, length: 10, &random)
        }
    }

    @Test("uuid on bytes agrees with its regular expression on generated cells")
    func uuidAgreesWithReference() {
        let hex: [Character] = ["0", "9", "a", "f", "A", "F", "g", "-"]
        Self.agree(.uuid, with: Self.uuidReference(), seed: 7, count: 20_000, minimumValid: 2_000) { random in
            var cell = (0..<36).map { i in [8, 13, 18, 23].contains(i) ? "-" : String(hex[random.next(6)]) }.joined()
            // Change one character in three cells of four.
            if random.next(4) != 0 {
                var characters = Array(cell)
                characters[random.next(36)] = hex[random.next(hex.count)]
                cell = String(characters)
            }
            if random.next(10) == 0 { cell += "0" }
            return cell
        }
    }

    @Test("date bounds and enum compare as the ISO text orders, on generated dates")
    func dateBoundsAgreeWithTextOrder() throws {
        var field = TableSchema.Field(name: "d", type: .date)
        field.valueMinimum = TableSchema.ValueBound(text: "2001-03-15", isExclusive: false)
        field.valueMaximum = TableSchema.ValueBound(text: "2003-10-01", isExclusive: true)
        field.allowedTexts = (0..<300).map { String(format: "200%d-%02d-%02d", $0 % 5, $0 % 12 + 1, $0 % 28 + 1) }
        let check = try #require(FieldCheck(field: field))
        var random = SplitMix64(state: 11)
        var outcomes: [FieldCheck.Outcome: Int] = [:]
        for _ in 0..<20_000 {
            let cell = String(format: "200%d-%02d-%02d", random.next(5), random.next(13), random.next(32))
            let found = withBytes(cell) { check.outcome($0) }
            outcomes[found, default: 0] += 1
            let parts = cell.split(separator: "-").compactMap { Int($0) }
            let isDate = parts[1] >= 1 && parts[1] <= 12 && parts[2] >= 1 && parts[2] <= DateFields.days(inMonth: parts[1], year: parts[0])
            let expected: FieldCheck.Outcome =
                !isDate ? .notOfType
                : cell < "2001-03-15" ? .belowMinimum
                : cell >= "2003-10-01" ? .aboveMaximum
                : !(field.allowedTexts ?? []).contains(cell) ? .notAllowed
                : .valid
            #expect(found == expected, "'\(cell)'")
            #expect((withBytes(cell) { check.check($0) } == nil) == (expected == .valid), "'\(cell)'")
        }
        #expect(outcomes.count == 5)
    }

    @Test("boolean enum and the default trueValues, as points")
    func booleanEnum() throws {
        var field = TableSchema.Field(name: "b", type: .boolean)
        field.allowedTexts = ["true"]
        let check = try #require(FieldCheck(field: field))
        #expect(withBytes("TRUE") { check.outcome($0) } == .valid)
        #expect(withBytes(" 1 ") { check.outcome($0) } == .valid)
        #expect(withBytes("false") { check.outcome($0) } == .notAllowed)
        #expect(withBytes("yes") { check.outcome($0) } == .notOfType)
    }

    /// A whole cell tying with a whole bound is decided without reading the cell again; the
    /// answer must be the exact one for every way of writing the number.
    @Test("ties of whole numbers with bounds and enum are exact")
    func wholeTies() {
        let parser = NumberParser(conventions: .c)
        var random = SplitMix64(state: 3)
        let forms: [(Int) -> String] = [
            { "\($0)" }, { "\($0).0" }, { "\($0).000000000000000000001" }, { "\($0)e0" }, { "+\($0)" },
            { "0\($0)" }, { "\($0 - 1).99999999999999999999" },
        ]
        for _ in 0..<3_000 {
            let boundValue = random.next(2) == 0 ? random.next(20) - 10 : Int(1 << 53) - 2 + random.next(4)
            let exclusive = random.next(2) == 0
            let value = DecimalValue("\(boundValue)") ?? .zero
            let rule = ColumnRule(column: .name("x"), kind: random.next(3) == 0 ? .integer : .number,
                                  minimum: random.next(2) == 0 ? TableSchema.Bound(value, isExclusive: exclusive) : nil,
                                  maximum: random.next(2) == 0 ? TableSchema.Bound(value, isExclusive: exclusive) : nil,
                                  allowedValues: random.next(3) == 0 ? [value] : nil)
            let check = ConstraintCheck(rule: rule, parser: parser)
            let cell = forms[random.next(forms.count)](boundValue + random.next(3) - 1)
            guard case .number(let double) = parser.parse(cell), let exact = DecimalValue(cell) else { continue }
            var expected = true
            if rule.kind == .integer, !exact.isInteger { expected = false }
            if let minimum = rule.minimum, minimum.isExclusive ? exact <= minimum.value : exact < minimum.value { expected = false }
            if let maximum = rule.maximum, maximum.isExclusive ? exact >= maximum.value : exact > maximum.value { expected = false }
            if let allowed = rule.allowedValues, !allowed.contains(exact) { expected = false }
            #expect(withBytes(cell) { check.isValid(double, cell: $0) } == expected, "'\(cell)' \(rule)")
        }
    }
}

/// A unique key's canonical bytes of a whole number, made from its double, are those its exact
/// decimal gives, for every way of writing it; cells with a fraction or exponent take the decimal's path.
@Suite("unique keys of whole numbers")
struct WholeKeyTests {
    private static func canonical(_ cell: String, value: Double?, parser: NumberParser) -> [UInt8]? {
        var key: [UInt8] = []
        let isNumber = withBytes(cell) { ValidatePlan.appendCanonicalNumber($0, cell: $0, value: value, parser: parser, to: &key) }
        return isNumber ? key : nil
    }

    @Test("the double's path and the decimal's path give the same bytes")
    func wholeNumbersMatchTheirDecimals() {
        let parser = NumberParser(conventions: .c)
        var random = SplitMix64(state: 19)
        let wholes = [0, 1, -1, 10, 100, -3_000, 9_007_199_254_740_991, -9_007_199_254_740_991, 9_007_199_254_740_992, 1_000_000_000_000_000]
        var compared = 0
        for i in 0..<20_000 {
            let whole = i < wholes.count ? wholes[i] : (random.next(2) == 0 ? 1 : -1) * random.next(1 << random.next(54))
            for cell in ["\(whole)", "+\(whole)", "0\(whole)", "\(whole).0", "\(whole)e0", "\(whole)0e-1"] {
                guard case .number(let double) = parser.parse(cell) else { continue }
                #expect(Self.canonical(cell, value: double, parser: parser) == Self.canonical(cell, value: nil, parser: parser), "'\(cell)'")
                compared += 1
            }
        }
        #expect(compared > 100_000)
    }
}
