#!/usr/bin/env python3
"""The contract oracle: messy CSV files generated from a seed, run through the real binary, and
every cell checked against an independent reference of the documented contract.

The reference is written from the user documentation (the README's sections on numbers, units
and failed rows, and `unitpipe convert --help`), with its own unit table taken from the
standards (international inch and pound, exact Celsius and Fahrenheit offsets). It shares no
code with the implementation. For each generated file it knows, for every cell of every
converted column, either the exact value as a Fraction (rounded once with float(Fraction), which
is correctly rounded, and written the documented normalized way) or the error code its row is
rejected with, and it checks:

  - every converted cell equals the reference's value, or its row is in the rejects and the
    error report has the reference's code for that cell (record, line, column, raw value);
  - a non-empty cell never comes out empty unless it is a declared null;
  - every pass-through byte is unchanged: header fields and body fields (after CSV unquoting),
    non-UTF-8 bytes included, and the rejects hold the rejected records' bytes as written;
  - rows_in = rows_out + rows_rejected, and the exit status and the summary (status, counts,
    errors by code, per-column converted/empty/errors/min/max) agree with the reference.

    scripts/contract-oracle.py [--seed S] [--files N] [--jobs J] [--only K] [--keep DIR] [--long]

Files are numbered 0..N-1; file K of seed S is generated from its own random stream, so
`--seed S --only K --keep DIR` writes one failing file and its command line for a repro.
The binary is UNITPIPE_BIN or .build/debug/unitpipe. Exit status 0 when every file agreed,
1 at the first disagreement (printed as one paragraph), 2 on trouble.
"""
import argparse
import concurrent.futures
import csv
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from decimal import Decimal
from fractions import Fraction as F

# ---------------------------------------------------------------------------------------------
# Units, from the standards (NIST SP 811): exact factors to the base unit, and offsets for the
# absolute temperatures (base = value * scale + offset, in metres, kilograms and kelvins).
INCH = F(254, 10000)
FOOT = 12 * INCH
LENGTH = {"m": F(1), "km": F(1000), "cm": F(1, 100), "mm": F(1, 1000), "in": INCH, "ft": FOOT,
          "yd": 3 * FOOT, "mi": 5280 * FOOT}
POUND = F(45359237, 100000000)
MASS = {"kg": F(1), "g": F(1, 1000), "lb": POUND}
TEMPERATURE = {"K": (F(1), F(0)), "degC": (F(1), F("273.15")), "degF": (F(5, 9), F("459.67") * F(5, 9))}


def dimension(unit):
    if unit in LENGTH:
        return "length"
    if unit in MASS:
        return "mass"
    if unit in TEMPERATURE:
        return "temperature"
    raise KeyError(unit)


def to_base(unit):
    if unit in TEMPERATURE:
        return TEMPERATURE[unit]
    return (LENGTH.get(unit) or MASS[unit]), F(0)


def convert(t, source, target):
    s1, o1 = to_base(source)
    s2, o2 = to_base(target)
    return ((t * s1 + o1) - o2) / s2


# ---------------------------------------------------------------------------------------------
# Output numbers, as documented: the shortest digits that read back to the same double, `.` as
# decimal separator, no grouping, no trailing `.0`, `-0` as `0`, plain notation from 1e-6 up to
# below 1e16 and exponent notation outside it (`1.5e-07`, `2.5e+20`); with N decimals, exactly N
# fraction digits of the exact value, half to even, never `-0.00`.
MAX_DOUBLE = F(2) ** 1024 - F(2) ** 970  # from here on a value rounds to infinity


def nearest_double(v):
    """The nearest double of an exact value, or None when it is beyond the largest double."""
    if abs(v) >= MAX_DOUBLE:
        return None
    return float(v)


def shortest(x, plain=False):
    """The shortest digits of a double, normalized; with `plain` (--notation plain), never an exponent."""
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    d = Decimal(repr(abs(x)))  # repr is the shortest round-trip digits
    _, digits, exponent = d.normalize().as_tuple()
    digits = "".join(map(str, digits))
    point = len(digits) + exponent  # the value is 0.digits * 10**point
    if plain or 1e-6 <= abs(x) < 1e16:  # the bounds as doubles: 1e-6 itself (just below 10^-6 exactly) is plain
        if exponent >= 0:
            body = digits + "0" * exponent
        elif point > 0:
            body = digits[:point] + "." + digits[point:]
        else:
            body = "0." + "0" * (-point) + digits
    else:
        e = point - 1
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        body = mantissa + "e" + ("-" if e < 0 else "+") + str(abs(e)).rjust(2, "0")
    return sign + body


def fixed(v, n, half_up=False):
    q, r = divmod(abs(v) * 10**n, 1)
    if r > F(1, 2) or (r == F(1, 2) and (half_up or q % 2 == 1)):
        q += 1
    digits = str(q).rjust(n + 1, "0")
    sign = "-" if v < 0 and q != 0 else ""
    return sign + (digits[:-n] + "." + digits[-n:] if n > 0 else digits)


# ---------------------------------------------------------------------------------------------
# Number styles: decimal separator, grouping separators accepted (the first is CLDR's), group
# sizes (primary, secondary).
LOCALES = {
    "C": (".", [], (3, 3)),
    "de_DE": (",", ["."], (3, 3)),
    "fr_FR": (",", ["\u202f", "\u00a0", " "], (3, 3)),
    "en_IN": (".", [","], (3, 2)),
    "de_CH": (".", ["\u2019", "'"], (3, 3)),
}
BLANKS = [" ", "\u00a0", "\u202f", "\t"]


def group(digits, sizes, separator):
    primary, secondary = sizes
    if len(digits) <= primary:
        return digits
    head, parts = digits[:-primary], [digits[-primary:]]
    while len(head) > secondary:
        parts.insert(0, head[-secondary:])
        head = head[:-secondary]
    return separator.join([head] + parts)


class Cell:
    """A converted column's cell as generated: its text and what the contract says it is."""

    def __init__(self, text, kind, value=None, code=None, unit=None):
        self.text = text      # str (may hold surrogate escapes for non-UTF-8 bytes)
        self.kind = kind      # "value", "null" or "error"
        self.value = value    # Fraction, for "value"
        self.code = code      # error code, for "error"
        self.unit = unit      # the unit the value is in, for in-cell and per-row units


