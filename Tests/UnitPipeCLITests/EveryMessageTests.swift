// Every case of every error enum below the command line renders to one line, as ErrorCodeTests
// pins every code: the run errors and cell failures have a `position` switch here, so a case added
// to them stops this file from compiling until it is numbered and given a sample, and the sample's
// message is checked. The rates and unit messages, which the command line builds from the
// libraries' sentences, are tested as whole strings, every case (the libraries' own tests number
// those enums' cases).

import Foundation
import Testing
@testable import UnitPipe
import UnitPipeCSV
@testable import UnitPipeCLI
import UnitPipeNumbers
import UnitPipeUnits

@Suite("every error case has its message")
struct EveryMessageTests {
    // MARK: - Rates and units: the library's sentence, then the command line's hint

    static let rates: [(RatesError, String)] = [
        (.unreadable("/nonexistent", reason: "No such file or directory"),
         "cannot read rates file '/nonexistent': No such file or directory; check the path and permissions"),
        (.empty, "the rates file holds no rates"),
        (.unknownLayout(line: 1), "line 1: expected an ECB header 'Date, USD, JPY, …' or 'currency,rate_per_XXX' / 'currency,rate' with a 'base,XXX' line"),
        (.badRate(line: 2, currency: "USD", value: "x"), "line 2: rate of USD is 'x', not a positive decimal number"),
        (.badDate(line: 0, value: "May"), "--rates-date: 'May' is not a date (write 2024-05-17)"),
        (.fieldCount(line: 4, expected: 3, found: 4), "line 4: 4 fields, but the header has 3"),
        (.dateNotFound("2024-01-01", before: "2023-12-29", after: "2024-01-02"), "the rates file has no rates for 2024-01-01; nearest dates: 2023-12-29, 2024-01-02"),
        (.missingBase, "the rates file does not name its base currency: use the header 'currency,rate_per_XXX' or a line 'base,XXX'"),
        (.conflictingBase(line: 5), "line 5: a second, different base currency"),
        (.tooLarge("r.csv", limit: 16 << 20),
         "the rates file 'r.csv' is larger than 16 MiB, which no rates file needs (the ECB's whole history is under 2 MiB); check that --rates names the rates file"),
        (.lineTooLong(line: 2, limit: 64 << 10),
         "line 2 of the rates file is longer than 64 KiB, which no rates line needs; check that --rates names the rates file"),
        (.tooManyLines(limit: 100_000),
         "the rates file has more than 100000 lines, which no rates file needs (the ECB's history has one per business day); check that --rates names the rates file"),
        (.tooManyCurrencies(limit: 1_000),
         "the rates file quotes more than 1000 currencies (ISO 4217 has fewer than 200); check that --rates names the rates file"),
        (.duplicateCurrency("GBP", first: 2, firstValue: "0.79", second: 3, secondValue: "0.5"),
         "lines 2 and 3: GBP has two different rates ('0.79' and '0.5'); keep one line per currency"),
        (.duplicateColumn("USD", line: 2, first: 2, firstValue: "1.08", second: 4, secondValue: "1.09"),
         "line 2: columns 2 and 4 are both USD with different rates ('1.08' and '1.09'); keep one column per currency"),
        (.baseRateNotOne(line: 3, currency: "USD", value: "2"),
         "line 3: USD is the base currency, so its rate must be 1, not '2'; remove the line or correct the base"),
        (.codeNotInCapitals("gbp", line: 3),
         "line 3: currency code 'gbp' is not in capitals; write ISO 4217 codes as cells must write them: 'GBP'"),
    ]

    @Test(arguments: rates)
    func ratesMessage(error: RatesError, message: String) {
        #expect(Messages.render(JobError.rates(error)) == message)
    }

