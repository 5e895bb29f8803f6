import Testing
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

@Suite("Failure renderer")
struct FailureRendererTests {
    static let renderer = FailureRenderer(
        columns: [
            FailureRenderer.Column(name: "price", locale: "de_DE", conventions: .c, from: "USD", to: "EUR", hasUnitColumn: false),
            FailureRenderer.Column(name: "len", locale: "C", conventions: .c, from: "@unit", to: "m", hasUnitColumn: true),
        ],
        fieldCount: 3, hasHeader: true, delimiter: UInt8(ascii: ";"), maxFieldSize: 1000)

    /// Every detail's sentence, whole.
    @Test(arguments: [
        (CellFailure.Detail.number(.multipleDecimal), 0, "1.2.3", "'1.2.3' has more than one decimal separator"),
        (.number(.grouping), 0, "1.23,4", "'1.23,4' groups digits where locale de_DE does not (separators must sit at every group boundary, never after the decimal separator)"),
        (.number(.ambiguousNumber), 0, "1,234", "'1,234' reads two ways (decimal point or grouping) and the column shows no evidence which; say which locale the file is written in"),
        (.number(.unitMismatch), 0, "£5", "'£5' names a currency other than the column's USD"),
        (.ambiguousUnit, 0, "$5", "'$5' has an ambiguous unit (a bare '$', or units on both sides); write the ISO code, e.g. USD"),
        (.overflow, 0, "1e999", "'1e999' is beyond the largest double (about 1.8e308), as read or in EUR"),
        (.required, 0, "", "empty cell in column 'price', which must have a value"),
        (.unit(.noRate("JPY")), 0, "¥5", "no exchange rate for 'JPY'"),
        (.missingUnit, 1, "5", "the unit column 'unit' is empty in this row; write the row's unit there (e.g. 'km')"),
    ])
    func cellMessages(_ detail: CellFailure.Detail, _ column: Int, _ raw: String, _ expected: String) {
        let failure = CellFailure(detail, record: 4, line: 7, byte: 0, column: column, raw: Array(raw.utf8))
        #expect(Self.renderer.message(failure) == expected)
        let row = Self.renderer.reportRow(failure)
        #expect(row == ReportRow(record: 4, line: 7, byte: 0, column: Self.renderer.columns[column].name, value: raw, code: detail.code, message: expected))
    }

    @Test func rowMessagesAndTheirTruncatedValue() {
        let fieldCount = CellFailure(.fieldCount(found: 1), record: 2, line: 3, byte: 0, column: nil, raw: Array("x".utf8))
        #expect(Self.renderer.reportRow(fieldCount) == ReportRow(
            record: 2, line: 3, byte: 0, column: "", value: "x", code: .fieldCount, message: "record has 1 field, but the header has 3"))
        let long = String(repeating: "y", count: 300)
        let tooLarge = CellFailure(.malformed(.fieldTooLarge, fields: 2), record: 1, line: 1, byte: 0, column: nil, raw: Array(long.utf8))
        let row = Self.renderer.reportRow(tooLarge)
        #expect(row.value == String(repeating: "y", count: 256) + "…")
        #expect(row.message == "a field is longer than the largest field size (1000 bytes), probably an unterminated quote; fix the quoting or raise the limit")
        let open = CellFailure(.malformed(.unterminatedQuote, fields: 2), record: 1, line: 1, byte: 0, column: nil, raw: [])
        #expect(Self.renderer.message(open) == "the quoted field opened on this line is never closed, so the rest of the input was read into it; close the quote (or double a quote inside the field)")
    }

    /// The library's words for every hint, whole: plain sentences, no command-line option.
    static let plainHints: [(FailureHint, String)] = [
        (.ambiguousNumber, "say which locale the file is written in"),
        (.chooseLocale, "fix the cell or read the file with its locale"),
        (.otherStyle(locale: "de_DE"), "read the file with locale de_DE"),
        (.required, "which must have a value"),
        (.recordTooLarge(limit: 100, bytesPerField: 9, fieldsKept: 3),
         "the record is longer than the largest field size (100 bytes, counting 9 bytes for each field after the first): 3 fields were kept; fix the file or raise the limit"),
        (.fieldTooLarge(limit: 100), "a field is longer than the largest field size (100 bytes), probably an unterminated quote; fix the quoting or raise the limit"),
        (.encoding, "if the file is in a Windows or Latin encoding, read it as cp1252 (or latin1, iso-8859-15)"),
        (.nullMarker("NA"), "if it marks a missing value, read 'NA' as an empty cell"),
        (.percent, ""),
        (.currency, "for money, convert from a currency"),
        (.accountingNegative, "read the file with its locale, e.g. en_US reads (1,234.56) and 1,234.56-"),
        (.decimalComma(locale: "fr_FR"), "read the file with a decimal-comma locale such as fr_FR"),
        (.commaEitherWay, "as a decimal comma read it with locale de_DE, as a thousands separator with en_US"),
        (.defaultUnit, "write the unit (e.g. '5 km') or give the column a default unit"),
        (.unit(.noRate("XAU")), "no exchange rate for 'XAU'"),
    ]

    @Test func everyHintHasPlainWords() {
        #expect(Set(Self.plainHints.map { Self.position($0.0) }) == Set(0...14))
        for (hint, words) in Self.plainHints {
            #expect(FailureHint.plainText(hint) == words)
            #expect(!words.contains("--"), "\(hint)")
        }
    }

    /// Numbers every case, so a new one stops this file compiling until it has a sample above.
    static func position(_ hint: FailureHint) -> Int {
        switch hint {
        case .ambiguousNumber: 0
        case .chooseLocale: 1
        case .otherStyle: 2
        case .required: 3
        case .recordTooLarge: 4
        case .fieldTooLarge: 5
        case .encoding: 6
        case .nullMarker: 7
        case .percent: 8
        case .currency: 9
        case .accountingNegative: 10
        case .decimalComma: 11
        case .commaEitherWay: 12
        case .defaultUnit: 13
        case .unit: 14
        }
    }
}
