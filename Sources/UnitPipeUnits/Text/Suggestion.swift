/// "Did you mean …?" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `text` (case-insensitive edit distance), if it is close enough
    /// to be a plausible typo: at most a third of the longer word's length, and at least 1 edit allowed.
    public static func nearest(to text: String, among candidates: [String]) -> String? {
        let target = Array(text.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let characters = Array(candidate.lowercased())
            let d = distance(target, characters)
            let allowed = max(1, max(target.count, characters.count) / 3)
            if d <= allowed, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
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
