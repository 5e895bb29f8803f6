import UnitPipe
import UnitPipeUnits

extension Messages {
    /// A rates file (`--rates`, `--rates-date`) that cannot be used: the library's sentence, then
    /// the option to check.
    static func render(_ error: RatesError) -> String {
        let problem = FailureRenderer.clause(error.description)
        switch error {
        case .unreadable:
            return problem + "; check the path and permissions"
        case .badDate(0, let value):
            return "--rates-date: '\(value)' is not a date (write 2024-05-17)"
        case .tooLarge, .lineTooLong, .tooManyLines, .tooManyCurrencies:
            return problem + "; check that --rates names the rates file"
        case .empty, .unknownLayout, .badRate, .badDate, .fieldCount, .dateNotFound, .missingBase, .conflictingBase,
             .duplicateCurrency, .duplicateColumn, .baseRateNotOne, .codeNotInCapitals:
            return problem
        }
    }
}
