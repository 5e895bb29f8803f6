// Design note — `unique` and `primaryKey` in bounded memory.
//
// Each key (a `unique` field, or the `primaryKey`'s fields together) is a value per row: the
// exact decimal of a number (so `1.0` and `1.00` are one value, `1e2` is `100`), the value of a
// boolean, date or time (`true` and `1` are one, as are the same instant in two time zones),
// the text of a string. Workers turn each row's key into a 96-bit digest of that canonical form;
// the engine's thread, committing batches in input order, puts the digests into one open-
// addressing table per key: 16 bytes a slot (the digest and the 1-based record of its first row),
// at most three quarters full. A digest already there is a duplicate of the record it names, so
// the first row is always the one kept, for any thread count. Memory is 16 bytes per slot,
// between 21 and 43 bytes per distinct key as the table grows (docs/validate.md gives what a
// large check costs). Two different keys share a digest with a chance of about n²/2⁹⁷ for n
// distinct keys (1 in 10¹³ for 100 million).
// Missing values and NaN take no part: a row with a missing key cell is not compared.

import UnitPipeCSV
import UnitPipeNumbers

/// A `unique` field or the `primaryKey`: the plan's columns whose values together must differ row to row.
struct UniqueKey: Sendable {
    /// Indices into the plan's columns.
    var columns: [Int]
    /// The field names, as the message names them.
    var names: [String]
    var isPrimaryKey: Bool
}

/// A 96-bit digest of a key's canonical bytes, made of two independent 64-bit hashes.
struct KeyDigest: Hashable {
    var high: UInt64
    var low: UInt64

    private static let primes: (UInt64, UInt64, UInt64) = (0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9)

    /// Hashes `bytes` in 8-byte words on two lanes with different seeds, then mixes each lane.
    static func of(_ bytes: UnsafeRawBufferPointer) -> KeyDigest {
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var b: UInt64 = 0x1319_8A2E_0370_7344 &+ UInt64(bytes.count) &* primes.2
        var i = 0
        while i + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            a = (a ^ (word &* primes.0)).rotated(31) &* primes.1
            b = (b ^ (word &* primes.1)).rotated(27) &* primes.0 &+ primes.2
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        a = (a ^ (tail &* primes.0)).rotated(31) &* primes.1
        b = (b ^ (tail &* primes.1)).rotated(27) &* primes.0
        return KeyDigest(high: mix(a), low: mix(b ^ 0x5851_F42D_4C95_7F2D))
    }

    /// The finalizer of MurmurHash3: every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}

private extension UInt64 {
    func rotated(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}

/// The digests of one key seen so far, each with the record of its first row.
struct KeyTable {
    /// `slots[2i]`: the digest's high word (0: empty); `slots[2i + 1]`: 32 bits of the low word
    /// and the 1-based record, saturated at `UInt32.max`.
    private var slots: [UInt64] = Array(repeating: 0, count: 2 * 1024)
    private var count = 0
    private var mask = 1023

    /// Bytes the table holds.
    var byteCount: Int { slots.count * 8 }

    /// Inserts a digest first seen at `record`; returns the record of the row that already had it, if any.
    mutating func insert(_ digest: KeyDigest, record: Int) -> Int? {
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        let high = digest.high == 0 ? 1 : digest.high
        let low = digest.low & 0xFFFF_FFFF_0000_0000
        var index = Int(truncatingIfNeeded: high) & mask
        while slots[2 * index] != 0 {
            if slots[2 * index] == high, slots[2 * index + 1] & 0xFFFF_FFFF_0000_0000 == low {
                return Int(slots[2 * index + 1] & 0xFFFF_FFFF)
            }
            index = (index + 1) & mask
        }
        slots[2 * index] = high
        slots[2 * index + 1] = low | UInt64(min(record, Int(UInt32.max)))
        count += 1
        return nil
    }

    private mutating func grow() {
        let old = slots
        mask = mask * 2 + 1
        slots = Array(repeating: 0, count: 2 * (mask + 1))
        for i in stride(from: 0, to: old.count, by: 2) where old[i] != 0 {
            var index = Int(truncatingIfNeeded: old[i]) & mask
            while slots[2 * index] != 0 { index = (index + 1) & mask }
            slots[2 * index] = old[i]
            slots[2 * index + 1] = old[i + 1]
        }
    }
}

/// A column of a key, as a worker reads its cells: taken once from the plan, so that a row's key
/// copies nothing of the column's record.
final class KeyColumn: @unchecked Sendable {
    // Safety: every property is a constant, and the field check is its worker's own.
    /// Index into the plan's columns, and the field it reads.
    let column: Int
    let field: Int
    let parser: ColumnParser?
    let fieldCheck: FieldCheck?
    /// Whether the column's doubles are its numbers unconverted (a number column without a unit).
    let isPlainNumber: Bool

