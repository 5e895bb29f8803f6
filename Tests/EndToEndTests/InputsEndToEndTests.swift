import Foundation
import Testing
import TestSupport

@Suite("inputs, end to end")
struct InputsEndToEndTests {
    @Test("lists a directory's table files as a run reads them: size, compression by magic bytes, records")
    func listsWhatARunReads() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data().write(to: inputs.appendingPathComponent("a.csv"))
        let header = "id,name,distance,temp_c,note\n"
        try Data((header + "9,Loop,2,3,\n").utf8).write(to: inputs.appendingPathComponent("b.csv"))
        // gzip bytes (with the same header) under a plain name: read by their magic bytes.
        let gzip = try Data(contentsOf: URL(fileURLWithPath: UnitPipeRunner.fixture("several/2024-03.csv.gz")))
        try gzip.write(to: inputs.appendingPathComponent("c.csv"))
        try Data(header.utf8).write(to: inputs.appendingPathComponent("_d.csv"))
        try Data("notes\n".utf8).write(to: inputs.appendingPathComponent("README.txt"))
        let result = try UnitPipeRunner.run(["inputs", "in", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            {"inputs": [{"path": "in/a.csv", "size": 0, "compression": "none", "records": false}, \
            {"path": "in/b.csv", "size": \(header.utf8.count + 12), "compression": "none", "records": true}, \
            {"path": "in/c.csv", "size": \(gzip.count), "compression": "gzip", "records": true}]}

            """)
        let table = try UnitPipeRunner.run(["inputs", "in"], in: dir)
        #expect(table.stdout == "in/a.csv\t0\tnone\tempty\nin/b.csv\t\(header.utf8.count + 12)\tnone\trecords\nin/c.csv\t\(gzip.count)\tgzip\trecords\n")
    }

    @Test("inputs that do not fit together: exit 2 with the sentence convert prints")
    func mismatchIsTheRunsSentence() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("id,km\n1,2\n".utf8).write(to: dir.appendingPathComponent("a.csv"))
        try Data("id,mi\n1,2\n".utf8).write(to: dir.appendingPathComponent("b.csv"))
        let listed = try UnitPipeRunner.run(["inputs", "a.csv", "b.csv", "--json"], in: dir)
        let converted = try UnitPipeRunner.run(["convert", "a.csv", "b.csv"], in: dir)
        #expect(listed.status == 2)
        #expect(listed.stdout == "")
        #expect(listed.stderr == "unitpipe inputs: the header of 'b.csv' differs from that of 'a.csv': column 2 is 'mi' there and 'km' in 'a.csv'; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n")
        #expect(listed.stderr.replacingOccurrences(of: "unitpipe inputs: ", with: "unitpipe convert: ") == converted.stderr)
        let none = dir.appendingPathComponent("none")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        let noTables = try UnitPipeRunner.run(["inputs", "none"], in: dir)
        #expect(noTables.status == 2)
        #expect(noTables.stderr.replacingOccurrences(of: "unitpipe inputs: ", with: "unitpipe convert: ")
                == (try UnitPipeRunner.run(["convert", "none"], in: dir)).stderr)
    }
}
