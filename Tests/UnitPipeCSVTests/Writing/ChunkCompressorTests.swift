import Foundation
import Testing
import TestSupport
@testable import UnitPipeCSV

/// Independent members (frames) made one buffer at a time, decoded by the system's gzip and zstd.
@Suite("Compressed output: members and frames")
struct ChunkCompressorTests {
    @Test(arguments: [
        ("out.csv.gz", OutputCompression.gzip), ("OUT.GZ", .gzip), ("a.zst", .zstd), ("b.tsv.ZST", .zstd),
        ("out.csv", .none), ("out.gz.csv", .none), ("gz", .none), ("-", .none),
    ])
    func compressionFollowsTheLastExtension(_ path: String, _ expected: OutputCompression) {
        #expect(OutputCompression(path: path) == expected)
    }

    @Test func standardOutputIsNeverCompressed() {
        #expect(OutputCompression(path: nil) == .none)
        #expect(OutputCompression.none.makeCompressor() == nil)
    }

    /// `tool -dc` of `bytes`.
    static func decode(_ bytes: [UInt8], with tool: String) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "unitpipe-members-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return Array(try decompressed(path, with: tool))
    }

    @Test(arguments: [(OutputCompression.gzip, "gzip"), (.zstd, "zstd")])
    func concatenatedMembersDecodeToTheConcatenatedBuffers(_ compression: OutputCompression, _ tool: String) throws {
        let compressor = try #require(compression.makeCompressor())
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("id,x\n".utf8), [], Array(repeating: UInt8(ascii: "7"), count: 300_000)]
            + (0..<5).map { _ in (0..<Int.random(in: 1...70_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let file = ByteBuffer()
        for piece in pieces {
            let before = file.count
            piece.withUnsafeBytes { compressor.compress($0, appendingTo: file) }
            // Each member on its own decodes to its piece; an empty piece makes no member.
            let member = Array(file.bytes[before...])
            #expect(member.isEmpty == piece.isEmpty)
            if !piece.isEmpty { #expect(try Self.decode(member, with: tool) == piece) }
        }
        #expect(try Self.decode(Array(file.bytes), with: tool) == pieces.flatMap { $0 })
    }

    @Test(arguments: [(OutputCompression.gzip, "gzip"), (.zstd, "zstd")])
    func anEmptyMemberIsAValidEmptyFile(_ compression: OutputCompression, _ tool: String) throws {
        let compressor = try #require(compression.makeCompressor())
        let file = ByteBuffer()
        compressor.appendEmptyMember(to: file)
        #expect(file.count > 0)
        #expect(try Self.decode(Array(file.bytes), with: tool) == [])
    }
}
