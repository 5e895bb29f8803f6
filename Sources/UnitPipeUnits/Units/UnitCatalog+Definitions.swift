// The built-in unit table, as data. Values are exact per NIST SP 811 (2008),
// appendix B: the international inch is 2.54 cm, the foot 12 in, the yard
// 3 ft, the mile 5280 ft, the nautical mile 1852 m; the avoirdupois pound
// 0.45359237 kg; standard gravity 9.80665 m/s²; the thermochemical calorie
// 4.184 J, the IT calorie 4.1868 J, the IT BTU 1055.05585262 J; mechanical
// horsepower 550 ft·lbf/s; T/K = (t/°F + 459.67)·5/9.
// Fractions are written as fractions or exact decimal strings; each unit is
// defined in terms of a unit listed before it (or of its dimension's coherent
// SI unit), and the catalog reduces every unit to its base unit.
//
// Ambiguous names take their common meaning and say so in a note: `ton` is the
// short ton, `gal` the US gallon, `cal` the thermochemical calorie, `hp`
// mechanical horsepower, `BTU` the IT BTU; the others have explicit spellings
// (`long_ton`, `imp_gal`, `cal_IT`, `hp_metric`).
//
// Angles and π: π is irrational, so an angle factor cannot be an exact
// rational. `Rational.pi` is the continued-fraction convergent
// 1850401877973371917511/589001211171976529866 (relative error 1.4·10⁻⁴³,
// 42 correct digits; numerator and denominator below 2^71, so factors such
// as 648000/π still fit in Int128). Every angle unit but `rad` is a rational
// multiple of it, so conversions among deg, arcmin, arcsec, grad and turn are
// exact (π cancels) and keep the full correct-rounding guarantee. Conversions
// between rad and the others use the approximation: their stored
// double-doubles are the correctly rounded double-doubles of the true π
// factors (checked by a test against a 100-digit π), and a result is the
// correctly rounded x·S for the true S unless x·S lies within 1.4·10⁻⁴³
// relative of a midpoint between two Doubles — for irrational S that is no
// exact tie, and no input of the tests comes near it, but it is not proven
// impossible for every Double x. A squared angle (`deg^2`) overflows Int128
// and is reported as `factorOverflow`.

extension UnitCatalog {
    /// An exact decimal written as a string (`"1055.05585262"`), for table entries.
    static func decimal(_ text: String) -> Rational {
        guard let value = Rational(decimalString: text) else { preconditionFailure("bad decimal '\(text)' in the unit table") }
        return value
    }

    /// The pound-force in newtons: 0.45359237 kg × 9.80665 m/s².
    static let poundForce = decimal("0.45359237") * decimal("9.80665")

