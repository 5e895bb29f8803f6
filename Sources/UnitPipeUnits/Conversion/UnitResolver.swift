/// Maps the unit strings of one column (`@COLUMN` or in-cell units) to source indices of a growing `FactorMatrix`.
///
/// Each distinct string (as bytes, trimmed of spaces) is resolved once — a
/// column of ten million rows with five distinct units resolves five strings —
/// and its outcome, an index or an error, is cached. Lookups hash the bytes
/// into an open-addressing table over a byte arena: no allocation per row.
/// A string that fails costs microseconds: it is resolved without a "did you
/// mean" suggestion, which `failure(for:)` computes once per distinct string
/// and only when a message is wanted. The cache is bounded
/// (``maxCachedStrings`` strings, ``maxCachedBytes`` bytes): when it is full,
/// the failures are forgotten (a string seen again is resolved again) and the
/// successes kept.
/// A resolver is a value used by one worker at a time; give each worker its
/// own copy (indices then differ between workers, so convert each worker's
/// rows with that worker's `matrix`).
public struct UnitResolver: Sendable {
    /// The most distinct strings the cache holds.
    public static let maxCachedStrings = 1 << 16
    /// The most bytes of strings the cache holds.
    public static let maxCachedBytes = 4 << 20

    /// The catalog unit strings are resolved against (with the job's currencies added).
    public let catalog: UnitCatalog
    /// Sources seen so far (index order) and the target.
    public private(set) var matrix: FactorMatrix
    /// The unit an empty unit string stands for (`*km`), or `nil` when an empty unit is an error.
    public let defaultUnit: UnitDefinition?
    /// How many times a string was resolved (each distinct string once, unless the cache forgot it).
    public private(set) var resolvedCount = 0
    /// How many distinct strings the cache holds now.
    public var cachedCount: Int { outcomes.count }
    /// The most strings and bytes this resolver's cache holds (``maxCachedStrings``, ``maxCachedBytes``).
    public let cacheLimit: (strings: Int, bytes: Int)

    private var arena: [UInt8] = []
    /// Slots: hash (0 = empty), arena offset, length, outcome index into `outcomes`.
    private var slots: [Slot]
    private var outcomes: [Result<Int32, UnitExpressionError>] = []
    /// For each outcome, whether its error's suggestion has been looked for.
    private var isSuggested: [Bool] = []
    private var lastSlot = -1

    private struct Slot: Sendable {
        var hash: UInt64 = 0
        var offset = 0
        var length = 0
        var outcome = 0
    }

    /// Creates a resolver for one column.
    ///
    /// - Parameters:
    ///   - target: The unit every value is converted to.
    ///   - catalog: The units strings may name.
    ///   - defaultUnit: The unit of a cell without one (`*km`); `nil` to report `unknown_unit` instead.
    ///   - cacheLimit: The most strings and bytes the cache holds (tests use small ones).
    /// - Throws: `UnitError.dimensionMismatch` when the default unit does not convert to the target.
    public init(
        target: UnitDefinition, catalog: UnitCatalog = .standard, defaultUnit: UnitDefinition? = nil,
        cacheLimit: (strings: Int, bytes: Int) = (maxCachedStrings, maxCachedBytes)
    ) throws(UnitError) {
        self.catalog = catalog
        self.cacheLimit = cacheLimit
        self.defaultUnit = defaultUnit
        matrix = try FactorMatrix(sources: defaultUnit.map { [$0] } ?? [], target: target)
        slots = Array(repeating: Slot(), count: 16)
    }

    /// The source index for a unit string, resolving it on first sight.
    ///
    /// - Parameter bytes: The unit text as found in the data (UTF-8); surrounding spaces are ignored.
    /// - Returns: The index in `matrix.sources`, or the error the pipeline reports for every row with this string:
    ///   `unknown_unit`, `dimension_mismatch`, `no_rate` (the engine maps the error to its code). An unknown
    ///   unit's suggestion is absent until `failure(for:)` has looked for it.
    public mutating func sourceIndex(for bytes: UnsafeRawBufferPointer) -> Result<Int32, UnitExpressionError> {
        let trimmed = UnitResolver.trimmed(bytes)
        if trimmed.isEmpty {
            return defaultUnit != nil ? .success(0) : .failure(.unit(.unknownUnit("", suggestion: nil)))
        }
        switch find(trimmed) {
        case .found(let i):
            lastSlot = i
            return outcomes[slots[i].outcome]
        case .free(let i):
            let outcome = resolve(String(decoding: trimmed, as: UTF8.self))
            resolvedCount += 1
            if isFull(adding: trimmed.count) {
                forgetFailures()
                lastSlot = -1
                // Successes alone fill the cache: this string is not kept.
                if isFull(adding: trimmed.count) {
                    return outcome
                }
                guard case .free(let j) = find(trimmed) else { return outcome }
                insert(trimmed, outcome: outcome, at: j)
            } else {
                insert(trimmed, outcome: outcome, at: i)
            }
            return outcome
        }
    }

    /// `true` when the cache cannot take one more string of `count` bytes.
    private func isFull(adding count: Int) -> Bool {
        outcomes.count >= cacheLimit.strings || arena.count + count > cacheLimit.bytes
    }

