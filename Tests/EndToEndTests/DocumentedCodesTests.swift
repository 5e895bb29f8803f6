import Foundation
import Testing
import UnitPipe

/// The error codes the documentation lists are exactly the program's code table, and the man page
/// that the built binary prints lists every one of them.
@Suite("Documented error codes")
struct DocumentedCodesTests {
    static let codes = ErrorCode.allCases.map(\.rawValue)

    /// The first column of the table under the guide's `### Error codes` heading.
    static func guideCodes() throws -> [String] {
        let guide = try String(contentsOf: UnitPipeRunner.packageRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "### Error codes") else { return [] }
        var codes: [String] = []
        var inTable = false
        for line in lines[heading...].dropFirst() {
            if line.hasPrefix("|") {
                inTable = true
                let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                if cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count > 2 { codes.append(String(cell.dropFirst().dropLast())) }
            } else if inTable {
                break
            }
        }
        return codes
    }

    @Test("the guide's table lists every code of the program, each once")
    func guideTable() throws {
        let documented = try Self.guideCodes()
        #expect(documented.sorted() == Self.codes.sorted())
        #expect(Set(documented).count == documented.count, "a code listed twice: \(documented)")
    }

    @Test("unitpipe man lists every code, in the program's order")
    func manPage() throws {
        let result = try UnitPipeRunner.run(["man"])
        #expect(result.status == 0)
        let page = result.stdout
        guard let start = page.range(of: ".SH ERROR CODES\n"), let end = page.range(of: "\n.SH ", range: start.upperBound..<page.endIndex) else {
            Issue.record("no ERROR CODES section in: \(page.suffix(2000))")
            return
        }
        let listed = page[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("\\fB") && $0.hasSuffix("\\fR") }
            .map { $0.dropFirst(3).dropLast(3).replacingOccurrences(of: "\\-", with: "-") }
        #expect(listed == Self.codes)
    }
}