    static let definitions: [Entry] = [
        // Length (base: metre).
        Entry(symbol: "m", names: ["meter", "metre"], plurals: ["meters", "metres"],
              definition: .base(.length), prefixes: SIPrefix.all),
        Entry(symbol: "in", names: ["inch"], plurals: ["inches"], aliases: ["″"],
              definition: .linear(Rational(254, 100), of: "cm")),
        Entry(symbol: "ft", names: ["foot"], plurals: ["feet"], aliases: ["′"],
              definition: .linear(Rational(12), of: "in"), note: "international foot; US survey foot: ftUS"),
        Entry(symbol: "yd", names: ["yard"], plurals: ["yards"],
              definition: .linear(Rational(3), of: "ft")),
        Entry(symbol: "mi", names: ["mile"], plurals: ["miles"],
              definition: .linear(Rational(5280), of: "ft"), note: "international statute mile; nautical: nmi"),
        Entry(symbol: "nmi", names: ["nautical_mile"], plurals: ["nautical_miles"], aliases: ["NM"],
              definition: .linear(Rational(1852), of: "m")),
        Entry(symbol: "mil", names: ["thou"], definition: .linear(Rational(1, 1000), of: "in")),
        Entry(symbol: "ftUS", names: ["survey_foot", "US_survey_foot"], plurals: ["survey_feet"],
              definition: .linear(Rational(1200, 3937), of: "m"), note: "US survey foot, 1200/3937 m"),
        Entry(symbol: "au", names: ["astronomical_unit"], plurals: ["astronomical_units"],
              definition: .linear(Rational(149_597_870_700), of: "m")),

        // Area (base: square metre).
        Entry(symbol: "m^2", names: ["square_meter", "square_metre"], plurals: ["square_meters", "square_metres"],
              aliases: ["m²", "m2", "sq_m"], definition: .base(.area)),
        Entry(symbol: "ha", names: ["hectare"], plurals: ["hectares"], definition: .linear(Rational(10_000), of: "m^2")),
        Entry(symbol: "acre", plurals: ["acres"], aliases: ["ac"], definition: .linear(Rational(4840 * 9 * 144) * Rational(127, 5000) * Rational(127, 5000), of: "m^2"),
              note: "international acre, 4840 yd²"),
        Entry(symbol: "sq_km", aliases: ["km²", "km2"], definition: .linear(Rational(1_000_000), of: "m^2")),
        Entry(symbol: "sq_cm", aliases: ["cm²", "cm2"], definition: .linear(Rational(1, 10_000), of: "m^2")),
        Entry(symbol: "sq_mm", aliases: ["mm²", "mm2"], definition: .linear(Rational(1, 1_000_000), of: "m^2")),
        Entry(symbol: "sq_in", aliases: ["in²", "in2"], definition: .linear(Rational(16129, 25_000_000), of: "m^2")),
        Entry(symbol: "sq_ft", aliases: ["ft²", "ft2", "sqft"], definition: .linear(Rational(144), of: "sq_in")),
        Entry(symbol: "sq_yd", aliases: ["yd²", "yd2"], definition: .linear(Rational(9), of: "sq_ft")),
        Entry(symbol: "sq_mi", aliases: ["mi²", "mi2"], definition: .linear(Rational(27_878_400), of: "sq_ft")),

        // Volume (base: cubic metre).
        Entry(symbol: "m^3", names: ["cubic_meter", "cubic_metre"], plurals: ["cubic_meters", "cubic_metres"],
              aliases: ["m³", "m3", "cu_m"], definition: .base(.volume)),
        Entry(symbol: "L", names: ["liter", "litre"], plurals: ["liters", "litres"], symbolAliases: ["l"],
              definition: .linear(Rational(1, 1000), of: "m^3"), prefixes: SIPrefix.all),
        Entry(symbol: "cc", aliases: ["cm³", "cm3"], definition: .linear(Rational(1), of: "mL")),
        Entry(symbol: "cu_in", aliases: ["in³", "in3"], definition: .linear(Rational(2_048_383, 125_000_000_000), of: "m^3")),
        Entry(symbol: "cu_ft", aliases: ["ft³", "ft3"], definition: .linear(Rational(1728), of: "cu_in")),
        Entry(symbol: "cu_yd", aliases: ["yd³", "yd3"], definition: .linear(Rational(27), of: "cu_ft")),
        Entry(symbol: "gal", names: ["gallon", "US_gallon"], plurals: ["gallons", "US_gallons"], aliases: ["gal_US"],
              definition: .linear(Rational(231), of: "cu_in"), note: "US liquid gallon, 231 in³; imperial: imp_gal"),
        Entry(symbol: "qt", names: ["quart"], plurals: ["quarts"], definition: .linear(Rational(1, 4), of: "gal"), note: "US liquid quart"),
        Entry(symbol: "pt", names: ["pint"], plurals: ["pints"], definition: .linear(Rational(1, 8), of: "gal"), note: "US liquid pint; imperial: imp_pt"),
        Entry(symbol: "cup", plurals: ["cups"], definition: .linear(Rational(1, 16), of: "gal"), note: "US customary cup"),
        Entry(symbol: "floz", names: ["fluid_ounce", "US_fluid_ounce"], plurals: ["fluid_ounces"], aliases: ["fl_oz", "fl.oz"],
              definition: .linear(Rational(1, 128), of: "gal"), note: "US fluid ounce; imperial: imp_floz"),
        Entry(symbol: "tbsp", names: ["tablespoon"], plurals: ["tablespoons"], definition: .linear(Rational(1, 2), of: "floz"), note: "US tablespoon"),
        Entry(symbol: "tsp", names: ["teaspoon"], plurals: ["teaspoons"], definition: .linear(Rational(1, 3), of: "tbsp"), note: "US teaspoon"),
        Entry(symbol: "bbl", names: ["barrel"], plurals: ["barrels"], definition: .linear(Rational(42), of: "gal"), note: "oil barrel, 42 US gal"),
        Entry(symbol: "imp_gal", names: ["imperial_gallon"], plurals: ["imperial_gallons"], aliases: ["gal_imp", "UK_gallon"],
              definition: .linear(decimal("4.54609"), of: "L")),
        Entry(symbol: "imp_pt", names: ["imperial_pint"], plurals: ["imperial_pints"], definition: .linear(Rational(1, 8), of: "imp_gal")),
        Entry(symbol: "imp_floz", names: ["imperial_fluid_ounce"], plurals: ["imperial_fluid_ounces"],
              definition: .linear(Rational(1, 160), of: "imp_gal")),

        // Mass (base: kilogram; the prefixes apply to the gram).
        Entry(symbol: "g", names: ["gram", "gramme"], plurals: ["grams", "grammes"],
              definition: .scaled(Rational(1, 1000), .mass), prefixes: SIPrefix.all),
        Entry(symbol: "t", names: ["tonne", "metric_ton"], plurals: ["tonnes", "metric_tons"], definition: .linear(Rational(1000), of: "kg"),
              note: "metric tonne; short ton: ton, long ton: long_ton"),
        Entry(symbol: "lb", names: ["pound"], plurals: ["pounds"], aliases: ["lbs", "lbm"],
              definition: .linear(decimal("0.45359237"), of: "kg"), note: "avoirdupois pound"),
        Entry(symbol: "oz", names: ["ounce"], plurals: ["ounces"], definition: .linear(Rational(1, 16), of: "lb"), note: "avoirdupois ounce; troy: ozt"),
        Entry(symbol: "st", names: ["stone"], plurals: ["stones"], definition: .linear(Rational(14), of: "lb")),
        Entry(symbol: "gr", names: ["grain"], plurals: ["grains"], definition: .linear(Rational(1, 7000), of: "lb")),
        Entry(symbol: "ozt", names: ["troy_ounce"], plurals: ["troy_ounces"], definition: .linear(Rational(480), of: "gr")),
        Entry(symbol: "ct", names: ["carat"], plurals: ["carats"], definition: .linear(Rational(200), of: "mg"), note: "metric carat"),
        Entry(symbol: "ton", plurals: ["tons"], aliases: ["short_ton", "short_tons"], definition: .linear(Rational(2000), of: "lb"),
              note: "short ton (US), 2000 lb; long_ton = 2240 lb, t = metric tonne"),
        Entry(symbol: "long_ton", plurals: ["long_tons"], definition: .linear(Rational(2240), of: "lb"), note: "long ton (UK), 2240 lb"),

        // Time (base: second).
        Entry(symbol: "s", names: ["second"], plurals: ["seconds"], aliases: ["sec", "secs"],
              definition: .base(.time), prefixes: SIPrefix.all),
        Entry(symbol: "min", names: ["minute"], plurals: ["minutes"], aliases: ["mins"], definition: .linear(Rational(60), of: "s")),
        Entry(symbol: "h", names: ["hour"], plurals: ["hours"], aliases: ["hr", "hrs"], definition: .linear(Rational(60), of: "min")),
        Entry(symbol: "d", names: ["day"], plurals: ["days"], definition: .linear(Rational(24), of: "h")),
        Entry(symbol: "wk", names: ["week"], plurals: ["weeks"], definition: .linear(Rational(7), of: "d")),
        Entry(symbol: "yr", names: ["year", "julian_year"], plurals: ["years"], aliases: ["a"], definition: .linear(decimal("365.25"), of: "d"),
              note: "Julian year, 365.25 d"),

        // Speed (base: metre per second).
        Entry(symbol: "m/s", aliases: ["mps"], definition: .base(.speed)),
        Entry(symbol: "km/h", aliases: ["kph", "kmph", "km/hr"], definition: .linear(Rational(5, 18), of: "m/s")),
        Entry(symbol: "mph", aliases: ["mi/h", "mi/hr"], definition: .linear(Rational(1397, 3125), of: "m/s")),
        Entry(symbol: "kn", names: ["knot"], plurals: ["knots"], definition: .linear(Rational(1852, 3600), of: "m/s"),
              note: "nautical mile per hour"),
        Entry(symbol: "ft/s", aliases: ["fps"], definition: .linear(decimal("0.3048"), of: "m/s")),

        // Acceleration (base: metre per second squared).
        Entry(symbol: "m/s^2", aliases: ["m/s²", "m/s2"], definition: .base(.acceleration)),
        Entry(symbol: "g0", names: ["standard_gravity"], aliases: ["gn", "g_n"], definition: .linear(decimal("9.80665"), of: "m/s^2"),
              note: "standard acceleration of gravity"),
        Entry(symbol: "ft/s^2", aliases: ["ft/s²", "ft/s2"], definition: .linear(decimal("0.3048"), of: "m/s^2")),

        // Force (base: newton).
        Entry(symbol: "N", names: ["newton"], plurals: ["newtons"], definition: .base(.force), prefixes: SIPrefix.all),
        Entry(symbol: "lbf", names: ["pound_force"], aliases: ["pounds_force"],
              definition: .linear(poundForce, of: "N"), note: "lb × standard gravity"),
        Entry(symbol: "kgf", names: ["kilogram_force"], aliases: ["kp"], definition: .linear(decimal("9.80665"), of: "N"),
              note: "kg × standard gravity"),
        Entry(symbol: "dyn", names: ["dyne"], plurals: ["dynes"], definition: .linear(Rational(1, 100_000), of: "N")),

        // Pressure (base: pascal).
        Entry(symbol: "Pa", names: ["pascal"], plurals: ["pascals"], definition: .base(.pressure), prefixes: SIPrefix.all),
        Entry(symbol: "bar", plurals: ["bars"], definition: .linear(Rational(100_000), of: "Pa"), prefixes: [.milli]),
        Entry(symbol: "psi", definition: .linear(poundForce / Rational(16129, 25_000_000), of: "Pa"), note: "lbf per square inch"),
        Entry(symbol: "atm", names: ["atmosphere"], plurals: ["atmospheres"], definition: .linear(Rational(101_325), of: "Pa"),
              note: "standard atmosphere"),
        Entry(symbol: "torr", names: ["Torr"], definition: .linear(Rational(1, 760), of: "atm")),
        Entry(symbol: "mmHg", definition: .linear(decimal("133.322387415"), of: "Pa"), note: "conventional millimetre of mercury"),
        Entry(symbol: "inHg", definition: .linear(decimal("25.4"), of: "mmHg"), note: "conventional inch of mercury"),

        // Energy (base: joule).
        Entry(symbol: "J", names: ["joule"], plurals: ["joules"], definition: .base(.energy), prefixes: SIPrefix.all),
        Entry(symbol: "cal", names: ["calorie"], plurals: ["calories"], aliases: ["cal_th"], definition: .linear(decimal("4.184"), of: "J"),
              prefixes: [.kilo], note: "thermochemical calorie, 4.184 J; IT calorie: cal_IT"),
        Entry(symbol: "cal_IT", definition: .linear(decimal("4.1868"), of: "J"), prefixes: [.kilo], note: "International Table calorie"),
        Entry(symbol: "Wh", names: ["watt_hour"], plurals: ["watt_hours"], definition: .linear(Rational(3600), of: "J"),
              prefixes: [.kilo, .mega, .giga, .tera]),
        Entry(symbol: "BTU", names: ["Btu", "BTU_IT"], aliases: ["btu"], definition: .linear(decimal("1055.05585262"), of: "J"),
              note: "International Table BTU"),
        Entry(symbol: "eV", names: ["electronvolt"], plurals: ["electronvolts"], definition: .linear(decimal("1.602176634e-19"), of: "J"),
              prefixes: [.kilo, .mega, .giga, .tera]),
        Entry(symbol: "erg", plurals: ["ergs"], definition: .linear(Rational(1, 10_000_000), of: "J")),
        Entry(symbol: "ft_lbf", aliases: ["ft·lbf", "ft*lbf"], definition: .linear(decimal("0.3048") * poundForce, of: "J"),
              note: "foot-pound force (energy; as torque use N*m)"),

        // Power (base: watt).
        Entry(symbol: "W", names: ["watt"], plurals: ["watts"], definition: .base(.power), prefixes: SIPrefix.all),
        Entry(symbol: "hp", names: ["horsepower"], aliases: ["hp_I"], definition: .linear(Rational(550) * decimal("0.3048") * poundForce, of: "W"),
              note: "mechanical horsepower, 550 ft·lbf/s; metric: hp_metric"),
        Entry(symbol: "hp_metric", aliases: ["PS"], definition: .linear(Rational(75) * decimal("9.80665"), of: "W"),
              note: "metric horsepower, 75 kgf·m/s"),

        // Absolute temperature (base: kelvin), affine scales.
        Entry(symbol: "K", names: ["kelvin"], plurals: ["kelvins"],
              definition: .base(.temperature)),
        Entry(symbol: "degC", names: ["celsius"], aliases: ["°C", "℃"],
              definition: .affine(scale: Rational(1), shift: Rational(27315, 100), of: "K")),
        Entry(symbol: "degR", names: ["rankine"], aliases: ["°R"],
              definition: .linear(Rational(5, 9), of: "K")),
        Entry(symbol: "degF", names: ["fahrenheit"], aliases: ["°F", "℉"],
              definition: .affine(scale: Rational(1), shift: Rational(45967, 100), of: "degR")),

        // Temperature differences (base: delta_K), linear.
        Entry(symbol: "delta_K", aliases: ["ΔK"], definition: .base(.temperatureDifference)),
        Entry(symbol: "delta_degC", aliases: ["Δ°C", "Δ℃", "ΔdegC"], definition: .linear(Rational(1), of: "delta_K")),
        Entry(symbol: "delta_degF", aliases: ["Δ°F", "Δ℉", "ΔdegF"], definition: .linear(Rational(5, 9), of: "delta_K")),
        Entry(symbol: "delta_degR", aliases: ["Δ°R", "ΔdegR"], definition: .linear(Rational(5, 9), of: "delta_K")),

        // Frequency (base: hertz).
        Entry(symbol: "Hz", names: ["hertz"], definition: .base(.frequency), prefixes: SIPrefix.all),
        Entry(symbol: "rpm", aliases: ["r/min"], definition: .linear(Rational(1, 60), of: "Hz"),
              note: "revolutions per minute as cycles: 60 rpm = 1 Hz (GNU units: 2π/60 rad/s)"),

        // Angle (base: radian); π is `Rational.pi`, see the design note above.
        Entry(symbol: "rad", names: ["radian"], plurals: ["radians"], definition: .base(.angle), prefixes: [.milli, .micro]),
        Entry(symbol: "deg", names: ["degree"], plurals: ["degrees"], aliases: ["°"], definition: .linear(Rational.pi / Rational(180), of: "rad"),
              note: "π/180 rad, π to 42 digits"),
        Entry(symbol: "arcmin", names: ["arcminute"], plurals: ["arcminutes"], definition: .linear(Rational(1, 60), of: "deg")),
        Entry(symbol: "arcsec", names: ["arcsecond"], plurals: ["arcseconds"], definition: .linear(Rational(1, 60), of: "arcmin")),
        Entry(symbol: "grad", names: ["gradian", "gon"], plurals: ["gradians", "gons"], definition: .linear(Rational(9, 10), of: "deg")),
        Entry(symbol: "turn", names: ["revolution"], plurals: ["turns", "revolutions"], aliases: ["rev"], definition: .linear(Rational(360), of: "deg")),

        // Data (base: bit).
        Entry(symbol: "bit", plurals: ["bits"], definition: .base(.data), prefixes: SIPrefix.large + SIPrefix.binary),
        Entry(symbol: "B", names: ["byte", "octet"], plurals: ["bytes", "octets"], definition: .linear(Rational(8), of: "bit"),
              prefixes: SIPrefix.large + SIPrefix.binary, note: "kB, MB, … are decimal (10³); KiB, MiB, … binary (2¹⁰)"),

        // Density (base: kilogram per cubic metre).
        Entry(symbol: "kg/m^3", aliases: ["kg/m³", "kg/m3"], definition: .base(.density)),
        Entry(symbol: "g/cm^3", aliases: ["g/cm³", "g/cm3", "g/cc", "g/mL", "kg/L"], definition: .linear(Rational(1000), of: "kg/m^3")),
        Entry(symbol: "g/L", aliases: ["g/l"], definition: .linear(Rational(1), of: "kg/m^3")),
        Entry(symbol: "lb/ft^3", aliases: ["lb/ft³", "lb/ft3"], definition: .linear(decimal("0.45359237") / decimal("0.028316846592"), of: "kg/m^3")),

        // Fuel economy (distance per volume, 1/m²) and fuel consumption (volume per distance, an
        // area: 1 L/100km = 10⁻⁸ m²). They are reciprocal: a value converts as y = K/x.
        Entry(symbol: "1/m^2", aliases: ["m^-2"], definition: .base(.fuelEconomy)),
        Entry(symbol: "mpg", names: ["miles_per_gallon"], aliases: ["MPG", "mpg_US"],
              definition: .scaled(decimal("1609.344") / decimal("0.003785411784"), .fuelEconomy), note: "miles per US gallon (mi/gal); imperial: mpg_imp"),
        Entry(symbol: "mpg_imp", aliases: ["mpg_UK"], definition: .scaled(decimal("1609.344") / decimal("0.00454609"), .fuelEconomy),
              note: "miles per imperial gallon"),
        Entry(symbol: "km/L", aliases: ["km/l", "kmpl"], definition: .scaled(Rational(1_000_000), .fuelEconomy)),
        Entry(symbol: "L/100km", aliases: ["l/100km", "L/100 km", "l/100 km"], definition: .linear(Rational(1, 100_000_000), of: "m^2"),
              note: "fuel consumption, the reciprocal of fuel economy"),

        // Dimensionless (base: 1).
        Entry(symbol: "1", names: ["one"], definition: .base(.dimensionless)),
        Entry(symbol: "%", names: ["percent"], aliases: ["pct"], definition: .linear(Rational(1, 100), of: "1")),
        Entry(symbol: "‰", names: ["permille"], definition: .linear(Rational(1, 1000), of: "1")),
        Entry(symbol: "bp", names: ["basis_point"], plurals: ["basis_points"], aliases: ["‱"], definition: .linear(Rational(1, 10_000), of: "1")),
        Entry(symbol: "ppm", definition: .linear(Rational(1, 1_000_000), of: "1")),
        Entry(symbol: "ppb", definition: .linear(Rational(1, 1_000_000_000), of: "1"), note: "parts per 10⁹"),
    ]
}