    /// The same unit error reads the same on standard error and in the error report, fix included.
    static let units: [(UnitExpressionError, String)] = [
        (.unit(.unknownUnit("kmz", suggestion: "km")), "unknown unit 'kmz'; did you mean 'km'?"),
        (.unit(.dimensionMismatch(from: "kg", fromDimension: .mass, to: "mi", toDimension: .length)),
         "cannot convert from 'kg' [mass] to 'mi' [length]; FROM and TO must measure the same thing"),
        (.unit(.factorOverflow(from: "a", to: "b")),
         "the exact factor from 'a' to 'b' does not fit in 128-bit integers; convert through an intermediate unit"),
        (.noRate("XAU"), "no exchange rate for 'XAU'; give a rates file (--rates) that quotes it"),
        (.malformedExpression("km//h", offset: 3),
         "cannot read unit expression 'km//h' at character 4; write products with '*', quotients with '/', powers with '^'"),
        (.affineInExpression("degC*m", unit: "degC"),
         "'degC' in 'degC*m' is an absolute temperature scale with an offset and cannot be multiplied or divided; use 'delta_degC' or 'K'"),
        (.nestedTooDeep("((m))", limit: 1), "unit expression '((m))' nests parentheses more than 1 deep; write it with fewer parentheses"),
    ]

    @Test(arguments: units)
    func unitMessage(error: UnitExpressionError, message: String) {
        #expect(Messages.message(error) == message)
        #expect(Messages.render(JobError.unitExpression(error)) == Messages.sentences(message, "Run 'unitpipe units' to list the units"))
        let failure = CellFailure(.unit(error), record: 1, line: 2, byte: 0, column: 0, raw: Array("5".utf8))
        #expect(Self.renderer.message(failure) == message)
    }

    /// Every case of both enums is among the samples: the library's tests number the cases (a new
    /// one stops them compiling), and the renderers switch over every case without a default.
    @Test func everyRatesAndUnitCaseIsRendered() {
        #expect(Set(Self.rates.map { Self.caseName($0.0) }).count == 17)
        #expect(Set(Self.units.map { Self.caseName($0.0) }).count == 7)
    }

    /// The case's label (`tooLarge`), or the whole value for a case without payload.
    static func caseName(_ value: Any) -> String {
        guard let child = Mirror(reflecting: value).children.first, let label = child.label else { return "\(value)" }
        guard label == "unit" else { return label }
        return "unit." + caseName(child.value)
    }

    // MARK: - Run errors: one line each, naming the problem

    static let system = SystemError(call: "open", errno: ENOENT)
    static let runErrors: [JobError] = [
        .input(.cannotOpen("in.csv", system)), .output(.closedPipe),
        .outputPath(.sameAsInput(.output, path: "in.csv")),
        .unknownColumn("dist", suggestion: "distance", available: ["id", "distance"]), .ambiguousColumn("a", positions: [1, 2]),
        .columnOutOfRange(9, columnCount: 2), .columnSelectedTwice("a"), .headerNamesNoUnit("a"),
        .headerUnitContradicts(column: "d_km", headerUnit: "km", from: "mi", to: "m"), .duplicateOutputName("b", column: "a"),
        .outputColumnTwice("a"), .convertedColumnDropped("a", option: "--exclude"), .noOutputColumn, .renamedTwice("a"),
        .duplicateRename("b", column: "a"), .renameWithoutHeader, .emptyRange("#3-#1", columnCount: 4),
        .unit(.unknownUnit("kmz", suggestion: nil)), .unitExpression(.noRate("XAU")), .locale(.unknownLocale("xx_YY")),
        .defaultLocaleMisreads(DefaultLocaleMisreading(
            column: "price", examples: [.init(cell: "1.200", asDecimal: "1.2", asThousands: "1200")], evidence: .semicolonDelimiter)),
        .rates(.empty), .currencyNeedsRates("USD"), .currencyNotInRates("EUR"), .invalidUnitColumn("u"), .unitColumnWithoutUnit("u"),
        .tooManyErrors(limit: 3),
        .stoppedAtError(ReportRow(record: 1, line: 2, byte: 0, column: "v", value: "x", code: .invalidNumber, message: "'x' is not a number")),
        .interrupted(signal: 2), .standardInputTwice, .emptyInput(hasSchema: true), .directoryWithoutFiles("d"),
        .inputMismatch(InputMismatch(file: "b.csv", reference: "a.csv", difference: .delimiter(found: 59, expected: 44))),
    ]

