import Foundation

/// Random CSV text in the shapes that matter to the two reader paths: fields with spaces and
/// tabs at their edges, empty fields, delimiters at the line's edges, every line end (LF, CRLF,
/// a CR alone), blank lines, long fields (many 16-byte blocks), other candidate delimiters, and
/// now and then a quote byte (a record libcsv must parse, sometimes over several lines).
package struct RandomCSV {
    package var random: SplitMix64
    let delimiter: UInt8
    /// The quote byte libcsv uses: NUL with quoting off.
    let quote: UInt8

    package init(random: SplitMix64, delimiter: UInt8, quote: UInt8?) {
        self.random = random
        self.delimiter = delimiter
        self.quote = quote ?? 0
    }

    package mutating func field() -> [UInt8] {
        let d = delimiter
        switch random.next(20) {
        case 0, 1: return []
        case 2: return Array(" a".utf8)
        case 3: return Array("b ".utf8)
        case 4: return Array("\tc\t".utf8)
        case 5: return Array("  ".utf8)
        case 6: return (0..<random.next(in: 17...70)).map { _ in UInt8(ascii: "a") + UInt8(random.next(26)) }
        case 7: return Array("x y".utf8)
        case 8:
            // A quoted field, sometimes with a line end, the delimiter or a doubled quote inside,
            // sometimes stray, or with text or a space after its closing quote or before its opening one.
            switch random.next(9) {
            case 0: return [quote] + Array("q".utf8) + [d] + Array("r".utf8) + [quote]
            case 1: return [quote] + Array("multi\nline".utf8) + [quote]
            case 2: return Array("mid".utf8) + [quote] + Array("dle".utf8)
            case 3: return [quote] + Array("cr\rin".utf8) + [quote]
            case 4: return [quote] + Array("a".utf8) + [quote, quote] + Array("b".utf8) + [quote]
            case 5: return [quote] + Array("ab".utf8) + [quote] + Array(" ".utf8)
            case 6: return Array(" ".utf8) + [quote] + Array("ab".utf8) + [quote]
            case 7: return [quote] + Array("ab".utf8) + [quote] + Array("c".utf8)
            default: return [quote, quote]
            }
        case 9:
            // Another candidate delimiter, or a byte libcsv might treat specially.
            let others: [UInt8] = [44, 59, 9, 124, 32, 58, 94, 0x1F]
            return [others[random.next(others.count)]]
        case 10: return Array("Äpfel".utf8)
        default:
            let n = random.next(in: 1...9)
            return (0..<n).map { _ in UInt8(ascii: "0") + UInt8(random.next(10)) }
        }
    }

    package mutating func lineEnd() -> [UInt8] {
        switch random.next(10) {
        case 0: return [0x0D, 0x0A]
        case 1: return [0x0D]
        default: return [0x0A]
        }
    }

    /// `lines` random lines (blank ones included); the last line end is sometimes left off.
    package mutating func text(lines: Int) -> [UInt8] {
        var text: [UInt8] = []
        for _ in 0..<lines {
            if random.next(15) == 0 {
                text += lineEnd()
                continue
            }
            let fields = random.next(in: 1...9)
            for f in 0..<fields {
                if f > 0 { text.append(delimiter) }
                text += field()
            }
            text += lineEnd()
        }
        if random.next(4) == 0, !text.isEmpty { text.removeLast() }
        return text
    }
}
