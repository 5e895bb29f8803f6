import UnitPipeNumbers

// Design note — converting the text, rounded once.
//
// A value typed as `-273.15` is the exact decimal −27315·10^-2. Converting the nearest Double
// instead rounds twice (−459.66999999999996 °F). This type converts the exact decimal: the
// mantissa m (an exact Double up to 2^53) times the factor S·10^e, plus O, in the double-double
// kernel the command line uses, with one precomputed factor per decimal exponent (so a
// conversion allocates nothing once built), certified or decided exactly near a midpoint.
// Longer or larger decimals take the big-integer path. Fixed output (N fraction digits) uses
// factors that fold 10^N in and rounds to an integer, half to even or half up.

/// A unit conversion prepared to convert exact decimal values, rounding once.
///
/// ```swift
/// let catalog = UnitCatalog.standard
/// let toF = try ExactUnitConversion(from: catalog.unit(named: "degC"), to: catalog.unit(named: "degF"))
/// try toF.value("-273.15")                    // -459.67
/// try toF.rounded("40.3", fractionDigits: 2)  // 104.54
/// ```
/// Building one computes a table of factors; keep it and convert many values with it.
public struct ExactUnitConversion: Sendable {
    /// The exact conversion (scale and offset as rationals).
    public let conversion: UnitConversion
    /// The factors per decimal exponent of the input, for the nearest `Double`.
    let nearestTable: DecimalFactorTable
    /// The factors for fixed output, by number of fraction digits, built on first use per count.
    let fixedTables: [DecimalFactorTable]

    /// Prepares the conversion between two units.
    ///
    /// - Parameters:
    ///   - from: The unit values are given in.
    ///   - to: The unit values are wanted in.
    ///   - fractionDigits: The numbers of fraction digits ``rounded(_:fractionDigits:rule:)``
    ///     will be asked for, prepared now (others are prepared on each call); none by default.
    /// - Throws: ``UnitError`` when the units measure different dimensions or the factor does not fit.
    public init(from: UnitDefinition, to: UnitDefinition, preparing fractionDigits: [Int] = []) throws(UnitError) {
        try self.init(UnitConversion(from: from, to: to), preparing: fractionDigits)
    }

    /// Prepares a conversion.
    ///
    /// - Parameters:
    ///   - conversion: The exact conversion.
    ///   - fractionDigits: The numbers of fraction digits to prepare fixed output for.
    /// - Throws: ``UnitError/factorOverflow(from:to:)`` when a factor does not fit.
    public init(_ conversion: UnitConversion, preparing fractionDigits: [Int] = []) throws(UnitError) {
        self.conversion = conversion
        let matrix = try FactorMatrix(sources: [conversion.from], target: conversion.to)
        nearestTable = DecimalFactorTable(matrix: matrix)
        var fixed: [DecimalFactorTable] = []
        for digits in Set(fractionDigits) where (0...RoundedDecimal.maxFractionDigits).contains(digits) {
            fixed.append(DecimalFactorTable(matrix: matrix, decimals: digits, tie: .halfEven))
        }
        fixedTables = fixed
    }

    /// The converted value of an exact number, rounded once to the nearest `Double` (ties to even).
    ///
    /// - Parameter number: The exact value in the source unit.
    /// - Returns: The nearest `Double` to the exact converted value; infinite when it is beyond
    ///   the finite range; an exact zero is `+0`.
    public func value(_ number: ExactNumber) -> Double {
        if let decimal = number.scannedDecimal, let (x, slot) = DecimalFactorTable.kernelInput(decimal) {
            return nearestTable.factor(source: 0, slot: Int(slot)).value(x)
        }
        return ExactRounding.nearest(number.longDecimal, scale: conversion.scale, offset: conversion.offset)
    }

