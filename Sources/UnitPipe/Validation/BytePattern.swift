// Design note — a `pattern` matched on the cell's bytes.
//
// Most `pattern`s in real schemas are a row of character classes with counts (`[A-Z]{2}[0-9]{4}`,
// `\d{5}`, `[a-z_]+`). Such a pattern is compiled into a list of steps (a set of ASCII bytes and
// how often it repeats) and matched against the whole cell without making a `String`: a bit mask
// of the positions reachable after each step (bit i: the first i bytes are matched), so every
// way of splitting the cell between the steps is tried at once and the answer is the one
// backtracking gives. It answers only where its reading is certainly Swift's `Regex`'s:
// patterns of literals, `.`, classes, `\d \w \s` and their negations, escaped punctuation,
// quantifiers `? * + {n} {n,} {n,m}`, `^` first and `$` last; cells of at most 63 bytes, each a
// printable ASCII character (so one byte is one `Character`, and `\r\n` never joins into one).
// Any other pattern or cell gets `nil`, and the caller asks `Regex`.

/// A `pattern` of the simple kind, matched on a cell's bytes.
struct BytePattern: Sendable {
    /// One step: a byte of `set`, from `minimum` to `maximum` times (`Int.max`: unbounded).
    struct Step: Sendable, Equatable {
        /// Bit b of `low` (b < 64) or of `high` (b − 64): byte b is in the set.
        var low: UInt64
        var high: UInt64
        var minimum: Int
        var maximum: Int

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : (byte < 128 && high & (1 << UInt64(byte - 64)) != 0)
        }
    }

    let steps: [Step]

    /// The longest cell matched here; longer ones are left to `Regex`.
    static let longestCell = 63

    /// Compiles `pattern`, or `nil` when it is not of the simple kind.
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)[...]
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        if bytes.first == UInt8(ascii: "^") { bytes.removeFirst() }
        if bytes.last == UInt8(ascii: "$"), !Self.endsInEscape(bytes.dropLast()) { bytes.removeLast() }
        var steps: [Step] = []
        while let byte = bytes.first {
            var set: Step
            switch byte {
            case UInt8(ascii: "["):
                bytes.removeFirst()
                guard let parsed = Self.parseClass(&bytes) else { return nil }
                set = parsed
            case UInt8(ascii: "\\"):
                bytes.removeFirst()
                guard let escaped = bytes.popFirst(), let parsed = Self.escape(escaped) else { return nil }
                set = parsed
            case UInt8(ascii: "."):
                bytes.removeFirst()
                set = Self.set(where: { _ in true })
            default:
                guard Self.isPlainLiteral(byte) else { return nil }
                bytes.removeFirst()
                set = Self.set(where: { $0 == byte })
            }
            guard Self.parseQuantifier(&bytes, into: &set) else { return nil }
            steps.append(set)
        }
        self.steps = steps
    }

    /// Whether the whole cell matches, or `nil` when the cell is for `Regex` to answer.
    func wholeMatch(_ cell: UnsafeRawBufferPointer) -> Bool? {
        let count = cell.count
        guard count <= Self.longestCell else { return nil }
        for byte in cell where byte < 0x20 || byte >= 0x7F { return nil }
        let all: UInt64 = count == 63 ? UInt64.max : (1 << UInt64(count + 1)) - 1
        var reachable: UInt64 = 1
        for step in steps {
            // Bit i of `fits`: byte i is in the step's set.
            var fits: UInt64 = 0
            for i in 0..<count where step.contains(cell[i]) { fits |= 1 << UInt64(i) }
            var current = reachable
            for _ in 0..<step.minimum {
                current = (current & fits) << 1 & all
                if current == 0 { return false }
            }
            var result = current
            var taken = step.minimum
            while taken < step.maximum {
                let next = (current & fits) << 1 & all
                if next & ~result == 0 { break }
                result |= next
                current = next
                taken += 1
            }
            reachable = result
            if reachable == 0 { return false }
        }
        return reachable & (1 << UInt64(count)) != 0
    }

    // MARK: Compiling

    private static func set(where test: (UInt8) -> Bool) -> Step {
        var step = Step(low: 0, high: 0, minimum: 1, maximum: 1)
        for byte in UInt8(0x20)..<0x7F where test(byte) { add(byte, to: &step) }
        return step
    }

    private static func add(_ byte: UInt8, to step: inout Step) {
        if byte < 64 { step.low |= 1 << UInt64(byte) } else { step.high |= 1 << UInt64(byte - 64) }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }

    /// A byte that stands for itself outside a class: letters, digits, and punctuation that
    /// has no meaning there.
    private static func isPlainLiteral(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || " _@,:/-=!%;<>'\"&~`".utf8.contains(byte)
    }

    /// Punctuation that a backslash makes literal.
    private static func isEscapablePunctuation(_ byte: UInt8) -> Bool {
        ".^$*+?()[]{}|\\/-_@,:=!%;<>'\"&~#`".utf8.contains(byte)
    }

    private static func endsInEscape(_ bytes: ArraySlice<UInt8>) -> Bool {
        var backslashes = 0
        for byte in bytes.reversed() {
            guard byte == UInt8(ascii: "\\") else { break }
            backslashes += 1
        }
        return backslashes % 2 == 1
    }

    /// `\d \w \s \D \W \S` (their ASCII members; cells here are printable ASCII) and escaped punctuation.
    private static func escape(_ byte: UInt8) -> Step? {
        switch byte {
        case UInt8(ascii: "d"): set(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        case UInt8(ascii: "D"): set(where: { !($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
        case UInt8(ascii: "w"): set(where: { isLetterOrDigit($0) || $0 == UInt8(ascii: "_") })
        case UInt8(ascii: "W"): set(where: { !(isLetterOrDigit($0) || $0 == UInt8(ascii: "_")) })
        case UInt8(ascii: "s"): set(where: { $0 == UInt8(ascii: " ") })
        case UInt8(ascii: "S"): set(where: { $0 != UInt8(ascii: " ") })
        case _ where isEscapablePunctuation(byte): set(where: { $0 == byte })
        default: nil
        }
    }

    /// A class after its `[`: an optional `^`, then letters, digits, ranges of two letters or
    /// two digits of one kind, escapes, and `_ @ , / ! % ; < >` and space; through its `]`.
    private static func parseClass(_ bytes: inout ArraySlice<UInt8>) -> Step? {
        var isNegated = false
        if bytes.first == UInt8(ascii: "^") {
            isNegated = true
            bytes.removeFirst()
        }
        var members = Step(low: 0, high: 0, minimum: 1, maximum: 1)
        var isEmpty = true
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "]") {
                guard !isEmpty else { return nil }
                guard isNegated else { return members }
                return set(where: { !members.contains($0) })
            }
            isEmpty = false
            if byte == UInt8(ascii: "\\") {
                guard let escaped = bytes.popFirst(), let inner = escape(escaped) else { return nil }
                members.low |= inner.low
                members.high |= inner.high
            } else if isLetterOrDigit(byte) {
                if bytes.first == UInt8(ascii: "-"), bytes.dropFirst().first != UInt8(ascii: "]") {
                    bytes.removeFirst()
                    guard let upper = bytes.popFirst(), byte <= upper, sameKind(byte, upper) else { return nil }
                    for member in byte...upper { add(member, to: &members) }
                } else {
                    add(byte, to: &members)
                }
            } else if "_@,/!%;<> ".utf8.contains(byte) {
                add(byte, to: &members)
            } else {
                return nil
            }
        }
        return nil
    }

    private static func sameKind(_ a: UInt8, _ b: UInt8) -> Bool {
        func kind(_ byte: UInt8) -> Int {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return 0 }
            return byte >= UInt8(ascii: "a") ? 1 : 2
        }
        return kind(a) == kind(b)
    }

    /// `? * + {n} {n,} {n,m}` after an atom (none: exactly once); `false` for a lazy or
    /// possessive one or a brace that is not a count.
    private static func parseQuantifier(_ bytes: inout ArraySlice<UInt8>, into step: inout Step) -> Bool {
        guard let byte = bytes.first else { return true }
        switch byte {
        case UInt8(ascii: "?"): (step.minimum, step.maximum) = (0, 1)
        case UInt8(ascii: "*"): (step.minimum, step.maximum) = (0, Int.max)
        case UInt8(ascii: "+"): (step.minimum, step.maximum) = (1, Int.max)
        case UInt8(ascii: "{"):
            guard let close = bytes.firstIndex(of: UInt8(ascii: "}")) else { return false }
            let inner = bytes[bytes.index(after: bytes.startIndex)..<close]
            let parts = inner.split(separator: UInt8(ascii: ","), maxSplits: 1, omittingEmptySubsequences: false)
            func number(_ digits: ArraySlice<UInt8>) -> Int? {
                guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            }
            guard let first = parts.first, let low = number(first) else { return false }
            if parts.count == 1 {
                (step.minimum, step.maximum) = (low, low)
            } else if parts[1].isEmpty {
                (step.minimum, step.maximum) = (low, Int.max)
            } else {
                guard let high = number(parts[1]), high >= low else { return false }
                (step.minimum, step.maximum) = (low, high)
            }
            bytes = bytes[close...]
        default:
            return true
        }
        bytes.removeFirst()
        if let next = bytes.first, next == UInt8(ascii: "?") || next == UInt8(ascii: "+") || next == UInt8(ascii: "*")
            || next == UInt8(ascii: "{") {
            return false
        }
        return true
    }
}
