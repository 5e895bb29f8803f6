import Foundation
import Testing
@testable import UnitPipeCLI

/// In `@COLUMN` mode an empty unit cell names the unit column, in `convert` and `validate`
/// alike, and the report's value is the cell as written.
@Suite("empty unit cells in @COLUMN mode")
struct UnitColumnMessageTests {
    @Test(arguments: [
        ["convert", "$D/in.csv", "-c", "v:@unit:m", "-o", "$D/out.csv"],
        ["validate", "$D/in.csv", "-c", "v:@unit"],
        ["validate", "$D/in.csv", "-c", "v:@unit:m"],
    ])
    func emptyUnitCell(arguments: [String]) throws {
        let result = try CLIHarness.run(arguments + ["-e", "$D/e.csv", "-q"], files: ["in.csv": "v,unit\n1,\n2,km\n"])
        #expect(result.status == 1)
        #expect(result.file("e.csv") == """
            record,line,column,value,code,message
            1,2,v,1,unknown_unit,the unit column 'unit' is empty in this row; write the row's unit there (e.g. 'km')

            """)
    }
}
