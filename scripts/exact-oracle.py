#!/usr/bin/env python3
"""Writes the exact-conversion oracle: decimal texts and their exactly converted, once-rounded results.

Every expected value is computed here with Python's `fractions` from the unit definitions written
out below (from the standards, not from unitpipe's catalog): the text's exact decimal value t,
then t*S + O as a Fraction, rounded once -- to the nearest double (float(Fraction) is correctly
rounded) and to 2 fraction digits half to even and half away from zero.

    scripts/exact-oracle.py [--count N] [--seed S] [-o FILE]   (default: 500 a group, seed 9)

File format (tab-separated, UTF-8): a group line
    @  ID  FROM  TO  LOCALE  OUTPUT_LOCALE|-  RATES|-
then its cases
    TEXT  UNIT|-  SHORTEST  HALF_EVEN_2  HALF_UP_2
where UNIT is the row's unit for @COLUMN and in-cell groups (FROM @u or *), SHORTEST is Python's
repr of the nearest double, and the decimals columns are the exact strings unitpipe must write.
"""
import argparse
import random
from fractions import Fraction as F

# Exact definitions in SI base units (metre, kilogram, kelvin, joule, radian, second, litre).
INCH = F(254, 10000)
FOOT = 12 * INCH
MILE = 5280 * FOOT
POUND = F(45359237, 100000000)
# pi as the catalog defines it: the convergent 1850401877973371917511 / 589001211171976529866.
PI = F(1850401877973371917511, 589001211171976529866)
LINEAR = {
    "m": F(1), "km": F(1000), "cm": F(1, 100), "mm": F(1, 1000), "in": INCH, "ft": FOOT, "mi": MILE,
    "kg": F(1), "g": F(1, 1000), "lb": POUND,
    "J": F(1), "MJ": F(10**6), "kWh": F(3600 * 1000), "cal": F(4184, 1000), "eV": F("1.602176634e-19"),
    "rad": F(1), "deg": PI / 180,
    "m/s": F(1), "km/h": F(1000, 3600),
    "L": F(1), "gal": 231 * INCH**3 * 1000,
    "1": F(1),
}
# Fuel economy (distance per volume, in 1/m^2) and fuel consumption (volume per distance, in m^2):
# reciprocal quantities, so between the two kinds a value converts as y = K/x, K = 1/(S_from*S_to).
GALLON_M3 = 231 * INCH**3
ECONOMY = {"mpg": MILE / GALLON_M3, "km/L": F(1000) / F(1, 1000)}
CONSUMPTION = {"L/100km": F(1, 1000) / (100 * 1000), "L/km": F(1, 1000) / 1000}
# ECB reference rates of fixtures/rates/eurofxref.csv (units of the currency per euro).
RATES = {"EUR": F(1), "USD": F("1.0844"), "GBP": F("0.85620"), "JPY": F("169.07"), "CHF": F("0.9870")}


def to_base(unit):
    """(scale, offset) with base = value*scale + offset."""
    if unit == "degC":
        return F(1), F("273.15")
    if unit == "degF":
        return F(5, 9), F("459.67") * F(5, 9)
    if unit == "K":
        return F(1), F(0)
    if unit in RATES:
        return 1 / RATES[unit], F(0)
    return LINEAR[unit], F(0)


def convert(t, source, target):
    fuel = {**ECONOMY, **CONSUMPTION}
    if source in fuel and (source in ECONOMY) != (target in ECONOMY):
        return 1 / (fuel[source] * fuel[target] * t)
    if source in fuel:
        return t * fuel[source] / fuel[target]
    s1, o1 = to_base(source)
    s2, o2 = to_base(target)
    return ((t * s1 + o1) - o2) / s2


def fixed(v, n, half_up):
    q, r = divmod(abs(v) * 10**n, 1)
    if r > F(1, 2) or (r == F(1, 2) and (half_up or q % 2 == 1)):
        q += 1
    digits = str(q).rjust(n + 1, "0")
    sign = "-" if v < 0 and q != 0 else ""
    return sign + digits[:-n] + "." + digits[-n:] if n > 0 else sign + digits


