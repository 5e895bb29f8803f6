import Foundation
import Testing
import TestSupport

/// A random export with everything that makes cutting hard: quoted fields holding LF, CRLF,
/// delimiters and doubled quotes, LF/CRLF/CR line ends, blank lines, a BOM, ragged rows, bad and
/// empty numbers, and (with `strays`) quotes parity cannot follow.
func randomExport(_ random: inout SplitMix64, rows: Int, strays: Bool, plainHeader: Bool = false) -> [UInt8] {
    var out: [UInt8] = !plainHeader && random.next(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
    func end(_ random: inout SplitMix64) -> [UInt8] {
        switch random.next(12) {
        case 0, 1, 2: return Array("\r\n".utf8)
        case 3: return Array("\r".utf8)
        case 4: return Array("\n\n".utf8)
        default: return Array("\n".utf8)
        }
    }
    out += Array("id,note,km,temp".utf8) + (plainHeader ? Array("\n".utf8) : end(&random))
    let notes = ["ok", "\"two\nlines\"", "\"crlf\r\ninside\"", "\"say \"\"hi\"\"\"", "\"a, b\"", "", " spaced ", "\"\""]
    let numbers = ["12.5", "-3", "1e3", "0", "", "12.3.4", "abc", "7.25", "-0.5", "1e400", "\"42\""]
    for row in 1...rows {
        var fields = ["\(row)", notes[random.next(notes.count)], numbers[random.next(numbers.count)], numbers[random.next(numbers.count)]]
        if strays && random.next(25) == 0 { fields[1] = random.next(2) == 0 ? "x\"y" : "\"ab\"c" }
        switch random.next(15) {
        case 0: fields.removeLast()
        case 1: fields.append("extra")
        default: break
        }
        out += Array(fields.joined(separator: ",").utf8)
        if row < rows || random.next(4) > 0 { out += end(&random) }
    }
    return out
}

/// The summary fields that must add up across shards.
struct SummaryTotals: Equatable {
    var rowsIn = 0, rowsOut = 0, rowsRejected = 0, bytesIn = 0
    var codes: [String: Int] = [:]
    var converted: [Int] = [], empty: [Int] = [], errors: [Int] = []
    var minimum: [Double?] = [], maximum: [Double?] = []

    mutating func add(_ json: [String: Any]) {
        rowsIn += json["rows_in"] as? Int ?? -1
        rowsOut += json["rows_out"] as? Int ?? -1
        rowsRejected += json["rows_rejected"] as? Int ?? -1
        bytesIn += json["bytes_in"] as? Int ?? -1
        for (code, count) in json["errors_by_code"] as? [String: Int] ?? [:] { codes[code, default: 0] += count }
        let columns = json["columns"] as? [[String: Any]] ?? []
        if converted.isEmpty {
            converted = Array(repeating: 0, count: columns.count)
            empty = converted
            errors = converted
            minimum = Array(repeating: nil, count: columns.count)
            maximum = minimum
        }
        for (k, column) in columns.enumerated() {
            converted[k] += column["converted"] as? Int ?? -1
            empty[k] += column["empty"] as? Int ?? -1
            errors[k] += column["errors"] as? Int ?? -1
            if let low = column["min"] as? Double { minimum[k] = min(minimum[k] ?? low, low) }
            if let high = column["max"] as? Double { maximum[k] = max(maximum[k] ?? high, high) }
        }
    }
}

@Suite("shards, end to end")
struct ShardEndToEndTests {
    let options = ["-c", "km:km:mi", "-c", "temp:degC:degF", "--threads", "2"]

    /// Runs convert on `file` (a shard when `range` is given); returns output, report, rejects, summary.
    func convert(_ file: URL, in dir: URL, extra: [String], tag: String) throws -> (Data, Data, Data, [String: Any], Int32) {
        let names = ["out", "err", "rej", "sum"].map { dir.appendingPathComponent("\(tag).\($0)") }
        let result = try UnitPipeRunner.run(
            ["convert", file.path] + options + extra
                + ["-o", names[0].path, "-e", names[1].path, "-r", names[2].path, "--summary", names[3].path, "--quiet"])
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: names[3])) as? [String: Any] ?? [:]
        return (
            (try? Data(contentsOf: names[0])) ?? Data(), try Data(contentsOf: names[1]), try Data(contentsOf: names[2]), summary,
            result.status
        )
    }

    /// Runs every shard of `cuts` and checks the concatenation against the single run.
    func checkShards(_ shards: [[String]], file: URL, dir: URL, single: (Data, Data, Data, [String: Any], Int32), label: String) throws {
        var output = Data(), report = Data(), rejects = Data()
        var totals = SummaryTotals()
        for (k, extra) in shards.enumerated() {
            let part = try convert(file, in: dir, extra: extra + (k == 0 ? [] : ["--no-header-output"]) + ["--exit-on-rejects", "0"], tag: "\(label)-\(k)")
            #expect(part.4 == 0, "\(label) shard \(k): exit \(part.4)")
            output += part.0
            report += part.1
            rejects += part.2
            totals.add(part.3)
        }
        var expected = SummaryTotals()
        expected.add(single.3)
        #expect(output == single.0, "\(label): output differs")
        #expect(report == single.1, "\(label): error report differs")
        #expect(rejects == single.2, "\(label): rejects differ")
        #expect(totals == expected, "\(label): summaries do not add up")
    }

    @Test("planned shards and arbitrary cuts concatenate to the single run, byte for byte")
    func shardsEqualTheSingleRun() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var planned = 0
        for seed in UInt64(1)...8 {
            var random = SplitMix64(state: seed)
            let file = dir.appendingPathComponent("export-\(seed).csv")
            try Data(randomExport(&random, rows: random.next(in: 5...90), strays: seed % 3 == 0)).write(to: file)
            let size = try Data(contentsOf: file).count
            let single = try convert(file, in: dir, extra: [], tag: "single-\(seed)")
            #expect(single.4 <= 1)
            // The plan's ranges, with the numbers it gives.
            let splits = random.next(in: 1...7)
            let plan = try planRanges(try UnitPipeRunner.run(["plan", file.path, "--splits", "\(splits)", "--json"]).stdout)
            planned += plan.ranges.count
            try checkShards(
                plan.ranges.map { ["--byte-range", "\($0[0]):\($0[1])", "--first-record", "\($0[2])", "--first-line", "\($0[3])"] },
                file: file, dir: dir, single: single, label: "seed \(seed) plan \(splits)")
            // Cuts anywhere (inside records, inside the header, past the end), numbered by the tool.
            var cuts = (0..<random.next(in: 1...5)).map { _ in random.next(size + 1) }.sorted()
            cuts = [0] + cuts + [size + random.next(3)]
            try checkShards(
                zip(cuts, cuts.dropFirst()).map { ["--byte-range", "\($0):\($1)"] },
                file: file, dir: dir, single: single, label: "seed \(seed) cuts \(cuts)")
        }
        #expect(planned > 16)
    }

    /// Runs validate on `file` (a shard with `extra`); returns report, rejects, summary and exit status.
    func validate(_ file: URL, schema: URL, in dir: URL, extra: [String], tag: String) throws -> (Data, Data, [String: Any], Int32) {
        let names = ["err", "rej", "sum"].map { dir.appendingPathComponent("\(tag).\($0)") }
        let result = try UnitPipeRunner.run(
            ["validate", file.path, "--schema", schema.path, "-c", "km", "--min", "km=0", "--threads", "2"] + extra
                + ["-e", names[0].path, "-r", names[1].path, "--summary", names[2].path, "--quiet"])
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: names[2])) as? [String: Any] ?? [:]
        return (try Data(contentsOf: names[0]), try Data(contentsOf: names[1]), summary, result.status)
    }

    @Test("validate: planned shards and arbitrary cuts concatenate to the single run's report and rejects")
    func validateShardsEqualTheSingleRun() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A schema whose last field the files lack: the header problem belongs to the first shard only.
        let schema = dir.appendingPathComponent("schema.json")
        try Data(#"{"fields": [{"name": "id", "type": "integer"}, {"name": "note", "type": "string"}, {"name": "km", "type": "number"}, {"name": "temp", "type": "number", "constraints": {"maximum": 100}}, {"name": "gone", "type": "number"}]}"#.utf8).write(to: schema)
        func totals(_ json: [String: Any]) -> [String: Int] {
            var out: [String: Int] = [:]
            for key in ["rows_in", "rows_valid", "rows_invalid", "bytes_in"] { out[key] = json[key] as? Int ?? -1 }
            for (code, count) in json["errors_by_code"] as? [String: Int] ?? [:] { out["code " + code] = count }
            out["header problems"] = (json["header"] as? [Any])?.count ?? -1
            for (k, column) in (json["columns"] as? [[String: Any]] ?? []).enumerated() {
                for key in ["cells", "empty", "valid"] { out["column \(k) \(key)"] = column[key] as? Int ?? -1 }
            }
            return out
        }
        for seed in UInt64(11)...16 {
            var random = SplitMix64(state: seed)
            let file = dir.appendingPathComponent("export-\(seed).csv")
            try Data(randomExport(&random, rows: random.next(in: 5...90), strays: seed % 3 == 0)).write(to: file)
            let size = try Data(contentsOf: file).count
            let single = try validate(file, schema: schema, in: dir, extra: [], tag: "single-\(seed)")
            #expect(single.3 == 1)
            #expect(String(decoding: single.0, as: UTF8.self).components(separatedBy: "missing_column").count == 2)
            let plan = try planRanges(try UnitPipeRunner.run(["plan", file.path, "--splits", "\(random.next(in: 1...6))", "--json"]).stdout)
            var cuts = (0..<random.next(in: 1...4)).map { _ in random.next(size + 1) }.sorted()
            cuts = [0] + cuts + [size + random.next(3)]
            let layouts = [
                ("plan", plan.ranges.map { ["--byte-range", "\($0[0]):\($0[1])", "--first-record", "\($0[2])", "--first-line", "\($0[3])"] }),
                ("cuts \(cuts)", zip(cuts, cuts.dropFirst()).map { ["--byte-range", "\($0):\($1)"] }),
            ]
            for (label, shards) in layouts {
                var report = Data(), rejects = Data()
                var summed: [String: Int] = [:]
                for (k, extra) in shards.enumerated() {
                    let part = try validate(
                        file, schema: schema, in: dir, extra: extra + (k == 0 ? [] : ["--no-header-output"]) + ["--exit-on-rejects", "0"],
                        tag: "seed-\(seed)-\(k)")
                    #expect(part.3 == 0, "seed \(seed) \(label) shard \(k): exit \(part.3)")
                    report += part.0
                    rejects += part.1
                    summed.merge(totals(part.2), uniquingKeysWith: +)
                }
                #expect(report == single.0, "seed \(seed) \(label): error report differs")
                #expect(rejects == single.1, "seed \(seed) \(label): rejects differ")
                #expect(summed == totals(single.2), "seed \(seed) \(label): summaries do not add up")
            }
        }
    }

    @Test("a shard's summary names its range; usage errors", arguments: [
        (["--byte-range", "5"], "unitpipe convert: invalid value '5' for --byte-range: write START:END, byte offsets with START <= END, e.g. 0:1048576\n"),
        (["--byte-range", "9:3"], "unitpipe convert: invalid value '9:3' for --byte-range: write START:END, byte offsets with START <= END, e.g. 0:1048576\n"),
        (["--first-record", "3"], "unitpipe convert: invalid value '3' for --first-record: it numbers the start of --byte-range; give --byte-range START:END too\n"),
        (["--byte-range", "0:9", "--first-line", "3"], "unitpipe convert: invalid value '3' for --first-line: give --first-record and --first-line together (both from 'unitpipe plan'), or neither\n"),
        (["--exit-on-rejects", "2"], "unitpipe convert: invalid value '2' for --exit-on-rejects: use 0 (rejected rows exit 0) or 1\n"),
        (["--range-start", "guess"], "unitpipe convert: invalid value 'guess' for --range-start: it says how --byte-range finds its first record; give --byte-range START:END too\n"),
        (["--byte-range", "9:30", "--range-start", "guess", "--first-record", "2", "--first-line", "3"],
         "unitpipe convert: invalid value 'guess' for --range-start: --first-record already says where START's first record is; give one or the other\n"),
        (["--byte-range", "9:30", "--range-start", "maybe"], "unitpipe convert: invalid value 'maybe' for --range-start: use 'scan' or 'guess'\n"),
    ])
    func usage(extra: [String], message: String) throws {
        let result = try UnitPipeRunner.run(["convert", UnitPipeRunner.fixture("shards/multiline.csv")] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message))
    }

    @Test func summaryNamesTheRangeAndExitOnRejectsZero() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trips = UnitPipeRunner.fixture("trips.csv")
        let result = try UnitPipeRunner.run(
            ["convert", trips, "-c", "distance:km:mi", "--byte-range", "100:200", "--summary", "s.json", "--exit-on-rejects", "0", "-o", "o.csv"],
            in: dir)
        #expect(result.status == 0)
        let summary = try #require(dir.appendingPathComponent("s.json").text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "rejected")
        let range = try #require(json["byte_range"] as? [String: Any])
        #expect(range.filter { $0.key != "next" } as? [String: Int] == ["start": 126, "end": 201, "record": 4, "line": 6, "data_start": 29])
        #expect(range["next"] as? [String: Int] == ["offset": 201, "record": 7, "line": 9])
        // Guessed from the bytes after 100 alone: the same records, numbered from 1 on line 1.
        let guessed = try UnitPipeRunner.run(
            ["convert", trips, "-c", "distance:km:mi", "--byte-range", "100:200", "--range-start", "guess", "--summary", "g.json", "-o", "g.csv",
             "--exit-on-rejects", "0"], in: dir)
        #expect(guessed.status == 0)
        let guessedJSON = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("g.json"))) as? [String: Any])
        let guessedRange = try #require(guessedJSON["byte_range"] as? [String: Any])
        #expect(guessedRange.filter { $0.key != "next" && $0.key != "guessed" } as? [String: Int]
                == ["start": 126, "end": 201, "record": 1, "line": 1, "data_start": 29])
        #expect(guessedRange["guessed"] as? Bool == true)
        #expect(guessedRange["next"] as? [String: Int] == ["offset": 201, "record": 4, "line": 4])
        #expect(try Data(contentsOf: dir.appendingPathComponent("g.csv")) == Data(contentsOf: dir.appendingPathComponent("o.csv")))
        let whole = try UnitPipeRunner.run(["convert", trips, "-c", "distance:km:mi", "--exit-on-rejects", "0", "-o", "w.csv"], in: dir)
        #expect(whole.status == 0)
        let usage = try UnitPipeRunner.run(["convert", trips, "-c", "nope:km:mi", "--exit-on-rejects", "0"], in: dir)
        #expect(usage.status == 2)
    }
}
