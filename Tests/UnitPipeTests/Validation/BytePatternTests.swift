import Foundation
import Testing
import TestSupport
@testable import UnitPipe

/// Swift's `Regex` verdict on a whole cell, the reference the byte matcher must agree with.
private func regexMatches(_ pattern: String, _ cell: String) -> Bool {
    guard let regex = try? Regex(pattern) else { return false }
    return (try? regex.wholeMatch(in: cell)) != nil
}

private func byteMatches(_ pattern: BytePattern, _ cell: String) -> Bool? {
    var copy = cell
    return copy.withUTF8 { pattern.wholeMatch(UnsafeRawBufferPointer($0)) }
}

/// Atoms of the simple kind, each with characters to build cells from (members and others).
private let atoms: [(pattern: String, sample: String)] = [
    ("a", "abA"), ("Z", "Zz"), ("7", "78"), ("-", "-_"), ("_", "_-"), ("@", "@a"), (" ", " \t"), ("%", "%"),
    (".", "a. 9"), ("\\d", "059a "), ("\\w", "a_Z9-"), ("\\s", " a"), ("\\D", "5a-"), ("\\W", "a- "), ("\\S", " x"),
    ("\\.", ".a"), ("\\-", "-a"), ("\\$", "$a"), ("\\+", "+a"), ("\\(", "(a"), ("\\\\", "\\a"),
    ("[A-Z]", "AMZa0"), ("[a-f0-9]", "af09gG"), ("[^0-9]", "0a -"), ("[^a-z_]", "a_A9"), ("[x\\d]", "x5y"),
    ("[ab]", "abc"), ("[A-Za-z]", "aZ9"), ("[_@]", "_@a"), ("[ %]", " %a"), ("[\\w]", "a_-"), ("[^\\s]", " a"),
]
private let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,}", "{2,}", "{0,2}", "{3}"]

@Suite("BytePattern")
struct BytePatternTests {
    @Test("agrees with Swift's Regex on generated simple patterns and cells")
    func agreesWithRegex() throws {
        var random = SplitMix64(state: 25)
        var compared = 0
        var matched = 0
        for _ in 0..<1_500 {
            var pattern = random.next(4) == 0 ? "^" : ""
            var parts: [(sample: String, quantifier: String)] = []
            for _ in 0...random.next(4) {
                let atom = atoms[random.next(atoms.count)]
                let quantifier = quantifiers[random.next(quantifiers.count)]
                pattern += atom.pattern + quantifier
                parts.append((atom.sample, quantifier))
            }
            if random.next(4) == 0 { pattern += "$" }
            let compiled = try #require(BytePattern(pattern), "\(pattern) is of the simple kind")
            for _ in 0..<40 {
                var cell = ""
                for part in parts {
                    let sample = Array(part.sample)
                    for _ in 0..<random.next(part.quantifier.isEmpty ? 2 : 5) { cell.append(sample[random.next(sample.count)]) }
                }
                if random.next(5) == 0, !cell.isEmpty {
                    var characters = Array(cell)
                    characters[random.next(characters.count)] = Character(Unicode.Scalar(UInt8(0x20 + random.next(95))))
                    cell = String(characters)
                }
                let expected = regexMatches(pattern, cell)
                let isPrintableASCII = cell.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                guard let answer = byteMatches(compiled, cell) else {
                    #expect(!isPrintableASCII, "printable ASCII cell \(cell.debugDescription) left to Regex")
                    continue
                }
                #expect(isPrintableASCII, "cell \(cell.debugDescription) answered on bytes")
                #expect(answer == expected, "pattern \(pattern.debugDescription), cell \(cell.debugDescription)")
                compared += 1
                if expected { matched += 1 }
            }
        }
        // Both verdicts occur often, so the comparison tests matches and mismatches alike.
        #expect(compared > 50_000 && matched > compared / 10 && matched < compared * 9 / 10, "\(matched) of \(compared) matched")
    }

    @Test("leaves to Regex the cells it cannot read as one byte a character")
    func leavesOtherCellsToRegex() throws {
        let pattern = try #require(BytePattern("[a-z]+"))
        for cell in ["abc\r\ndef", "ab\tc", "é", "abc\u{7F}", String(repeating: "a", count: 64)] {
            #expect(byteMatches(pattern, cell) == nil, "\(cell.debugDescription)")
        }
        #expect(byteMatches(pattern, String(repeating: "a", count: 63)) == true)
        #expect(byteMatches(pattern, "") == false)
    }

    @Test("refuses patterns beyond literals, classes, quantifiers and the outer anchors")
    func refusesOtherPatterns() {
        for pattern in ["a|b", "(ab)+", "(?i)ab", "\\bword", "a+?", "a*+", "a{,2}", "[a-z&&[aeiou]]", "[[:alpha:]]",
                        "a^b", "a$b", "x{", "[a-]", "[z-a]", "[a-Z]", "é+", "[]a]", "\\p{L}", "a{2}{3}", "[.]", "#"] {
            #expect(BytePattern(pattern) == nil, "\(pattern)")
        }
    }
}
