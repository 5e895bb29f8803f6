import Foundation
import Testing

/// Reproductions of hostile inputs, run through the real binary: each test is named after the defect it reproduces.
@Suite struct HostileInputEndToEndTests {
    static let amounts = "amount,currency\n50,GBP\n"

    /// Runs `convert in.csv -c amount:@currency:EUR --rates rates.csv` with the given rates file.
    static func convert(rates: String, input: String = amounts, extra: [String] = []) throws -> (UnitPipeRunner.Result, URL) {
        let dir = try E2E.directory(with: "in.csv", input)
        try rates.write(to: dir.appendingPathComponent("rates.csv"), atomically: true, encoding: .utf8)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "amount:@currency:EUR", "--rates", "rates.csv"] + extra, in: dir)
        return (result, dir)
    }

    @Test func duplicateCurrencyInRatesFileIsAnError() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0.79\nGBP,0.5\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "unitpipe convert: lines 2 and 3: GBP has two different rates ('0.79' and '0.5'); keep one line per currency\n")
        // The same rate twice converts: 50 / 0.8 exactly.
        let (same, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0.8\nGBP,0.80\n")
        #expect(same.status == 0)
        #expect(same.stdout == "amount,currency\n62.5,EUR\n")
    }

    @Test func duplicateEcbColumnIsAnError() throws {
        let (result, _) = try Self.convert(rates: "Date, USD, GBP, GBP,\n17 May 2024, 1.08, 0.8, 0.5,\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2: columns 3 and 4 are both GBP with different rates ('0.8' and '0.5'); keep one column per currency\n")
    }

    @Test func duplicateEcbDateWarns() throws {
        let (result, _) = try Self.convert(rates: "Date,GBP\n2024-05-17,0.8\n2024-05-16,0.85\n2024-05-17,0.5\n")
        #expect(result.status == 0)
        #expect(result.stdout == "amount,currency\n62.5,EUR\n")
        #expect(result.stderr.hasPrefix(
            "unitpipe convert: warning: the rates file has 2 rows for 2024-05-17 (lines 2, 4); the first (line 2) is used. Remove the others\n"))
    }

    @Test func baseRateMessageNamesItsLine() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_USD\nUSD,2\nGBP,0.8\nEUR,0.9\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2: USD is the base currency, so its rate must be 1, not '2'; remove the line or correct the base\n")
    }

    @Test func ratesFileWithoutTheTargetCurrencySaysSo() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_USD\nGBP,0.8\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the rates file (--rates) quotes no rate for 'EUR'; add a line 'EUR,RATE' or use a file that quotes it (run 'unitpipe units --rates FILE' to list its currencies)\n")
    }

    @Test func hugeRatesCommentLineIsRefused() throws {
        let dir = try E2E.directory(with: "in.csv", Self.amounts)
        // 1 GiB of comment, sparse: the run must stop at the 16 MiB limit, not read it all.
        let rates = dir.appendingPathComponent("rates.csv")
        #expect(FileManager.default.createFile(atPath: rates.path, contents: Data("currency,rate_per_EUR\n#".utf8)))
        let handle = try FileHandle(forWritingTo: rates)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "amount:@currency:EUR", "--rates", "rates.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the rates file 'rates.csv' is larger than 16 MiB, which no rates file needs (the ECB's whole history is under 2 MiB); check that --rates names the rates file\n")
    }

    @Test func millionLineRatesFileIsRefused() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\n" + String(repeating: "GBP,0.8\n", count: 1_000_000))
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: the rates file has more than 100000 lines, which no rates file needs (the ECB's history has one per business day); check that --rates names the rates file\n")
    }

    @Test func longRatesNumberLineIsRefused() throws {
        let (result, _) = try Self.convert(rates: "currency,rate_per_EUR\nGBP,0." + String(repeating: "7", count: 70_000) + "\n")
        #expect(result.status == 2)
        #expect(result.stderr == "unitpipe convert: line 2 of the rates file is longer than 64 KiB, which no rates line needs; check that --rates names the rates file\n")
    }

    /// Each row with its own unknown unit (`u10000000`, …; 2,000 rows, 100,000 with
    /// `UNITPIPE_LONG_TESTS=1`) in a unit column and in the cells: each costs microseconds (it cost
    /// ~11 ms: a suggestion was looked for in the whole catalog per distinct string); a typo still
    /// gets its suggestion, once per distinct string.
    @Test(arguments: [("value:@unit:m", false), ("value:*:m", true)])
    func distinctUnknownUnitsFinishQuickly(spec: String, inCell: Bool) throws {
        let count = ProcessInfo.processInfo.environment["UNITPIPE_LONG_TESTS"] == "1" ? 100_000 : 2_000
        var text = inCell ? "value\n" : "value,unit\n"
        for n in 0..<count {
            let unit = n == 5 || n == 9 ? "kilometr" : "u\(10_000_000 + n)"
            text += inCell ? "\(n) \(unit)\n" : "\(n),\(unit)\n"
        }
        text += inCell ? "7 km\n" : "7,km\n"
        let dir = try E2E.directory(with: "in.csv", text)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", spec, "-e", "e.csv", "--summary", "s.json", "--threads", "2"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == (inCell ? "value\n7000\n" : "value,unit\n7000,m\n"))
        let json = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(json["rows_rejected"] as? Int == count)
        #expect(json["errors_by_code"] as? [String: Int] == ["unknown_unit": count])
        let report = parseCSV(try #require(dir.appendingPathComponent("e.csv").text))
        #expect(report.count == count + 1)
        let value = { (n: Int, unit: String) in inCell ? "\(n) \(unit)" : "\(n)" }
        #expect(report[1] == ["1", "2", "value", value(0, "u10000000"), "unknown_unit", "unknown unit 'u10000000'"])
        for n in [5, 9] {
            #expect(report[n + 1] == ["\(n + 1)", "\(n + 2)", "value", value(n, "kilometr"), "unknown_unit", "unknown unit 'kilometr'; did you mean 'kilometer'?"])
        }
        let last = count - 1
        #expect(report[count] == ["\(count)", "\(count + 1)", "value", value(last, "u\(10_000_000 + last)"), "unknown_unit", "unknown unit 'u\(10_000_000 + last)'"])
    }

    /// Starts `convert` reading a long quoted field from standard input, which the test keeps
    /// writing (so the run is in the middle of its input, whatever the machine's speed), sends
    /// `signal` once 1 MiB has been taken, and returns the process, its directory and the seconds
    /// from the signal to the exit.
    static func signalDuringLongField(
        _ signal: Int32, threads: Int
    ) throws -> (process: Process, dir: URL, seconds: Double) {
        let dir = try UnitPipeRunner.temporaryDirectory()
        let (process, writer) = try UnitPipeRunner.start(
            ["convert", "-c", "w:km:m", "-o", "out.csv", "--summary", "s.json", "--threads", "\(threads)"], in: dir)
        try writer.write(contentsOf: Data("v,w\n1,\"".utf8))
        let lines = Data(String(repeating: "x\n", count: 1 << 18).utf8)
        for _ in 0..<2 { try writer.write(contentsOf: lines) }
        // The child keeps reading while the writer thread keeps writing, until the child ends.
        let feeder = Thread { while (try? writer.write(contentsOf: lines)) != nil {} }
        feeder.start()
        let sent = ContinuousClock.now
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - sent) / .seconds(1)
        try? writer.close()
        return (process, dir, seconds)
    }

    /// A SIGTERM in the middle of one long quoted field (24 M lines, which the engine's loops took
    /// as one step) ends the run at once: status 143, a failed summary, no output and no
    /// temporary file left. (Measured: 3–20 ms from the signal to the exit.)
    @Test(arguments: [1, 2])
    func sigtermDuringALongFieldIsHonoured(threads: Int) throws {
        let (process, dir, _) = try Self.signalDuringLongField(SIGTERM, threads: threads)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s.json"])
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == "terminated (SIGTERM)")
    }

    /// A signal that arrives once the last chunk is parsed and committed — just before the outputs
    /// are renamed into place — is not lost: it exited 1 with the output committed, and the
    /// reports were replaced even after an interruption. The binary's
    /// test hook sends the signal at exactly that moment.
    @Test(arguments: [("TERM", 143, "terminated (SIGTERM)", 1), ("INT", 130, "interrupted (SIGINT)", 2)])
    func signalAfterTheLastChunkIsNotLost(name: String, status: Int32, reason: String, threads: Int) throws {
        let dir = try E2E.directory(with: "in.csv", "d\n1\nx\n3\n")
        try "an earlier report\n".write(to: dir.appendingPathComponent("e.csv"), atomically: true, encoding: .utf8)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "-e", "e.csv", "--summary", "s.json", "--threads", "\(threads)"],
            in: dir, environment: ["UNITPIPE_TEST_SIGNAL_AFTER_LAST_CHUNK": name])
        #expect(result.status == status)
        // No output replaced, the earlier report included; only the summary says what happened.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["e.csv", "in.csv", "s.json"])
        #expect(dir.appendingPathComponent("e.csv").text == "an earlier report\n")
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["status"] as? String == "failed")
        #expect(summary["reason"] as? String == reason)
        // validate too.
        let validated = try UnitPipeRunner.run(
            ["validate", "in.csv", "-c", "d:km", "--summary", "v.json"], in: dir,
            environment: ["UNITPIPE_TEST_SIGNAL_AFTER_LAST_CHUNK": name])
        #expect(validated.status == status)
        let validateSummary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("v.json"))) as? [String: Any])
        #expect(validateSummary["status"] as? String == "failed")
        #expect(validateSummary["reason"] as? String == reason)
    }

    // MARK: Output paths and the file system

    /// A sticky, world-writable directory (as /tmp) holding a root-owned 0600 file and, as another
    /// user (uid 12345) would plant it, `report.csv` linking to it. Needs root (to give the link another owner).
    static func plantedLink() throws -> URL? {
        guard geteuid() == 0 else { return nil }
        let dir = try E2E.directory(with: "in.csv", "d\n1\nx\n")
        let shared = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        chmod(shared.path, 0o1777)
        let victim = dir.appendingPathComponent("victim")
        try "secret\n".write(to: victim, atomically: false, encoding: .utf8)
        chmod(victim.path, 0o600)
        try FileManager.default.createSymbolicLink(atPath: shared.appendingPathComponent("report.csv").path, withDestinationPath: victim.path)
        #expect(lchown(shared.appendingPathComponent("report.csv").path, 12345, 12345) == 0)
        return dir
    }

    @Test(arguments: ["-o", "-e", "-r", "--summary"])
    func symlinkPlantedInStickyDirectoryIsRefused(option: String) throws {
        guard let dir = try Self.plantedLink() else {
            print("skipped: symlinkPlantedInStickyDirectoryIsRefused needs root to plant another user's link")
            return
        }
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", option, "shared/report.csv"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(
            "unitpipe convert: \(option) 'shared/report.csv': 'shared/report.csv' is a symbolic link of another user (uid 12345) in a sticky, world-writable directory, which unitpipe does not follow (as the kernel's fs.protected_symlinks would not); remove the link or write elsewhere\n"))
        #expect(dir.appendingPathComponent("victim").text == "secret\n")
        let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("victim").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The link's owner is the caller, or the directory's owner: followed, as the kernel does.
        #expect(lchown(dir.appendingPathComponent("shared/report.csv").path, 0, 0) == 0)
        let followed = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "-o", "shared/report.csv"], in: dir)
        #expect(followed.status == 1)
        #expect(dir.appendingPathComponent("victim").text == "d\n1000\n")
    }

    @Test(arguments: [
        ("dangling", "-o 'out.csv' is a symbolic link to 'missing/target.csv', which does not exist; create the target first, or remove the link to write a new file"),
        ("loop", "-o 'out.csv' is a symbolic link that loops back on itself; remove it or point it at a file"),
    ])
    func danglingOrLoopingLinkAtOutputIsNotReplaced(kind: String, message: String) throws {
        let dir = try E2E.directory(with: "in.csv", "d\n1\n")
        let link = dir.appendingPathComponent("out.csv").path
        if kind == "dangling" {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing/target.csv")
        } else {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "other.csv")
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("other.csv").path, withDestinationPath: "out.csv")
        }
        let result = try UnitPipeRunner.run(["convert", "in.csv", "-o", "out.csv", "--summary", "s.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("unitpipe convert: \(message)\n"))
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        #expect(destination == (kind == "dangling" ? "missing/target.csv" : "other.csv"))
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["reason"] as? String == "output")
    }

    /// `chmod 600 o.csv` (owned by another user) came back 0644 and owned by the caller.
    @Test func replacingAFileKeepsItsModeAndOwner() throws {
        let dir = try E2E.directory(with: "in.csv", "d\n1\n")
        let out = dir.appendingPathComponent("o.csv")
        try "old\n".write(to: out, atomically: false, encoding: .utf8)
        chmod(out.path, 0o640)
        let isRoot = geteuid() == 0
        if isRoot { #expect(chown(out.path, 12345, 12346) == 0) }
        // A hard link to the old file keeps the old file: the new one is renamed into its place.
        try FileManager.default.linkItem(atPath: out.path, toPath: dir.appendingPathComponent("hard.csv").path)
        for option in ["-o", "-e", "--summary"] {
            let result = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", option, "o.csv"], in: dir)
            #expect(result.status == 0)
            let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
            #expect(attributes[.posixPermissions] as? Int == 0o640)
            if isRoot {
                #expect(attributes[.ownerAccountID] as? Int == 12345)
                #expect(attributes[.groupOwnerAccountID] as? Int == 12346)
            }
        }
        #expect(dir.appendingPathComponent("hard.csv").text == "old\n")
    }

    /// `-e /dev/stdout | head -1` ended with "cannot write '/dev/stdout': Broken pipe", exit 2.
    @Test func closedReportPipeEndsQuietly() throws {
        var text = "d\n"
        for n in 0..<50_000 { text += "x\(n)\n" }
        let dir = try E2E.directory(with: "in.csv", text)
        let (status, stderr) = try UnitPipeRunner.runShell(
            "\(UnitPipeRunner.binary.path) convert in.csv -c d:km:m -e /dev/stdout --summary s.json -q | head -1; exit ${PIPESTATUS[0]}", in: dir)
        #expect(String(decoding: stderr, as: UTF8.self) == "")
        // Every row read was rejected: exit 1, as for a closed output pipe — not 2 (trouble).
        #expect(status == 1)
        let summary = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(summary["reason"] as? String == "closed_pipe")
        #expect((summary["rows_in"] as? Int ?? 0) < 50_000)
    }

    /// After `| head -1` the summary said "ok" with 7,608 of 3,000,000 rows read, and after ENOSPC
    /// `rows_out: 7608` though no output existed: it now says the run ended early and why, and
    /// counts what was delivered.
    @Test func summaryAfterAnEarlyEndSaysWhyAndCountsWhatWasDelivered() throws {
        var text = "d\n"
        for n in 0..<200_000 { text += "\(n)\n" }
        let dir = try E2E.directory(with: "in.csv", text)
        let (status, _) = try UnitPipeRunner.runShell(
            "\(UnitPipeRunner.binary.path) convert in.csv -c d:km:m --summary s.json | head -1; exit ${PIPESTATUS[0]}", in: dir)
        #expect(status == 0)
        let piped = try E2E.summary(dir.appendingPathComponent("s.json"))
        #expect(piped["status"] as? String == "ok")
        #expect(piped["reason"] as? String == "closed_pipe")
        let rowsIn = try #require(piped["rows_in"] as? Int)
        #expect(rowsIn < 200_000)
        #expect(piped["rows_written"] as? Int == rowsIn)
        #expect(piped["rows_out"] as? Int == rowsIn)
        // A full disk (/dev/full): nothing was delivered, and the summary says why.
        let full = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "-o", "/dev/full", "--summary", "f.json"], in: dir)
        #expect(full.status == 2)
        #expect(full.stderr == "unitpipe convert: cannot write '/dev/full': No space left on device\n")
        let failed = try E2E.summary(dir.appendingPathComponent("f.json"))
        #expect(failed["status"] as? String == "failed")
        #expect(failed["reason"] as? String == "output")
        #expect(failed["detail"] as? String == "No space left on device")
        #expect(failed["rows_written"] as? Int == 0)
        #expect(failed["rows_out"] as? Int == 0)
        // validate's summary says the same of a report it could not write.
        let bad = try E2E.directory(with: "bad.csv", "d\n1\nx\n")
        let report = try UnitPipeRunner.run(["validate", "bad.csv", "-c", "d", "-e", "/dev/full", "--summary", "v.json"], in: bad)
        #expect(report.status == 2)
        #expect(report.stderr == "unitpipe validate: cannot write '/dev/full': No space left on device\n")
        let validateFailed = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: bad.appendingPathComponent("v.json"))) as? [String: Any])
        #expect(validateFailed["status"] as? String == "failed")
        #expect(validateFailed["reason"] as? String == "output")
        #expect(validateFailed["detail"] as? String == "No space left on device")
        // A complete run delivered every row.
        let ok = try UnitPipeRunner.run(["convert", "in.csv", "-c", "d:km:m", "-o", "out.csv", "--summary", "o.json"], in: dir)
        #expect(ok.status == 0)
        let complete = try E2E.summary(dir.appendingPathComponent("o.json"))
        #expect(complete["reason"] == nil)
        #expect(complete["rows_written"] as? Int == 200_000)
    }

    // MARK: Spreadsheet safety

    static let formulas = "id,formula,dist,note\n1,=1+1,-5,@SUM(A1)\n2,+cmd,-2.5e3,-5\n3,x,=2+3,\ttab\n4,-x,1,\"=A1,B2\"\n"

    /// The error report repeated a rejected `=2+3` unescaped; with `--escape-formulas` no field of
    /// the output, the rejects or the report starts a formula, and numbers (`-5`, converted or
    /// not) stay numbers.
    @Test func formulaInRejectedCellIsEscapedInEveryOutput() throws {
        let dir = try E2E.directory(with: "in.csv", Self.formulas)
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "dist:km:m", "--escape-formulas", "-e", "e.csv", "-r", "r.csv", "-q"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "id,formula,dist,note\n1,'=1+1,-5000,'@SUM(A1)\n2,'+cmd,-2500000,-5\n4,'-x,1000,\"'=A1,B2\"\n")
        #expect(dir.appendingPathComponent("r.csv").text == "id,formula,dist,note\n3,x,'=2+3,'\ttab\n")
        #expect(dir.appendingPathComponent("e.csv").text == "record,line,column,value,code,message\n"
            + "3,4,dist,'=2+3,invalid_number,'=2+3' is not a number in locale C; fix the cell or choose the file's locale with --locale\n")
        // By default every field passes through as it is.
        let plain = try UnitPipeRunner.run(["convert", "in.csv", "-c", "dist:km:m", "-e", "e.csv", "-q"], in: dir)
        #expect(plain.stdout == "id,formula,dist,note\n1,=1+1,-5000,@SUM(A1)\n2,+cmd,-2500000,-5\n4,-x,1000,\"=A1,B2\"\n")
        #expect(dir.appendingPathComponent("e.csv").text?.contains("\n3,4,dist,=2+3,invalid_number,") == true)
        // validate: the report and the invalid rows.
        let validated = try UnitPipeRunner.run(
            ["validate", "in.csv", "-c", "dist:km", "--escape-formulas", "-e", "v.csv", "-r", "vr.csv", "-q"], in: dir)
        #expect(validated.status == 1)
        #expect(dir.appendingPathComponent("vr.csv").text == "id,formula,dist,note\n3,x,'=2+3,'\ttab\n")
        #expect(dir.appendingPathComponent("v.csv").text?.contains("\n3,4,dist,'=2+3,") == true)
    }

    // MARK: Huge fields

    /// A 60 MiB field in a converted column that fails took 74 s and 1.4 GiB (the whole cell was
    /// copied into its failure, scanned for hints and written twice into the report); the report
    /// now quotes its first 256 bytes. Here 2 MiB, read by one and two threads.
    @Test(arguments: [1, 2])
    func hugeFailingCellIsReportedByItsFirstBytes(threads: Int) throws {
        let cell = String(repeating: "x\n", count: 1 << 20)
        let dir = try E2E.directory(with: "in.csv", "v,w\n1,\"\(cell)\"\n2,3\n")
        let result = try UnitPipeRunner.run(
            ["convert", "in.csv", "-c", "w:km:m", "-e", "e.csv", "-r", "r.csv", "--threads", "\(threads)", "-q"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "v,w\n2,3000\n")
        let shown = String(cell.prefix(256)) + "…"
        let report = parseCSV(try #require(dir.appendingPathComponent("e.csv").text))
        #expect(report.count == 2)
        #expect(report[1] == ["1", "2", "w", shown, "invalid_number", "'\(shown)' is not a number in locale C; fix the cell or choose the file's locale with --locale"])
        // The rejects keep the whole row.
        #expect(dir.appendingPathComponent("r.csv").text == "v,w\n1,\"\(cell)\"\n")
    }
}