    @Test func everyRunErrorIsOneLine() {
        #expect(Set(Self.runErrors.map(Self.position)) == Set(0...32))
        for error in Self.runErrors {
            let message = Messages.render(error)
            #expect(!message.isEmpty && !message.contains("\n") && !message.contains("Optional("), "\(error): \(message)")
            #expect(message.first?.isUppercase != true || message.hasPrefix("Run"), "\(error): \(message)")
        }
    }

    static func position(_ error: JobError) -> Int {
        switch error {
        case .input: 0
        case .output: 1
        case .outputPath: 2
        case .unknownColumn: 3
        case .ambiguousColumn: 4
        case .columnOutOfRange: 5
        case .columnSelectedTwice: 6
        case .headerNamesNoUnit: 7
        case .headerUnitContradicts: 8
        case .duplicateOutputName: 9
        case .outputColumnTwice: 10
        case .convertedColumnDropped: 11
        case .noOutputColumn: 12
        case .renamedTwice: 13
        case .duplicateRename: 14
        case .renameWithoutHeader: 15
        case .emptyRange: 16
        case .unit: 17
        case .unitExpression: 18
        case .locale: 19
        case .defaultLocaleMisreads: 20
        case .rates: 21
        case .currencyNeedsRates: 22
        case .currencyNotInRates: 23
        case .invalidUnitColumn: 24
        case .unitColumnWithoutUnit: 25
        case .tooManyErrors: 26
        case .stoppedAtError: 27
        case .interrupted: 28
        case .standardInputTwice: 29
        case .emptyInput: 30
        case .directoryWithoutFiles: 31
        case .inputMismatch: 32
        }
    }

    // MARK: - Cell failures: the error report's rows

    static let renderer = FailureRenderer(
        columns: [FailureRenderer.Column(name: "v", locale: "C", conventions: .c, from: "km", to: "mi", hasUnitColumn: false)],
        fieldCount: 3, hasHeader: true, delimiter: 44, maxFieldSize: 1000, hint: Messages.hint)

    static let details: [CellFailure.Detail] = NumberError.allCases.map { .number($0) } + [
        .required, .invalidUTF8, .invalidUTF8Unit([0xFF]), .overflow, .zeroReciprocal, .unit(.noRate("XAU")), .missingUnit,
        .ambiguousUnit, .fieldCount(found: 2), .malformed(.unterminatedQuote, fields: 1), .malformed(.fieldTooLarge, fields: 1),
        .malformed(.textAfterQuote, fields: 1), .malformed(.none, fields: 1), .numberWithHint(.invalidNumber, .indianGrouping),
        .constraint(.notInteger), .constraint(.belowMinimum(.init(.zero))), .constraint(.aboveMaximum(.init(.zero, isExclusive: true))),
        .constraint(.notAllowed([.zero])), .constraint(.unordered(.init(.zero), isMinimum: true)),
        .requiredBySchema(missingValue: "NA"), .emptyNotMissing(["NA"]),
        .field(.notOfType(.date, format: "%Y-%m-%d", layout: "YYYY-MM-DD", trueValues: [], falseValues: [])),
        .field(.belowMinimum("1", isExclusive: false)), .field(.aboveMaximum("9", isExclusive: true)), .field(.notAllowed(["a"])),
        .field(.pattern("[a-z]+")), .field(.tooShort(1, minimum: 2)), .field(.tooLong(3, maximum: 2)),
        .specialNotNumber, .duplicate(firstRecord: 1, fields: ["id"], isPrimaryKey: true),
    ]

    @Test func everyCellFailureIsOneLine() {
        #expect(Set(Self.details.map(Self.position)) == Set(0...17))
        for detail in Self.details {
            let message = Self.renderer.message(CellFailure(detail, record: 1, line: 2, byte: 0, column: 0, raw: [0x31, 0xFF]))
            #expect(!message.isEmpty && !message.contains("\n") && !message.contains("Optional("), "\(detail): \(message)")
        }
        for problem in [HeaderProblem.missingColumn("a"), .extraColumn("b", position: 2), .duplicateColumn("a", position: 3, first: 1)] {
            #expect(!problem.reportRow.message.isEmpty, "\(problem)")
        }
    }