extension UnitCatalog.SIPrefix {
    static let exa = Self(symbol: "E", name: "exa", factor: Rational(1_000_000_000_000_000_000))
    static let peta = Self(symbol: "P", name: "peta", factor: Rational(1_000_000_000_000_000))
    static let tera = Self(symbol: "T", name: "tera", factor: Rational(1_000_000_000_000))
    static let giga = Self(symbol: "G", name: "giga", factor: Rational(1_000_000_000))
    static let mega = Self(symbol: "M", name: "mega", factor: Rational(1_000_000))
    /// kilo, 10³.
    static let kilo = Self(symbol: "k", name: "kilo", factor: Rational(1000))
    static let hecto = Self(symbol: "h", name: "hecto", factor: Rational(100))
    static let deca = Self(symbol: "da", name: "deca", factor: Rational(10), symbolAliases: [])
    static let deci = Self(symbol: "d", name: "deci", factor: Rational(1, 10))
    /// centi, 10⁻².
    static let centi = Self(symbol: "c", name: "centi", factor: Rational(1, 100))
    /// milli, 10⁻³.
    static let milli = Self(symbol: "m", name: "milli", factor: Rational(1, 1000))
    /// micro, 10⁻⁶: the micro sign µ (U+00B5), also Greek μ (U+03BC) and ASCII u.
    static let micro = Self(symbol: "µ", name: "micro", factor: Rational(1, 1_000_000), symbolAliases: ["μ", "u"])
    static let nano = Self(symbol: "n", name: "nano", factor: Rational(1, 1_000_000_000))
    static let pico = Self(symbol: "p", name: "pico", factor: Rational(1, 1_000_000_000_000))
    static let femto = Self(symbol: "f", name: "femto", factor: Rational(1, 1_000_000_000_000_000))
    static let atto = Self(symbol: "a", name: "atto", factor: Rational(1, 1_000_000_000_000_000_000))

    static let kibi = Self(symbol: "Ki", name: "kibi", factor: Rational(1 << 10))
    static let mebi = Self(symbol: "Mi", name: "mebi", factor: Rational(1 << 20))
    static let gibi = Self(symbol: "Gi", name: "gibi", factor: Rational(1 << 30))
    static let tebi = Self(symbol: "Ti", name: "tebi", factor: Rational(1 << 40))
    static let pebi = Self(symbol: "Pi", name: "pebi", factor: Rational(1 << 50))
    static let exbi = Self(symbol: "Ei", name: "exbi", factor: Rational(1 << 60))

    /// The decimal prefixes from exa to atto, applied to the SI units that take prefixes.
    static let all: [Self] = [.exa, .peta, .tera, .giga, .mega, .kilo, .hecto, .deca, .deci, .centi, .milli, .micro, .nano, .pico, .femto, .atto]
    /// The decimal multiples from kilo to exa (for bits and bytes).
    static let large: [Self] = [.kilo, .mega, .giga, .tera, .peta, .exa]
    /// The binary multiples (IEC 80000-13), for bits and bytes.
    static let binary: [Self] = [.kibi, .mebi, .gibi, .tebi, .pebi, .exbi]
}