    init(column: Int, of plan: ValidatePlan, fieldCheck: FieldCheck?) {
        self.column = column
        field = plan.columns[column].field
        parser = plan.columns[column].parser
        self.fieldCheck = fieldCheck
        isPlainNumber = plan.columns[column].parser != nil && plan.columns[column].units == nil
    }
}

/// One row's key, found on a worker: where it is, its digest, and the cells the report shows.
struct KeyEntry {
    /// The record, relative to the worker's stretch (0-based), its line and its byte offset.
    var record: Int
    var line: Int
    var byte: Int
    var digest: KeyDigest
    /// Whether the row passed every other check (a duplicate then makes it invalid).
    var isRowValid: Bool
    /// Where the key's cells, joined by the delimiter, are in the worker's ``ValidateWorker/keyBytes``.
    var raw: Range<Int>
    /// Where the row as read is there, for the rejects (empty unless the row is valid and rejects are written).
    var row: Range<Int>
}

extension ValidatePlan {
    /// The keys of a schema: each `unique` field, then the `primaryKey`, among the checked columns.
    static func uniqueKeys(schema: TableSchema?, columns: [Column]) -> [UniqueKey] {
        guard let schema else { return [] }
        var keys: [UniqueKey] = []
        func index(of name: String) -> Int? { columns.firstIndex { $0.isFromSchema && $0.rule.field?.name == name } }
        for field in schema.fields where field.isUnique {
            if let k = index(of: field.name) { keys.append(UniqueKey(columns: [k], names: [field.name], isPrimaryKey: false)) }
        }
        let primary = schema.primaryKey.compactMap(index(of:))
        if !primary.isEmpty, primary.count == schema.primaryKey.count {
            keys.append(UniqueKey(columns: primary, names: schema.primaryKey, isPrimaryKey: true))
        }
        return keys
    }

    /// Appends a cell's canonical form to `key`: what makes two cells one value of the column.
    /// Returns `false` when the cell takes no part (NaN, which equals nothing).
    ///
    /// - Parameters:
    ///   - cell: The cell, a valid value of its column.
    ///   - column: The column's parse stage and field check.
    ///   - value: The cell's nearest double when the column's numbers are not converted (no
    ///     unit), which settles a whole number's form without reading the cell again; else `nil`.
    static func appendCanonical(_ cell: UnsafeRawBufferPointer, of column: KeyColumn, value: Double?, to key: inout [UInt8]) -> Bool {
        let start = key.count
        key.append(0)
        if let parser = column.parser {
            guard appendCanonicalNumber(parser.numberBytes(of: cell), cell: cell, value: value, parser: parser.parser, to: &key) else {
                return false
            }
        } else if let check = column.fieldCheck, check.reader.readsPoints, let point = check.reader.readPoint(cell) {
            // A boolean as 1 or 0; a date or time as its point on the time line.
            if check.reader.type == .boolean {
                key.append(point.seconds == 1 ? 1 : 0)
            } else {
                withUnsafeBytes(of: point.seconds.littleEndian) { key.append(contentsOf: $0) }
                withUnsafeBytes(of: point.nanoseconds.littleEndian) { key.append(contentsOf: $0) }
            }
        } else {
            // A text is its bytes.
            key.append(contentsOf: cell)
        }
        // The length of the part closes it, so `(ab, c)` and `(a, bc)` differ.
        let length = UInt32(key.count - start - 1)
        withUnsafeBytes(of: length.littleEndian) { key.append(contentsOf: $0) }
        return true
    }

    /// Appends the canonical form of a number cell (its exact decimal: sign, exponent, digits
    /// without trailing zeros; `INF`, `-INF` as marks of their own). Returns `false` for NaN or
    /// a cell that is no number.
    ///
    /// - Parameters:
    ///   - number: The cell's number bytes (marks beside it set aside).
    ///   - cell: The whole cell, for `NaN`, `INF` and `-INF`.
    ///   - value: The number's nearest double when it is not converted, else `nil`: a cell with no
    ///     fraction and no exponent whose double is whole and below 2^53 is that whole number.
    ///   - parser: The column's number parser.
    static func appendCanonicalNumber(_ number: UnsafeRawBufferPointer, cell: UnsafeRawBufferPointer, value: Double?,
                                      parser: NumberParser, to key: inout [UInt8]) -> Bool {
        if let value, abs(value) < ConstraintCheck.exactWholeLimit, value.rounded(.towardZero) == value,
           !ConstraintCheck.mayHaveFraction(number, decimalSeparator: parser.conventions.decimalSeparator.value) {
            appendWhole(Int64(value), to: &key)
        } else if let value = DecimalValue(cell: number, parser: parser) {
            key.append(value.isNegative ? 1 : 2)
            withUnsafeBytes(of: Int64(value.exponent).littleEndian) { key.append(contentsOf: $0) }
            key.append(contentsOf: value.digits)
        } else if let special = ConstraintCheck.specialValue(cell), !special.isNaN {
            key.append(special < 0 ? 3 : 4)
        } else {
            return false
        }
        return true
    }

    /// Appends a whole number's canonical form, as ``DecimalValue`` writes it (zero: no sign, no digits).
    private static func appendWhole(_ whole: Int64, to key: inout [UInt8]) {
        var magnitude = whole.magnitude
        var exponent: Int64 = 0
        while magnitude != 0, magnitude % 10 == 0 {
            magnitude /= 10
            exponent += 1
        }
        key.append(whole < 0 ? 1 : 2)
        withUnsafeBytes(of: exponent.littleEndian) { key.append(contentsOf: $0) }
        var digits: (UInt64, UInt64) = (0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude != 0 {
                buffer[count] = UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
        }
        withUnsafeBytes(of: digits) { buffer in
            for i in stride(from: count - 1, through: 0, by: -1) { key.append(buffer[i]) }
        }
    }
}
