import Foundation
import Testing

/// A plan's ranges as `[start, end, record, line]`, and its header end, from `plan --json`.
func planRanges(_ json: String) throws -> (headerEnd: Int, ranges: [[Int]], undecided: [String: Any]?) {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let header = try #require(object["header"] as? [String: Int])
    let ranges = try #require(object["ranges"] as? [[String: Int]])
    return (
        header["end"] ?? -1,
        ranges.map { [$0["start"] ?? -1, $0["end"] ?? -1, $0["record"] ?? -1, $0["line"] ?? -1] },
        object["undecided"] as? [String: Any]
    )
}

@Suite("plan, end to end")
struct PlanEndToEndTests {
    // multiline.csv, by offset: 0 BOM + `id,note,km` CRLF; 15 `1,"two CRLF lines",5` CRLF (lines 2-3);
    // 33 a blank CRLF line (4); 35 `2,plain,6` (5); 46 `3,"a ""quoted"" word",7` (6); 71 `4,"x",8`
    // without a line end (7); 78 the end.
    @Test("ranges start at records, with their record and line numbers", arguments: [
        (1, [[15, 78, 1, 2]]),
        (2, [[15, 46, 1, 2], [46, 78, 3, 6]]),
        (3, [[15, 46, 1, 2], [46, 71, 3, 6], [71, 78, 4, 7]]),
        (4, [[15, 35, 1, 2], [35, 46, 2, 5], [46, 71, 3, 6], [71, 78, 4, 7]]),
        (10, [[15, 35, 1, 2], [35, 46, 2, 5], [46, 71, 3, 6], [71, 78, 4, 7]]),
    ])
    func multiline(splits: Int, expected: [[Int]]) throws {
        let result = try UnitPipeRunner.run(["plan", UnitPipeRunner.fixture("shards/multiline.csv"), "--splits", "\(splits)", "--json"])
        #expect(result.status == 0)
        let plan = try planRanges(result.stdout)
        #expect(plan.headerEnd == 15)
        #expect(plan.ranges == expected)
        #expect(plan.undecided == nil)
        #expect(result.stderr == (splits > 4 ? "unitpipe plan: the file has fewer record starts than ranges asked for\n" : ""))
    }

    @Test func strayQuoteStopsTheCuttingAndSaysWhere() throws {
        // stray-quote.csv: `id,km`, then `1,5` `2,6` `3,x"y` `4,8` `5,9` at offsets 6, 10, 14, 20, 24.
        let result = try UnitPipeRunner.run(["plan", UnitPipeRunner.fixture("shards/stray-quote.csv"), "--splits", "5", "--json"])
        #expect(result.status == 0)
        let plan = try planRanges(result.stdout)
        #expect(plan.ranges == [[6, 10, 1, 2], [10, 14, 2, 3], [14, 28, 3, 4]])
        #expect(plan.undecided?["offset"] as? Int == 17)
        #expect(plan.undecided?["line"] as? Int == 4)
        #expect(result.stderr == "unitpipe plan: quote parity is undecided from byte 17 (line 4: a quote inside an unquoted field), so the file is not cut after it; the last range runs to the end of the file\n")
        let text = try UnitPipeRunner.run(["plan", UnitPipeRunner.fixture("shards/stray-quote.csv"), "--splits", "5"])
        #expect(text.stdout.hasPrefix("""
            \(UnitPipeRunner.fixture("shards/stray-quote.csv")): 28 bytes; header bytes 0-6; 3 ranges
            start  end  record  line
                6   10       1     2
               10   14       2     3
               14   28       3     4
            note: quote parity is undecided from byte 17 (line 4: a quote inside an unquoted field), so the file is not cut after it; the last range runs to the end of the file
            scanned 
            """))
    }

    @Test("a header-only file has no ranges; --no-header starts at the first byte")
    func headerOnlyAndNoHeader() throws {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data("a,b\n".utf8).write(to: dir.appendingPathComponent("h.csv"))
        let headerOnly = try planRanges(try UnitPipeRunner.run(["plan", "h.csv", "--splits", "2", "--json"], in: dir).stdout)
        #expect(headerOnly.headerEnd == 4 && headerOnly.ranges.isEmpty)
        let noHeader = try planRanges(try UnitPipeRunner.run(["plan", "h.csv", "--splits", "2", "--json", "--no-header"], in: dir).stdout)
        #expect(noHeader.headerEnd == 0 && noHeader.ranges == [[0, 4, 1, 1]])
    }

    @Test("usage errors", arguments: [
        (["plan", "-", "--splits", "2"], "unitpipe plan: invalid value '-' for INPUT: give a file to plan (standard input cannot be read at offsets)\n"),
        (["plan", "x.csv"], "unitpipe plan: --splits is required; add it, e.g. --splits 8\n"),
        (["plan", "x.csv", "--splits", "0"], "unitpipe plan: invalid value '0' for --splits: use a whole number from 1 to 1048576\n"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try UnitPipeRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message))
    }
}
