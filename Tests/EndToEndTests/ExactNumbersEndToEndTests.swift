import Foundation
import Testing

/// Numbers as a person writes them, through the real binary: the decimal text converted exactly
/// and rounded once (to the nearest double for shortest digits, or to N digits from the exact value).
@Suite("exact numbers, end to end")
struct ExactNumbersEndToEndTests {
    /// Runs `convert` on standard input; returns the output's second column.
    func convert(_ values: [String], _ arguments: [String], status: Int32 = 0) throws -> [String] {
        let input = "id,v\n" + values.enumerated().map { "\($0.offset),\"\($0.element)\"\n" }.joined()
        let result = try UnitPipeRunner.run(["convert", "-d", ","] + arguments, stdin: Data(input.utf8))
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        return parseCSV(result.stdout).dropFirst().map { $0[1] }
    }

    @Test func absoluteZeroAndTheIssuesExamples() throws {
        #expect(try convert(["-273.15"], ["-c", "v:degC:degF"]) == ["-459.67"])
        #expect(try convert(["-273.15"], ["-c", "v:degC:K"]) == ["0"])
        #expect(try convert(["40.3", "-28.6"], ["-c", "v:degC:degF"]) == ["104.54", "-19.48"])
        #expect(try convert(["1.1"], ["-c", "v:m:cm"]) == ["110"])
        #expect(try convert(["519.94"], ["-c", "v:km:m"]) == ["519940"])
        #expect(try convert(["0.7"], ["-c", "v:cm:m"]) == ["0.007"])
        // Identity: the shortest digits of the double nearest the text.
        #expect(try convert(["0.1", "12345678901234567890"], ["-c", "v:m:m"]) == ["0.1", "1.2345678901234567e+19"])
    }

    @Test func aColumnOfOneDecimalCelsiusHasNoNoisyOutput() throws {
        // Every tenth from -100.0 to 100.0: the exact °F value (18k + 3200)/100 for k tenths, as
        // its shortest decimal, computed in integers.
        let tenths = Array(-1000...1000)
        let values = tenths.map { k in (k < 0 ? "-" : "") + "\(abs(k) / 10).\(abs(k) % 10)" }
        let expected = tenths.map { k -> String in
            let hundredths = 18 * k + 3200
            var text = (hundredths < 0 ? "-" : "") + "\(abs(hundredths) / 100)." + String(format: "%02d", abs(hundredths) % 100)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        #expect(try convert(values, ["-c", "v:degC:degF"]) == expected)
    }

    @Test func decimalsRoundTheExactValueOnce() throws {
        let ties = ["2.675", "1.005", "1.115", "-2.665", "0.125", "12345678901234567890", "-0.001"]
        #expect(try convert(ties, ["-c", "v:m:m", "--decimals", "2"])
                == ["2.68", "1.00", "1.12", "-2.66", "0.12", "12345678901234567890.00", "0.00"])
        #expect(try convert(ties, ["-c", "v:m:m", "--decimals", "2", "--rounding", "half-up"])
                == ["2.68", "1.01", "1.12", "-2.67", "0.13", "12345678901234567890.00", "0.00"])
        // Per column: :N beside the global --decimals, in an output locale.
        let result = try UnitPipeRunner.run(
            ["convert", "-c", "a:m:cm:1", "-c", "b:degC:degF", "--decimals", "3", "--output-locale", "de_DE"],
            stdin: Data("a,b\n1.25,-273.15\n1234.565,37\n".utf8))
        #expect(result.stdout == "a,b\n\"125,0\",\"-459,670\"\n\"123.456,5\",\"98,600\"\n")
    }

    @Test func plainNotationAndTheSummary() throws {
        #expect(try convert(["1e-7", "1.5e22"], ["-c", "v:m:m", "--notation", "plain"]) == ["0.0000001", "15000000000000000000000"])
        #expect(try convert(["1e-7", "1.5e22"], ["-c", "v:m:m"]) == ["1e-07", "1.5e+22"])
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run(["convert", "-c", "t:degC:degF", "--summary", "s.json"],
                                            stdin: Data("t\n-273.15\n40.3\n".utf8), in: dir)
        #expect(result.status == 0)
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        let columns = try #require(summary["columns"] as? [[String: Any]])
        #expect(columns[0]["min"] as? Double == -459.67)
        #expect(columns[0]["max"] as? Double == 104.54)
        let text = try #require(dir.appendingPathComponent("s.json").text)
        #expect(text.range(of: #""seconds": [0-9]+\.[0-9]{3},"#, options: .regularExpression) != nil, "\(text)")
    }

    @Test(arguments: [
        (["--decimals", "2"], "invalid value '2' for --decimals: it formats converted columns and none is selected; add -c NAME:FROM:TO"),
        (["--output-locale", "de_DE"], "invalid value 'de_DE' for --output-locale: it formats converted columns and none is selected; add -c NAME:FROM:TO"),
        (["-c", "v:m:m", "--rounding", "half-up"], "invalid value 'half-up' for --rounding: it says how --decimals rounds; add --decimals N (or :N to a -c)"),
        (["-c", "v:m:m", "--rounding", "up"], "invalid value 'up' for --rounding: use one of half-even, half-up"),
        (["-c", "v:m:m:21"], "invalid value 'v:m:m:21' for --column: '21' fraction digits: :N takes 0 to 20 (amount:USD:EUR:2)"),
    ])
    func outputOptionsWithoutEffectAreUsageErrors(arguments: [String], message: String) throws {
        let result = try UnitPipeRunner.run(["convert"] + arguments, stdin: Data("v\n1\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe convert: " + message + "\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
