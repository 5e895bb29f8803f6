// Expression target: the unit-expression parser on any text. It must (1) return a unit or an
// error, never trap (nesting is bounded, factors overflow into errors), (2) give the same answer
// twice and through a column's `UnitResolver` (the path unit strings in data take), (3) for a unit
// it accepts, give the same exponents and exact scale for the text wrapped in parentheses and in
// `1*(…)`, and divided by itself the dimensionless 1 — when these parse at all (deeper nesting and
// affine units are errors of their own), and (4) render every error as one line.

@testable import UnitPipeUnits

enum ExpressionFuzz {
    static let catalog = UnitCatalog.standard

    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let first = outcome(text)
        let again = outcome(text)
        if first != again { fuzzFailure("'\(text)' read twice gave \(first) and then \(again)") }
        checkResolver(data, expected: first, text: text)
        switch first {
        case .failure(let error):
            let message = error.message
            if message.isEmpty || message.contains("\n") && !text.contains("\n") {
                fuzzFailure("'\(text)' fails with a message that is not one line: '\(message)'")
            }
        case .success(let unit):
            if unit.scale.isZero { fuzzFailure("'\(text)' gives a zero scale") }
            guard !unit.isAffine else { return }
            for wrapped in ["(\(text))", "1*(\(text))"] {
                guard case .success(let same) = outcome(wrapped) else { continue }
                // The exponents, not the dimension's name: a compound with kelvin is a temperature
                // difference by design (`1*(K)`), where `K` alone is a temperature.
                if same.dimension.exponents != unit.dimension.exponents || same.scale != unit.scale {
                    fuzzFailure("'\(wrapped)' is \(same.scale) [\(same.dimension)] but '\(text)' is \(unit.scale) [\(unit.dimension)]")
                }
            }
            if case .success(let ratio) = outcome("(\(text))/(\(text))"), !(ratio.dimension == .dimensionless && ratio.scale == .one) {
                fuzzFailure("'(\(text))/(\(text))' is \(ratio.scale) [\(ratio.dimension)], not 1")
            }
        }
    }

    /// The parser's answer for a text.
    static func outcome(_ text: String) -> Result<UnitDefinition, UnitExpressionError> {
        do { return .success(try catalog.unit(expression: text, suggesting: false)) } catch { return .failure(error) }
    }

    /// The same bytes as a unit string found in data: a resolver for a target of the unit's own
    /// dimension must accept them exactly when the catalog does (and refuse them otherwise).
    static func checkResolver(_ data: UnsafeRawBufferPointer, expected: Result<UnitDefinition, UnitExpressionError>, text: String) {
        let target: UnitDefinition
        switch expected {
        case .success(let unit):
            target = unit.isAffine ? unit : UnitDefinition(symbol: "fuzz-target", dimension: unit.dimension, scale: .one)
        case .failure:
            guard let meter = catalog.lookUp("m") else { fuzzFailure("the catalog has no 'm'") }
            target = meter
        }
        guard var resolver = try? UnitResolver(target: target, catalog: catalog) else { return }
        let resolved = resolver.sourceIndex(for: data)
        switch (expected, resolved) {
        case (.success, .failure(let error)):
            fuzzFailure("'\(text)' is a unit but the resolver refuses it: \(error.message)")
        case (.failure(let error), .success):
            fuzzFailure("'\(text)' fails (\(error.message)) but the resolver accepts it")
        default:
            break
        }
    }
}
