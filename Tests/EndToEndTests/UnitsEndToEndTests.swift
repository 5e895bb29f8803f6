import Foundation
import Testing

// Expected converted values below were computed independently with Python's `fractions`:
// the parsed double x taken exactly, x·S + O evaluated exactly (S and O from the NIST
// definitions, currency S = 1 / rate-per-EUR as an exact decimal), rounded once to a double and
// written with the shortest round-trip digits (DESIGN §3). Goldens: fixtures/expected/units/.

@Suite("units, end to end")
struct UnitsEndToEndTests {
    @Test func longFormatPerRowUnits() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/measurements.csv"), "-c", "value:@unit:m",
            "-o", "out.csv", "-e", "errors.csv", "-r", "rejects.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        // Every output row's unit cell is rewritten to 'm'; the rejects keep their own units.
        #expect(dir.appendingPathComponent("out.csv").text == E2E.fixtureText("expected/units/measurements.out.csv"))
        #expect(dir.appendingPathComponent("rejects.csv").text == E2E.fixtureText("expected/units/measurements.rejects.csv"))
        let report = try E2E.report(dir.appendingPathComponent("errors.csv"))
        #expect(report.map { [$0[0], $0[1], $0[2], $0[4]] } == [
            ["record", "line", "column", "code"],
            ["5", "6", "value", "unknown_unit"],
            ["6", "7", "value", "dimension_mismatch"],
            ["11", "12", "value", "dimension_mismatch"],
        ])
        // The value column holds the raw cell (possibly with its unit): '7', '2', '4'.
        #expect(zip(report.dropFirst(), ["7", "2", "4"]).allSatisfy { $0.0[3].hasPrefix($0.1) })
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["rows_in"] as? Int == 12)
        #expect(json["rows_out"] as? Int == 9)
        #expect(json["errors_by_code"] as? [String: Int] == ["unknown_unit": 1, "dimension_mismatch": 2])
        let column = try #require(E2E.columns(json).first)
        #expect(column["converted"] as? Int == 8)
        #expect(column["empty"] as? Int == 1)
        #expect(column["min"] as? Double == 0.9144)
        #expect(column["max"] as? Double == 4828.032)
    }

    @Test func inCellUnitsWithAndWithoutDefault() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let fixture = UnitPipeRunner.fixture("units/readings.csv")
        let plain = try UnitPipeRunner.run(["convert", fixture, "-c", "reading:*:m", "-e", "e1.csv", "--summary", "s1.json"], in: dir)
        #expect(plain.status == 1)
        #expect(plain.stdout == "id,reading\n1,5300\n2,5300\n3,3.6576\n5,250\n7,4023.36\n8,\n9,1\n")
        #expect(try E2E.report(dir.appendingPathComponent("e1.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["4", "5", "reading", "7", "unknown_unit"],
            ["6", "7", "reading", "3 kg", "dimension_mismatch"],
        ])
        #expect(try E2E.summary(dir.appendingPathComponent("s1.json"))["rows_rejected"] as? Int == 2)

        let withDefault = try UnitPipeRunner.run(["convert", fixture, "-c", "reading:*km:m", "-e", "e2.csv", "--summary", "s2.json"], in: dir)
        #expect(withDefault.status == 1)
        #expect(withDefault.stdout == "id,reading\n1,5300\n2,5300\n3,3.6576\n4,7000\n5,250\n7,4023.36\n8,\n9,1\n")
        #expect(try E2E.report(dir.appendingPathComponent("e2.csv")) == [
            ["record", "line", "column", "value", "code"],
            ["6", "7", "reading", "3 kg", "dimension_mismatch"],
        ])
        #expect(try E2E.summary(dir.appendingPathComponent("s2.json"))["rows_out"] as? Int == 8)
    }

    @Test func currenciesAtTheLatestEcbRates() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/expenses.csv"), "-c", "amount:@currency:EUR",
            "--rates", UnitPipeRunner.fixture("rates/eurofxref.csv"), "-e", "errors.csv", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == E2E.fixtureText("expected/units/expenses.latest.out.csv"))
        #expect(try E2E.report(dir.appendingPathComponent("errors.csv")).map { [$0[0], $0[1], $0[2], $0[4]] } == [
            ["record", "line", "column", "code"],
            ["5", "6", "amount", "no_rate"],
        ])
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["errors_by_code"] as? [String: Int] == ["no_rate": 1])
    }

    @Test func currenciesAtAPastDate() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let history = UnitPipeRunner.fixture("rates/eurofxref-hist.csv")
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/expenses.csv"), "-c", "amount:@currency:EUR",
            "--rates", history, "--rates-date", "2024-05-14", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == E2E.fixtureText("expected/units/expenses.2024-05-14.out.csv"))
        #expect(try E2E.summary(dir.appendingPathComponent("s.json"))["rows_rejected"] as? Int == 1)

        let missing = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/expenses.csv"), "-c", "amount:@currency:EUR",
            "--rates", history, "--rates-date", "2024-05-15",
        ])
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("2024-05-15"))
        #expect(missing.stderr.contains("2024-05-14"))
        #expect(missing.stderr.contains("2024-05-16"))
    }

    @Test func compoundExpressions() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/motion.csv"), "-c", "speed:km/h:m/s", "-c", "accel:ft/s^2:m/s^2",
            "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            id,speed,accel
            1,10,9.8066352
            2,27.77777777777778,0.3048
            3,0.027777777777777776,-2.98906692
            4,277.77777777777777,0

            """)
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["status"] as? String == "ok")
    }

    @Test func temperatureAndTemperatureDifferenceDiffer() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let result = try UnitPipeRunner.run([
            "convert", UnitPipeRunner.fixture("units/temperatures.csv"),
            "-c", "temp:degC:degF", "-c", "delta:delta_degC:delta_degF", "--summary", "s.json",
        ], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            id,temp,delta
            1,50,18
            2,-40,-72
            3,212,1.8
            4,-459.67,0.18
            5,98.6,66.6

            """)
        _ = try E2E.summary(dir.appendingPathComponent("s.json"))
        let mixed = try UnitPipeRunner.run(["convert", UnitPipeRunner.fixture("units/temperatures.csv"), "-c", "temp:degC:delta_degF"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("cannot convert from 'degC' [temperature] to 'delta_degF' [temperature_difference]"))
    }

    @Test func unitsListing() throws {
        let result = try UnitPipeRunner.run(["units"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let dimensions = lines.filter { !$0.hasPrefix(" ") && $0.contains("(base: ") }
        let units = lines.filter { $0.hasPrefix("  ") }
        #expect(units.count >= 150)
        for name in ["length (base: m)", "mass (base: kg)", "temperature (base: K)", "temperature_difference (base: delta_K)", "speed (base: m/s)"] {
            #expect(dimensions.contains { $0 == name }, "missing \(name)")
        }
        #expect(dimensions.count >= 15)
    }

    @Test func unitsExactFactor() throws {
        // 1 km / 1609.344 m = 1000000/1609344 = 15625/25146 ≈ 0.621371192237334 (Python fractions).
        let result = try UnitPipeRunner.run(["units", "km", "mi"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1 km = 0.621371192237334 mi (exact 15625/25146)"))
    }

    @Test func unitsSuggestsTheNearestExpression() throws {
        let result = try UnitPipeRunner.run(["units", "kmh"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown unit 'kmh'; did you mean 'km/h'?"))
    }
}
