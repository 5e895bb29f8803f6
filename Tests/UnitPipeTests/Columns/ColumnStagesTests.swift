// The column stages one at a time, on batches read from CSV text: what the parse stage
// makes of each cell (value, exponent slot, status, the rows left to the exact path),
// what the unit stage resolves per row, what the convert stage computes (shortest and
// N digits, ties both ways, the exact path for long cells), and what the format stage
// writes. The end-to-end tests see these only through whole runs.

import Testing
import TestSupport
@testable import UnitPipe
import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// Records read from CSV text (one batch, no header) and the parser that owns them.
private struct Cells {
    let parser: RecordParser
    let batch: RecordBatch
    let shapes: [RowShape]

    /// Each cell as field 1 of a record `r,CELL`; a cell holding a comma makes its row the wrong shape.
    init(_ cells: [String]) {
        self.init(rows: cells.map { "r," + $0 }, fields: 2)
    }

    /// The records `rows`, of which those with `fields` fields have the right shape.
    init(rows: [String], fields: Int) {
        parser = RecordParser(
            dialect: CSVDialect(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), hasHeader: false),
            maxFieldSize: 1 << 20, batchRecords: Int.max)
        parser.feed(sample: Array(rows.map { $0 + "\n" }.joined().utf8), isComplete: true)
        let batch = parser.batch()
        self.batch = batch
        shapes = (0..<batch.count).map { batch.fieldCount(of: $0) == fields ? .ok : .fieldCount }
    }

    /// Runs the parse stage of field `field` into `column` (by default a fresh one).
    func parsed(by stage: ColumnParser, into column: ScannedColumn? = nil) -> ScannedColumn {
        let column = column ?? ScannedColumn(hasUnitsInCells: stage.hasUnitsInCells)
        column.reserve(batch.count)
        shapes.withUnsafeBufferPointer { shapes in
            if let base = shapes.baseAddress { stage.parse(batch, shapes: base, into: column) }
        }
        return column
    }
}

/// 123456789012345678901234, the digits of a cell too long for the kernel.
private let twentyFourDigits = BigUInt(UInt64(123_456_789_012)) * BigUInt(UInt64(1_000_000_000_000)) + BigUInt(UInt64(345_678_901_234))

private func unit(_ name: String) throws -> UnitDefinition { try UnitCatalog.standard.unit(expression: name) }

private func cParser(field: Int = 1, isRequired: Bool = false, nullValues: [String] = [], hasUnitsInCells: Bool = false) -> ColumnParser {
    ColumnParser(field: field, parser: NumberParser(conventions: .c, context: .plain), hasUnitsInCells: hasUnitsInCells,
                 isRequired: isRequired, nullValues: nullValues)
}

/// Parses, then converts the column from `from` to `to` (a fixed pair).
private func converted(_ cells: [String], from: String, to: String, decimals: Int? = nil, tie: DecimalRounding = .halfEven) throws
    -> (values: [Double], fixed: [Double], big: [Int: String], statuses: [CellStatus])
{
    let input = Cells(cells)
    let stage = cParser()
    let scanned = input.parsed(by: stage)
    let n = input.batch.count
    let column = ConvertedColumn(hasFixedOutput: decimals != nil)
    column.reserve(n)
    var converter = ColumnConverter(factors: .fixed(try FactorMatrix(sources: [unit(from)], target: unit(to))), decimals: decimals, tie: tie)
    converter.convert(scanned, count: n, into: column, perRowMatrix: nil, hasSource: false)
    return ((0..<n).map { column.values[$0] }, (0..<n).map { column.fixedValues?[$0] ?? .nan },
            column.bigFixed.mapValues { String(decoding: $0, as: UTF8.self) }, (0..<n).map { column.statuses[$0] })
}

struct ColumnParserStageTests {
    @Test func cellsBecomeMantissasSlotsAndStatuses() {
        let input = Cells(["12.5", "", "abc", "1e400", "\u{2212}3", "0.001", "15e2", "123456789012345678901234"])
        let column = input.parsed(by: cParser())
        let statuses = (0..<input.batch.count).map { column.statuses[$0] }
        // 1e400 is a number as read; it overflows in the convert stage (the exact path).
        #expect(statuses == [.number, .empty, .failed(.number(.invalidNumber)), .number, .number, .number, .number, .number])
        // A number reaches the kernel as its signed mantissa (an exact double) and its exponent's slot.
        #expect([column.mantissas[0], column.mantissas[4], column.mantissas[5], column.mantissas[6]] == [125, -3, 1, 1500])
        #expect([column.tableIndices[0], column.tableIndices[4], column.tableIndices[5], column.tableIndices[6]] == [1, 0, 3, 0])
        // More than 2^53 in the mantissa, or an exponent beyond the slots: NaN, and the row is left
        // to the exact path with its decimal as the one scan read it, every digit kept.
        #expect(column.mantissas[3].isNaN && column.mantissas[7].isNaN)
        #expect(column.exactRows == [3, 7])
        #expect(column.exactDecimals.map(\.exponent) == [400, 0])
        #expect(column.exactDecimals[1] == LongDecimal(isNegative: false, digits: twentyFourDigits, exponent: 0))
        #expect(column.mantissas[1].isNaN && column.mantissas[2].isNaN)
    }

