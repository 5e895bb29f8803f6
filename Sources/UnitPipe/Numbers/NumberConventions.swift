/// How numbers are written in a locale: the seam between locale data and the byte-level parser.
///
/// Separators are stored as UTF-8 byte sequences, because the parser compares bytes,
/// never `Character`s. For now only ``c`` exists: the parser implements exactly the C
/// locale, and the initializer stays private until locale-aware parsing reads these
/// properties, so no value can promise a convention the parser ignores.
public struct NumberConventions: Sendable, Equatable {
    /// Digit grouping of a locale: the separators accepted between groups and the group sizes.
    public struct Grouping: Sendable, Equatable {
        /// Every accepted grouping separator as UTF-8 bytes (`,`, or space, NBSP and narrow NBSP).
        public let separators: [[UInt8]]
        /// The number of digits in the group next to the decimal separator, usually 3.
        public let primarySize: Int
        /// The number of digits in every further group: 3, or 2 in Indian locales.
        public let secondarySize: Int
    }

    /// The decimal separator as UTF-8 bytes; `.` in the C locale.
    public let decimalSeparator: [UInt8]
    /// The digit grouping, or `nil` when numbers are never grouped (the C locale).
    public let grouping: Grouping?

    private init(decimalSeparator: [UInt8], grouping: Grouping?) {
        self.decimalSeparator = decimalSeparator
        self.grouping = grouping
    }

    /// The C locale: `.` as decimal separator, no grouping.
    public static let c = NumberConventions(decimalSeparator: [UInt8(ascii: ".")], grouping: nil)
}
