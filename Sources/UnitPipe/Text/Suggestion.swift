/// "Did you mean …?" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `text` (case-insensitive Levenshtein distance), if it is close enough
    /// to be a plausible typo: at most a third of the longer word's length, and at least 1 edit allowed.
    public static func nearest(to text: String, among candidates: [String]) -> String? {
        let target = Array(text.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            let d = distance(target, scalars)
            let allowed = max(1, max(target.count, scalars.count) / 3)
            if d <= allowed, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// The Levenshtein distance between two scalar arrays.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
