import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV

/// A job that keeps every record it is given, with its absolute position, and fails the rows
/// whose first field is `bad` (to exercise the failure budget).
final class CollectingJob: BatchCommitter {
    struct Record: Equatable, CustomStringConvertible {
        var record: Int
        var line: Int
        var byte = 0
        var fields: [String]
        var description: String { "record \(record) line \(line) byte \(byte) \(fields)" }
        /// The record without its byte offset (for comparisons that pin records and lines only).
        var withoutByte: Record { Record(record: record, line: line, fields: fields) }
    }

    final class Worker: BatchWorker, @unchecked Sendable {
        var records: [Record] = []
        var failedAt: [Int] = []

        func process(_ batch: RecordBatch, budget: inout FailureBudget) {
            for r in 0..<batch.count {
                if budget.isExhausted { return }
                let fields = batch.strings(of: r)
                records.append(Record(record: batch.firstRecordIndex + r, line: batch.line(of: r), byte: batch.byteOffset(of: r), fields: fields))
                if fields.first == "bad" {
                    failedAt.append(records.count)
                    _ = budget.spend()
                }
            }
        }

        func keepResults(throughFailedRow n: Int) { records.removeLast(records.count - failedAt[n - 1]) }
        func seal() {}
        func clearResults() {
            records.removeAll()
            failedAt.removeAll()
        }
    }

    var committed: [Record] = []

    func makeWorker() -> Worker { Worker() }

    func commit(_ worker: Worker, bases: RecordEngine.Bases) throws(JobError) {
        committed += worker.records.map {
            Record(record: bases.record + $0.record + 1, line: bases.line + $0.line, byte: bases.byte + $0.byte, fields: $0.fields)
        }
    }
}

/// `CollectingJob`'s records, with a commit that fails: the `failAt`-th (as a closed output pipe).
final class FailingCommitJob: BatchCommitter {
    let collected = CollectingJob()
    let failAt: Int
    private(set) var commits = 0

    init(failAt: Int) { self.failAt = failAt }

    func makeWorker() -> CollectingJob.Worker { collected.makeWorker() }

    func commit(_ worker: CollectingJob.Worker, bases: RecordEngine.Bases) throws(JobError) {
        commits += 1
        if commits == failAt { throw .output(.closedPipe) }
        try collected.commit(worker, bases: bases)
    }
}

/// Runs `CollectingJob` over `text` and returns what was committed, in order.
func collect(
    _ text: String, threads: Int, chunkSize: Int, failureLimit: Int? = nil, batchRecords: Int = 8192,
    speculationFailureLimit: Int = 16_384, shard: ResolvedByteRange? = nil
) throws -> (records: [CollectingJob.Record], end: RecordEngine.End) {
    let input = try head(text, delimiter: UInt8(ascii: ","))
    let job = CollectingJob()
    let engine = RecordEngine(
        threads: threads, chunkSize: chunkSize, maxFieldSize: 1 << 20, failureLimit: failureLimit,
        batchRecords: batchRecords, speculationFailureLimit: speculationFailureLimit)
    let end = try engine.run(input, job: job, shard: shard)
    return (job.committed, end)
}

@Suite("Record engine")
struct RecordEngineTests {
    /// Quoted fields with line ends in them, CRLF, lone CRs and blank lines: records cut by
    /// chunks of every size, speculated on by several threads, numbered the same.
    static let text: String = {
        var text = "id,note\r\n"
        for i in 1...60 {
            switch i % 5 {
            case 0: text += "\(i),\"two\r\nlines, quoted\"\r\n"
            case 1: text += "\r\n\(i),after a blank line\n"
            case 2: text += "\(i),old mac\r"
            default: text += "\(i),plain\n"
            }
        }
        return text
    }()

    @Test(arguments: [1, 2, 3])
    func recordsAndLinesAreTheSameForEveryThreadCountAndChunkSize(threads: Int) throws {
        let reference = try collect(Self.text, threads: 1, chunkSize: 1 << 20).records
        #expect(reference.count == 60)
        #expect(reference.first?.withoutByte == CollectingJob.Record(record: 1, line: 3, fields: ["1", "after a blank line"]))
        #expect(reference[4].withoutByte == CollectingJob.Record(record: 5, line: 7, fields: ["5", "two\r\nlines, quoted"]))
        #expect(reference.last?.withoutByte == CollectingJob.Record(record: 60, line: 84, fields: ["60", "two\r\nlines, quoted"]))
        for chunkSize in [1, 2, 7, 64, 1 << 20] {
            let run = try collect(Self.text, threads: threads, chunkSize: chunkSize)
            #expect(run.records == reference, "threads \(threads), chunk \(chunkSize)")
            #expect(run.end == .finished)
        }
    }

    /// A BOM, a header, CRLF, lone CRs, blank lines and quoted line ends, with each record's
    /// offset in the file noted as the text is made (the oracle).
    static let positioned: (text: String, starts: [Int]) = {
        var text = "\u{FEFF}id,note\r\n"
        var starts: [Int] = []
        for i in 1...40 {
            if i % 5 == 1 { text += "\r\n" }
            starts.append(text.utf8.count)
            switch i % 4 {
            case 0: text += "\(i),\"two\r\nlines, quoted\"\r\n"
            case 1: text += "\(i),old mac\r"
            case 2: text += "\(i),\"x\ny\nz\"\n"
            default: text += "\(i),plain\n"
            }
        }
        return (text, starts)
    }()

