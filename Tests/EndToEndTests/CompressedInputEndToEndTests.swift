import Foundation
import Testing
import TestSupport

/// Compressed input recognised by its magic bytes, damaged archives, and the formats that are refused.
@Suite("compressed and refused input, end to end")
struct CompressedInputEndToEndTests {
    /// A generated file bigger than one 256 KiB block of stored bytes, with failing rows and quoted newlines.
    static func generatedCSV(rows: Int = 40_000) -> String {
        let lines = (1...rows).map { i -> String in
            switch i % 13 {
            case 0: "\(i),\(i)km?,bad\n"
            case 4: "\(i),\(Double(i) / 7),\"two\nlines, quoted\"\n"
            case 9: "\(i),,empty\n"
            default: "\(i),\(Double(i) / 3),ok\n"
            }
        }
        return "id,distance,note\n" + lines.joined()
    }

    /// Runs `command` (a shell pipeline) in `dir`; fails the test when it fails.
    static func shell(_ command: String, in dir: URL) throws {
        let result = try UnitPipeRunner.runShell(command, in: dir)
        try #require(result.status == 0, "\(command): \(String(decoding: result.stderr, as: UTF8.self))")
    }

    /// Exit status, standard error, output, rejects and error report of one convert run (in a
    /// directory of its own, so the messages name the same files).
    static func convert(_ input: String, threads: Int, in dir: URL, stdin: Data = Data()) throws -> [String?] {
        let run = dir.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let path = input == "-" ? "-" : dir.appendingPathComponent(input).path
        let result = try UnitPipeRunner.run(
            ["convert", path, "-c", "distance:km:mi", "--threads", "\(threads)", "-o", "out.csv",
             "-r", "rejects.csv", "-e", "errors.csv"], stdin: stdin, in: run)
        return ["\(result.status)", result.stderr] + ["out", "rejects", "errors"].map { run.appendingPathComponent("\($0).csv").text }
    }

    @Test(.enabled(if: isSlowRun, "slow: UNITPIPE_SLOW_TESTS=1 runs it"), arguments: [1, 2])
    func gzipAndZstdGiveTheSameResultsAsPlainInput(threads: Int) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.generatedCSV().write(to: dir.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        // Two gzip members (the file's halves concatenated), one zstd stream, and zstd frames concatenated.
        try Self.shell("""
            gzip -c data.csv > data.csv.gz && zstd -q -c data.csv > data.csv.zst && \
            head -c 700000 data.csv | gzip -1 > multi.gz && tail -c +700001 data.csv | gzip -9 >> multi.gz && \
            head -c 300000 data.csv | zstd -q -c > multi.zst && tail -c +300001 data.csv | zstd -q -c >> multi.zst && \
            cp data.csv.gz named-plain.csv
            """, in: dir)
        let plain = try Self.convert("data.csv", threads: threads, in: dir)
        #expect(plain[0] == "1")
        #expect(plain[2]?.isEmpty == false)
        for name in ["data.csv.gz", "data.csv.zst", "multi.gz", "multi.zst", "named-plain.csv"] {
            #expect(try Self.convert(name, threads: threads, in: dir) == plain, "\(name)")
        }
        // Standard input is recognised the same way.
        let gz = try Data(contentsOf: dir.appendingPathComponent("multi.gz"))
        #expect(try Self.convert("-", threads: threads, in: dir, stdin: gz) == plain)
        let zst = try Data(contentsOf: dir.appendingPathComponent("data.csv.zst"))
        #expect(try Self.convert("-", threads: threads, in: dir, stdin: zst) == plain)
    }

