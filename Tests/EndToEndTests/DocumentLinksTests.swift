import Foundation
import Testing

/// Every relative link of the README, `docs/` and the benchmark's pages leads to a file of the
/// source tree and, with `#anchor`, to a heading of that page.
@Suite("Documentation links")
struct DocumentLinksTests {
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: UnitPipeRunner.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "bench/README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// GitHub's anchor of a heading: lowercased, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: some StringProtocol) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
            return nil
        })
    }

    /// The anchors of a page's headings (outside code blocks).
    static func anchors(of url: URL) -> Set<String> {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var anchors: Set<String> = []
        var inCode = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(line.drop { $0 == "#" }.drop { $0 == " " }))
        }
        return anchors
    }

    @Test("every relative link resolves", arguments: pages)
    func links(_ page: String) throws {
        let url = UnitPipeRunner.packageRoot.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in matches {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            let link = String(text[range])
            if link.hasPrefix("http://") || link.hasPrefix("https://") { continue }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let target = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(String(parts[0])).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(page): '\(link)' leads nowhere")
            if parts.count == 2, target.pathExtension == "md" {
                #expect(Self.anchors(of: target).contains(String(parts[1])), "\(page): '\(link)' names no heading of \(target.lastPathComponent)")
            }
        }
    }

    @Test("the README is a front door: the two set-up commands first, at most 200 lines")
    func readmeShape() throws {
        let readme = try String(contentsOf: UnitPipeRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let count = readme.filter { $0 == "\n" }.count
        #expect(count <= 200, "README.md has \(count) lines")
        #expect(Array(lines.prefix(6)) == [
            "# unitpipe", "", "```sh",
            "./scripts/install-deps && swift run -c release unitpipe convert fixtures/trips.csv -c distance:km:mi -c temp_c:degC:degF=temp_f -e errors.csv -r rejects.csv",
            "UNITPIPE_SLOW_TESTS=1 swift test", "```",
        ])
    }
}
