import Foundation
import Testing
@testable import UnitPipe

@Suite("Text after a closing quote")
struct StrayQuoteJobTests {
    /// `"ab" ,1` once read the rest of the file into one field (rows_in 1); now it costs its own
    /// record, reported and rejected, and the records after it convert — at every chunk size
    /// and thread count.
    @Test(arguments: [
        // The rejects hold the record as it was read.
        ("a,b\n\"ab\" ,1\n2,3\n4,5\n", "\"ab\" ,1\n"),
        ("a,b\n\"ab\"c,1\n2,3\n4,5\n", "\"ab\"c,1\n"),
        ("a,b\n\"1\" ,\"2\"\n2,3\n4,5\n", "\"1\" ,\"2\"\n"),
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

@Suite("Records with many fields")
struct WideRecordJobTests {
    /// A 200 KB line of commas is one malformed record with a short report entry; the records
    /// around it convert, at every thread count.
    @Test func recordWithManyFieldsCostsOnlyItsRecord() throws {
        let text = "a,b\n1,2\n" + String(repeating: ",", count: 200_000) + "\n3,4\n"
        for threads in [1, 2] {
            let run = try runJob(text) {
                $0.columns = [ColumnSpec(column: .name("b"), from: "km", to: "m")]
                $0.threads = threads
                $0.chunkSize = 4096
                $0.maxFieldSize = 10_000
            }
            #expect(run.summary.rowsIn == 3)
            #expect(run.output == "a,b\n1,2000\n3,4000\n")
            #expect(run.rejects == "a,b\n")
            let message = "the record is longer than the largest field size (10000 bytes, counting 9 bytes for each field after the first): 1112 fields were kept; fix the file or raise the limit"
            #expect(run.errors.contains("2,3,,\"" + String(repeating: ",", count: 256) + "…\",malformed_csv,\"" + message + "\""), "\(run.errors.prefix(600))")
            #expect(run.errors.utf8.count < 1000)
        }
    }
}
