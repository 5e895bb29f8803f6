/// Writes the error report: CSV with header `record,line,column,value,code,message`, one row per failed cell.
public final class ErrorReportWriter {
    private let file: OutputFile
    private let buffer: OutputBuffer
    private let writer = CSVWriter(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""))

    /// The report's header row.
    public static let header = ["record", "line", "column", "value", "code", "message"]

    /// Creates the report at `path` (written beside and renamed into place on close).
    public init(path: String) throws(OutputError) {
        file = try OutputFile(path: path)
        buffer = OutputBuffer(descriptor: file.descriptor, capacity: 1 << 16)
        do {
            try writer.writeRecord(ErrorReportWriter.header, to: buffer)
        } catch {
            throw .cannotWrite(path, error)
        }
    }

    /// Appends one error.
    public func write(_ error: CellError) throws(OutputError) {
        do {
            try writer.writeRecord(
                [String(error.record), String(error.line), error.column, error.value, error.code.rawValue, error.message],
                to: buffer)
        } catch {
            throw .cannotWrite(file.path ?? "error report", error)
        }
    }

    /// Flushes and renames the report into place.
    public func close() throws(OutputError) {
        do {
            try buffer.flush()
        } catch {
            file.abandon()
            throw .cannotWrite(file.path ?? "error report", error)
        }
        try file.commit()
    }
}

/// Writes rejected rows verbatim (field contents unchanged) in the input's dialect, header first.
public final class RejectWriter {
    private let file: OutputFile
    private let buffer: OutputBuffer
    private let writer: CSVWriter
    private let delimiter: UInt8

    /// Creates the rejects file at `path` in `dialect`.
    public init(path: String, dialect: CSVDialect) throws(OutputError) {
        file = try OutputFile(path: path)
        buffer = OutputBuffer(descriptor: file.descriptor, capacity: 1 << 16)
        writer = CSVWriter(delimiter: dialect.delimiter, quote: dialect.quote)
        delimiter = dialect.delimiter
    }

    /// Writes the input's header row.
    public func writeHeader(_ names: [String]) throws(OutputError) {
        do {
            try writer.writeRecord(names, to: buffer)
        } catch {
            throw .cannotWrite(file.path ?? "rejects", error)
        }
    }

    /// Writes `record` of `batch` with its fields as read.
    public func write(record r: Int, of batch: RecordBatch) throws(OutputError) {
        do {
            for f in 0..<batch.fieldCount(of: r) {
                if f > 0 { try buffer.append(delimiter) }
                try writer.writeField(batch.field(f, of: r), to: buffer)
            }
            try buffer.append(UInt8(ascii: "\n"))
        } catch {
            throw .cannotWrite(file.path ?? "rejects", error)
        }
    }

    /// Flushes and renames the file into place.
    public func close() throws(OutputError) {
        do {
            try buffer.flush()
        } catch {
            file.abandon()
            throw .cannotWrite(file.path ?? "rejects", error)
        }
        try file.commit()
    }
}