    @Test func bytesInCountsBytesAsStoredAndTsvGzIsTabSeparated() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try "id\tdistance\n1\t1,5\n2\t3\n".write(to: dir.appendingPathComponent("t.tsv"), atomically: true, encoding: .utf8)
        try Self.shell("gzip -c t.tsv > t.tsv.gz && zstd -q -c t.tsv > t.tsv.zst", in: dir)
        for name in ["t.tsv.gz", "t.tsv.zst"] {
            let result = try UnitPipeRunner.run(["convert", name, "-c", "distance:km:m", "--locale", "de_DE", "--summary", "s.json"], in: dir)
            #expect(result.status == 0)
            #expect(result.stdout == "id\tdistance\n1\t1500\n2\t3000\n")
            let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.size] as? Int
            let summary = try #require(dir.appendingPathComponent("s.json").text)
            #expect(summary.contains("\"bytes_in\": \(try #require(size)),"), "\(summary)")
        }
    }

    @Test func truncatedAndCorruptArchivesFailWithoutOutput() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Self.generatedCSV(rows: 5000).write(to: dir.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        try Self.shell("""
            gzip -c data.csv > full.gz && zstd -q -c data.csv > full.zst && \
            head -c 20000 full.gz > cut.gz && head -c 20000 full.zst > cut.zst && \
            printf 'old' > out.csv
            """, in: dir)
        let cases: [(file: String, message: String)] = [
            ("cut.gz", "unitpipe convert: input 'cut.gz' ends inside its gzip stream after 20000 bytes: the file is truncated; fetch or copy it again (gzip -t checks it)\n"),
            ("cut.zst", "unitpipe convert: input 'cut.zst' ends inside its zstd stream after 20000 bytes: the file is truncated; fetch or copy it again (zstd -t checks it)\n"),
        ]
        for (file, message) in cases {
            let result = try UnitPipeRunner.run(["convert", file, "-o", "out.csv", "--summary", "s.json"], in: dir)
            #expect(result.status == 2)
            #expect(result.stderr == message)
            #expect(dir.appendingPathComponent("out.csv").text == "old", "an earlier output stays untouched")
            #expect(dir.appendingPathComponent("s.json").text?.contains("\"status\": \"failed\", \"reason\": \"input\"") == true)
        }
        // A damaged byte in the middle of the deflate data, in the CRC trailer, and trailing junk.
        var gz = try Data(contentsOf: dir.appendingPathComponent("full.gz"))
        let crcOffset = gz.count - 8
        var damaged = gz
        damaged[gz.count / 2] ^= 0x55
        try damaged.write(to: dir.appendingPathComponent("damaged.gz"))
        gz[crcOffset] ^= 0x01
        try gz.write(to: dir.appendingPathComponent("badcrc.gz"))
        try Self.shell("cp full.gz junk.gz && printf 'junk' >> junk.gz && cp full.zst bad.zst && printf '\\x00\\x00\\x00\\x00' >> bad.zst", in: dir)
        let corrupt: [(file: String, prefix: String)] = [
            ("damaged.gz", "unitpipe convert: input 'damaged.gz' is not a valid gzip stream: "),
            ("badcrc.gz", "unitpipe convert: input 'badcrc.gz' is not a valid gzip stream: incorrect data check (within the first "),
            ("junk.gz", "unitpipe convert: input 'junk.gz' is not a valid gzip stream: data after the last gzip member is not gzip (within the first "),
            ("bad.zst", "unitpipe convert: input 'bad.zst' is not a valid zstd stream: "),
        ]
        for (file, prefix) in corrupt {
            let result = try UnitPipeRunner.run(["convert", file, "-o", "out.csv"], in: dir)
            #expect(result.status == 2, "\(file)")
            #expect(result.stderr.hasPrefix(prefix), "\(file): \(result.stderr)")
            #expect(result.stderr.hasSuffix("; the file is damaged (check it with \(file.hasSuffix(".gz") ? "gzip" : "zstd") -t)\n"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(dir.appendingPathComponent("out.csv").text == "old")
        }
    }

    @Test func refusedFormatsNameTheFix() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let text = Array("id,distance\n1,5\n2,7\n".utf8)
        func utf16(_ bigEndian: Bool) -> [UInt8] {
            Array("id,distance\n1,5\n".utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let files: [(name: String, bytes: [UInt8], message: String)] = [
            ("a.csv.bz2", Array("BZh91AY&SY".utf8) + [0x12, 0x34],
             "input is bzip2-compressed; decompress it first: bunzip2 -c a.csv.bz2 | unitpipe convert -"),
            ("b.xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04] + text,
             "input is xz-compressed; decompress it first: xz -dc b.xz | unitpipe convert -"),
            ("c.zip", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00] + text,
             "input is a zip archive; extract the CSV file first: unzip -p c.zip MEMBER.csv | unitpipe convert -"),
            ("u32.csv", [0xFF, 0xFE, 0x00, 0x00] + Array("i".utf8) + [0, 0, 0],
             "input is UTF-32LE text; convert it to UTF-8 first: iconv -f UTF-32LE -t UTF-8 u32.csv | unitpipe convert -"),
            ("nobom.csv", utf16(false),
             "input is UTF-16LE text without a byte order mark; read it with --encoding utf-16le"),
            ("my data.csv.bz2", Array("BZh91AY&SY".utf8),
             "input is bzip2-compressed; decompress it first: bunzip2 -c 'my data.csv.bz2' | unitpipe convert -"),
            ("bin.csv", text + [0x00, 0xFF, 0x02] + text,
             "input is not text (a NUL byte at offset 20 of its data); give a CSV or TSV file (gzip and zstd are read directly)"),
            ("mostly-nul.csv", text + [UInt8](repeating: 0, count: 20),
             "input is not text (a NUL byte at offset 20 of its data); give a CSV or TSV file (gzip and zstd are read directly)"),
            ("book.xls", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + text,
             "input is an Excel workbook (or another OLE2 document), not CSV text; export the sheet or table as CSV first"),
            ("a.lz4", [0x04, 0x22, 0x4D, 0x18] + text,
             "input is compressed with lz4, which unitpipe does not read; decompress it first (gzip and zstd are read directly)"),
        ]
        // A tar archive (of a CSV file, made by tar itself), plain and gzip-compressed.
        try Data(text).write(to: dir.appendingPathComponent("inner.csv"))
        try Self.shell("tar -cf t.tar inner.csv && gzip -c t.tar > t.tar.gz", in: dir)
        for name in ["t.tar", "t.tar.gz"] {
            let result = try UnitPipeRunner.run(["convert", name], in: dir)
            #expect(result.status == 2)
            #expect(result.stderr == "unitpipe convert: input is a tar archive; extract the CSV file first: tar -xOf \(name) MEMBER.csv | unitpipe convert -\n")
        }
        // A NUL byte now and then in UTF-8 text is data like any other byte.
        let withNul = try UnitPipeRunner.run(["convert", "-"], stdin: Data(Array("id,note\n1,x\u{0}y\n2,plain text\n3,more text\n".utf8)), in: dir)
        #expect(withNul.status == 0)
        #expect(withNul.stdout == "id,note\n1,x\u{0}y\n2,plain text\n3,more text\n")
        for file in files {
            try Data(file.bytes).write(to: dir.appendingPathComponent(file.name))
            let result = try UnitPipeRunner.run(["convert", file.name, "-c", "distance:km:mi", "-o", "out.csv"], in: dir)
            #expect(result.status == 2, "\(file.name)")
            #expect(result.stderr == "unitpipe convert: \(file.message)\n")
            #expect(dir.appendingPathComponent("out.csv").text == nil)
        }
        // Through standard input, the fix names a placeholder.
        let bz = try UnitPipeRunner.run(["convert", "-"], stdin: Data(files[0].bytes), in: dir)
        #expect(bz.stderr == "unitpipe convert: input is bzip2-compressed; decompress it first: bunzip2 -c FILE | unitpipe convert -\n")
        // UTF-16 with its byte order mark is transcoded after gzip is decoded.
        try Data([0xFF, 0xFE] + utf16(false)).write(to: dir.appendingPathComponent("export.txt"))
        try Self.shell("gzip -c export.txt > export.txt.gz", in: dir)
        let wide = try UnitPipeRunner.run(["convert", "export.txt.gz", "-c", "distance:km:m"], in: dir)
        #expect(wide.status == 0)
        #expect(wide.stdout == "id,distance\n1,5000\n")
    }
}
