/// "Did you mean …?" suggestions by edit distance.
///
/// A suggestion is made only when it is a plausible typo: within ``allowedEdits(forLength:)``
/// edits of what was typed. Option names are compared without their leading dashes, so
/// `--quiet` is five letters from `--quote` and two edits away: no suggestion.
public enum Suggestion {
    /// The candidate closest to `text` (case-insensitive edit distance), if it is close enough
    /// to be a plausible typo (``allowedEdits(forLength:)`` of the typed text). Ties keep the first candidate.
    public static func nearest(to text: String, among candidates: [String]) -> String? {
        let target = Array(undashed(text).lowercased())
        let allowed = allowedEdits(forLength: target.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(target, Array(undashed(candidate).lowercased()))
            if d <= allowed, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// The edits a typo of `length` characters may have: none below 3 characters (`kb` is not
    /// `kB`, `C` is not `cd`), one up to 5, two beyond.
    public static func allowedEdits(forLength length: Int) -> Int {
        length < 3 ? 0 : length <= 5 ? 1 : 2
    }

    private static func undashed(_ text: String) -> Substring {
        text.hasPrefix("-") ? text.drop { $0 == "-" } : Substring(text)
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