class NumberMaker:
    def __init__(self, rng, locale, delimiter, avoid_two_way=False, blank_ok=True):
        self.rng = rng
        self.locale = locale
        self.decimal, self.groups, self.sizes = LOCALES[locale]
        self.delimiter = delimiter
        self.avoid_two_way = avoid_two_way  # no `1.200`-shaped cells (a default-locale file)
        self.blanks = [b for b in BLANKS if b != delimiter] if blank_ok else []

    def digits(self, lo, hi):
        n = self.rng.randint(lo, hi)
        if n == 0:
            return ""
        return str(self.rng.randint(1, 9)) + "".join(self.rng.choice("0123456789") for _ in range(n - 1))

    def valid(self, signs=True, exponent=True, accounting=True, blanks=True):
        """A number in the locale and its exact value."""
        rng = self.rng
        while True:
            shape = rng.random()
            integer = self.digits(0, 9) if shape < 0.9 else self.digits(10, 22)
            if not integer and rng.random() < 0.5:
                integer = "0"
            fraction = "".join(rng.choice("0123456789") for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 6, 9, 17])))
            if not integer and not fraction:
                integer = str(rng.randint(0, 99))
            if rng.random() < 0.03 and integer:
                integer = "00" + integer
            value = F(int(integer or "0") * 10 ** len(fraction) + int(fraction or "0"), 10 ** len(fraction))
            body_integer = integer
            grouped = False
            if self.groups and len(integer) > self.sizes[0] and not integer.startswith("0") and rng.random() < 0.6:
                body_integer = group(integer, self.sizes, rng.choice(self.groups))
                grouped = True
            body = body_integer
            if fraction or (integer and rng.random() < 0.03):
                body += self.decimal + fraction
            exp = None
            if exponent and not grouped and rng.random() < 0.12:
                exp = rng.choice([1, -1]) * rng.choice([0, 1, 3, 7, 15, 20, 40, 300, 306, 320])
                body += rng.choice("eE") + rng.choice(["+", ""] if exp >= 0 else ["-"]) + str(abs(exp))
                value *= F(10) ** exp
            negative = False
            if signs:
                r = rng.random()
                if r < 0.15:
                    body, negative = "-" + body, True
                elif r < 0.2:
                    body, negative = "\u2212" + body, True
                elif r < 0.23:
                    body = "+" + body
                elif accounting and exp is None and self.locale != "C" and r < 0.27:
                    body, negative = "(" + body + ")", True
                elif accounting and exp is None and self.locale != "C" and r < 0.31:
                    body, negative = body + "-", True
            if self.avoid_two_way and re.fullmatch(r"[-+\u2212]?[1-9][0-9]{0,2}\.[0-9]{3}", body):
                continue
            if blanks and self.blanks and rng.random() < 0.1:
                body = rng.choice(self.blanks) + body
            if blanks and self.blanks and rng.random() < 0.1:
                body = body + rng.choice(self.blanks)
            return body, (-value if negative else value)

    def grouping_error(self):
        """A number that groups, but not at every group boundary of the locale."""
        rng = self.rng
        sep = rng.choice(self.groups)
        d = self.decimal
        shapes = [
            "1" + sep + "2" + sep + "456",            # an inner group of one digit
            "1234" + sep + "567" + d + "5",            # an ungrouped head before a group
            "12" + sep + "34",                         # a last group of two
            "1" + sep + "2345",                        # a last group of four
            "1" + sep + "234" + d + "5" + sep + "6",   # a separator after the decimal separator
        ]
        if self.sizes == (3, 2):
            shapes.append("1" + sep + "234" + sep + "567" + d + "8")  # threes in an Indian locale
        return rng.choice(shapes)

    def multiple_decimal(self):
        d = self.decimal
        return self.rng.choice(["12" + d + "3" + d + "4", "1" + d + "2" + d + "3", d + "5" + d])


TEXTS = ["abc", "x", "e", "E", "km", "nan", "inf", "0x1p3", ".", "+", "--5", "1e", "five", "N/A", "NA", "null", "-", "?"]
NULL_MARKERS = ["NA", "N/A", "null", "-", "n/a", "-999"]


def fixed_cell(mk, nulls, options):
    """A cell of a column with a fixed unit (or the header's unit)."""
    rng = mk.rng
    r = rng.random()
    if r < 0.70:
        text, v = mk.valid()
        return Cell(text, "value", value=v)
    if r < 0.76:
        # Empty, or blanks only: trimmed, that is empty too, a null.
        return Cell("" if rng.random() < 0.8 or not mk.blanks else "".join(rng.choice(mk.blanks) for _ in range(rng.randint(1, 2))), "null")
    if r < 0.80 and nulls:
        m = rng.choice(nulls)
        return Cell(rng.choice(["", " "]) + m + rng.choice(["", " "]), "null")
    if r < 0.86:
        t = rng.choice(TEXTS)
        if t.strip() in nulls:
            return Cell(t, "null")
        return Cell(t, "error", code="invalid_number")
    if r < 0.89 and mk.groups:
        return Cell(mk.grouping_error(), "error", code="grouping")
    if r < 0.91:
        return Cell(mk.multiple_decimal(), "error", code="multiple_decimal")
    if r < 0.93:
        sign = rng.choice(["", "-"])
        return Cell(sign + rng.choice(["1e309", "2e308", "1" + mk.decimal + "8e308", "9e999"]), "error", code="overflow")
    if r < 0.95:
        return Cell(rng.choice(["5\udcb0", "\udcfc5", "1\udc97"]), "error", code="invalid_utf8")
    if r < 0.97 and mk.locale == "C" and options["delimiter"] != ",":
        return Cell(rng.choice(["1,5", "1,000", "12,5"]), "error", code="invalid_number")
    if r < 0.98 and mk.locale == "C":
        return Cell(rng.choice(["(5)", "5-", "(1.5)", "12.5-"]), "error", code="invalid_number")
    if r < 0.99:
        # A percent sign outside a dimensionless column, a currency mark outside a currency column,
        # and (in C, where nothing groups) a number followed by a word.
        return Cell(rng.choice(["5 %", "$5", "5%"] + (["12 km"] if mk.locale == "C" else [])), "error", code="invalid_number")
    text, v = mk.valid(exponent=False)
    return Cell(text, "value", value=v)