    /// Every hint of the report's messages in both voices, whole: the library's plain words (no
    /// option named, for apps) and the command line's, which name the option to give.
    static let hints: [(FailureHint, plain: String, commandLine: String)] = [
        (.ambiguousNumber, "say which locale the file is written in", "give --locale"),
        (.chooseLocale, "fix the cell or read the file with its locale", "fix the cell or choose the file's locale with --locale"),
        (.otherStyle(locale: "de_DE"), "read the file with locale de_DE", "try --locale de_DE"),
        (.required, "which must have a value", "which --required says must have a value"),
        (.recordTooLarge(limit: 100, bytesPerField: 9, fieldsKept: 3),
         "the record is longer than the largest field size (100 bytes, counting 9 bytes for each field after the first): 3 fields were kept; fix the file or raise the limit",
         "the record is longer than --max-field-size (100 bytes, counting 9 bytes for each field after the first): 3 fields were kept; fix the file or raise --max-field-size"),
        (.fieldTooLarge(limit: 100),
         "a field is longer than the largest field size (100 bytes), probably an unterminated quote; fix the quoting or raise the limit",
         "a field is longer than --max-field-size (100 bytes), probably an unterminated quote; fix the quoting or raise --max-field-size"),
        (.encoding, "if the file is in a Windows or Latin encoding, read it as cp1252 (or latin1, iso-8859-15)",
         "if the file is in a Windows or Latin encoding, read it with --encoding cp1252 (or latin1, iso-8859-15)"),
        (.nullMarker("NA"), "if it marks a missing value, read 'NA' as an empty cell",
         "if it marks a missing value, add --null-value 'NA' to read it as an empty cell"),
        (.percent, "", " (-c NAME:1:% keeps percent, NAME:1:1 gives the fraction)"),
        (.currency, "for money, convert from a currency",
         "for money give the currency as FROM (-c NAME:USD:EUR --rates FILE) or * for a currency per cell"),
        (.accountingNegative, "read the file with its locale, e.g. en_US reads (1,234.56) and 1,234.56-",
         "give the file's locale, e.g. --locale en_US reads (1,234.56) and 1,234.56-"),
        (.decimalComma(locale: "fr_FR"), "read the file with a decimal-comma locale such as fr_FR",
         "give --locale fr_FR (or the locale 'unitpipe sniff FILE' finds)"),
        (.commaEitherWay, "as a decimal comma read it with locale de_DE, as a thousands separator with en_US",
         "as a decimal comma give --locale de_DE, as a thousands separator --locale en_US ('unitpipe sniff FILE' tells which the file uses)"),
        (.defaultUnit, "write the unit (e.g. '5 km') or give the column a default unit",
         "write the unit (e.g. '5 km') or give one: -c NAME:*km:TO"),
        (.unit(.noRate("XAU")), "no exchange rate for 'XAU'", "no exchange rate for 'XAU'; give a rates file (--rates) that quotes it"),
    ]

    @Test func everyHintHasPlainAndCommandLineWords() {
        #expect(Set(Self.hints.map { Self.position($0.0) }) == Set(0...14))
        for (hint, plain, commandLine) in Self.hints {
            #expect(FailureHint.plainText(hint) == plain, "\(hint)")
            #expect(!plain.contains("--") && !plain.contains("-c "), "\(hint)")
            #expect(Messages.hint(hint) == commandLine, "\(hint)")
        }
    }

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

    static func position(_ detail: CellFailure.Detail) -> Int {
        switch detail {
        case .number: 0
        case .required: 1
        case .invalidUTF8: 2
        case .invalidUTF8Unit: 3
        case .overflow: 4
        case .zeroReciprocal: 5
        case .unit: 6
        case .missingUnit: 7
        case .ambiguousUnit: 8
        case .fieldCount: 9
        case .malformed: 10
        case .numberWithHint: 11
        case .constraint: 12
        case .requiredBySchema: 13
        case .emptyNotMissing: 14
        case .field: 15
        case .specialNotNumber: 16
        case .duplicate: 17
        }
    }
}
