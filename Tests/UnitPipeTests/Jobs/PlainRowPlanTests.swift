import Foundation
import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeCSV

/// The worker's plan for plain rows (runs copied as stored around the converted numbers) against
/// the general path, through the real chunk reader: the same bytes, errors, rejects and counts.
@Suite("Plain rows by plan")
struct PlainRowPlanTests {
    /// Six columns: `a`, `b`, `c` and `f` hold numbers (now and then empty, spaced, malformed or
    /// quoted), `d` and `e` random text (quotes, delimiters, line ends, blank edges, long fields);
    /// now and then a ragged or blank line; the last line end sometimes left off.
    static func messyText(seed: UInt64, delimiter: UInt8, quote: UInt8?, lines: Int = 300) -> String {
        var random = SplitMix64(state: seed)
        var generator = RandomCSV(random: SplitMix64(state: seed &+ 1), delimiter: delimiter, quote: quote)
        let d = [delimiter]
        func number() -> [UInt8] {
            switch random.next(25) {
            case 0: return []
            case 1: return Array(" 12.5".utf8)
            case 2: return Array("1..2".utf8)
            case 3: return quote.map { [$0] + Array("3.25".utf8) + [$0] } ?? Array("3.25".utf8)
            case 4: return Array("-0".utf8)
            case 5: return Array(String(repeating: "9", count: random.next(in: 17...40)).utf8)
            default:
                var text = String(random.next(in: 0...99_999))
                if random.next(2) == 0 { text += "." + String(random.next(in: 0...999)) }
                if random.next(8) == 0 { text = "-" + text }
                return Array(text.utf8)
            }
        }
        var text: [UInt8] = Array("a,b,c,d,e,f".utf8).map { $0 == 0x2C ? delimiter : $0 } + [0x0A]
        for _ in 0..<lines {
            switch random.next(40) {
            case 0: text += [0x0A]
            case 1: text += number() + d + number() + [0x0A]
            default:
                text += number() + d + number() + d + number() + d + generator.field() + d + generator.field() + d + number()
                text += generator.lineEnd()
            }
        }
        if random.next(3) == 0 { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// Conversions in every place: first, last, middle, adjacent, out of field order, the original kept.
    static let specSets: [[ColumnSpec]] = [
        [ColumnSpec(column: .name("a"), from: "km", to: "mi")],
        [ColumnSpec(column: .name("f"), from: "degC", to: "degF")],
        [ColumnSpec(column: .name("c"), from: "m", to: "ft")],
        [ColumnSpec(column: .name("f"), from: "km", to: "m"), ColumnSpec(column: .name("a"), from: "kg", to: "lb")],
        [ColumnSpec(column: .name("a"), from: "km", to: "mi"), ColumnSpec(column: .name("b"), from: "degC", to: "degF")],
        [ColumnSpec(column: .name("b"), from: "km", to: "mi", newName: "b_mi", keepsOriginal: true)],
        [ColumnSpec(column: .name("f"), from: "km", to: "mi", newName: "f_mi", keepsOriginal: true),
         ColumnSpec(column: .name("a"), from: "km", to: "m", newName: "a_m", keepsOriginal: true)],
        [ColumnSpec(column: .name("c"), from: "km", to: "mi"), ColumnSpec(column: .name("a"), from: "degC", to: "K"),
         ColumnSpec(column: .name("f"), from: "in", to: "cm"), ColumnSpec(column: .name("b"), from: "lb", to: "kg")],
    ]

    static let dialects: [CSVDialect] = [
        .csv, CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "\""), hasHeader: true),
        CSVDialect(delimiter: UInt8(ascii: "\t"), quote: nil, hasHeader: true),
    ]

    /// Runs `text` with the plan and without, and expects the same output, error report,
    /// rejects and summary counts.
    static func expectSameRuns(
        _ text: String, _ context: String, rowsOutAtLeast: Int = 50, configure: (inout ConvertOptions) -> Void
    ) throws {
        let runs = try [true, false].map { byPlan in
            try runJob(text) {
                configure(&$0)
                $0.writesPlainRowsByPlan = byPlan
            }
        }
        #expect(String(describing: runs[0].failure) == String(describing: runs[1].failure), "\(context)")
        #expect(runs[0].output == runs[1].output, "\(context)")
        #expect(runs[0].errors == runs[1].errors, "\(context)")
        #expect(runs[0].rejects == runs[1].rejects, "\(context)")
        #expect(runs[0].summary.rowsIn == runs[1].summary.rowsIn, "\(context)")
        #expect(runs[0].summary.rowsOut == runs[1].summary.rowsOut, "\(context)")
        #expect(runs[0].summary.rowsRejected == runs[1].summary.rowsRejected, "\(context)")
        #expect(runs[0].summary.columns == runs[1].summary.columns, "\(context)")
        #expect(runs[0].summary.rowsOut >= rowsOutAtLeast, "\(context)")
    }

