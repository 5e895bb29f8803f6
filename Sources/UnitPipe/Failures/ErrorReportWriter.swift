import UnitPipeCSV

/// A report file written through a staging buffer: the error report and the rejects.
public final class ReportFile {
    private let file: OutputFile
    /// Bytes waiting to be written; flushed past 64 KiB and on close.
    public let buffer = ByteBuffer(capacity: 1 << 17)

    /// Creates the file at `path` (written beside and renamed into place on close).
    public init(path: String) throws(OutputError) {
        file = try OutputFile(path: path)
    }

    /// Writes the staged bytes once there are enough of them.
    public func flushIfFull() throws(OutputError) {
        if buffer.count >= 1 << 16 { try file.write(buffer) }
    }

    /// Takes the bytes of `bytes` (and empties it): staged like any others, or, from 64 KiB on,
    /// written straight after the staged ones, so that a huge rejected record is not copied
    /// once more into the staging buffer.
    public func take(_ bytes: ByteBuffer) throws(OutputError) {
        guard bytes.count >= 1 << 16 else {
            buffer.append(bytes.bytes)
            bytes.removeAll()
            return try flushIfFull()
        }
        try file.write(buffer)
        try file.write(bytes)
    }

    /// Writes the staged bytes and makes the file complete and durable, not yet in place
    /// (`OutputFile.prepare()`); on failure the temporary file is removed.
    public func prepare() throws(OutputError) {
        do {
            try file.write(buffer)
        } catch {
            file.abandon()
            throw error
        }
        try file.prepare()
    }

    /// Renames the prepared file into place (`OutputFile.publish()`).
    public func publish() throws(OutputError) -> String? { try file.publish() }

    /// Removes the temporary file, leaving any earlier file at the path untouched.
    public func abandon() { file.abandon() }
}

/// Formats the error report: CSV with header `record,line,column,value,code,message`, one row per
/// failure; with several inputs a first column `file` names the input of each row.
public enum ErrorReportFormat {
    /// The report's header row.
    public static let header = ["record", "line", "column", "value", "code", "message"]

    static let writer = CSVWriter(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""))
    static let escapingWriter = CSVWriter(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), escapesFormulas: true)

    /// Appends the header row; `hasFileColumn` puts `file` first.
    public static func writeHeader(to buffer: ByteBuffer, hasFileColumn: Bool = false) {
        writeHeader(to: buffer, leadingColumns: hasFileColumn ? ["file"] : [])
    }

    /// Appends the header row after `leadingColumns` (`file`, or `resource,file` for a Data Package).
    public static func writeHeader(to buffer: ByteBuffer, leadingColumns: [String]) {
        writer.writeRecord(leadingColumns + header, to: buffer)
    }

    /// Appends one error; `file` (the input's name, with several inputs) goes first; with
    /// `escapingFormulas`, a field a spreadsheet would run gets a leading `'`.
    public static func write(_ error: ReportRow, file: String? = nil, to buffer: ByteBuffer, escapingFormulas: Bool = false) {
        write(error, leading: file.map { [$0] } ?? [], to: buffer, escapingFormulas: escapingFormulas)
    }

    /// Appends one error after the values of the leading columns.
    public static func write(_ error: ReportRow, leading: [String], to buffer: ByteBuffer, escapingFormulas: Bool = false) {
        let fields = [String(error.record), String(error.line), error.column, error.value, error.code.rawValue, error.message]
        (escapingFormulas ? escapingWriter : writer).writeRecord(leading + fields, to: buffer)
    }
}

extension ReportFile {
    /// Writes `json` to `path` on its own (a summary after a usage error), put in place at once.
    static func writeSummary(_ json: String, to path: String) throws(OutputError) {
        let file = try ReportFile(path: path)
        file.buffer.append(json)
        try file.prepare()
        if let directory = try file.publish() { FileSystem.synchronizeDirectory(directory) }
    }
}
