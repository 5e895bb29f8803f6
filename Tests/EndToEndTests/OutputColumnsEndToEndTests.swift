import Foundation
import Testing

/// `--select`, `--exclude` and `--rename` through the built binary: the output's columns, their
/// order and names; the rejects keep every column as read.
@Suite("output columns, end to end")
struct OutputColumnsEndToEndTests {
    static let input = "id,distance_km,city,note\n1,10,Köln,a\n2,x,Paris,b\n3,,Rome,\"c,d\"\n4, 2 ,Oslo,e\n"

    /// Runs `convert in.csv arguments…` with rejects, for both readers and one and three threads.
    func run(_ arguments: [String], input: String = input) throws -> [(status: Int32, stdout: String, stderr: String, rejects: String?)] {
        var results: [(status: Int32, stdout: String, stderr: String, rejects: String?)] = []
        for reader in ["split", "libcsv"] {
            for threads in ["1", "3"] {
                let dir = try UnitPipeRunner.temporaryDirectory()
                try Data(input.utf8).write(to: dir.appendingPathComponent("in.csv"))
                let result = try UnitPipeRunner.run(
                    ["convert", "in.csv", "-r", "rejects.csv", "--reader", reader, "--threads", threads] + arguments, in: dir)
                results.append((result.status, result.stdout, result.stderr, dir.appendingPathComponent("rejects.csv").text))
            }
        }
        return results
    }

    @Test("the chosen columns in the chosen order, renamed; the rejects as read", arguments: [
        (["--select", "id,distance_km,#-1", "--rename", "id=trip", "-c", "distance_km::mi"],
         "trip,distance_mi,note\n1,6.2137119223733395,a\n3,,\"c,d\"\n4,1.242742384474668,e\n"),
        (["--select", "note", "--select", "#1"], "note,id\na,1\nb,2\n\"c,d\",3\ne,4\n"),
        (["--select", "#3-#4,#1", "-c", "id:m:cm"], "city,note,id\nKöln,a,100\nParis,b,200\nRome,\"c,d\",300\nOslo,e,400\n"),
        (["--exclude", "city", "--exclude", "#-1", "-c", "distance_km::m"],
         "id,distance_m\n1,10000\n3,\n4,2000\n"),
        (["--select", "#-1,#1-#3", "--exclude", "distance_km"], "note,id,city\na,1,Köln\nb,2,Paris\n\"c,d\",3,Rome\ne,4,Oslo\n"),
        (["--rename", "city=town", "--rename", "#4=remark"], "id,distance_km,town,remark\n1,10,Köln,a\n2,x,Paris,b\n3,,Rome,\"c,d\"\n4,\" 2 \",Oslo,e\n"),
        (["-c", "distance_km::mi=+", "--rename", "distance_km=orig", "--select", "distance_km,id"],
         "orig,distance_mi,id\n10,6.2137119223733395,1\n,,3\n\" 2 \",1.242742384474668,4\n"),
        (["-c", "distance_km:km:m", "--rename", "distance_km=metres", "--select", "distance_km"], "metres\n10000\n\"\"\n2000\n"),
        (["--select", "id,distance_km,city,note"], "id,distance_km,city,note\n1,10,Köln,a\n2,x,Paris,b\n3,,Rome,\"c,d\"\n4,\" 2 \",Oslo,e\n"),
    ] as [([String], String)])
    func shapes(arguments: [String], expected: String) throws {
        for result in try run(arguments) {
            #expect(result.stdout == expected)
            // Row 2's distance 'x' fails only when that column is converted.
            let converts = arguments.contains { $0.hasPrefix("distance_km:") }
            #expect(result.status == (converts ? 1 : 0))
            #expect(result.rejects == (converts ? "id,distance_km,city,note\n2,x,Paris,b\n" : "id,distance_km,city,note\n"))
        }
    }

