// `unitpipe plan`: cuts a file into byte ranges that each start exactly where
// a record starts, for shards (`--byte-range`) run on other cores or machines.
// The dialect and the header are settled as `convert` settles them (the same
// sniffing, the header read by libcsv); the data is then read once by the
// quote-parity scan (RecordStartSearch), which finds, for each of N evenly
// spaced offsets, the first record start at or after it, with its record and
// line number. A cut is only ever made where parity is certain: past a quote
// that parity cannot decide, the rest of the file is one range.

import Foundation
import UnitPipeCSV

/// What `unitpipe plan` needs: the input and how it is read.
public struct PlanOptions: Sendable {
    /// The file to plan (a regular file: it is read again by every shard).
    public var inputPath: String
    /// How many ranges to aim for.
    public var splits: Int
    /// `-d`; `nil` sniffs as `convert` does.
    public var delimiter: UInt8?
    /// `--quote`.
    public var quoting: ConvertOptions.Quoting = .standard
    /// `false` with `--no-header`.
    public var hasHeader = true
    /// `--locale`: only breaks delimiter-sniffing ties, as in `convert`.
    public var locale = "C"

    public init(inputPath: String, splits: Int) {
        self.inputPath = inputPath
        self.splits = splits
    }
}

/// Byte ranges of a file, each starting at a record start, that together hold every data record once.
public struct SplitPlan: Sendable, Equatable {
    /// One range: the records that start in `[start, end)`.
    public struct Range: Sendable, Equatable {
        public var start: Int
        public var end: Int
        /// The data record number (1-based) of the record that starts at `start`.
        public var record: Int
        /// The line `start` is on.
        public var line: Int
    }

    public var path: String
    public var fileSize: Int
    public var splitsRequested: Int
    public var dialect: CSVDialect
    /// `[0, headerEnd)` holds the BOM, the header and blank lines before the first data record.
    public var headerEnd: Int
    public var ranges: [Range]
    /// The first quote parity could not decide: no cut was made after it.
    public var anomaly: ParityAnomaly?
    /// Bytes the quote-parity scan read, and the time it took.
    public var bytesScanned: Int
    public var seconds: Double

    /// Plans `options.inputPath` into about `options.splits` ranges.
    public static func make(_ options: PlanOptions) throws(JobError) -> SplitPlan {
        let clock = ContinuousClock()
        do {
            let input = try InputSource(path: options.inputPath)
            guard let size = input.fileDescriptor.regularFileSize else { throw JobError.input(.notRegularFile(options.inputPath)) }
            let head = try Head.read(
                input, delimiter: options.delimiter, quote: options.quoting.byte, hasHeader: options.hasHeader,
                locale: options.locale, path: options.inputPath)
            // Offsets in a compressed file are not offsets in its text.
            if input.compression != .none { throw JobError.input(.compressedAtOffsets(options.inputPath, input.compression.rawValue)) }
            var plan = SplitPlan(
                path: options.inputPath, fileSize: size, splitsRequested: options.splits, dialect: head.dialect,
                headerEnd: size, ranges: [], anomaly: nil, bytesScanned: 0, seconds: 0)
            let file = input.fileDescriptor
            let delimiter = head.dialect.delimiter
            let quote = head.dialect.quote
            // The first data record: the first record start at or after the header's end.
            let origin = RecordPosition(offset: head.dataOffset, record: 1, line: head.dataLine)
            let started = clock.now
            let first = try RecordStartSearch.run(file: file, from: origin, targets: [head.dataOffset], delimiter: delimiter, quote: quote)
            plan.bytesScanned = first.bytesScanned
            if let start = first.found[0] {
                plan.headerEnd = start.offset
                let dataBytes = size - start.offset
                let splits = max(1, options.splits)
                // Evenly spaced, exactly (k · dataBytes / splits without overflow).
                let targets = (1..<splits).map { start.offset + dataBytes / splits * $0 + dataBytes % splits * $0 / splits }
                    .filter { $0 > start.offset }
                let search = try RecordStartSearch.run(file: file, from: start, targets: targets, delimiter: delimiter, quote: quote)
                plan.bytesScanned += search.bytesScanned
                plan.anomaly = search.anomaly
                var starts = [start]
                for case let position? in search.found where position.offset > (starts.last?.offset ?? 0) {
                    starts.append(position)
                }
                plan.ranges = starts.indices.map { k in
                    let begin = starts[k]
                    let end = k + 1 < starts.count ? starts[k + 1].offset : size
                    return Range(start: begin.offset, end: end, record: begin.record, line: begin.line)
                }
            } else {
                plan.anomaly = first.anomaly
            }
            plan.seconds = (clock.now - started).seconds
            return plan
        } catch let error as JobError {
            throw error
        } catch let error as InputError {
            throw .input(error)
        } catch let error as SystemError {
            throw .input(.cannotRead(options.inputPath, error))
        } catch {
            throw .input(.cannotRead(options.inputPath, SystemError(call: "read", errno: 5)))
        }
    }

    /// A file's start as `convert` reads it: the dialect, and where the data after the header begins.
    struct Head {
        var dialect: CSVDialect
        /// The offset just after the header record's line end (after the BOM without a header).
        var dataOffset: Int
        /// The line `dataOffset` is on.
        var dataLine: Int

        /// Reads the start of `input` (the first 64 KiB, more while the header is longer).
        static func read(
            _ input: InputSource, delimiter: UInt8?, quote: UInt8?, hasHeader: Bool, locale: String, path: String?
        ) throws(InputError) -> Head {
            let head = try InputHead(
                source: input, delimiter: delimiter, quote: quote, hasHeader: hasHeader,
                sniffingOrder: InputHead.sniffingOrder(locale: locale))
            let bom = head.hasByteOrderMark ? InputHead.byteOrderMark.count : 0
            guard hasHeader, head.firstRecord != nil else {
                return Head(dialect: head.dialect, dataOffset: bom, dataLine: 1)
            }
            return Head(dialect: head.dialect, dataOffset: bom + head.firstRecordByteCount, dataLine: 1 + head.firstRecordLineCount)
        }
    }

    /// The scan's speed in GB/s (10⁹ bytes a second).
    public var gigabytesPerSecond: Double { seconds > 0 ? Double(bytesScanned) / seconds / 1e9 : 0 }

    /// The plan as JSON: header, ranges, and how the scan went.
    public var json: String {
        var out = "{\"file\": \(JSON.string(path)), \"size\": \(fileSize), \"splits\": \(splitsRequested)"
        out += ", \"header\": {\"start\": 0, \"end\": \(headerEnd)}, \"ranges\": ["
        out += ranges.map {
            "{\"start\": \($0.start), \"end\": \($0.end), \"record\": \($0.record), \"line\": \($0.line)}"
        }.joined(separator: ", ")
        out += "]"
        if let anomaly {
            out += ", \"undecided\": {\"offset\": \(anomaly.offset), \"line\": \(anomaly.line), \"reason\": \(JSON.string(anomaly.kind.description))}"
        }
        out += ", \"scan\": {\"bytes\": \(bytesScanned), \"seconds\": \(JSON.seconds(seconds)), \"gb_per_s\": \(JSON.number(gigabytesPerSecond))}"
        return out + "}\n"
    }
}