def in_cell(mk, nulls, default, dim_units, other_dim):
    """A cell of a `*` column: a number with its unit before nothing or after it."""
    rng = mk.rng
    r = rng.random()
    if r < 0.68:
        text, v = mk.valid(exponent=False, accounting=False, blanks=False)
        if rng.random() < 0.25:
            # A bare number: in the default unit, or (no default) unknown_unit for convert and in
            # the column's unit for validate.
            return Cell(text, "value", value=v, unit=default)
        unit = rng.choice(dim_units)
        # (`5.cm` is left out: whether the `.` ends the number or starts the unit is not said.)
        space = " " if text.endswith(mk.decimal) else rng.choice([" ", ""])
        return Cell(text + space + unit, "value", value=v, unit=unit)
    if r < 0.74:
        return Cell("", "null")
    if r < 0.78 and nulls:
        return Cell(rng.choice(nulls), "null")
    if r < 0.88:
        # Text with no digit at all: `1e` or `0x1p3` would be a number and a unit.
        t = rng.choice([t for t in TEXTS if not any(ch.isdigit() for ch in t)] + ["km", "m", "ft", "mi", "abc", "x"])
        if t in nulls:
            return Cell(t, "null")
        return Cell(t, "error", code="invalid_number")
    if r < 0.92:
        text, _ = mk.valid(exponent=False, accounting=False, blanks=False)
        return Cell(text + rng.choice([" ", ""]) + rng.choice(["zz", "blorp", "qq"]), "error", code="unknown_unit")
    if r < 0.95:
        text, _ = mk.valid(exponent=False, accounting=False, blanks=False, signs=False)
        return Cell(text + " " + other_dim, "error", code="dimension_mismatch")
    if r < 0.97:
        text, _ = mk.valid(exponent=False, accounting=False, blanks=False, signs=False)
        return Cell(rng.choice(dim_units) + " " + text + " " + rng.choice(dim_units), "error", code="ambiguous_unit")
    return Cell(rng.choice(["5 \udcb0", "\udcfc 5", "5\udcb0"]), "error", code="invalid_utf8")


def per_row(mk, nulls, dim_units, other_dim):
    """A value cell and its unit cell of a `@COLUMN` column."""
    rng = mk.rng
    r = rng.random()
    if r < 0.70:
        text, v = mk.valid()
        unit = rng.choice(dim_units)
        return Cell(text, "value", value=v, unit=unit), unit
    if r < 0.76:
        return Cell("", "null"), rng.choice(dim_units + ["zz", "", other_dim])
    if r < 0.80 and nulls:
        return Cell(rng.choice(nulls), "null"), rng.choice(dim_units)
    if r < 0.86:
        t = rng.choice(TEXTS)
        if t in nulls:
            return Cell(t, "null"), rng.choice(dim_units)
        return Cell(t, "error", code="invalid_number"), rng.choice(dim_units)
    text, _ = mk.valid()
    if r < 0.93:
        return Cell(text, "error", code="unknown_unit"), rng.choice(["zz", "blorp", "kmh2"])
    return Cell(text, "error", code="dimension_mismatch"), other_dim


# ---------------------------------------------------------------------------------------------
# Pass-through text: quoted delimiters and line ends, doubled quotes, blanks at the edges, bytes
# that are not UTF-8 (held as surrogate escapes), a stray quote inside an unquoted field.
WORDS = ["Köln", "M\udcfcnchen", "caf\udce9", "\udc97dash\udc97", "\udcff\udcfe", "\udcc3", "zürich", "€5", "a b",
         "=1+1", "x", "1.200", "12,5", "note", "\u00a0nbsp", "tab\there", "ok"]


def pass_text(rng, delimiter):
    r = rng.random()
    if r < 0.15:
        return ""
    if r < 0.25:
        return rng.choice(["a", "b"]) + delimiter + rng.choice(["c", "d"])
    if r < 0.33:
        return "line one" + rng.choice(["\n", "\r\n", "\r"]) + "line two"
    if r < 0.40:
        return 'say "hi"'
    if r < 0.45:
        return rng.choice([" lead", "trail ", " both "])
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
    if delimiter == "\t":
        text = text.replace("\t", " ")
    return text


def encode(text):
    return text.encode("utf-8", "surrogateescape")


def needs_quotes(field, delimiter):
    return any(c in field for c in (delimiter, '"', "\n", "\r"))


def write_field(rng, field, delimiter, stray_ok=True):
    if needs_quotes(field, delimiter):
        if stray_ok and '"' in field and not field.startswith('"') and not any(c in field for c in (delimiter, "\n", "\r")) \
                and rng.random() < 0.3:
            return field  # a stray quote inside an unquoted field is kept as a character
        return '"' + field.replace('"', '""') + '"'
    if rng.random() < 0.05 and field and field.strip(" ") == field:
        return '"' + field + '"'  # quoted without need
    return field


# ---------------------------------------------------------------------------------------------
LONG = False
FLAGS = ""  # the generator's flags, for the repro line


class Column:
    def __init__(self, kind, name, **kw):
        self.kind = kind  # "id", "text", "fixed", "header", "incell", "perrow", "unit"
        self.name = name
        self.__dict__.update(kw)