    @Test(arguments: ["C", "de_DE"])
    func plainCellsReachTheKernelAsTheFullScanWouldHandThem(locale: String) throws {
        // Plain cells take their own scan: the same kernel input (mantissa bit for bit, slot) and
        // status as the full scan and `kernelInput` give; a null marker that reads as a number
        // stays a null.
        let conventions = try NumberConventions(localeIdentifier: locale)
        let decimal = locale == "C" ? "." : ","
        var random = SplitMix64(state: 0x5CA7 ^ UInt64(locale.utf8.count))
        var cells = ["0", "-0", "+0", "12\(decimal)", "\(decimal)5", "-\(decimal)5", "007", "NA", "", "9007199254740993",
                     "123456789012345678901234", "1e5", "1.234,5", "1,234.5", " 7", "-", "\(decimal)"]
        for _ in 0..<3000 {
            let digits = String((0..<random.next(in: 1...18)).map { _ in Character(String(random.next(10))) })
            let cut = random.next(digits.count + 1)
            var cell = ["", "-", "+"][random.next(3)] + digits.prefix(cut) + (random.next(4) == 0 ? "" : decimal) + digits.dropFirst(cut)
            if random.next(20) == 0 { cell.insert(["x", " ", ".", ",", "e"][random.next(5)], at: cell.index(cell.startIndex, offsetBy: random.next(cell.count + 1))) }
            cells.append(cell)
        }
        let input = Cells(cells.map { "\"\($0)\"" })
        let parser = NumberParser(conventions: conventions)
        for nulls in [[], ["NA", "-0"]] {
            let stage = ColumnParser(field: 1, parser: parser, hasUnitsInCells: false, isRequired: false, nullValues: nulls)
            let column = input.parsed(by: stage)
            var exactRows: [Int32] = []
            for (r, cell) in cells.enumerated() {
                var text = cell
                let scan = text.withUTF8 { parser.scan(UnsafeRawBufferPointer($0)) }
                if nulls.contains(cell) || cell.isEmpty {
                    #expect(column.statuses[r] == .empty, "\(locale) '\(cell)'")
                    continue
                }
                guard case .decimal(let decimal) = scan else {
                    if case .long = scan { exactRows.append(Int32(r)) } else { #expect(column.statuses[r] != .number, "\(locale) '\(cell)'") }
                    continue
                }
                #expect(column.statuses[r] == .number, "\(locale) '\(cell)'")
                if let (mantissa, slot) = DecimalFactorTable.kernelInput(decimal) {
                    #expect(column.mantissas[r].bitPattern == mantissa.bitPattern && column.tableIndices[r] == slot,
                            "\(locale) '\(cell)': \(column.mantissas[r]) slot \(column.tableIndices[r]), full scan \(mantissa) slot \(slot)")
                } else {
                    #expect(column.mantissas[r].isNaN, "\(locale) '\(cell)'")
                    exactRows.append(Int32(r))
                }
            }
            #expect(column.exactRows == exactRows, "\(locale)")
        }
    }