    @Test("--on-error keep writes the failed row's chosen columns")
    func keptRows() throws {
        for result in try run(["--on-error", "keep", "-c", "distance_km:km:m", "--select", "distance_km,city", "-q"]) {
            // The header names the unit FROM gives, so its unit part is rewritten to TO.
            #expect(result.stdout == "distance_m,city\n10000,Köln\n,Paris\n,Rome\n2000,Oslo\n")
            #expect(result.status == 1)
        }
    }

    @Test("mistakes are usage errors (exit 2) that name the column and the fix", arguments: [
        (["--select", "id,distance_km", "-c", "city:km:m"],
         "unitpipe convert: column 'city' is converted (-c) but --select leaves it out of the output; drop the -c or keep the column\n"),
        (["--exclude", "#2", "-c", "distance_km::m"],
         "unitpipe convert: column 'distance_km' is converted (-c) but --exclude leaves it out of the output; drop the -c or keep the column\n"),
        (["--select", "id,#1"],
         "unitpipe convert: column 'id' is listed twice by --select; list each column once (the output cannot hold two columns of one name)\n"),
        (["--exclude", "#1-#-1"], "unitpipe convert: --select and --exclude leave no column in the output; keep at least one\n"),
        (["--rename", "id=city"],
         "unitpipe convert: --rename would name column 'id' 'city', giving the output two columns named 'city'; choose another name\n"),
        (["--rename", "id=x", "--rename", "#1=y"],
         "unitpipe convert: column 'id' is renamed twice (by two --rename, or by --rename and -c …=NEWNAME); rename it once\n"),
        (["-c", "distance_km::m=d", "--rename", "distance_km=e"],
         "unitpipe convert: column 'distance_km' is renamed twice (by two --rename, or by --rename and -c …=NEWNAME); rename it once\n"),
        (["--no-header", "--rename", "#1=x"],
         "unitpipe convert: --rename renames header columns, and with --no-header the output has no header; drop --rename or --no-header\n"),
        (["--select", "nte"],
         "unitpipe convert: no column named 'nte'; did you mean 'note'? The header has: 'id', 'distance_km', 'city', 'note'. Use the exact name or #N\n"),
        (["--select", "#5"], "unitpipe convert: column #5 does not exist; the input has 4 columns\n"),
        (["--rename", "id"],
         "unitpipe convert: invalid value 'id' for --rename: write OLD=NEW: the input column's name (or #N), '=', and its new name\nUsage: unitpipe convert [INPUT …] [-c NAME:FROM:TO[:N][=NEWNAME|=+NEWNAME] …] [options]\nRun 'unitpipe convert --help' for every option.\n"),
        (["--select", ""],
         "unitpipe convert: invalid value '' for --select: give columns: names, #N, #-1, ranges #2-#4, comma-separated\nUsage: unitpipe convert [INPUT …] [-c NAME:FROM:TO[:N][=NEWNAME|=+NEWNAME] …] [options]\nRun 'unitpipe convert --help' for every option.\n"),
        (["--exclude", "#4-#2"],
         "unitpipe convert: invalid value '#4-#2' for --exclude: '#4-#2' is not a range of positions; write #FIRST-#LAST with FIRST before LAST, e.g. #2-#4 (or #2-#-1: from the second to the last)\nUsage: unitpipe convert [INPUT …] [-c NAME:FROM:TO[:N][=NEWNAME|=+NEWNAME] …] [options]\nRun 'unitpipe convert --help' for every option.\n"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(Self.input.utf8).write(to: dir.appendingPathComponent("in.csv"))
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-o", "out.csv"] + arguments, in: dir)
        #expect(result.stderr == message)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
    }

    @Test("validate writes no rows, so it takes no --select")
    func validateHasNoSelect() throws {
        let result = try UnitPipeRunner.run(["validate", "-", "--select", "a"], stdin: Data("a\n1\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe validate: unknown option '--select'"))
    }
}
