// `--progress`: bytes and rows read, the rate, and the time left when the input's size is known
// (a compressed file: by its stored bytes), on standard error. On a terminal the line is redrawn
// in place at most four times a second and erased at the end; forced into a pipe or a log it is
// a plain line per second and one at the end. The record engine calls it after every commit, on
// the thread that commits (one at a time), with counts it keeps anyway (`RecordEngine.Progress`), so it costs a clock read
// per chunk; it never touches standard input.

import Foundation
import UnitPipeCSV

/// When progress is shown.
public enum ProgressMode: Sendable, Equatable {
    /// On when standard error is a terminal (the default).
    case automatic
    /// `--progress`: also into a pipe or a file, as plain lines.
    case always
    /// `--no-progress`.
    case never
}

/// Draws the progress of a run on standard error.
final class ProgressDisplay {
    private let isTerminal: Bool
    private let totalBytes: Int?
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var hasDrawn = false

    /// A display for `mode`, or `nil` when nothing is to be shown.
    init?(mode: ProgressMode, totalBytes: Int?) {
        let terminal = FileDescriptor.standardError.isTerminal
        switch mode {
        case .never: return nil
        case .automatic: if !terminal { return nil }
        case .always: break
        }
        isTerminal = terminal
        self.totalBytes = totalBytes
        started = clock.now
    }

    /// The stored size of every input together (compressed files count as stored), or `nil` when
    /// one of them has no known size (standard input, a pipe).
    static func totalStoredBytes(of inputs: [String]) -> Int? {
        var total = 0
        for input in inputs {
            guard input != "-", let attributes = try? FileManager.default.attributesOfItem(atPath: input),
                attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int
            else { return nil }
            total += size
        }
        return total
    }

    /// Redraws the line when enough time has passed since the last one (the first one at once).
    func update(bytes: Int, rows: Int) {
        let now = clock.now
        if let lastDrawn, now - lastDrawn < (isTerminal ? .milliseconds(250) : .seconds(1)) { return }
        lastDrawn = now
        draw(bytes: bytes, rows: rows, now: now)
    }

    /// Ends the display: erases the line on a terminal, writes a last line elsewhere.
    func finish(bytes: Int, rows: Int) {
        if isTerminal {
            if hasDrawn { write("\r\u{1B}[K") }
        } else {
            draw(bytes: bytes, rows: rows, now: clock.now)
        }
    }

    private func draw(bytes: Int, rows: Int, now: ContinuousClock.Instant) {
        let line = ProgressDisplay.line(bytes: bytes, rows: rows, totalBytes: totalBytes, seconds: (now - started).seconds)
        write(isTerminal ? "\r" + line + "\u{1B}[K" : line + "\n")
        hasDrawn = true
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { try? FileDescriptor.standardError.writeAll($0) }
    }

    /// The progress line: `unitpipe: 12.3 MB of 45.6 MB (27%), 150000 rows, 85.2 MB/s, 0:03 left`.
    static func line(bytes: Int, rows: Int, totalBytes: Int?, seconds: Double) -> String {
        var text = "unitpipe: \(megabytes(bytes))"
        if let totalBytes, totalBytes > 0 {
            text += " of \(megabytes(totalBytes)) (\(min(100, bytes * 100 / totalBytes))%)"
        }
        text += ", \(rows) row\(rows == 1 ? "" : "s")"
        guard seconds > 0.05, bytes > 0 else { return text }
        let rate = Double(bytes) / seconds
        text += ", \(megabytes(Int(rate)))/s"
        if let totalBytes, totalBytes > bytes {
            let left = Int((Double(totalBytes - bytes) / rate).rounded(.up))
            text += ", \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60) left"
        }
        return text
    }

    /// Bytes in MB (10^6) with one decimal.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
