import Foundation
import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeCSV

@Suite("Readers in a job")
struct ReaderKindJobTests {
    /// The whole job (chunks cut anywhere, one and two threads) writes the same output, error
    /// report and rejects with either reader, on random text whose first column is converted.
    @Test(arguments: [
        CSVDialect.csv, CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "\""), hasHeader: true),
        CSVDialect(delimiter: UInt8(ascii: "\t"), quote: nil, hasHeader: true),
    ])
    func jobOutputIsTheSameWithEitherReader(_ dialect: CSVDialect) throws {
        var generator = RandomCSV(random: SplitMix64(state: 0x10B &+ UInt64(dialect.delimiter)), delimiter: dialect.delimiter, quote: dialect.quote)
        var random = SplitMix64(state: 7)
        let d = String(UnicodeScalar(dialect.delimiter))
        for _ in 0..<(isLongRun ? 100 : 2) {
            var text = "n\(d)a\(d)b\(d)c\n"
            for line in generator.text(lines: 400).split(separator: 0x0A, omittingEmptySubsequences: false) {
                text += "\(random.next(in: 0...999)).\(random.next(in: 0...99))\(d)" + String(decoding: line, as: UTF8.self) + "\n"
            }
            for (threads, chunkSize) in [(1, 1 << 18), (2, 61), (1, 23)] {
                let runs = try ReaderKind.allCases.map { reader in
                    try runJob(text) {
                        $0.columns = [ColumnSpec(column: .name("n"), from: "km", to: "mi")]
                        $0.delimiter = dialect.delimiter
                        $0.quoting = dialect.quote.map { $0 == 34 ? .standard : .byte($0) } ?? .none
                        $0.threads = threads
                        $0.chunkSize = chunkSize
                        $0.reader = reader
                    }
                }
                #expect(runs[0].output == runs[1].output, "threads \(threads), chunk \(chunkSize)")
                #expect(runs[0].errors == runs[1].errors)
                #expect(runs[0].rejects == runs[1].rejects)
                #expect(runs[0].summary.rowsIn == runs[1].summary.rowsIn)
                #expect(runs[0].output.count > 1000)
            }
        }
    }
}