    @Test(arguments: PlainRowPlanTests.dialects)
    func planWritesWhatTheGeneralPathWrites(_ dialect: CSVDialect) throws {
        for (s, specs) in Self.specSets.enumerated() {
            let text = Self.messyText(seed: 0x5EED &+ UInt64(s) &* 31 &+ UInt64(dialect.delimiter), delimiter: dialect.delimiter, quote: dialect.quote)
            // Whole, and in small chunks that cut records everywhere (one and two threads).
            for (threads, chunkSize) in [(1, 1 << 18), (2, 61), (1, 23), (2, 7)] {
                try Self.expectSameRuns(text, "specs \(s), threads \(threads), chunk \(chunkSize)") {
                    $0.columns = specs
                    $0.delimiter = dialect.delimiter
                    $0.quoting = dialect.quote.map { $0 == 34 ? .standard : .byte($0) } ?? .none
                    $0.threads = threads
                    $0.chunkSize = chunkSize
                    $0.batchRecords = 37
                }
            }
        }
    }

    /// Failed rows kept in the output, a failure limit (counts snapshotted mid-batch), CRLF and
    /// shapes of output that leave the plan aside.
    @Test(arguments: 0..<7)
    func planAgreesUnderOtherOptions(_ variant: Int) throws {
        let text = Self.messyText(seed: 0xAB + UInt64(variant), delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""))
        for (threads, chunkSize) in [(1, 1 << 18), (2, 53)] {
            try Self.expectSameRuns(text, "variant \(variant), threads \(threads), chunk \(chunkSize)") {
                $0.columns = Self.specSets[7]
                $0.threads = threads
                $0.chunkSize = chunkSize
                $0.batchRecords = 29
                switch variant {
                case 0: $0.onError = .keep
                case 1: $0.maxErrors = 40
                case 2: $0.usesCRLF = true
                case 3: $0.decimals = 2
                case 4: $0.notation = .plain
                case 5: $0.quoteStyle = .nonnumeric
                default: $0.outputDelimiter = UInt8(ascii: "|")
                }
            }
        }
    }

    /// A file whose last record has no line end, so its last field ends at the very end of the
    /// input (and of a chunk), converted or copied.
    @Test(arguments: [["f"], ["a"], ["a", "f"]])
    func recordEndingTheInput(_ names: [String]) throws {
        let text = "a,b,c,d,e,f\n1,2,3,x,y,4\n5,6,7,long text field here,z,8"
        for chunkSize in [1, 5, 16, 61, 1 << 18] {
            try Self.expectSameRuns(text, "chunk \(chunkSize)", rowsOutAtLeast: 2) {
                $0.columns = names.map { ColumnSpec(column: .name($0), from: "km", to: "m") }
                $0.chunkSize = chunkSize
            }
            let run = try runJob(text) {
                $0.columns = names.map { ColumnSpec(column: .name($0), from: "km", to: "m") }
                $0.chunkSize = chunkSize
            }
            let a = names.contains("a"), f = names.contains("f")
            #expect(run.output == "a,b,c,d,e,f\n\(a ? "1000" : "1"),2,3,x,y,\(f ? "4000" : "4")\n\(a ? "5000" : "5"),6,7,long text field here,z,\(f ? "8000" : "8")\n")
        }
    }

    /// The counts the row loop takes, against counts made here from the input: numbers, empty
    /// cells, failures, and the smallest and largest converted value, with rejected rows left out.
    @Test func countsMatchTheInput() throws {
        var random = SplitMix64(state: 99)
        var text = "id,len,note\n"
        var converted = 0, empty = 0, errors = 0, rejected = 0
        var low = Int.max, high = Int.min
        for i in 0..<500 {
            switch random.next(10) {
            case 0:
                text += "\(i),,note\n"
                empty += 1
            case 1:
                text += "\(i),x\(i),note\n"
                errors += 1
                rejected += 1
            case 2:
                text += "\(i),\(i),\"quoted, note\"\n"
                converted += 1
                (low, high) = (min(low, i), max(high, i))
            default:
                let value = random.next(in: -5000...5000)
                text += "\(i),\(value),note\n"
                converted += 1
                (low, high) = (min(low, value), max(high, value))
            }
        }
        for (threads, chunkSize) in [(1, 1 << 18), (2, 41)] {
            let run = try runJob(text) {
                $0.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
                $0.threads = threads
                $0.chunkSize = chunkSize
            }
            #expect(run.summary.rowsIn == 500)
            #expect(run.summary.rowsRejected == rejected)
            #expect(run.summary.rowsOut == 500 - rejected)
            #expect(run.summary.columns.first?.converted == converted)
            #expect(run.summary.columns.first?.empty == empty)
            #expect(run.summary.columns.first?.errors == errors)
            #expect(run.summary.columns.first?.min == Double(low * 1000))
            #expect(run.summary.columns.first?.max == Double(high * 1000))
        }
    }
}