def make_file(seed, index):
    """A generated file: its bytes, the command line, and what the reference expects."""
    rng = random.Random(f"{seed}:{index}")
    mode = rng.random()
    guard = None
    if mode < 0.03:
        guard = "trip"        # `1.200` cells in a ;-separated file
    elif mode < 0.05:
        guard = "trip-comma"  # `1.200` cells beside a decimal comma in another column
    elif mode < 0.11:
        guard = "quiet"       # an ordinary C file: no cell reads two ways
    if guard == "trip":
        locale = None
        number_locale = "C"
        delimiter = ";"
    elif guard == "trip-comma":
        locale = None
        number_locale = "C"
        delimiter = rng.choice([",", "\t", "|"])
    elif guard == "quiet":
        locale = None
        number_locale = "C"
        delimiter = rng.choice([",", "\t", "|"])
    else:
        locale = rng.choice(list(LOCALES))
        number_locale = locale
        delimiter = rng.choice({"C": [",", ";", "\t", "|"], "de_DE": [";", "\t", "|"], "fr_FR": [";", "\t", "|"],
                                "en_IN": [",", ";", "\t"], "de_CH": [",", ";", "\t"]}[locale])
    nulls = rng.sample(NULL_MARKERS, rng.randint(1, 2)) if rng.random() < 0.3 else []
    mk = NumberMaker(rng, number_locale, delimiter, avoid_two_way=(guard == "quiet"))
    on_error = "keep" if rng.random() < 0.15 else "reject"
    half_up = rng.random() < 0.3
    plain = rng.random() < 0.1               # --notation plain
    all_decimals = rng.choice([None] * 12 + [0, 1, 4])  # --decimals N, for every column without :N

    # Columns.
    columns = [Column("id", rng.choice(["id", "Nr", "\udcb0id"]))]
    specs = []
    kinds = rng.sample(["fixed", "fixed", "header", "incell", "perrow", "text", "text2"], rng.randint(1, 5))
    if guard == "trip":
        kinds = ["fixed"] + [k for k in kinds if k in ("text", "text2")]
    if guard == "trip-comma":
        kinds = ["fixed", "text"]
    usage = None
    no_header = guard is None and rng.random() < 0.07  # --no-header: columns go by #N
    if not any(k in ("fixed", "header", "incell", "perrow") for k in kinds):
        kinds.append("fixed")
    pairs = [("km", "mi"), ("mi", "km"), ("degC", "degF"), ("degF", "degC"), ("ft", "m"), ("lb", "kg"), ("m", "m"),
             ("g", "lb"), ("K", "degC"), ("in", "cm")]
    used = set()

    def fresh(name):
        n, k = name, 2
        while n in used:
            n, k = f"{name}{k}", k + 1
        used.add(n)
        return n

    for kind in kinds:
        if no_header and kind == "header":
            kind = "fixed"
        if kind in ("text", "text2"):
            columns.append(Column("text", fresh(rng.choice(["note", "Ort M\udcfcnchen", "Temp (\udcb0C)", "city", "comment",
                                                            "caf\udce9 \u2014 x", "desc"]))))
        elif kind == "fixed":
            src, dst = rng.choice(pairs)
            name = fresh(rng.choice(["value", "reading", "load", "Gewicht", "amount", "x y"]))
            decimals = rng.choice([None] * 6 + [0, 2, 3])
            rename = fresh("renamed") if rng.random() < 0.15 else None
            spec = f"{name}:{src}:{dst}" + (f":{decimals}" if decimals is not None else "") + (f"={rename}" if rename else "")
            columns.append(Column("fixed", name, src=src, dst=dst, decimals=decimals, half_up=half_up, out_name=rename or name))
            specs.append(spec)
        elif kind == "header":
            src, dst = rng.choice([("km", "mi"), ("mi", "km"), ("kg", "lb"), ("lb", "kg"), ("m", "ft")])
            base = fresh(rng.choice(["distance", "weight", "span"]))
            form = rng.choice(["_", " ()"])
            name = f"{base}_{src}" if form == "_" else f"{base} ({src})"
            out = f"{base}_{dst}" if form == "_" else f"{base} ({dst})"
            used.add(name)
            explicit = rng.random() < 0.3
            rename = fresh("renamed") if rng.random() < 0.15 else None
            written_from = src if explicit else ""
            if rng.random() < 0.08 and not rename:
                # An explicit FROM of the header unit's dimension that is not the header's unit.
                written_from = {"km": "mi", "mi": "km", "kg": "lb", "lb": "kg", "m": "ft"}[src]
                usage = f"-c {name}:{written_from}:{dst} contradicts the header's unit {src}"
            spec = f"{name}:{written_from}:{dst}" + (f"={rename}" if rename else "")
            columns.append(Column("header", name, src=src, dst=dst, decimals=None, out_name=rename or out))
            specs.append(spec)
        elif kind == "incell":
            dim = rng.choice(["length", "mass"])
            units = ["km", "m", "ft", "mi", "cm", "in"] if dim == "length" else ["kg", "g", "lb"]
            other = "kg" if dim == "length" else "km"
            default = rng.choice(units + [None])
            dst = rng.choice(units)
            name = fresh(rng.choice(["dist", "reading", "mass"]))
            spec = f"{name}:*{default or ''}:{dst}"
            columns.append(Column("incell", name, units=units, other=other, default=default, dst=dst, decimals=None,
                                  out_name=name))
            specs.append(spec)
        elif kind == "perrow":
            units = ["km", "m", "ft", "mi", "cm", "mm", "yd"]
            dst = rng.choice(["m", "ft", "km"])
            name = fresh(rng.choice(["v", "measure"]))
            uname = fresh(rng.choice(["unit", "u"]))
            spec = f"{name}:@{uname}:{dst}"
            columns.append(Column("perrow", name, units=units, other="kg", dst=dst, decimals=None, unit_col=uname,
                                  out_name=name))
            columns.append(Column("unit", uname, dst=dst, out_name=uname))
            specs.append(spec)
    converted_in_order = [c for c in columns if c.kind in ("fixed", "header", "incell", "perrow")]
    for c, spec in zip(converted_in_order, specs):
        c.spec = spec
    for c in columns:
        c.ref = c.name
        if c.kind in ("fixed", "header", "incell", "perrow"):
            c.plain = plain
            c.half_up = half_up
            if getattr(c, "decimals", None) is None:
                c.decimals = all_decimals
    body = columns[1:]
    rng.shuffle(body)
    columns = columns[:1] + body if rng.random() < 0.8 else body + columns[:1]
    if no_header:
        # Columns by position: NAME becomes #N in -c, @UNITCOL becomes @#N, and in the report.
        for k, c in enumerate(columns):
            c.ref = f"#{k + 1}"
        for c in columns:
            if c.kind in ("fixed", "incell", "perrow"):
                rest = c.spec[len(c.name):]
                if c.kind == "perrow":
                    unit_col = next(x for x in columns if x.name == c.unit_col)
                    rest = rest.replace("@" + c.unit_col + ":", "@" + unit_col.ref + ":", 1)
                specs[specs.index(c.spec)] = c.ref + rest
                c.spec = c.ref + rest

    # Rows.
    shape = rng.random()
    if shape < 0.03 and not no_header:
        nrows = -1  # an empty input (0 bytes)
    elif shape < 0.07:
        nrows = 0   # a header-only input
    else:
        nrows = rng.choice([1, 2, 3, 5, 8, 12, 20, 40] + ([200, 2000] if LONG else []))
    if no_header and nrows < 1:
        nrows = rng.choice([1, 3])
    if guard in ("trip", "trip-comma") and nrows < 3:
        nrows = 4
    rows = []
    for r in range(max(nrows, 0)):
        cells = {}
        fields = []
        perrow_unit = {}
        for c in columns:
            if c.kind in ("fixed", "header"):
                if guard in ("trip", "trip-comma"):
                    if r == 0 or rng.random() < 0.6:
                        t = f"{rng.randint(1, 999)}.{rng.randint(0, 999):03d}"
                        cells[c.name] = Cell(t, "value", value=F(t))
                    else:
                        t = str(rng.randint(1, 999))
                        cells[c.name] = Cell(t, "value", value=F(t))
                else:
                    cells[c.name] = fixed_cell(mk, nulls, {"delimiter": delimiter})
            elif c.kind == "incell":
                cells[c.name] = in_cell(mk, nulls, c.default, c.units, c.other)
            elif c.kind == "perrow":
                cell, unit = per_row(mk, nulls, c.units, c.other)
                cells[c.name] = cell
                perrow_unit[c.unit_col] = unit
        for c in columns:
            if c.kind == "id":
                fields.append(str(r + 1))
            elif c.kind == "text":
                fields.append("12,5" if guard == "trip-comma" and r == 0 else pass_text(rng, delimiter))
            elif c.kind == "unit":
                fields.append(perrow_unit[c.name])
            else:
                fields.append(cells[c.name].text)
        field_count = None
        if rng.random() < 0.03 and len(columns) > 1 and guard not in ("trip", "trip-comma") and not (no_header and r == 0):
            if rng.random() < 0.5 and "".join(fields[:-1]):  # (one empty field would be a blank line)
                fields = fields[:-1]
            else:
                fields = fields + ["extra"]
            field_count = len(fields)
        rows.append({"fields": fields, "cells": cells, "field_count": field_count})

    # Bytes.
    bom = "\ufeff" if rng.random() < 0.05 and guard is None else ""
    ends = ["\n"] * 8 + ["\r\n"] * 3 + ["\r"] if rng.random() < 0.3 else ["\n"]
    header_text = bom + delimiter.join(write_field(rng, c.name, delimiter, stray_ok=False) for c in columns)
    header_end = rng.choice(ends)
    out = [header_text + header_end] if nrows >= 0 and not no_header else []
    records = []  # (raw text through its line end, first line)
    line = 1 + lines_in(header_text + header_end) if not no_header else 1
    for i, row in enumerate(rows):
        if rng.random() < 0.03 and out and not out[-1].endswith("\r"):  # (after a lone CR it would make a CRLF)
            out.append("\n")
            line += 1
        raw = delimiter.join(write_field(rng, f, delimiter) for f in row["fields"])
        last = i == len(rows) - 1
        end = "" if last and rng.random() < 0.2 else rng.choice(ends)
        if last and end == "\r":
            end = "\n"  # a lone CR at the very end would hide a missing line end
        records.append((raw + end, line))
        out.append(raw + end)
        line += lines_in(raw + end)
    if nrows == 0 and not no_header and rng.random() < 0.3:
        out = [header_text]  # header-only without its line end
        header_end = ""
    data = encode("".join(out)) if nrows >= 0 else b""
    if no_header:
        header_text = header_end = ""

    command = "validate" if rng.random() < 0.25 else "convert"
    args = [command, "INPUT", "-d", {"\t": "tab"}.get(delimiter, delimiter)]
    if locale is not None:
        args += ["--locale", locale]
    if no_header:
        args += ["--no-header"]
    if command == "convert":
        for s in specs:
            args += ["-c", s]
    else:
        # validate -c NAME checks numbers, -c NAME:UNIT numbers with or without a unit of UNIT's
        # dimension (a bare number is in UNIT), -c NAME:@UNITCOL:UNIT each row's unit.
        on_error = "reject"
        for c in columns:
            if c.kind in ("fixed", "header"):
                args += ["-c", c.ref]
                c.out_name = c.name
            elif c.kind == "incell":
                c.validate_unit = c.default or c.dst
                args += ["-c", f"{c.ref}:{c.validate_unit}"]
            elif c.kind == "perrow":
                c.validate_unit = c.dst
                args += ["-c", f"{c.ref}:@{next(x for x in columns if x.name == c.unit_col).ref}:{c.dst}"]
    for n in nulls:
        args += ["--null-value", n]
    if on_error == "keep" and command == "convert":
        args += ["--on-error", "keep"]
    if command == "convert" and all_decimals is not None:
        args += ["--decimals", str(all_decimals)]
    if command == "convert" and plain:
        args += ["--notation", "plain"]
    if command == "convert" and half_up and any(getattr(c, "decimals", None) is not None for c in columns):
        args += ["--rounding", "half-up"]  # (without --decimals or :N, --rounding is a usage error)
    args += ["--threads", rng.choice(["1", "2"])]
    return {
        "seed": seed, "index": index, "data": data, "args": args, "columns": columns, "rows": rows,
        "records": records, "header_raw": encode(header_text + header_end), "on_error": on_error, "guard": guard,
        "command": command, "no_header": no_header, "nrows": nrows, "delimiter": delimiter, "locale": locale, "nulls": nulls, "usage": usage,
    }


