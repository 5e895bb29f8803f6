import Foundation
import UnitPipe
import UnitPipeNumbers

extension Messages {
    /// One line saying why a plan has fewer ranges than asked for, or `nil`.
    static func shortfall(of plan: SplitPlan) -> String? {
        if let anomaly = plan.anomaly {
            return "quote parity is undecided from byte \(anomaly.offset) (line \(anomaly.line): \(anomaly.kind.description)), "
                + "so the file is not cut after it; the last range runs to the end of the file"
        }
        if plan.ranges.count < plan.splitsRequested && plan.fileSize > plan.headerEnd {
            return "the file has fewer record starts than ranges asked for"
        }
        return nil
    }

    /// The plan as a table, one range a line.
    static func render(_ plan: SplitPlan) -> String {
        var out = "\(plan.path): \(plan.fileSize) bytes; header bytes 0-\(plan.headerEnd); \(plan.ranges.count) range\(plan.ranges.count == 1 ? "" : "s")\n"
        let rows = [["start", "end", "record", "line"]] + plan.ranges.map { ["\($0.start)", "\($0.end)", "\($0.record)", "\($0.line)"] }
        let widths = (0..<4).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            out += zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ") + "\n"
        }
        if let shortfall = shortfall(of: plan) { out += "note: \(shortfall)\n" }
        out += "scanned \(plan.bytesScanned) bytes in \(NumberWriter.fixed(plan.seconds, decimals: 3) ?? "-") s (\(String(format: "%.2f", plan.gigabytesPerSecond)) GB/s)\n"
        return out
    }
}
