// `--null-value S` (repeatable): a converted cell equal to S once trimmed is a null, like an
// empty cell — counted as empty, written empty, the error `empty` with --required. Markers such
// as NA, N/A, null or - are not numbers, so only cells that fail to parse are compared; a marker
// that reads as a number (-999) makes every cell of the column be compared first.

/// The null markers of a run, trimmed, as bytes.
struct NullValues: Sendable {
    let markers: [[UInt8]]

    init(_ values: [String]) {
        markers = values.map { value in
            Array(value.utf8).withUnsafeBytes { Array(NullValues.trimmed($0)) }
        }
    }

    var isEmpty: Bool { markers.isEmpty }

    /// `true` when `cell`, trimmed, equals one of the markers.
    func matches(_ cell: UnsafeRawBufferPointer) -> Bool {
        guard !markers.isEmpty else { return false }
        let trimmed = NullValues.trimmed(cell)
        for marker in markers where marker.count == trimmed.count {
            if marker.withUnsafeBytes({ $0.elementsEqual(trimmed) }) { return true }
        }
        return false
    }

    /// `bytes` without the blanks a number may have around it: space, tab, NBSP (C2 A0) and
    /// narrow NBSP (E2 80 AF).
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        func blank(at i: Int, _ limit: Int) -> Int {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 { return 1 }
            if b == 0xC2 && i + 1 < limit && bytes[i + 1] == 0xA0 { return 2 }
            if b == 0xE2 && i + 2 < limit && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xAF { return 3 }
            return 0
        }
        while start < end {
            let n = blank(at: start, end)
            if n == 0 { break }
            start += n
        }
        while end > start {
            if bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 {
                end -= 1
            } else if end - start >= 2 && bytes[end - 2] == 0xC2 && bytes[end - 1] == 0xA0 {
                end -= 2
            } else if end - start >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 && bytes[end - 1] == 0xAF {
                end -= 3
            } else {
                break
            }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