def lines_in(text):
    return text.replace("\r\n", "\n").count("\n") + text.replace("\r\n", "\n").count("\r")


# ---------------------------------------------------------------------------------------------
# The reference: what the contract says each generated file gives.
def converted_value(column, cell, validate=False):
    """('value', text, double) or ('error', code) for a cell that holds a number."""
    if column.kind in ("fixed", "header"):
        src = column.src
    else:
        src = cell.unit
    if src is None:
        if not validate:
            return ("error", "unknown_unit")  # a cell without a unit, and no default
        src = column.validate_unit
    if dimension(src) != dimension(column.dst):
        return ("error", "dimension_mismatch")
    if nearest_double(cell.value) is None:
        return ("error", "overflow")
    if validate and column.kind in ("fixed", "header"):
        return ("value", None, None)
    if validate:
        # validate reads a cell with a unit in the column's unit (its bounds, min and max are
        # there), so a value beyond the largest double once there is overflow too.
        return ("value", None, None) if nearest_double(convert(cell.value, src, column.validate_unit)) is not None \
            else ("error", "overflow")
    v = convert(cell.value, src, column.dst)
    d = nearest_double(v)
    if d is None:
        return ("error", "overflow")
    text = fixed(v, column.decimals, column.half_up) if column.decimals is not None else shortest(d, column.plain)
    return ("value", text, d)