    @Test(arguments: [0, 2])
    func everyRowComesOutAsItsCellAloneWouldWhateverItsNeighbours(field: Int) {
        // Plain cells are read in a first pass and the others in a second: rows of every kind side
        // by side (plain, long, far exponent, failed, empty, wrong shape), the column first or last
        // in its record (field 0 of row 0 starts the byte arena; the last row's last field ends
        // it), into a column that holds an earlier batch's values, must each come out as the cell
        // alone in a batch of one row does, and the exact rows in row order.
        var random = SplitMix64(state: 0xC011_0000 ^ UInt64(field))
        let kinds = ["12.5", "-7", "+0.25", "123456789012345678901234", "-1234567890123456789.5", "abc", "", "1e400",
                     "1 234", "0.001", "9007199254740993", "12345678901234.5", "-"]
        var rows: [String] = []
        for i in 0..<600 {
            if i > 0 && i < 599 && random.next(7) == 0 {
                rows.append("x,y")  // two fields of three: the row is skipped
            } else {
                var fields = ["a", "b", "c"]
                fields[field] = kinds[random.next(kinds.count)]
                rows.append(fields.joined(separator: ","))
            }
        }
        let input = Cells(rows: rows, fields: 3)
        let stage = cParser(field: field)
        let column = Cells(rows: Array(repeating: "1,2,3", count: rows.count), fields: 3).parsed(by: stage)
        _ = input.parsed(by: stage, into: column)
        var exactRows: [Int32] = []
        var exactDecimals: [LongDecimal] = []
        for (r, row) in rows.enumerated() {
            let alone = Cells(rows: [row], fields: 3).parsed(by: stage)
            #expect(column.statuses[r] == alone.statuses[0], "row \(r) '\(row)'")
            #expect(column.mantissas[r].bitPattern == alone.mantissas[0].bitPattern, "row \(r) '\(row)'")
            #expect(column.tableIndices[r] == alone.tableIndices[0], "row \(r) '\(row)'")
            if row == "x,y" { #expect(column.statuses[r] == .skipped) }
            exactRows += alone.exactRows.map { _ in Int32(r) }
            exactDecimals += alone.exactDecimals
        }
        #expect(column.exactRows == exactRows)
        #expect(column.exactDecimals == exactDecimals)
    }

    @Test func requiredNullsAndSkippedRows() {
        let input = Cells(["", "NA", " NA ", "1,2", "7"])
        let column = input.parsed(by: cParser(isRequired: true, nullValues: ["NA"]))
        let statuses = (0..<input.batch.count).map { column.statuses[$0] }
        // "1,2" is two fields: its row fails as a whole and its cell is not read.
        #expect(statuses == [.failed(.required), .failed(.required), .failed(.required), .skipped, .number])
    }

    @Test func inCellUnitsAreSplitOff() throws {
        let input = Cells(["5.3 km", "12 m", "7"])
        let column = input.parsed(by: cParser(hasUnitsInCells: true))
        let unitSpans = try #require(column.unitSpans)
        let spans = (0..<3).map { unitSpans[$0] }
        #expect((0..<3).map { column.statuses[$0] } == [.number, .number, .number])
        #expect([column.mantissas[0], column.mantissas[1], column.mantissas[2]] == [53, 12, 7])
        #expect(spans.map { Int($0.start)..<Int($0.end) } == [4..<6, 3..<4, 0..<0])
    }

    @Test func aLongCellWithAMinusBeforeItsUnitKeepsItsSign() {
        let input = Cells(["-123456789012345678901234 km", "123456789012345678901234 km"])
        let column = input.parsed(by: cParser(hasUnitsInCells: true))
        #expect(column.exactRows == [0, 1])
        #expect(column.exactDecimals == [true, false].map { LongDecimal(isNegative: $0, digits: twentyFourDigits, exponent: 0) })
    }
}

struct ColumnUnitsStageTests {
    @Test func perRowUnitsResolveToSourceIndicesAndConvert() throws {
        let input = Cells(rows: ["r,1.5,km", "r,20,m", "r,3,ft", "r,4,kg", "r,5,"], fields: 3)
        let stage = cParser()
        let column = input.parsed(by: stage)
        var units = ColumnUnits(place: .unitColumn(field: 2), resolver: try UnitResolver(target: unit("m"), catalog: .standard),
                                currencySymbols: NumberConventions.c.currencySymbols)
        let hasSource = units.resolve(input.batch, into: column)
        #expect(hasSource)
        #expect((0..<3).map { column.statuses[$0] } == [.number, .number, .number])
        // kg is no length and the last row names no unit: both fail with the unit fault.
        #expect([column.statuses[3], column.statuses[4]] == [.failed(.unit), .failed(.unit)])
        let kilograms = units.failure(record: 3, of: input.batch)
        if case .unit = kilograms {} else { Issue.record("kg against m: \(kilograms)") }
        #expect(units.failure(record: 4, of: input.batch) == .missingUnit)
        var converter = ColumnConverter(factors: .perRow, decimals: nil, tie: .halfEven)
        let indices = (0..<5).map { column.tableIndices[$0] }
        let converted = ConvertedColumn(hasFixedOutput: false)
        converted.reserve(5)
        converter.convert(column, count: 5, into: converted, perRowMatrix: units.resolver.matrix, hasSource: true)
        #expect([converted.values[0], converted.values[1], converted.values[2]] == [1500, 20, 0.9144])
        // The convert stage reads the scanned column and leaves it as it was: each row's source unit stays readable.
        #expect((0..<5).map { column.tableIndices[$0] } == indices)
        #expect((0..<3).map { column.mantissas[$0] } == [15, 20, 3])
        #expect(Set((0..<3).map { column.source(of: $0) }).count == 3)
    }
}

struct ColumnConverterStageTests {
    @Test func shortestOutputIsTheExactValueRoundedOnce() throws {
        #expect(try converted(["-273.15", "100", "37"], from: "degC", to: "degF").values == [-459.67, 212, 98.6])
        #expect(try converted(["1.1", "0.07"], from: "m", to: "cm").values == [110, 7])
        #expect(try converted(["1.609344"], from: "km", to: "mi").values == [1])
    }

