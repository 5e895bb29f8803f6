import UnitPipe
import UnitPipeNumbers
import UnitPipeUnits

extension Messages {
    /// A unit that does not resolve on the command line: the sentence the error report gives the
    /// same error, and where to look up the units.
    static func render(_ error: UnitExpressionError) -> String {
        sentences(message(error), "Run 'unitpipe units' to list the units")
    }

    /// A unit or pair of units given on the command line (`-c NAME:FROM:TO`) that cannot convert.
    static func render(_ error: UnitError) -> String {
        if case .unknownUnit = error { return render(UnitExpressionError.unit(error)) }
        return message(.unit(error))
    }

    /// A pair of units `unitpipe units` cannot relate: the library's sentence; for reciprocal
    /// units, which `convert` does relate, when it does.
    static func renderListing(_ error: UnitExpressionError) -> String {
        if case .unit(.dimensionMismatch(_, let from, _, let to)) = error, from.isReciprocal(of: to) { return message(error) }
        return FailureRenderer.clause(error.description)
    }

    /// A locale identifier (`--locale`, `--output-locale`) that cannot be used.
    static func render(_ error: NumberConventionsError) -> String {
        switch error {
        case .unknownLocale(let id) where id.lowercased() == "auto":
            // `--locale auto` is valid, so this is `--output-locale auto`.
            "--output-locale needs a locale identifier such as de_DE, fr_FR or en_IN; 'auto' only applies to reading (--locale auto)"
        case .unknownLocale(let id):
            "unknown locale '\(id)'; give an identifier such as de_DE, fr_FR, en_IN, 'C' for '.' decimals without grouping, or 'auto'"
        case .unsupportedLocale(let id):
            "locale '\(id)' writes numbers in a way unitpipe cannot read safely; choose a related locale or 'C'"
        }
    }
}