def expect(f):
    """The reference's result: exit status, output rows, errors, rejects and summary."""
    columns = f["columns"]
    converted = [c for c in columns if c.kind in ("fixed", "header", "incell", "perrow")]
    if f["nrows"] < 0:
        return {"status": 2, "why": "an empty input where named columns need a header"}
    if f["usage"] and f["command"] == "convert":
        return {"status": 2, "why": f["usage"]}
    if f["guard"] == "trip":
        return {"status": 2, "why": "the default-locale guard: 1.200-shaped cells in a ;-separated file"}
    if f["guard"] == "trip-comma":
        return {"status": 2, "why": "the default-locale guard: 1.200-shaped cells beside a decimal comma (12,5)"}
    header = []
    for c in columns:
        if c.kind == "unit":
            header.append(c.name)
        else:
            header.append(getattr(c, "out_name", c.name))
    out_rows, errors, rejected = [], [], []
    per_column = {c.name: {"converted": 0, "empty": 0, "errors": 0, "values": []} for c in converted}
    by_code = {}
    cells_emptied = 0
    for k, row in enumerate(f["rows"]):
        record = k + 1
        line = f["records"][k][1]
        raw = f["records"][k][0]
        if row["field_count"] is not None:
            errors.append((record, line, "", "field_count", None))
            by_code["field_count"] = by_code.get("field_count", 0) + 1
            rejected.append(raw)
            continue
        outcome = {}
        for c in converted:
            cell = row["cells"][c.name]
            if cell.kind == "null":
                outcome[c.name] = ("null",)
            elif cell.kind == "error":
                outcome[c.name] = ("error", cell.code)
            else:
                outcome[c.name] = converted_value(c, cell, validate=f["command"] == "validate")
        failed = [c for c in converted if outcome[c.name][0] == "error"]
        for c in failed:
            code = outcome[c.name][1]
            errors.append((record, line, c.ref, code, row["cells"][c.name].text))
            by_code[code] = by_code.get(code, 0) + 1
            per_column[c.name]["errors"] += 1
        if failed and (f["on_error"] == "reject" or f["command"] == "validate"):
            rejected.append(raw)
            continue
        cells_emptied += len(failed)
        fields = []
        for i, c in enumerate(columns):
            if c.kind in ("id", "text"):
                fields.append(("pass", row["fields"][i]))
            elif c.kind == "unit":
                value_col = next(x for x in columns if x.kind == "perrow" and x.unit_col == c.name)
                o = outcome[value_col.name]
                fields.append(("unit", c.dst if o[0] == "value" else None, row["fields"][i]))
            else:
                o = outcome[c.name]
                if o[0] == "value":
                    per_column[c.name]["converted"] += 1
                    per_column[c.name]["values"].append(o[2])
                    fields.append(("num", o[1], row["fields"][i]))
                elif o[0] == "null":
                    per_column[c.name]["empty"] += 1
                    fields.append(("null", row["fields"][i]))
                else:
                    fields.append(("failed", row["fields"][i]))
        out_rows.append((record, fields))
    status = 1 if errors else 0
    return {"status": status, "header": header, "rows": out_rows, "errors": errors, "rejected": rejected,
            "per_column": per_column, "by_code": by_code, "cells_emptied": cells_emptied}


# ---------------------------------------------------------------------------------------------
# Running the binary and comparing.
class Disagreement(Exception):
    pass


def read_csv(data, delimiter):
    text = data.decode("utf-8", "surrogateescape")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"', strict=True))


def show(s):
    """A cell for a message: its bytes when they are not UTF-8 or hold U+FFFD, else the text."""
    if any(0xDC80 <= ord(c) <= 0xDCFF or c == "\ufffd" for c in s):
        return repr(encode(s))
    return repr(s)