    @Test(arguments: [
        (DecimalRounding.halfEven, ["2.665", "2.675", "-2.665", "-2.675", "2.6651"], [266.0, 268, -266, -268, 267]),
        (.halfUp, ["2.665", "2.675", "-2.665", "-2.675", "2.6649"], [267.0, 268, -267, -268, 266]),
    ])
    func decimalsBreakTiesByTheRule(tie: DecimalRounding, cells: [String], scaled: [Double]) throws {
        let result = try converted(cells, from: "1", to: "1", decimals: 2, tie: tie)
        #expect(result.fixed == scaled)
    }

    @Test func tiesOfAConversionFactorAreDecidedExactly() throws {
        // 0.5 in = 1.27 cm exactly; with one decimal 1.27 is no tie but 0.25 in = 0.635 cm is.
        let cells = ["0.25", "-0.25", "0.75", "-0.75"]
        #expect(try converted(cells, from: "in", to: "cm", decimals: 2, tie: .halfEven).fixed == [64, -64, 190, -190])
        #expect(try converted(cells, from: "in", to: "cm", decimals: 2, tie: .halfUp).fixed == [64, -64, 191, -191])
        #expect(try converted(["0.25"], from: "in", to: "cm", decimals: 1, tie: .halfEven).fixed == [6])
    }

    @Test func longCellsTakeTheExactPath() throws {
        // 24 significant digits ending in an exact tie at two decimals.
        let even = try converted(["1234567890123456789012.125", "-1234567890123456789012.125"], from: "1", to: "1", decimals: 2)
        #expect(even.big == [0: "1234567890123456789012.12", 1: "-1234567890123456789012.12"])
        #expect(even.fixed.filter { !$0.isNaN }.isEmpty)
        let up = try converted(["1234567890123456789012.125", "-1234567890123456789012.125"], from: "1", to: "1", decimals: 2, tie: .halfUp)
        #expect(up.big == [0: "1234567890123456789012.13", 1: "-1234567890123456789012.13"])
        // Shortest output of a long cell: the nearest double of the exact converted value.
        let shortest = try converted(["0.3000000000000000000000001", "1e400"], from: "m", to: "cm")
        #expect(shortest.values[0] == 30)
        #expect(shortest.statuses == [.number, .failed(.overflow)])
    }

    @Test func overflowAfterConversionFails() throws {
        let result = try converted(["1e308", "1"], from: "km", to: "mm")
        #expect(result.statuses == [.failed(.overflow), .number])
        #expect(result.values[1] == 1_000_000)
    }
}

struct NumberFormatStageTests {
    private func written(_ format: NumberFormat, _ write: (NumberFormat, inout ByteCursor) -> Void) -> String {
        let buffer = ByteBuffer()
        buffer.withCursor { write(format, &$0) }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func shortestPlainFixedAndLocalized() throws {
        let writer = CSVWriter(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""))
        let normalized = NumberFormat(conventions: nil, isPlain: false, writer: writer)
        #expect(written(normalized) { $0.writeShortest(1.5e-7, to: &$1) } == "1.5e-07")
        #expect(written(normalized) { $0.writeShortest(-0.0, to: &$1) } == "0")
        #expect(written(normalized) { $0.writeFixed(-266, decimals: 2, text: nil, to: &$1) } == "-2.66")
        #expect(written(normalized) { $0.writeFixed(.nan, decimals: 2, text: Array("12.13".utf8), to: &$1) } == "12.13")
        let plain = NumberFormat(conventions: nil, isPlain: true, writer: writer)
        #expect(written(plain) { $0.writeShortest(1.5e-7, to: &$1) } == "0.00000015")
        // A German number holds the comma delimiter: it is quoted.
        let german = NumberFormat(conventions: try NumberConventions(localeIdentifier: "de_DE"), isPlain: false, writer: writer)
        #expect(written(german) { $0.writeShortest(1234.5, to: &$1) } == "\"1.234,5\"")
        #expect(written(german) { $0.writeFixed(123456, decimals: 2, text: nil, to: &$1) } == "\"1.234,56\"")
    }
}
