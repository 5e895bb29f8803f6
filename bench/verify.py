#!/usr/bin/env python3
"""Checks one unitpipe output of the benchmark against its (clean) input.

    verify.py --task A|B INPUT OUTPUT [--samples 3] [--seed S]

1. The output has the input's header, with the unit part of the two converted
   columns' names rewritten as convert does (distance_km -> distance_mi,
   temp_c -> temp_f), and exactly as many data records as the
   input (both read with Python's csv module, in the task's dialect; unitpipe
   keeps the input's delimiter).
2. For --samples rows picked at random (seeded), both converted cells are
   checked against exact rational arithmetic (fractions.Fraction):
     distance_km km -> mi:  x * 1000/1609.344
     temp_c   degC -> degF: x * 9/5 + 32
   where x is the exact decimal value of the input cell as written (task B:
   German number, '.' grouping and ',' decimal, read as its C spelling), so
   the result is rounded once, from the text, never from a parsed double. The expected
   value is the double nearest to the exact result, written the way the README says: shortest round-trip digits, no trailing '.0', '-0' as '0',
   plain notation from 1e-6 up to below 1e16, exponent notation
   ('1.5e-07', '2.5e+20') outside. The other six cells of those rows must be
   the input's, unchanged.
Prints one line per check and a final 'verify: PASS' or 'verify: FAIL ...';
exit status 0 on pass, 1 on failure.
"""
import argparse
import csv
import math
import random
import sys
from decimal import Decimal
from fractions import Fraction

KM_TO_MI = Fraction(1000) / Fraction("1609.344")   # exactly 1000/1609.344
CONVERSIONS = {
    "distance_km": ("km->mi", lambda x: x * KM_TO_MI),
    "temp_c": ("degC->degF", lambda x: x * Fraction(9, 5) + 32),
}


def shortest(v: float) -> str:
    """The normalized output of a double (shortest round-trip digits, as the README describes)."""
    if v == 0:
        return "0"
    sign, digits, exp = Decimal(repr(v)).as_tuple()  # repr: shortest round-trip digits
    ds = "".join(map(str, digits)).rstrip("0") or "0"
    exp += len("".join(map(str, digits))) - len(ds)  # value = ds * 10**exp
    point = len(ds) + exp                             # position of the decimal point
    s = "-" if sign else ""
    if 1e-6 <= abs(v) < 1e16:
        if point <= 0:
            body = "0." + "0" * (-point) + ds
        elif point >= len(ds):
            body = ds + "0" * (point - len(ds))
        else:
            body = ds[:point] + "." + ds[point:]
    else:
        e = point - 1
        mant = ds[0] + ("." + ds[1:] if len(ds) > 1 else "")
        body = f"{mant}e{'-' if e < 0 else '+'}{abs(e):02d}"
    return s + body


def c_spelling(cell: str, task: str) -> str:
    return cell.replace(".", "").replace(",", ".") if task == "B" else cell


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", choices=["A", "B"], required=True)
    ap.add_argument("--samples", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("input")
    ap.add_argument("output")
    a = ap.parse_args()
    delim = ";" if a.task == "B" else ","

    # self-test of the formatter and the factor
    assert shortest(5000.0) == "5000" and shortest(-0.0) == "0" and shortest(1.5e-7) == "1.5e-07"
    assert shortest(2.5e20) == "2.5e+20" and shortest(0.000001) == "0.000001" and shortest(1e16) == "1e+16"
    assert shortest(123.456) == "123.456" and KM_TO_MI * Fraction("1.609344") == 1

    with open(a.input, newline="", encoding="utf-8") as f:
        n_in = sum(1 for _ in csv.reader(f, delimiter=delim)) - 1
    rng = random.Random(a.seed)
    picks = set(rng.sample(range(n_in), min(a.samples, n_in)))

    failures = []
    checked = 0
    with open(a.input, newline="", encoding="utf-8") as fi, open(a.output, newline="", encoding="utf-8") as fo:
        ri, ro = csv.reader(fi, delimiter=delim), csv.reader(fo, delimiter=delim)
        hi, ho = next(ri), next(ro, None)
        # A header name ending in its unit is rewritten to the target unit (-c distance_km:km:mi).
        renamed = {"distance_km": "distance_mi", "temp_c": "temp_f"}
        expected_header = [renamed.get(name, name) for name in hi]
        if ho != expected_header:
            failures.append(f"header differs: {ho!r} != {expected_header!r}")
        n_out = 0
        for k, (rin, rout) in enumerate(zip(ri, ro)):
            n_out += 1
            if k not in picks:
                continue
            row_ok = True
            for col, name in enumerate(hi):
                vin, vout = rin[col], rout[col] if col < len(rout) else None
                if name in CONVERSIONS:
                    label, fn = CONVERSIONS[name]
                    x = Fraction(c_spelling(vin, a.task))  # the exact decimal of the text
                    exact = fn(x)
                    want = shortest(float(exact))        # Fraction -> float is correctly rounded
                    checked += 1
                    ok = vout == want
                    print(f"verify: record {k + 1} {name} {label}: {vin!r} -> {vout!r}, "
                          f"exact {float(exact)!r} -> want {want!r}: {'ok' if ok else 'MISMATCH'}")
                    if not ok:
                        try:  # how far off, in units in the last place of the right answer
                            off = f" ({(float(vout) - float(exact)) / math.ulp(float(exact)):+.2f} ulp)"
                        except (ValueError, ZeroDivisionError):
                            off = ""
                        failures.append(f"record {k + 1} {name}: got {vout!r}, want {want!r}{off}")
                elif vout != vin:
                    row_ok = False
                    failures.append(f"record {k + 1} {name}: passthrough changed {vin!r} -> {vout!r}")
            if row_ok:
                print(f"verify: record {k + 1}: other {len(hi) - len(CONVERSIONS)} cells unchanged")
        n_out += sum(1 for _ in ro)
    if n_out != n_in:
        failures.append(f"row count: output has {n_out} data records, input {n_in}")
    else:
        print(f"verify: row count {n_out} = input")
    if failures:
        print(f"verify: FAIL ({len(failures)}): " + "; ".join(failures))
        sys.exit(1)
    print(f"verify: PASS ({n_out} rows, {checked} converted values exact)")


if __name__ == "__main__":
    main()
