import Foundation
import Testing

/// Shared checks for the locale, unit and sniff end-to-end suites.
enum E2E {
    /// The text of a file under `fixtures/`.
    static func fixtureText(_ name: String) -> String? {
        URL(fileURLWithPath: UnitPipeRunner.fixture(name)).text
    }

    /// Reads `--summary` output and checks the invariant every run keeps:
    /// `rows_in = rows_out + rows_rejected`.
    static func summary(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], sourceLocation: sourceLocation)
        let rowsIn = try #require(json["rows_in"] as? Int, sourceLocation: sourceLocation)
        let rowsOut = try #require(json["rows_out"] as? Int, sourceLocation: sourceLocation)
        let rejected = try #require(json["rows_rejected"] as? Int, sourceLocation: sourceLocation)
        #expect(rowsIn == rowsOut + rejected, "rows_in = rows_out + rows_rejected", sourceLocation: sourceLocation)
        return json
    }

    /// The error report's rows as `[record, line, column, value, code]`, header included.
    static func report(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String]] {
        let text = try #require(url.text, sourceLocation: sourceLocation)
        return parseCSV(text).map { Array($0.prefix(5)) }
    }

    /// The per-column objects of a summary.
    static func columns(_ json: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(json["columns"] as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// Writes `text` as `name` into a fresh directory and returns the directory.
    static func directory(with name: String, _ text: String) throws -> URL {
        let dir = try UnitPipeRunner.temporaryDirectory()
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        return dir
    }
}
