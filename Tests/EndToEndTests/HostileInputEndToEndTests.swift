import Foundation
import Testing

/// Reproductions of hostile inputs, run through the real binary: each test is named after the defect it reproduces.
@Suite struct HostileInputEndToEndTests {
    static let amounts = "amount,currency\n50,GBP\n"

    /// Runs `convert in.csv -c amount:@currency:EUR --rates rates.csv` with the given rates file.
    static func convert(rates: String, input: String = amounts, extra: [String] = []) throws -> (UnitPipeRunner.Result, URL) {
        let dir = try E2E.directory(with: "in.csv", input)
        try rates.write(to: dir.appendingPathComponent("rates.csv"), atomically: true, encoding: .utf8)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "amount:@currency:EUR", "--rates", "rates.csv"] + extra, in: dir)
        return (result, dir)
    }

    @Test func duplicateCurrencyInRatesFileIsAnError() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0.79\nGBP,0.5\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "unitpipe convert: lines 2 and 3: GBP has two different rates ('0.79' and '0.5'); keep one line per currency\n")
        // The same rate twice converts: 50 / 0.8 exactly.
        let (same, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0.8\nGBP,0.80\n")
        #expect(same.status == 0)
        #expect(same.stdout == "amount,currency\n62.5,EUR\n")
    }

    @Test func duplicateEcbColumnIsAnError() throws {
        let (result, _) = try Self.convert(rates: "Date, USD, GBP, GBP,\n17 May 2024, 1.08, 0.8, 0.5,\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2: columns 3 and 4 are both GBP with different rates ('0.8' and '0.5'); keep one column per currency\n")
    }

    @Test func duplicateEcbDateWarns() throws {
        let (result, _) = try Self.convert(rates: "Date,GBP\n2024-05-17,0.8\n2024-05-16,0.85\n2024-05-17,0.5\n")
        #expect(result.status == 0)
        #expect(result.stdout == "amount,currency\n62.5,EUR\n")
        #expect(result.stderr.hasPrefix(
            "unitpipe convert: warning: the rates file has 2 rows for 2024-05-17 (lines 2, 4); the first (line 2) is used. Remove the others\n"))
    }

    @Test func baseRateMessageNamesItsLine() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_USD\nUSD,2\nGBP,0.8\nEUR,0.9\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2: USD is the base currency, so its rate must be 1, not '2'; remove the line or correct the base\n")
    }

    @Test func ratesFileWithoutTheTargetCurrencySaysSo() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_USD\nGBP,0.8\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the rates file (--rates) quotes no rate for 'EUR'; add a line 'EUR,RATE' or use a file that quotes it (run 'unitpipe units --rates FILE' to list its currencies)\n")
    }

    @Test func hugeRatesCommentLineIsRefused() throws {
        let dir = try E2E.directory(with: "in.csv", Self.amounts)
        // 1 GiB of comment, sparse: the run must stop at the 16 MiB limit, not read it all.
        let rates = dir.appendingPathComponent("rates.csv")
        #expect(FileManager.default.createFile(atPath: rates.path, contents: Data("currency,rate_per_EUR\n#".utf8)))
        let handle = try FileHandle(forWritingTo: rates)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "amount:@currency:EUR", "--rates", "rates.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: rates file 'rates.csv' is larger than 16 MiB, which no rates file needs (the ECB's whole history is under 2 MiB); check that --rates names the rates file\n")
    }

    @Test func millionLineRatesFileIsRefused() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\n" + String(repeating: "GBP,0.8\n", count: 1_000_000))
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the rates file has more than 100000 lines, which no rates file needs (the ECB's history has one per business day); check that --rates names the rates file\n")
    }

    @Test func longRatesNumberLineIsRefused() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0." + String(repeating: "7", count: 70_000) + "\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2 of the rates file is longer than 64 KiB, which no rates line needs; check that --rates names the rates file\n")
    }
}
