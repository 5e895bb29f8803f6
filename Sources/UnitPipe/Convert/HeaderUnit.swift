// The unit a column header names: `distance_km`, `distance (km)`, `temp [°F]`,
// `Gewicht in kg`, `price_usd`, `temp_c`, or a header that is a unit (`km`).
// `sniff` reports it; `convert -c distance_km::mi` reads FROM from it and
// writes the header back with the unit part replaced (`distance_mi`).

import UnitPipeNumbers
import UnitPipeUnits

/// A unit found in a column header, and where it is written.
public struct HeaderUnit: Sendable, Equatable {
    /// The unit, as a catalog symbol (`km`, `degF`) or an ISO currency code (`USD`).
    public var symbol: String
    /// The characters of the header that name it.
    public var range: Range<String.Index>

    /// The unit a header names in brackets or in one of its later words (later words first), or
    /// the whole header when it is a unit; `nil` when it names none.
    public static func find(in header: String) -> HeaderUnit? {
        var bracketed: [Range<String.Index>] = []
        var words: [Range<String.Index>] = []
        var start: String.Index?
        var inBrackets = false
        func flush(at end: String.Index) {
            if let s = start, s < end {
                if inBrackets { bracketed.append(s..<end) } else { words.append(s..<end) }
            }
            start = nil
        }
        var index = header.startIndex
        while index < header.endIndex {
            let ch = header[index]
            switch ch {
            case "(", "[":
                flush(at: index)
                inBrackets = true
            case ")", "]":
                flush(at: index)
                inBrackets = false
            case ",", ":":
                flush(at: index)
            case "_", "-", " ", ".", "\u{A0}":
                // Inside brackets these belong to the unit (`(km/h)`, `[m s-1]`).
                if inBrackets { if start == nil { start = index } } else { flush(at: index) }
            default:
                if start == nil { start = index }
            }
            index = header.index(after: index)
        }
        flush(at: header.endIndex)
        // Temperature columns often end in a bare scale letter: temp_c, Temperature F.
        if words.count > 1, let first = words.first, header[first].lowercased().hasPrefix("temp"), let last = words.last {
            switch header[last].lowercased() {
            case "c": return HeaderUnit(symbol: "degC", range: last)
            case "f": return HeaderUnit(symbol: "degF", range: last)
            case "k": return HeaderUnit(symbol: "K", range: last)
            default: break
            }
        }
        var candidates = bracketed + words.dropFirst().reversed()
        // A header that is one word: a unit only as a catalog symbol of two or more characters
        // (`km`, `kg`; not the alias `us` of µs, not `m`).
        if bracketed.isEmpty, words.count == 1, let only = words.first, header[only].count >= 2,
           UnitCatalog.standard.lookUp(String(header[only]))?.symbol == String(header[only]) {
            candidates = [only]
        }
        for range in candidates {
            let candidate = String(header[range])
            if let unit = try? UnitCatalog.standard.unit(expression: candidate, suggesting: false) { return HeaderUnit(symbol: unit.symbol, range: range) }
            let upper = candidate.uppercased()
            if CurrencyCodes.code(for: upper) != nil { return HeaderUnit(symbol: upper, range: range) }
        }
        return nil
    }

    /// How a header's unit relates to a `FROM` given on the command line.
    public enum Agreement: Sendable, Equatable {
        /// Both name the same unit (`distance_km` and `km` or `kilometre`).
        case same
        /// Both name units of one dimension, but different ones (`distance_km` and `mi`).
        case contradicts
        /// FROM is of another dimension or does not resolve here: the header's word is not taken as its unit.
        case unrelated
    }

    /// Whether `from` names this unit, another unit of its dimension, or neither.
    public func agreement(with from: String) -> Agreement {
        let catalog = UnitCatalog.standard
        if CurrencyCodes.code(for: symbol) != nil {
            guard let code = CurrencyCodes.code(for: from.uppercased()) else { return .unrelated }
            return code == symbol ? .same : .contradicts
        }
        guard let header = try? catalog.unit(expression: symbol, suggesting: false),
              let given = try? catalog.unit(expression: from, suggesting: false),
              header.dimension == given.dimension else { return .unrelated }
        return header.scale == given.scale && header.offset == given.offset ? .same : .contradicts
    }

    /// `header` with this unit's characters replaced by `unit` (`distance_km` → `distance_mi`).
    ///
    /// A bare scale letter stays a letter in the header's case (`temp_c` → `temp_f` for `degF`),
    /// and a degree sign stays a degree sign (`temp [°F]` → `temp [°C]`).
    public func rewriting(_ header: String, to unit: String) -> String {
        var replacement = unit
        let written = header[range]
        if written.count == 1, let letter = ["degC": "c", "degF": "f", "K": "k", "degR": "r"][unit] {
            replacement = written == written.uppercased() ? letter.uppercased() : letter
        } else if written.hasPrefix("°"), let target = try? UnitCatalog.standard.unit(named: unit),
                  let degrees = target.aliases.first(where: { $0.hasPrefix("°") }) {
            replacement = degrees
        }
        var rewritten = header
        rewritten.replaceSubrange(range, with: replacement)
        return rewritten
    }
}