# Locales: decimal separator, grouping separators (one is picked per cell), (primary, secondary)
# group sizes, and the digit set's zero.
LOCALES = {
    "C": (".", [], (3, 3), "0"),
    "de_DE": (",", ["."], (3, 3), "0"),
    "fr_FR": (",", ["\u202f", "\u00a0", " "], (3, 3), "0"),
    "en_IN": (".", [","], (3, 2), "0"),
    "de_CH": (".", ["'", "\u2019"], (3, 3), "0"),
    "ar_EG": ("\u066b", ["\u066c"], (3, 3), "\u0660"),
    "fa_IR": ("\u066b", ["\u066c"], (3, 3), "\u06f0"),
}


def group(digits, primary, secondary, separator):
    if len(digits) <= primary:
        return digits
    head, tail = digits[:-primary], digits[-primary:]
    parts = []
    while len(head) > secondary:
        parts.insert(0, head[-secondary:])
        head = head[:-secondary]
    parts.insert(0, head)
    return separator.join(parts + [tail])


def text_of(rng, locale, sign, integer, fraction, exponent=None):
    decimal, separators, (primary, secondary), zero = LOCALES[locale]
    if separators and rng.random() < 0.5:
        integer = group(integer, primary, secondary, rng.choice(separators))
    body = integer + (decimal + fraction if fraction else "")
    if exponent is not None:
        body += rng.choice("eE") + exponent
    if zero != "0":
        body = "".join(chr(ord(zero) + ord(c) - 48) if c.isdigit() else c for c in body)
    return sign + body


def random_case(rng, locale, allow_exponent, max_integer_digits=7, ties=False):
    """A decimal text in a locale and its exact value (with `ties`, three fraction digits, the last often 5)."""
    sign = rng.choice(["", "", "-", "+"] if locale == "C" else ["", "", "-"])
    shape = rng.random()
    if ties:
        integer = str(rng.randrange(0, 1000))
        fraction = "".join(rng.choice("0123456789") for _ in range(2)) + rng.choice("05555")
    elif shape < 0.04:
        # More digits than a 64-bit mantissa holds.
        integer = str(rng.randrange(1, 10)) + "".join(rng.choice("0123456789") for _ in range(rng.randrange(0, 8)))
        fraction = "".join(rng.choice("0123456789") for _ in range(rng.randrange(13, 22)))
    else:
        digits = rng.randrange(0, max_integer_digits + 1)
        integer = str(rng.randrange(10 ** (digits - 1), 10**digits)) if digits > 0 else "0"
        if rng.random() < 0.03:
            integer = "00" + integer
        fraction = "".join(rng.choice("0123456789") for _ in range(rng.randrange(0, 7)))
        if fraction and rng.random() < 0.15:
            fraction = fraction[:-1] + "5"  # a likely tie at fewer digits
    exponent = None
    if allow_exponent and not ties and rng.random() < 0.12:
        exponent = str(rng.choice([-1, 1]) * rng.randrange(0, 40))
        if rng.random() < 0.2:
            exponent = str(rng.choice([-1, 1]) * rng.randrange(250, 310))
    value = F(int(integer + fraction), 10 ** len(fraction))
    if exponent is not None:
        value *= F(10) ** int(exponent)
    if sign == "-":
        value = -value
    return text_of(rng, locale, sign, integer, fraction, exponent), value


def plain_case(rng, locale):
    """A plain decimal text (sign, digits, at most one decimal separator, no grouping) as the
    kernel's fast entry reads it, around its edges: 1 to 17 digits, leading zeros, `12.`, `.5`, `-0`."""
    decimal = LOCALES[locale][0]
    sign = rng.choice(["", "", "-", "+"] if locale == "C" else ["", "", "-"])
    shape = rng.random()
    if shape < 0.05:
        integer, fraction = rng.choice([("0", ""), ("0", "0"), ("", "0"), ("0", "00")])
    else:
        total = rng.choice([rng.randrange(1, 10), rng.randrange(1, 18)])
        digits = "".join(rng.choice("0123456789") for _ in range(total))
        if rng.random() < 0.1:
            digits = "0" * rng.randrange(1, 4) + digits[: max(1, total - 3)]
        cut = rng.randrange(0, len(digits) + 1)
        integer, fraction = digits[:cut], digits[cut:]
    body = integer
    if fraction or rng.random() < 0.1:
        body += decimal + fraction
    if not integer and not fraction:
        integer, body = "0", "0"
    value = F(int((integer + fraction) or "0"), 10 ** len(fraction))
    if sign == "-":
        value = -value
    return sign + body, value