    /// The converted value of a number's text, rounded once to the nearest `Double`.
    ///
    /// - Parameters:
    ///   - text: The number in the source unit (`-273.15`; `1.234,5` with a de_DE parser).
    ///   - parser: Reads the text; the C convention by default.
    /// - Returns: The nearest `Double` to the exact converted value.
    /// - Throws: `NumberTextError` when the text is not a number; its reason is
    ///   `NumberError/overflow` when the result is beyond the finite range.
    public func value(_ text: some StringProtocol, parser: NumberParser = NumberParser()) throws(NumberTextError) -> Double {
        let result = value(try parser.exactNumber(text))
        guard result.isFinite else { throw NumberTextError(.number(.overflow), text: String(text)) }
        return result
    }

    /// The converted value of an exact number, rounded once to exactly `fractionDigits` fraction digits.
    ///
    /// - Parameters:
    ///   - number: The exact value in the source unit.
    ///   - fractionDigits: 0...`RoundedDecimal/maxFractionDigits`.
    ///   - rule: How a value halfway between two candidates rounds; half to even by default.
    /// - Returns: The rounded result, with its digits as `RoundedDecimal/description`.
    /// - Throws: `RoundingError`.
    public func rounded(_ number: ExactNumber, fractionDigits: Int, rule: DecimalRounding = .halfEven) throws(RoundingError) -> RoundedDecimal {
        guard (0...RoundedDecimal.maxFractionDigits).contains(fractionDigits) else { throw .fractionDigitsOutOfRange(fractionDigits) }
        if let decimal = number.scannedDecimal, let (x, slot) = DecimalFactorTable.kernelInput(decimal) {
            let table = fixedTables.first { $0.decimals == fractionDigits }
            let factor = table?.factor(source: 0, slot: Int(slot))
                ?? ConversionFactor(scale: conversion.scale, offset: conversion.offset,
                                    scalePower: fractionDigits - Int(slot), offsetPower: fractionDigits)
            let (n, needsExact) = factor.fixedValue(x, tie: rule)
            if !needsExact, n.isFinite {
                return try RoundedDecimal(isNegative: n < 0, scaled: UInt64(n.magnitude), fractionDigits: fractionDigits)
            }
            if n.magnitude < 0x1p51, let decided = factor.exactFixedValue(x, candidate: n, tie: rule) {
                return try RoundedDecimal(isNegative: decided < 0, scaled: UInt64(decided.magnitude), fractionDigits: fractionDigits)
            }
        }
        guard let (isNegative, magnitude) = ExactRounding.integer(
            number.longDecimal, scale: conversion.scale, offset: conversion.offset,
            scalePower: fractionDigits, offsetPower: fractionDigits, tie: rule),
            magnitude.bitWidth <= 64
        else { throw .tooLarge(fractionDigits: fractionDigits) }
        return try RoundedDecimal(isNegative: isNegative, scaled: magnitude.low64, fractionDigits: fractionDigits)
    }

    /// The converted value of a number's text, rounded once to exactly `fractionDigits` fraction digits.
    ///
    /// - Parameters:
    ///   - text: The number in the source unit.
    ///   - fractionDigits: 0...`RoundedDecimal/maxFractionDigits`.
    ///   - rule: How ties round; half to even by default.
    ///   - parser: Reads the text; the C convention by default.
    /// - Returns: The rounded result (`40.3` °C → `104.54` °F).
    /// - Throws: `NumberTextError`.
    public func rounded(_ text: some StringProtocol, fractionDigits: Int, rule: DecimalRounding = .halfEven,
                        parser: NumberParser = NumberParser()) throws(NumberTextError) -> RoundedDecimal {
        let number = try parser.exactNumber(text)
        do {
            return try rounded(number, fractionDigits: fractionDigits, rule: rule)
        } catch {
            throw NumberTextError(.rounding(error), text: String(text))
        }
    }
}

extension UnitConversion {
    /// The exact value of a number converted, rounded once to the nearest `Double`.
    ///
    /// Builds the factors on each call; keep an ``ExactUnitConversion`` to convert many values.
    /// - Parameter number: The exact value in the source unit.
    /// - Returns: The nearest `Double` to the exact converted value (`-273.15` °C → `-459.67` °F).
    public func value(_ number: ExactNumber) -> Double {
        ExactRounding.nearest(number.longDecimal, scale: scale, offset: offset)
    }
}
