/// Maps the unit strings of one column (`@COLUMN` or in-cell units) to source indices of a growing `FactorMatrix`.
///
/// Each distinct string (as bytes, trimmed of spaces) is resolved once — a
/// column of ten million rows with five distinct units resolves five strings —
/// and its outcome, an index or an error, is cached. Lookups hash the bytes
/// into an open-addressing table over a byte arena: no allocation per row.
/// A resolver is a value used by one worker at a time; give each worker its
/// own copy (indices then differ between workers, so convert each worker's
/// rows with that worker's `matrix`).
public struct UnitResolver: Sendable {
    /// The catalog unit strings are resolved against (with the job's currencies added).
    public let catalog: UnitCatalog
    /// Sources seen so far (index order) and the target.
    public private(set) var matrix: FactorMatrix
    /// The unit an empty unit string stands for (`*km`), or `nil` when an empty unit is an error.
    public let defaultUnit: UnitDefinition?
    /// How many distinct strings have been resolved (each one once).
    public private(set) var resolvedCount = 0

    private var arena: [UInt8] = []
    /// Slots: hash (0 = empty), arena offset, length, outcome index into `outcomes`.
    private var slots: [Slot]
    private var outcomes: [Result<Int32, UnitExpressionError>] = []
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
    /// - Throws: `UnitError.dimensionMismatch` when the default unit does not convert to the target.
    public init(target: UnitDefinition, catalog: UnitCatalog = .standard, defaultUnit: UnitDefinition? = nil) throws(UnitError) {
        self.catalog = catalog
        self.defaultUnit = defaultUnit
        matrix = try FactorMatrix(sources: defaultUnit.map { [$0] } ?? [], target: target)
        slots = Array(repeating: Slot(), count: 16)
    }

    /// The source index for a unit string, resolving it on first sight.
    ///
    /// - Parameter bytes: The unit text as found in the data (UTF-8); surrounding spaces are ignored.
    /// - Returns: The index in `matrix.sources`, or the error the pipeline reports for every row with this string:
    ///   `unknown_unit`, `dimension_mismatch`, `no_rate` (the engine maps the error to its code).
    public mutating func sourceIndex(for bytes: UnsafeRawBufferPointer) -> Result<Int32, UnitExpressionError> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let trimmed = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if trimmed.isEmpty {
            return defaultUnit != nil ? .success(0) : .failure(.unit(.unknownUnit("", suggestion: nil)))
        }
        if lastSlot >= 0, matches(slots[lastSlot], trimmed) { return outcomes[slots[lastSlot].outcome] }
        let hash = UnitResolver.hash(trimmed)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].hash != 0 {
            if slots[i].hash == hash, matches(slots[i], trimmed) {
                lastSlot = i
                return outcomes[slots[i].outcome]
            }
            i = (i + 1) & mask
        }
        let outcome = resolve(String(decoding: trimmed, as: UTF8.self))
        outcomes.append(outcome)
        resolvedCount += 1
        slots[i] = Slot(hash: hash, offset: arena.count, length: trimmed.count, outcome: outcomes.count - 1)
        arena.append(contentsOf: trimmed)
        lastSlot = i
        if outcomes.count * 2 > slots.count { grow() }
        return outcome
    }

    /// `sourceIndex(for:)` for a `String` (tests, small inputs).
    public mutating func sourceIndex(for text: String) -> Result<Int32, UnitExpressionError> {
        var copy = text
        return copy.withUTF8 { sourceIndex(for: UnsafeRawBufferPointer($0)) }
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
        do { unit = try catalog.unit(expression: text) } catch { return .failure(error) }
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