def finite(x):
    try:
        return abs(float(x)) != float("inf")
    except OverflowError:
        return False


GROUPS = [
    # id, from, to, locale, output locale, rates, exponent texts
    ("km-mi", "km", "mi", "C", None, None, True),
    ("mi-km", "mi", "km", "C", None, None, True),
    ("degC-degF", "degC", "degF", "C", None, None, True),
    ("degF-degC", "degF", "degC", "C", None, None, True),
    ("in-cm", "in", "cm", "C", None, None, True),
    ("lb-kg", "lb", "kg", "C", None, None, True),
    ("kWh-MJ", "kWh", "MJ", "C", None, None, True),
    ("cm-m", "cm", "m", "C", None, None, True),
    ("m-m", "m", "m", "C", None, None, True),
    ("deg-rad", "deg", "rad", "C", None, None, True),
    ("eV-J", "eV", "J", "C", None, None, True),
    ("gal-L", "gal", "L", "C", None, None, False),
    ("kmh-ms", "km/h", "m/s", "C", None, None, True),
    ("degC-K", "degC", "K", "C", None, None, False),
    ("percent", "1", "1", "C", None, None, False),
    ("currency", "@u", "EUR", "C", None, "eurofxref.csv", False),
    ("in-cell", "*", "m", "C", None, None, False),
    ("de-degC-degF", "degC", "degF", "de_DE", None, None, True),
    ("fr-km-mi", "km", "mi", "fr_FR", None, None, False),
    ("in-lb-kg", "lb", "kg", "en_IN", None, None, False),
    ("ch-cm-m", "cm", "m", "de_CH", None, None, False),
    ("ar-in-cm", "in", "cm", "ar_EG", None, None, False),
    ("fa-degF-degC", "degF", "degC", "fa_IR", None, None, False),
    ("out-de-mi-km", "mi", "km", "C", "de_DE", None, False),
    # Exact ties of the second fraction digit: 2.675 m, 0.025 degC (32.045 degF), 1.125 in.
    ("ties-m-m", "m", "m", "C", None, None, False),
    ("ties-degC-degF", "degC", "degF", "C", None, None, False),
    ("ties-in-cm", "in", "cm", "de_DE", None, None, False),
    # Reciprocal units: y = K/x from the exact decimal (a zero has no reciprocal and is left out).
    ("mpg-L100km", "mpg", "L/100km", "C", None, None, True),
    ("L100km-mpg", "L/100km", "mpg", "C", None, None, True),
    ("kmL-Lkm", "km/L", "L/km", "de_DE", None, None, False),
    ("mpg-kmL", "mpg", "km/L", "C", None, None, False),
    # Plain cells (sign, digits, one decimal separator), read straight into the kernel's input, in
    # groups larger than the kernel's block of 1024, with mixed fraction digits in every block.
    ("plain-km-mi", "km", "mi", "C", None, None, False),
    ("plain-degC-degF", "degC", "degF", "C", None, None, False),
    ("plain-de-degF-degC", "degF", "degC", "de_DE", None, None, False),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("-o", "--output", default="fixtures/exact/oracle.tsv")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for gid, source, target, locale, output_locale, rates, exponents in GROUPS:
        lines.append("\t".join(["@", gid, source, target, locale, output_locale or "-", rates or "-"]))
        made = 0
        while made < (3 * args.count if gid.startswith("plain-") else args.count):
            if gid.startswith("plain-"):
                text, t = plain_case(rng, locale)
            else:
                text, t = random_case(rng, locale, exponents, ties=gid.startswith("ties-"))
            unit = "-"
            row_source = source
            if source == "@u":
                unit = rng.choice(["USD", "GBP", "JPY", "CHF", "EUR"])
                row_source = unit
            elif source == "*":
                unit = rng.choice(["km", "mi", "ft", "in", "cm"])
                row_source = unit
                text = text + " " + unit
            elif gid == "percent":
                text = text + "%"
                t = t / 100
            if not finite(t) or (t == 0 and (source in ECONOMY or source in CONSUMPTION)):
                continue
            v = convert(t, row_source, target)
            if not finite(v):
                continue
            lines.append("\t".join([text, unit, repr(float(v)), fixed(v, 2, False), fixed(v, 2, True)]))
            made += 1
    with open(args.output, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