    /// Each record's byte offset is where it starts in the file, however chunks cut it (one byte
    /// a chunk included) and whichever thread parses it; a byte range counts from the file's start.
    @Test(arguments: [1, 2, 3])
    func byteOffsetsAreWhereEachRecordStartsInTheFile(threads: Int) throws {
        let (text, starts) = Self.positioned
        for chunkSize in [1, 2, 7, 64, 1 << 20] {
            let run = try collect(text, threads: threads, chunkSize: chunkSize)
            #expect(run.records.map(\.byte) == starts, "threads \(threads), chunk \(chunkSize)")
        }
        let whole = try collect(text, threads: 1, chunkSize: 1 << 20).records
        let from = whole[17]
        let shard = ResolvedByteRange(start: from.byte, end: text.utf8.count, record: from.record, line: from.line, firstRecordStart: starts[0])
        for chunkSize in [1, 64, 1 << 20] {
            let part = try collect(text, threads: threads, chunkSize: chunkSize, shard: shard).records
            #expect(part == Array(whole[17...]), "threads \(threads), chunk \(chunkSize)")
        }
    }

    @Test(arguments: [1, 2])
    func theFailureLimitStopsRightAfterTheSameRow(threads: Int) throws {
        var text = "id\n"
        for i in 1...50 { text += i % 4 == 0 ? "bad\n" : "\(i)\n" }
        for chunkSize in [1, 5, 1 << 20] {
            let run = try collect(text, threads: threads, chunkSize: chunkSize, failureLimit: 3)
            #expect(run.end == .failureLimitReached)
            // Rows 4, 8, 12 are within the limit; row 16 is the first beyond it and the last kept.
            #expect(run.records.last?.record == 16, "threads \(threads), chunk \(chunkSize)")
            #expect(run.records.count == 16)
        }
        let unlimited = try collect(text, threads: threads, chunkSize: 5)
        #expect(unlimited.end == .finished)
        #expect(unlimited.records.count == 50)
    }

    /// A commit that fails ends the run with its error, whichever thread commits: the commits
    /// before it hold the input's first records in order, and none is made after it.
    @Test(arguments: [1, 2, 3, 4])
    func aFailedCommitEndsTheRunWithItsError(threads: Int) throws {
        var text = "id,note\n"
        for i in 1...400 { text += "\(i),row \(i)\n" }
        let reference = try collect(text, threads: 1, chunkSize: 1 << 20).records
        for failAt in [1, 2, 7, 30] {
            let job = FailingCommitJob(failAt: failAt)
            let engine = RecordEngine(threads: threads, chunkSize: 64, maxFieldSize: 1 << 20, failureLimit: nil)
            let input = try head(text, delimiter: UInt8(ascii: ","))
            do {
                _ = try engine.run(input, job: job)
                Issue.record("threads \(threads), failing commit \(failAt): the run ended without an error")
            } catch .output(.closedPipe) {
            } catch {
                Issue.record("threads \(threads), failing commit \(failAt): \(error)")
            }
            #expect(job.commits == failAt, "threads \(threads)")
            let committed = job.collected.committed
            #expect(committed.elementsEqual(reference.prefix(committed.count)), "threads \(threads), failing commit \(failAt)")
            #expect(committed.count < reference.count)
        }
    }

    /// Speculative parses of the chunks after a long quoted field's start read its lines as failing
    /// rows (here `bad`), and with two threads they held all of them at the field's peak. They now
    /// stop (at the failure limit, or once void) and are finished by the committer when they
    /// are not void: the records, and the row the failure limit stops at, must not change.
    @Test(arguments: [1, 2, 3])
    func speculativeParsesOfAManyLineFieldStopWithTheSameRecords(threads: Int) throws {
        var text = "id,note\n"
        for i in 1...30 { text += i % 3 == 0 ? "bad,\(i)\n" : "\(i),plain\n" }
        text += "31,\"" + String(repeating: "bad\n", count: 200) + "\"\n"
        for i in 32...60 { text += i % 2 == 0 ? "bad,\(i)\n" : "\(i),between\n" }
        text += "61,\"" + String(repeating: "bad\r\n", count: 150) + "\"\n62,last\n"
        let reference = try collect(text, threads: 1, chunkSize: 1 << 20).records
        #expect(reference.count == 62)
        #expect(reference[30].fields == ["31", String(repeating: "bad\n", count: 200)])
        #expect(reference[30].line == 32)
        #expect(reference.last?.withoutByte == CollectingJob.Record(record: 62, line: 413, fields: ["62", "last"]))
        let limited = try collect(text, threads: 1, chunkSize: 1 << 20, failureLimit: 20).records
        for chunkSize in [1, 7, 64, 1 << 20] {
            for (batch, limit) in [(1, 1), (3, 2), (8192, 16_384)] {
                let label = "threads \(threads), chunk \(chunkSize), batch \(batch), limit \(limit)"
                let run = try collect(
                    text, threads: threads, chunkSize: chunkSize, batchRecords: batch, speculationFailureLimit: limit)
                #expect(run.records == reference, "\(label)")
                let cut = try collect(
                    text, threads: threads, chunkSize: chunkSize, failureLimit: 20, batchRecords: batch,
                    speculationFailureLimit: limit)
                #expect(cut.end == .failureLimitReached)
                #expect(cut.records == limited, "\(label), failure limit 20")
            }
        }
    }
}
