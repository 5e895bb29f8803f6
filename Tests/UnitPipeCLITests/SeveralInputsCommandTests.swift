import Foundation
import Testing
@testable import UnitPipeCLI

/// Several inputs on the command line: the messages when they cannot be read as one.
@Suite("several inputs: messages")
struct SeveralInputsCommandTests {
    static let good = "id,d\n1,1\n"

    @Test("inputs that cannot be read as one: exit 2, one line naming both files and the fix", arguments: [
        (["convert", "$D/a.csv", "$D/b.csv", "-c", "d:km:m"], "id,e\n1,1\n",
         "unitpipe convert: the header of '$D/b.csv' differs from that of '$D/a.csv': column 2 is 'e' there and 'd' in '$D/a.csv'; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
        (["convert", "$D/a.csv", "$D/b.csv"], "id,d,note\n1,1,x\n",
         "unitpipe convert: the header of '$D/b.csv' has 3 columns and that of '$D/a.csv' 2; column 3, 'note', is only in '$D/b.csv'; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
        (["convert", "$D/b.csv", "$D/a.csv"], "id,d,note\n1,1,x\n",
         "unitpipe convert: the header of '$D/a.csv' has 2 columns and that of '$D/b.csv' 3; column 3, 'note', is only in '$D/b.csv'; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
        (["convert", "$D/a.csv", "$D/b.csv"], "id;d\n1;1\n",
         "unitpipe convert: '$D/b.csv' is read with delimiter ';' and '$D/a.csv' with ','; give -d to read both the same way; every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
        (["convert", "$D/a.csv", "$D/b.csv", "--no-header"], "1,1,1\n",
         "unitpipe convert: the first record of '$D/b.csv' has 3 fields and that of '$D/a.csv' 2 (--no-header); every input must have the same header, so their rows fit under one: convert them separately, or fix the header\n"),
        (["validate", "$D/a.csv", "$D/b.csv", "-c", "d"], "ID,d\n1,1\n",
         "unitpipe validate: the header of '$D/b.csv' differs from that of '$D/a.csv': column 1 is 'ID' there and 'id' in '$D/a.csv'; every input must have the same header, so their rows fit under one: validate them separately, or fix the header\n"),
        (["convert", "$D/a.csv", "-", "-"], "",
         "unitpipe convert: '-' (standard input) is named more than once among the inputs; standard input can be read only once\n"),
    ])
    func mismatchMessages(arguments: [String], second: String, message: String) throws {
        var arguments = arguments
        if arguments[0] == "convert" { arguments += ["-o", "$D/out.csv"] }
        let result = try CLIHarness.run(arguments, files: ["a.csv": Self.good, "b.csv": second])
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.file("out.csv") == nil, "no output is left behind")
    }

    @Test("a directory whose only entries are hidden or not CSV names holds no file to read")
    func directoryWithoutFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unitpipe-several-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data(Self.good.utf8).write(to: dir.appendingPathComponent(".hidden.csv"))
        try Data(Self.good.utf8).write(to: dir.appendingPathComponent("_SUCCESS"))
        try Data("Exported by the nightly job.\n".utf8).write(to: dir.appendingPathComponent("README.txt"))
        try Data(Self.good.utf8).write(to: dir.appendingPathComponent(".csv"))
        try Data(Self.good.utf8).write(to: dir.appendingPathComponent("sub/a.csv"))
        let result = try CLIHarness.run(["convert", "$D/a.csv", dir.path, "-o", "$D/out.csv"], files: ["a.csv": Self.good])
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: directory '\(dir.path)' holds no file to read: its files are read when their names end in .csv, .tsv or .tab (also .gz or .zst); names starting with '.' or '_' are skipped, subdirectories are not entered. Name the files on the command line to read others\n")
    }

    @Test("shard options and --input-name take a single input", arguments: [
        (["convert", "$D/a.csv", "$D/b.csv", "--byte-range", "0:5"],
         "unitpipe convert: invalid value '0:5' for --byte-range: a shard is a byte range of one file; give a single INPUT (or run one shard per file)\n"),
        (["convert", "$D/a.csv", "$D/b.csv", "--input-name", "x"],
         "unitpipe convert: invalid value 'x' for --input-name: it names a single input; with several inputs the report names each file itself\n"),
        (["validate", "$D/a.csv", "$D/b.csv", "--byte-range", "0:5"],
         "unitpipe validate: invalid value '0:5' for --byte-range: a shard is a byte range of one file; give a single INPUT (or run one shard per file)\n"),
        (["validate", "$D/a.csv", "$D/b.csv", "--input-name", "x"],
         "unitpipe validate: invalid value 'x' for --input-name: it names a single input; with several inputs the report names each file itself\n"),
    ])
    func singleInputOptions(arguments: [String], message: String) throws {
        let result = try CLIHarness.run(arguments, files: ["a.csv": Self.good, "b.csv": Self.good])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
