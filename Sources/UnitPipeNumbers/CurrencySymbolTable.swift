import Synchronization

/// A locale's currency marks — symbols (`€`, `US$`, `R$`, `zł`) and ISO codes (`EUR`) — mapped to ISO codes.
///
/// Built once per job from CLDR through Foundation (see `CurrencySymbolTable+Foundation.swift`),
/// in layers, the first that knows a mark wins:
/// 1. the symbols the locale itself writes for every ISO currency (`¥` is CNY in `zh_CN`), a symbol
///    two currencies share being ambiguous; a bare `$` only when it is the locale's own currency
///    (USD in `en_US`, CAD in `en_CA`, but not USD in `de_DE`, where CLDR also writes `$`);
/// 2. the symbols of the root locale and of `en_US` (`US$`, `CA$`, `€`, `£`, `¥` → JPY, `₹`),
///    except a bare `$`, which names a dozen currencies;
/// 3. a bare `$` not settled by 1. is ambiguous.
/// Every ISO code of `Locale.commonISOCurrencyCodes` maps to itself.
/// Lookup packs the mark's bytes into two integers: no `String` per cell.
public struct CurrencySymbolTable: Sendable, Equatable {
    /// What a currency mark stands for.
    public enum Match: Sendable, Equatable, Hashable {
        /// The mark names exactly this ISO 4217 currency.
        case code(String)
        /// The mark names several currencies and the locale does not settle which (a bare `$` in `C`).
        case ambiguous
    }

    /// A mark of at most 15 UTF-8 bytes packed with its length.
    struct Key: Hashable, Sendable {
        var low: UInt64
        var high: UInt64
    }

    /// A packed ``Match``: an ISO code as three ASCII bytes in a `UInt32`, or ambiguous.
    enum Entry: Hashable, Sendable {
        case code(UInt32)
        case ambiguous
    }

    /// The locale whose table this is (`nil`: the C/root table); the entries are built on first use.
    let localeIdentifier: String?

    /// The table for a locale, built from CLDR through `NumberFormatter.currencySymbol` on first use.
    ///
    /// - Parameter localeIdentifier: A locale Foundation knows, or `nil` for the C (root) locale.
    public init(localeIdentifier: String?) {
        self.localeIdentifier = localeIdentifier
    }

    /// The table's marks, built from CLDR the first time a mark is looked up, then cached per locale.
    var entries: [Key: Entry] { Self.cache.entries(for: localeIdentifier) }

    /// Built tables by locale: building one costs many `NumberFormatter` calls, which a job
    /// that never meets a currency mark (the C locale's common case) should not pay.
    static let cache = EntryCache()

    /// A lock-protected map from locale to built table.
    final class EntryCache: Sendable {
        private let tables = Mutex<[String: [Key: Entry]]>([:])

        func entries(for localeIdentifier: String?) -> [Key: Entry] {
            let name = localeIdentifier ?? ""
            if let built = tables.withLock({ $0[name] }) { return built }
            let built = CurrencySymbolTable.buildEntries(localeIdentifier: localeIdentifier)
            tables.withLock { $0[name] = built }
            return built
        }
    }

    /// The longest mark the table can hold, in UTF-8 bytes.
    static let maximumMarkLength = 15

    /// Looks up a currency symbol or ISO code.
    ///
    /// - Parameter mark: The symbol or code exactly as written (`US$`, `€`, `GBP`), without blanks.
    /// - Returns: The currency it names, ``Match/ambiguous``, or `nil` when it is no currency mark.
    public func match(_ mark: String) -> Match? {
        var mark = mark
        let found: Entry? = mark.withUTF8 { bytes in self.entry(for: UnsafeRawBufferPointer(bytes), in: 0..<bytes.count) }
        switch found {
        case .code(let packed)?: return .code(Self.unpack(code: packed))
        case .ambiguous?: return .ambiguous
        case nil: return nil
        }
    }

    /// Every mark in the table, with what it names (for documentation and tests).
    public var allMarks: [String: Match] {
        var result: [String: Match] = [:]
        for (key, entry) in entries {
            let mark = Self.unpack(key: key)
            switch entry {
            case .code(let packed): result[mark] = .code(Self.unpack(code: packed))
            case .ambiguous: result[mark] = .ambiguous
            }
        }
        return result
    }

    /// Looks up the bytes `bytes[range]` without allocating.
    func entry(for bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> Entry? {
        guard let key = Self.key(bytes, range) else { return nil }
        return entries[key]
    }

    static func key(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Key? {
        guard !range.isEmpty, range.count <= maximumMarkLength else { return nil }
        var low: UInt64 = 0
        var high = UInt64(range.count) << 56
        for (offset, index) in range.enumerated() {
            if offset < 8 {
                low |= UInt64(bytes[index]) << (8 * offset)
            } else {
                high |= UInt64(bytes[index]) << (8 * (offset - 8))
            }
        }
        return Key(low: low, high: high)
    }

    static func key(_ mark: String) -> Key? {
        let bytes = Array(mark.utf8)
        return bytes.withUnsafeBytes { key($0, 0..<$0.count) }
    }

    static func unpack(key: Key) -> String {
        let count = Int(key.high >> 56)
        let bytes = (0..<count).map { offset in
            UInt8(truncatingIfNeeded: offset < 8 ? key.low >> (8 * offset) : key.high >> (8 * (offset - 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Packs a three-letter ISO code into a `UInt32`; `0` for anything else.
    static func pack(code: String) -> UInt32 {
        let bytes = Array(code.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return 0 }
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
    }

    static func unpack(code: UInt32) -> String {
        String(decoding: [UInt8(truncatingIfNeeded: code), UInt8(truncatingIfNeeded: code >> 8),
                          UInt8(truncatingIfNeeded: code >> 16)], as: UTF8.self)
    }
}