def check(f, binary, workdir):
    exp = expect(f)
    inp = os.path.join(workdir, "input.csv")
    with open(inp, "wb") as h:
        h.write(f["data"])
    paths = {k: os.path.join(workdir, k) for k in ("out.csv", "errors.csv", "rejects.csv", "summary.json")}
    for p in paths.values():
        if os.path.exists(p):
            os.unlink(p)
    args = [a if a != "INPUT" else inp for a in f["args"]]
    validate = f["command"] == "validate"
    if not validate:
        args += ["-o", paths["out.csv"]]
    args += ["-e", paths["errors.csv"], "-r", paths["rejects.csv"], "--summary", paths["summary.json"]]
    p = subprocess.run([binary] + args, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    stderr = p.stderr.decode("utf-8", "replace").strip()

    def fail(what):
        raise Disagreement(what + f"\n  exit status {p.returncode}; stderr: {stderr[:400]!r}")

    if p.returncode != exp["status"]:
        fail(f"exit status {p.returncode}, the reference expects {exp['status']}" +
             (f" ({exp['why']})" if "why" in exp else ""))
    if exp["status"] == 2:
        if os.path.exists(paths["out.csv"]):
            fail("a run that stopped (exit 2) left an output file")
        if f["guard"] in ("trip", "trip-comma") and not f["usage"]:
            for needle in ("--locale de_DE", "--locale C"):
                if needle not in stderr:
                    fail(f"the default-locale stop does not name {needle}")
        return exp
    try:
        with open(paths["summary.json"]) as h:
            summary = json.load(h)
    except (OSError, ValueError) as e:
        fail(f"no readable summary: {e}")
    output = b""
    if not validate:
        with open(paths["out.csv"], "rb") as h:
            output = h.read()
    with open(paths["errors.csv"], "rb") as h:
        error_report = h.read()
    rejects = open(paths["rejects.csv"], "rb").read() if os.path.exists(paths["rejects.csv"]) else b""
    delim = f["delimiter"]

    # Output: the header, then each row that passed, cell by cell.
    out = read_csv(output, delim) if not validate else [exp["header"]]  # (validate writes no output)
    if f["no_header"] and not validate:
        out = [exp["header"]] + out  # (no header is written either)
    if not out:
        fail("the output has no header line")
    got_header = out[0]
    want_header = exp["header"]
    if got_header != want_header:
        fail(f"output header {[show(x) for x in got_header]}, the reference expects {[show(x) for x in want_header]}"
             " (pass-through header bytes must be unchanged; converted columns renamed as asked)")
    body = out[1:]
    if not validate:
        # Rows are told apart by the id column, which holds the record number.
        id_index = next(i for i, c in enumerate(f["columns"]) if c.kind == "id")
        want_ids = {str(rec) for rec, _ in exp["rows"]}
        for got in body:
            rid = got[id_index] if id_index < len(got) else ""
            if rid in want_ids or not rid.isdigit() or not 0 < int(rid) <= len(f["rows"]):
                continue
            row = f["rows"][int(rid) - 1]
            why = [e for e in exp["errors"] if e[0] == int(rid)]
            for i, c in enumerate(f["columns"]):
                cell = row["cells"].get(c.name)
                if cell is not None and i < len(got) and got[i] == "" and cell.text.strip() != "" and cell.kind != "null":
                    fail(f"record {rid}, column {show(c.name)}: the non-empty cell {show(cell.text)} came out empty "
                         f"(the reference rejects the row: {', '.join(f'{e[2]!r} {e[3]}' for e in why)})")
            fail(f"record {rid} is in the output; the reference rejects it: {', '.join(f'{e[2]!r} {e[4]!r} {e[3]}' for e in why)}")
    if not validate and len(body) != len(exp["rows"]):
        got_ids = [r[0] if r else "" for r in body]
        want_ids = [str(rec) for rec, _ in exp["rows"]]
        fail(f"output has {len(body)} rows, the reference expects {len(exp['rows'])} (records {want_ids}; got ids {got_ids})")
    for got, (record, fields) in zip(body, exp["rows"]):
        if len(got) != len(fields):
            fail(f"record {record}: output row has {len(got)} fields, expected {len(fields)}")
        for i, (g, e) in enumerate(zip(got, fields)):
            name = f["columns"][i].name
            if e[0] == "pass" and g != e[1]:
                fail(f"record {record}, pass-through column {show(name)}: input {show(e[1])} came out {show(g)}")
            if e[0] == "num" and g != e[1]:
                fail(f"record {record}, column {show(name)}: cell {show(e[2])} came out {show(g)}, the reference says {show(e[1])}")
            if e[0] == "null" and g != "":
                fail(f"record {record}, column {show(name)}: null cell {show(e[1])} came out {show(g)}, expected empty")
            if e[0] == "failed" and g != "":
                fail(f"record {record}, column {show(name)}: failed cell {show(e[1])} kept as {show(g)} (--on-error keep empties it)")
            if e[0] == "unit":
                if e[1] is not None and g != e[1]:
                    fail(f"record {record}, unit column {show(name)}: {show(e[2])} came out {show(g)}, expected the target {show(e[1])}")
                if e[1] is None and g not in (e[2], e[2].strip(), f["columns"][i].dst):
                    fail(f"record {record}, unit column {show(name)}: {show(e[2])} came out {show(g)}")
            if e[0] in ("num", "pass") and e[1] != "" and g == "":
                fail(f"record {record}, column {show(name)}: a non-empty cell came out empty")

    # Error report: one row per failed cell, with the reference's code.
    report = read_csv(error_report, ",")
    if not report or report[0] != ["record", "line", "column", "value", "code", "message"]:
        fail(f"error report header is {report[:1]}")
    got_errors = sorted((int(r[0]), int(r[1]), r[2], r[4]) for r in report[1:])
    want_errors = sorted((e[0], e[1], e[2], e[3]) for e in exp["errors"])
    if got_errors != want_errors:
        missing = [e for e in want_errors if e not in got_errors]
        extra = [e for e in got_errors if e not in want_errors]
        detail = []
        for e in missing[:3]:
            cell = next((x[4] for x in exp["errors"] if x[:4] == e), None)
            got_same = [g for g in got_errors if g[0] == e[0] and g[2] == e[2]]
            detail.append(f"expected (record, line, column, code) {e} for cell {show(cell)}; the report has {got_same}")
        for e in extra[:3]:
            if not any(m[0] == e[0] and m[2] == e[2] for m in missing):
                detail.append(f"unexpected error {e}")
        fail("error report disagrees: " + "; ".join(detail))
    for r in report[1:]:
        want = next((e for e in exp["errors"] if e[0] == int(r[0]) and e[2] == r[2] and e[3] == r[4]), None)
        # (A cell that is not UTF-8 is left out: the report is UTF-8 text, how it shows such bytes is its own.)
        if want is not None and want[4] is not None and r[3] != want[4] and encode(want[4]).decode("utf-8", "replace") == want[4]:
            fail(f"error report: record {r[0]} column {show(r[2])}: value {show(r[3])}, the raw cell is {show(want[4])}")

    # Rejects: the header line as written, then each rejected record's bytes through its line end.
    if exp["rejected"]:
        want = f["header_raw"] + b"".join(encode(raw) for raw in exp["rejected"])
        if not want.endswith((b"\n", b"\r")):
            want += b"\n"
        if rejects != want:
            fail(f"rejects are {rejects[:300]!r}, expected the records as written {want[:300]!r}")

    # Summary.
    rows_in = len(f["rows"])
    rows_rejected = len(exp["rejected"])
    rows_out = rows_in - rows_rejected
    want_status = "ok" if exp["status"] == 0 else "rejected"
    passed, failed = ("rows_valid", "rows_invalid") if validate else ("rows_out", "rows_rejected")
    for key, want in (("status", want_status), ("rows_in", rows_in), (passed, rows_out), (failed, rows_rejected)):
        if summary.get(key) != want:
            fail(f"summary {key} is {summary.get(key)!r}, expected {want!r}")
    if summary["rows_in"] != summary[passed] + summary[failed]:
        fail(f"rows_in != {passed} + {failed}")
    if summary.get("errors_by_code", {}) != exp["by_code"]:
        fail(f"summary errors_by_code {summary.get('errors_by_code')}, expected {exp['by_code']}")
    if validate:
        check_validate_columns(f, summary, fail)
        return exp
    if f["on_error"] == "keep" and exp["cells_emptied"] and summary.get("cells_emptied") != exp["cells_emptied"]:
        fail(f"summary cells_emptied {summary.get('cells_emptied')}, expected {exp['cells_emptied']}")
    converted = [c for c in f["columns"] if c.kind in ("fixed", "header", "incell", "perrow")]
    sc = summary.get("columns", [])
    if len(sc) != len(converted):
        fail(f"summary has {len(sc)} columns, expected {len(converted)}")
    spec_order = [c for c in sorted(converted, key=lambda c: f["args"].index(c.spec))]
    for got, c in zip(sc, spec_order):
        pc = exp["per_column"][c.name]
        checks = [("converted", pc["converted"]), ("errors", pc["errors"])]
        if f["on_error"] == "reject":
            checks.append(("empty", pc["empty"]))
        if c.decimals is None:
            checks.append(("min", min(pc["values"]) if pc["values"] else None))
            checks.append(("max", max(pc["values"]) if pc["values"] else None))
        for key, want in checks:
            if got.get(key) != want:
                fail(f"summary column {show(c.name)}: {key} is {got.get(key)!r}, expected {want!r}")
    return exp


def check_validate_columns(f, summary, fail):
    """validate's per-column counts, over every row of the header's width, and min/max in the column's unit."""
    columns = [c for c in f["columns"] if c.kind in ("fixed", "header", "incell", "perrow")]
    got_columns = summary.get("columns", [])
    if [g.get("name") for g in got_columns] != [c.ref for c in columns]:
        fail(f"summary columns {[g.get('name') for g in got_columns]}, expected {[c.ref for c in columns]}")
    for got, c in zip(got_columns, columns):
        cells = empty = valid = 0
        invalid, values = {}, []
        for row in f["rows"]:
            if row["field_count"] is not None:
                continue
            cells += 1
            cell = row["cells"][c.name]
            o = ("null",) if cell.kind == "null" else ("error", cell.code) if cell.kind == "error" else converted_value(c, cell, validate=True)
            if o[0] == "null":
                empty += 1
            elif o[0] == "error":
                invalid[o[1]] = invalid.get(o[1], 0) + 1
            else:
                valid += 1
                if c.kind in ("fixed", "header"):
                    values.append(float(cell.value))
                else:
                    unit = c.validate_unit
                    values.append(nearest_double(convert(cell.value, cell.unit or unit, unit)))
        want = {"cells": cells, "empty": empty, "valid": valid, "invalid": invalid,
                "min": min(values) if values else None, "max": max(values) if values else None}
        for key, value in want.items():
            if got.get(key) != value:
                fail(f"summary column {show(c.name)}: {key} is {got.get(key)!r}, expected {value!r}")


def run_one(seed, index, binary, keep):
    f = make_file(seed, index)
    workdir = tempfile.mkdtemp(prefix="unitpipe-oracle-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        exp = check(f, binary, workdir)
        cells = sum(len(r["cells"]) for r in f["rows"])
        return None, (cells, exp["status"])
    except Disagreement as d:
        message = (f"seed {seed} file {index} (locale {f['locale'] or 'none'}, delimiter {f['delimiter']!r}, "
                   f"{len(f['rows'])} rows): {d}\n  command: unitpipe {' '.join(_quote(a) for a in f['args'])}\n"
                   f"  repro: scripts/contract-oracle.py --seed {seed} --only {index}{FLAGS} --keep DIR")
        if keep:
            os.makedirs(keep, exist_ok=True)
            with open(os.path.join(keep, "input.csv"), "wb") as h:
                h.write(f["data"])
            with open(os.path.join(keep, "command.sh"), "w") as h:
                h.write("unitpipe " + " ".join(_quote(a if a != "INPUT" else "input.csv") for a in f["args"]) + "\n")
            for name in ("out.csv", "errors.csv", "rejects.csv", "summary.json"):
                if os.path.exists(os.path.join(workdir, name)):
                    shutil.copy(os.path.join(workdir, name), keep)
        return message, (0, None)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _quote(a):
    return a if re.fullmatch(r"[A-Za-z0-9_.:@*=/#,+-]+", a) else "'" + a.replace("'", "'\\''") + "'"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--only", type=int)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="with --only: write the file, its command and the outputs here")
    ap.add_argument("--long", action="store_true", help="also files of 200 and 2,000 rows")
    ns = ap.parse_args()
    global LONG, FLAGS
    LONG = ns.long
    FLAGS = " --long" if ns.long else ""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.environ.get("UNITPIPE_BIN") or os.path.join(root, ".build", "debug", "unitpipe")
    if not os.access(binary, os.X_OK):
        print(f"contract-oracle: no unitpipe binary at {binary}; build it or set UNITPIPE_BIN", file=sys.stderr)
        return 2
    indices = [ns.only] if ns.only is not None else range(ns.files)
    first = None
    files = cells = 0
    statuses = {0: 0, 1: 0, 2: 0}
    lock = threading.Lock()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, ns.jobs)) as pool:
        futures = {pool.submit(run_one, ns.seed, i, binary, ns.keep if ns.only is not None else None): i for i in indices}
        results = {}
        for fut in concurrent.futures.as_completed(futures):
            i = futures[fut]
            if fut.cancelled():
                continue
            message, (n, status) = fut.result()
            with lock:
                results[i] = message
                files += 1
                cells += n
                if status is not None:
                    statuses[status] += 1
            if message is not None:
                for other in futures:
                    other.cancel()
    failures = sorted((i, m) for i, m in results.items() if m is not None)
    if failures:
        print(failures[0][1])
        print(f"contract-oracle: {len(failures)} of {files} files disagree")
        return 1
    print(f"contract-oracle: seed {ns.seed}: {files} files, {cells} converted or validated cells agree with the reference "
          f"(exit 0: {statuses[0]}, 1: {statuses[1]}, 2: {statuses[2]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