    /// The error for a unit string that does not resolve, with its "did you mean" suggestion —
    /// looked for once per distinct string, on the first call — or `nil` when the string resolves.
    public mutating func failure(for bytes: UnsafeRawBufferPointer) -> UnitExpressionError? {
        guard case .failure(let error) = sourceIndex(for: bytes) else { return nil }
        guard case .unit(.unknownUnit(let name, nil)) = error, !name.isEmpty else { return error }
        let trimmed = UnitResolver.trimmed(bytes)
        var cached: Int?
        if case .found(let i) = find(trimmed) {
            if isSuggested[slots[i].outcome] { return error }
            cached = slots[i].outcome
        }
        let text = String(decoding: trimmed, as: UTF8.self)
        let suggestion = name == text ? catalog.expressionSuggestion(for: name) : catalog.suggestion(for: name)
        let suggested = UnitExpressionError.unit(.unknownUnit(name, suggestion: suggestion))
        if let cached {
            outcomes[cached] = .failure(suggested)
            isSuggested[cached] = true
        }
        return suggested
    }

    /// `sourceIndex(for:)` for a `String` (tests, small inputs).
    public mutating func sourceIndex(for text: String) -> Result<Int32, UnitExpressionError> {
        var copy = text
        return copy.withUTF8 { sourceIndex(for: UnsafeRawBufferPointer($0)) }
    }

    /// `failure(for:)` for a `String` (tests, small inputs).
    public mutating func failure(for text: String) -> UnitExpressionError? {
        var copy = text
        return copy.withUTF8 { failure(for: UnsafeRawBufferPointer($0)) }
    }

    /// The bytes without surrounding spaces and tabs.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    private enum Probe {
        /// The slot holding the string.
        case found(Int)
        /// The free slot where the string would go.
        case free(Int)
    }

    private func find(_ trimmed: UnsafeRawBufferPointer) -> Probe {
        if lastSlot >= 0, matches(slots[lastSlot], trimmed) { return .found(lastSlot) }
        let hash = UnitResolver.hash(trimmed)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].hash != 0 {
            if slots[i].hash == hash, matches(slots[i], trimmed) { return .found(i) }
            i = (i + 1) & mask
        }
        return .free(i)
    }

    private mutating func insert(_ trimmed: UnsafeRawBufferPointer, outcome: Result<Int32, UnitExpressionError>, at i: Int) {
        outcomes.append(outcome)
        isSuggested.append(false)
        slots[i] = Slot(hash: UnitResolver.hash(trimmed), offset: arena.count, length: trimmed.count, outcome: outcomes.count - 1)
        arena.append(contentsOf: trimmed)
        lastSlot = i
        if outcomes.count * 2 > slots.count { grow() }
    }

    /// Empties the cache of failures, keeping the strings that resolved (their indices stay valid).
    private mutating func forgetFailures() {
        let kept = slots.filter { $0.hash != 0 }.filter { if case .success = outcomes[$0.outcome] { true } else { false } }
        let oldArena = arena, oldOutcomes = outcomes
        arena = []
        outcomes = []
        isSuggested = []
        slots = Array(repeating: Slot(), count: 16)
        lastSlot = -1
        for slot in kept {
            oldArena.withUnsafeBytes { bytes in
                let text = UnsafeRawBufferPointer(rebasing: bytes[slot.offset..<(slot.offset + slot.length)])
                if case .free(let i) = find(text) { insert(text, outcome: oldOutcomes[slot.outcome], at: i) }
            }
        }
    }

    private func matches(_ slot: Slot, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard slot.length == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            for k in 0..<slot.length where stored[slot.offset + k] != bytes[k] { return false }
            return true
        }
    }

    private mutating func resolve(_ text: String) -> Result<Int32, UnitExpressionError> {
        let unit: UnitDefinition
        do { unit = try catalog.unit(expression: text, suggesting: false) } catch { return .failure(error) }
        if let existing = matrix.sources.firstIndex(of: unit) { return .success(Int32(existing)) }
        do {
            matrix = try matrix.adding(unit)
        } catch {
            return .failure(.unit(error))
        }
        return .success(Int32(matrix.sources.count - 1))
    }

    private mutating func grow() {
        var bigger = Array(repeating: Slot(), count: slots.count * 2)
        let mask = bigger.count - 1
        for slot in slots where slot.hash != 0 {
            var i = Int(truncatingIfNeeded: slot.hash) & mask
            while bigger[i].hash != 0 { i = (i + 1) & mask }
            bigger[i] = slot
        }
        slots = bigger
        lastSlot = -1
    }

    /// FNV-1a over the bytes, never 0 (0 marks an empty slot).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h == 0 ? 1 : h
    }
}

extension FactorMatrix {
    /// The matrix with one more source after the existing ones (its index is the old `sources.count`).
    ///
    /// - Throws: `UnitError.dimensionMismatch` or `.factorOverflow` for the new source.
    public func adding(_ source: UnitDefinition) throws(UnitError) -> FactorMatrix {
        let factor = try UnitConversion(from: source, to: target).factor
        return FactorMatrix(sources: sources + [source], target: target, factors: factors + [factor])
    }
}
