import Foundation
import Testing

/// Fuel economy and consumption through the built binary: `units` shows y = K/x, `convert`
/// divides exactly and reports a zero with its own code. Expected numbers are Python's
/// `float(Fraction(112903, 480) / Fraction(text))` (1 mi = 1609.344 m, 1 US gal = 3.785411784 L)
/// and agree with GNU units (`units -t '1/(30 mpg)' L/100km` prints 7.8404861).
@Suite("reciprocal units, end to end")
struct ReciprocalUnitsEndToEndTests {
    @Test("units mpg L/100km gives the exact constant both ways")
    func units() throws {
        let result = try UnitPipeRunner.run(["units", "mpg", "L/100km"])
        #expect(result.stdout == "mpg → L/100km: y = 235.21458333333334/x (exact 112903/480); 0 has no reciprocal\nL/100km → mpg: y = 235.21458333333334/x (exact 112903/480); 0 has no reciprocal\n")
        #expect(result.status == 0)
        let expression = try UnitPipeRunner.run(["units", "mi/gal", "L/100 km", "km/L"])
        #expect(expression.stdout == "mi/gal → L/100km: y = 235.21458333333334/x (exact 112903/480); 0 has no reciprocal\n1 mi/gal = 0.425143707430272 km/L (exact 48000/112903)\n")
    }

    @Test("convert divides the exact decimal and rounds once; a zero is rejected as zero_reciprocal")
    func convert() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("car,mpg\na,30\nb,0\nc,25.5\nd,-0.0\ne,7\nf,\n".utf8).write(to: dir.appendingPathComponent("cars.csv"))
        let result = try UnitPipeRunner.run(
            ["convert", "cars.csv", "-c", "mpg:mpg:L/100km=l_per_100km", "-e", "errors.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "car,l_per_100km\na,7.840486111111111\nc,9.224101307189542\ne,33.60208333333333\nf,\n")
        #expect(dir.appendingPathComponent("errors.csv").text == """
            record,line,column,value,code,message
            2,3,mpg,0,zero_reciprocal,"'0' is zero, which has no value in L/100km: mpg converts to it as y = K/x"
            4,5,mpg,-0.0,zero_reciprocal,"'-0.0' is zero, which has no value in L/100km: mpg converts to it as y = K/x"

            """)
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        #expect(summary.contains("\"errors_by_code\": {\"zero_reciprocal\": 2}"))
        let fixed = try UnitPipeRunner.run(["convert", "cars.csv", "-c", "mpg:L/100km:mpg:2", "--on-error", "keep", "-q"], in: dir)
        #expect(fixed.stdout == "car,mpg\na,7.84\nb,\nc,9.22\nd,\ne,33.60\nf,\n")
        #expect(fixed.status == 1)
    }
}
