import Foundation
import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeUnits

/// Compressed output through the job with small chunks: many members, compressed by the workers,
/// byte-identical for every thread count and chunk-independent once decoded.
@Suite("ConvertJob: compressed output")
struct CompressedOutputJobTests {
    /// `tool -dc path`, as text.
    static func decode(_ path: String, with tool: String) throws -> String {
        String(decoding: try decompressed(path, with: tool), as: UTF8.self)
    }

    /// One run of the messy fixture into `out.EXT`, `rejects.EXT`, `errors.EXT`: the stored bytes of each.
    static func run(ext: String, threads: Int, chunkSize: Int, in dir: String) throws -> (files: [Data], failure: JobError?) {
        var options = ConvertOptions()
        options.inputPath = dir + "/in.csv"
        options.outputPath = dir + "/out.csv" + ext
        options.errorsPath = dir + "/errors.csv" + ext
        options.rejectsPath = dir + "/rejects.csv" + ext
        options.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
        options.threads = threads
        options.chunkSize = chunkSize
        let outcome = ConvertJob(options: options).run()
        let files = try ["out", "errors", "rejects"].map { try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\($0).csv\(ext)")) }
        return (files, outcome.failure)
    }

    @Test(arguments: [(".gz", "gzip"), (".zst", "zstd")])
    func membersAreTheSameForEveryThreadCountAndDecodeToThePlainFiles(_ ext: String, _ tool: String) throws {
        let dir = NSTemporaryDirectory() + "unitpipe-compressed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(ConvertJobTests.messy.utf8).write(to: URL(fileURLWithPath: dir + "/in.csv"))
        let plain = try runJob(ConvertJobTests.messy) {
            $0.columns = [ColumnSpec(column: .name("len"), from: "km", to: "m")]
            $0.threads = 1
        }
        for chunkSize in [64, 1000] {
            let reference = try Self.run(ext: ext, threads: 1, chunkSize: chunkSize, in: dir)
            #expect(try Self.decode(dir + "/out.csv" + ext, with: tool) == plain.output)
            #expect(try Self.decode(dir + "/errors.csv" + ext, with: tool) == plain.errors)
            #expect(try Self.decode(dir + "/rejects.csv" + ext, with: tool) == plain.rejects)
            for threads in [2, 3] {
                let run = try Self.run(ext: ext, threads: threads, chunkSize: chunkSize, in: dir)
                #expect(run.files == reference.files, "threads \(threads), chunk \(chunkSize)")
            }
        }
        // Small chunks make many members: far bigger than one member of the same text.
        let many = try Self.run(ext: ext, threads: 2, chunkSize: 64, in: dir).files[0].count
        let few = try Self.run(ext: ext, threads: 2, chunkSize: 1 << 20, in: dir).files[0].count
        #expect(many > 3 * few)
    }
}
