import UnitPipeCSV
import UnitPipeNumbers
import UnitPipeUnits

/// How a column's numbers are read, and how that was settled.
struct ColumnLocale {
    let conventions: NumberConventions
    /// A locale identifier (`C`, `de_DE`), a schema's separators, or with `--locale auto`
    /// `auto:decimal_point`, `auto:decimal_comma` or `auto:undecided`.
    let description: String
    /// With `--locale auto`: the sample cells that showed the decided convention.
    let evidence: Int?

    /// Numbers read with `conventions`, named by its identifier.
    init(_ conventions: NumberConventions) {
        self.conventions = conventions
        description = conventions.identifier
        evidence = nil
    }

    private init(conventions: NumberConventions, description: String, evidence: Int?) {
        self.conventions = conventions
        self.description = description
        self.evidence = evidence
    }

    /// `--locale`: one convention for every column, or `auto` (decided per column from the data).
    enum Setting {
        case fixed(NumberConventions)
        case auto

        /// Reads `--locale ID`: `auto` (in any case), else a locale identifier.
        init(_ identifier: String) throws(JobError) {
            if identifier.lowercased() == "auto" {
                self = .auto
                return
            }
            do { self = .fixed(try NumberConventions(localeIdentifier: identifier)) } catch { throw .locale(error) }
        }

        /// The locale of a column nothing is decided for: the fixed convention, `C` with `auto`.
        var undecided: ColumnLocale {
            switch self {
            case .fixed(let conventions): ColumnLocale(conventions)
            case .auto: ColumnLocale(.c)
            }
        }

        /// How field `field` of `head`'s input is read: the fixed convention, or with `auto` the one
        /// the field's cells in the head's sample show (records with the header's field count only).
        ///
        /// - Parameter splittingUnits: Whether a cell's unit (`5,3 km`, `12 €`) is set aside first.
        func column(_ field: Int, of head: InputHead, splittingUnits: Bool) -> ColumnLocale {
            guard case .auto = self else { return undecided }
            var detector = LocaleDetector()
            let sample = head.records
            for r in head.sampleRange where sample.fieldCount(of: r) == head.columnNames.count {
                let cell = sample.field(field, of: r)
                if splittingUnits {
                    detector.observe(UnsafeRawBufferPointer(rebasing: cell[InCellUnit.split(cell).number]))
                } else {
                    detector.observe(cell)
                }
            }
            let decision = detector.decision
            let description = switch decision.convention {
            case .decimalPoint?: "auto:decimal_point"
            case .decimalComma?: "auto:decimal_comma"
            case nil: "auto:undecided"
            }
            return ColumnLocale(conventions: decision.conventions, description: description, evidence: decision.evidence)
        }
    }
}
