import UnitPipe
import UnitPipeCSV

extension Messages {
    static func render(_ error: InputError) -> String {
        switch error {
        case .cannotOpen(let path, let cause): return "cannot open input '\(path)': \(cause); check the path and permissions"
        case .cannotRead(let path, let cause): return "cannot read input '\(path)': \(cause)"
        case .isDirectory(let path): return "input '\(path)' is a directory; give a CSV or TSV file"
        case .notRegularFile(let path):
            return "input '\(path)' is not a regular file; plans and byte ranges read a file at offsets, so save the stream to a file first"
        case .undecodable(let path, let encoding, let offset):
            return "input '\(path)' is not \(encoding) text at byte \(offset) of its text (an odd last byte or a lone surrogate); "
                + "check the file, or give its encoding with --encoding"
        case .headerTooLarge(let path, let limit):
            return "the header of input '\(path)' is longer than --max-field-size (\(limit) bytes, counting 9 bytes for each field after the first); raise --max-field-size if the header is right"
        case .compressedAtOffsets(let path, let compression):
            return "input '\(path)' is \(compression)-compressed; plans and byte ranges read a file at offsets, so decompress it to a file first"
        case .refused(let name, let format):
            let file = name == "standard input" ? "FILE" : shellWord(name)
            switch format {
            case .bzip2: return "input is bzip2-compressed; decompress it first: bunzip2 -c \(file) | unitpipe convert -"
            case .xz: return "input is xz-compressed; decompress it first: xz -dc \(file) | unitpipe convert -"
            case .zip: return "input is a zip archive; extract the CSV file first: unzip -p \(file) MEMBER.csv | unitpipe convert -"
            case .tar: return "input is a tar archive; extract the CSV file first: tar -xOf \(file) MEMBER.csv | unitpipe convert -"
            case .otherArchive(let kind):
                return "input is compressed with \(kind), which unitpipe does not read; decompress it first (gzip and zstd are read directly)"
            case .wideText(let encoding) where encoding.hasPrefix("UTF-16"):
                return "input is \(encoding) text without a byte order mark; read it with --encoding \(encoding.lowercased())"
            case .wideText(let encoding):
                return "input is \(encoding) text; convert it to UTF-8 first: iconv -f \(encoding) -t UTF-8 \(file) | unitpipe convert -"
            case .document(let kind):
                return "input is \(kind), not CSV text; export the sheet or table as CSV first"
            case .binary(let offset):
                return "input is not text (a NUL byte at offset \(offset) of its data); give a CSV or TSV file (gzip and zstd are read directly)"
            }
        case .corrupt(let name, let compression, let reason):
            return "input '\(name)' is not a valid \(compression) stream: \(reason); the file is damaged (check it with \(compression) -t)"
        case .truncated(let name, let compression, let bytes):
            return "input '\(name)' ends inside its \(compression) stream after \(bytes) bytes: the file is truncated; fetch or copy it again (\(compression) -t checks it)"
        case .shrank(let name, let atOpen, let read):
            return "input '\(name)' ended after \(read) of the \(atOpen) bytes it held when opened: another process truncated it while it was read; run again once the file is complete"
        }
    }
}
