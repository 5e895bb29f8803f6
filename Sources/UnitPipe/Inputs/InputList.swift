// Design note — several inputs in one run.
//
// `convert a.csv b.csv dir/` reads its inputs one after the other into one
// output, as if they were one file with the header written once: a directory
// stands for its CSV files in name order (byte order of the names; only names
// ending in .csv, .tsv or .tab, also with .gz or .zst, so a stray README.txt or
// _SUCCESS marker is not read; names starting with `.` or `_` skipped,
// subdirectories not entered), `-` for standard
// input (at most once). Each input is read as a run over it alone would read
// it (its own BOM, compression, sniffed dialect and `--locale auto` sample),
// and every input's header must equal the first one's, field by field, and
// be split by the same delimiter, so the rows of all of them fit under one
// header. Records and lines are numbered per input (the error report gains a
// `file` column to say which), the failure budget (`--max-errors`) runs
// across all of them, and an empty input (no header) adds nothing.

import UnitPipeCSV

/// The inputs of a run, as named on the command line and found in directories.
public enum InputList {
    /// The files `paths` name, in order: a directory's files in name order; `-` is standard
    /// input. No path at all means standard input.
    ///
    /// - Throws: `JobError.standardInputTwice` for a second `-`, `.directoryWithoutFiles` for a
    ///   directory that holds no file to read.
    public static func expand(_ paths: [String]) throws(JobError) -> [String] {
        if paths.isEmpty { return ["-"] }
        var files: [String] = []
        var hasStandardInput = false
        for path in paths {
            if path == "-" {
                if hasStandardInput { throw .standardInputTwice }
                hasStandardInput = true
                files.append(path)
            } else if FileSystem.isDirectory(path) {
                let names: [String]
                do { names = try FileSystem.entries(ofDirectory: path) } catch { throw .input(.cannotOpen(path, error)) }
                let found = names
                    .filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") && InputList.isTableName($0) }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                    .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
                    .filter { FileSystem.identity(of: $0)?.isRegularFile == true }
                if found.isEmpty { throw .directoryWithoutFiles(path) }
                files += found
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The name endings a directory's files are read by: CSV and TSV names, also compressed.
    public static let tableExtensions = [".csv", ".tsv", ".tab"].flatMap { [$0, $0 + ".gz", $0 + ".zst"] }

    /// `true` when a file named `name` in an input directory is read: its name ends in one of ``tableExtensions`` (any case).
    static func isTableName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return tableExtensions.contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// The start of a run over `paths`: the inputs they name, each checked against the run's
    /// `outputs` before any byte is read, the heads kept by ``checkedHeads(_:open:)``, and the
    /// progress display `mode` asks for.
    static func start(
        _ paths: [String], outputs: [(role: OutputRole, path: String?)], progress mode: ProgressMode,
        open: (String) throws(JobError) -> InputHead
    ) throws(JobError) -> (inputs: [String], heads: [Int: InputHead], progress: ProgressDisplay?) {
        let inputs = try expand(paths)
        for input in inputs {
            do { try OutputPaths.check(input: openPath(input), outputs: outputs) } catch { throw .outputPath(error) }
        }
        // Several inputs: every header is checked before any row is read; standard input's head is kept.
        let heads = try checkedHeads(inputs, open: open)
        return (inputs, heads, ProgressDisplay(mode: mode, totalBytes: ProgressDisplay.totalStoredBytes(of: inputs)))
    }

    /// The path to open for `input` (`nil`: standard input).
    static func openPath(_ input: String) -> String? { input == "-" ? nil : input }

    /// Opens `input` and reads its head as a run over it alone would.
    static func head(
        of input: String, delimiter: UInt8?, quote: UInt8?, hasHeader: Bool, maxFieldSize: Int, locale: String,
        reader: ReaderKind = .default, encoding: TextEncoding? = nil
    ) throws(JobError) -> InputHead {
        do {
            let source = try InputSource(path: openPath(input), encoding: encoding)
            return try InputHead(
                source: source, delimiter: delimiter, quote: quote, hasHeader: hasHeader, maxFieldSize: maxFieldSize,
                sniffingOrder: InputHead.sniffingOrder(locale: locale), reader: reader)
        } catch {
            throw .input(error)
        }
    }

    /// With several inputs, opens every input's head (with `open`) and checks it against the
    /// first non-empty one's, before any row is read; returns the heads to keep: standard
    /// input's, which cannot be read again (the others are opened again when their turn comes,
    /// so a directory of thousands of files holds one open at a time).
    /// `each` sees every input's head as it is checked (then a single input is opened too).
    static func checkedHeads(
        _ inputs: [String], open: (String) throws(JobError) -> InputHead, each: ((String, InputHead) -> Void)? = nil
    ) throws(JobError) -> [Int: InputHead] {
        guard inputs.count > 1 || each != nil else { return [:] }
        var kept: [Int: InputHead] = [:]
        var reference: (name: String, head: InputHead)?
        for (index, input) in inputs.enumerated() {
            let head = try open(input)
            each?(input, head)
            if input == "-" { kept[index] = head }
            guard head.firstRecord != nil else { continue }
            if let reference {
                try checkShape(head, named: input, as: reference.head, named: reference.name)
            } else {
                reference = (input, head)
            }
        }
        return kept
    }

    /// Checks that `head` (of input `name`) can continue the rows of `reference` (of input
    /// `referenceName`): the same delimiter and the same header (without a header, the same
    /// number of fields in its first record).
    static func checkShape(
        _ head: InputHead, named name: String, as reference: InputHead, named referenceName: String
    ) throws(JobError) {
        guard let fields = head.firstRecord, let expected = reference.firstRecord else { return }
        let mismatch = { (difference: InputMismatch.Difference) in
            JobError.inputMismatch(InputMismatch(file: name, reference: referenceName, difference: difference))
        }
        if head.dialect.delimiter != reference.dialect.delimiter {
            throw mismatch(.delimiter(found: head.dialect.delimiter, expected: reference.dialect.delimiter))
        }
        if !head.dialect.hasHeader {
            if fields.count != expected.count { throw mismatch(.fieldCount(found: fields.count, expected: expected.count)) }
            return
        }
        if let k = (0..<min(fields.count, expected.count)).first(where: { fields[$0] != expected[$0] }) {
            throw mismatch(.name(position: k + 1, found: fields[k], expected: expected[k]))
        }
        if fields.count != expected.count {
            let k = min(fields.count, expected.count)
            throw mismatch(.columnCount(
                found: fields.count, expected: expected.count,
                first: fields.count > k ? fields[k] : expected[k]))
        }
    }
}

/// An input that cannot join the rows of the first: another delimiter or another header.
public struct InputMismatch: Sendable, Equatable {
    /// How the two inputs differ.
    public enum Difference: Sendable, Equatable {
        /// The inputs are split by different delimiters (given or sniffed).
        case delimiter(found: UInt8, expected: UInt8)
        /// Header column `position` (1-based) is `found` in the file and `expected` in the reference.
        case name(position: Int, found: String, expected: String)
        /// The headers agree on their common columns but one has more; `first` is the first column only one has.
        case columnCount(found: Int, expected: Int, first: String)
        /// Without a header: the first records have different numbers of fields.
        case fieldCount(found: Int, expected: Int)
    }

    /// The input that differs, as named.
    public var file: String
    /// The first input, whose header the others must have.
    public var reference: String
    public var difference: Difference
}

/// What a run would read from one input: for drivers that split a run across machines.
public struct InputDescription: Sendable, Equatable {
    /// The file, as the run names it (a directory's files as `DIR/NAME`).
    public var path: String
    /// Its size as stored, `nil` for standard input.
    public var size: Int?
    /// How it is stored (read by its magic bytes, whatever its name).
    public var compression: InputCompression
    /// Whether it holds a record (the header with a header): an empty file, or one with only a BOM, has none.
    public var hasRecords: Bool

    /// The inputs `paths` name, in the order a run reads them, each opened and its head read as
    /// the run reads it (the same delimiter, quote, header, locale and encoding), and checked
    /// against the first with records as the run checks them before any row.
    ///
    /// - Throws: The run's error: a directory without files, an unreadable input, a mismatch.
    public static func describe(
        _ paths: [String], delimiter: UInt8?, quote: UInt8?, hasHeader: Bool, locale: String, encoding: TextEncoding?
    ) throws(JobError) -> [InputDescription] {
        var described: [InputDescription] = []
        _ = try InputList.checkedHeads(InputList.expand(paths)) { input throws(JobError) in
            try InputList.head(
                of: input, delimiter: delimiter, quote: quote, hasHeader: hasHeader, maxFieldSize: RecordEngine.defaultMaxFieldSize,
                locale: locale, encoding: encoding)
        } each: { input, head in
            described.append(InputDescription(
                path: input, size: head.source.storedSize, compression: head.source.compression, hasRecords: head.firstRecord != nil))
        }
        return described
    }

    /// The description as a JSON object.
    public var json: String {
        "{\"path\": \(JSON.string(path)), \"size\": \(size.map(String.init) ?? "null"), "
            + "\"compression\": \(JSON.string(compression.rawValue)), \"records\": \(hasRecords)}"
    }
}
