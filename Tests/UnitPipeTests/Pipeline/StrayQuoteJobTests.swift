import Foundation
import Testing
@testable import UnitPipe

@Suite("Text after a closing quote")
struct StrayQuoteJobTests {
    /// `"ab" ,1` once read the rest of the file into one field (rows_in 1); now it costs its own
    /// record, reported and rejected, and the records after it convert — at every chunk size
    /// and thread count.
    @Test(arguments: [
        ("a,b\n\"ab\" ,1\n2,3\n4,5\n", "\"ab \",1\n"),
        ("a,b\n\"ab\"c,1\n2,3\n4,5\n", "abc,1\n"),
        ("a,b\n\"1\" ,\"2\"\n2,3\n4,5\n", "\"1 \",2\n"),
    ])
    func characterAfterClosingQuoteCostsOnlyItsRecord(_ text: String, _ rejected: String) throws {
        for threads in [1, 2] {
            for chunkSize in [1, 2, 3, 5, 8, 13, 1 << 18] {
                let run = try runJob(text) {
                    $0.columns = [ColumnSpec(column: .name("b"), from: "km", to: "m")]
                    $0.threads = threads
                    $0.chunkSize = chunkSize
                }
                let shown = "threads \(threads), chunk \(chunkSize)"
                #expect(run.summary.rowsIn == 3, "\(shown)")
                #expect(run.summary.rowsRejected == 1, "\(shown)")
                #expect(run.output == "a,b\n2,3000\n4,5000\n", "\(shown)")
                #expect(run.rejects == "a,b\n" + rejected, "\(shown)")
                #expect(run.errors.contains(
                    "text follows the closing quote of a field (as in '\"\"ab\"\" ,1'), so the record is not converted; quote the whole field or remove its quotes"),
                    "\(shown): \(run.errors)")
            }
        }
    }
}
