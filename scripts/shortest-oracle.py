#!/usr/bin/env python3
"""Writes the shortest-output oracle: doubles and the exact text `NumberWriter.writeShortest` must write.

The digits come from Python's `repr(float)` (the shortest decimal that reads back to the double,
the closest one when several qualify); this script only lays them out by the documented rules of
the writer, sharing no code with it:

- plain notation when the power of ten of the first digit is in -6...15: `5000`, `12.25`,
  `0.000001`; no trailing zeros after a point and no `.0`;
- otherwise `d[.ddd]e±XX` with at least two exponent digits: `1e+16`, `1.5e-07`, `5e-324`;
- `-0` and `0` are `0`; `nan`, `inf`, `-inf`.

    scripts/shortest-oracle.py [--count N] [--seed S] [-o FILE]
    (default: about 25,000 values, seed 29, fixtures/shortest/oracle.tsv)

File format (tab-separated): lines starting with `#` are comments; each other line is
    BITS  TEXT  KIND
BITS the 16 hex digits of the double's bit pattern, TEXT the expected output, KIND the family
the value was drawn from (for messages only).
"""
import argparse
import math
import random
import struct
from fractions import Fraction as F


def bits_of(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def of_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def layout(x):
    """The writer's text for x, from repr's digits."""
    if x != x:
        return "nan"
    if math.isinf(x):
        return "-inf" if x < 0 else "inf"
    if x == 0:
        return "0"
    text = repr(abs(x))
    mantissa, _, exponent = text.partition("e")
    integer, _, fraction = mantissa.partition(".")
    digits = integer + fraction
    power = len(integer) - 1 + (int(exponent) if exponent else 0)  # of digits[0]
    while digits[0] == "0":
        digits = digits[1:]
        power -= 1
    digits = digits.rstrip("0")
    sign = "-" if x < 0 else ""
    if -6 <= power <= 15:
        if power < 0:
            return sign + "0." + "0" * (-power - 1) + digits
        head = digits[: power + 1].ljust(power + 1, "0")
        tail = digits[power + 1:]
        return sign + head + ("." + tail if tail else "")
    body = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return sign + body + "e" + ("-" if power < 0 else "+") + "%02d" % abs(power)


def short_decimal(rng, digits, decimals):
    """A random decimal with `digits` significant digits (the last nonzero) and `decimals` fraction digits."""
    first = str(rng.randint(1, 9))
    middle = "".join(str(rng.randint(0, 9)) for _ in range(max(0, digits - 2)))
    last = str(rng.randint(1, 9)) if digits > 1 else ""
    whole = first + middle + last
    return float(F(int(whole), 10 ** decimals))


def fast_path_scale(x):
    """K of the writer's short-decimal path for positive normal x: the largest K with 2^(e+1)·10^K <= 2^52."""
    e = math.frexp(x)[1] - 1  # x in [2^e, 2^(e+1))
    if e + 1 > 52:
        return None
    k = 0
    while 2 ** (e + 1) * 10 ** (k + 1) <= 2 ** 52:
        k += 1
    return k if k <= 22 else None


def generate(count, seed):
    rng = random.Random(seed)
    cases = []

    def add(x, kind):
        cases.append((x, kind))
        if x != 0 and rng.random() < 0.25:
            cases.append((-x, kind))

    scale = count / 25000
    # Random bit patterns: every exponent, both signs.
    for _ in range(int(2500 * scale)):
        x = of_bits(rng.getrandbits(64))
        if not math.isnan(x):
            cases.append((x, "bits"))
    # Short decimals at every number of fraction digits and significant digits.
    for _ in range(int(2500 * scale)):
        decimals = rng.randint(0, 22)
        digits = rng.randint(1, 17)
        add(short_decimal(rng, digits, decimals), "short")
    # Short decimals with large or small magnitudes too.
    for _ in range(int(1000 * scale)):
        digits = rng.randint(1, 17)
        add(float(F(rng.randint(10 ** (digits - 1), 10 ** digits - 1)) * F(10) ** rng.randint(-340, 308 - digits)), "scaled")
    # Powers of ten and their neighbours.
    for p in range(-323, 309):
        x = float(F(10) ** p)
        for y in (x, math.nextafter(x, 0), math.nextafter(x, math.inf)):
            add(y, "power10")
    # Powers of two (asymmetric rounding interval) and their neighbours.
    for p in range(-1074, 1024):
        x = math.ldexp(1.0, p)
        add(x, "power2")
        if p % 7 == 0:
            add(math.nextafter(x, 0), "power2")
            add(math.nextafter(x, math.inf), "power2")
    # Boundaries of the short-decimal path: D = v·10^K near 2^52 and near its smallest
    # value, the binade edges, and both sides of the K change.
    for e in range(-60, 53):
        low = math.ldexp(1.0, e)
        high = math.nextafter(math.ldexp(1.0, e + 1), 0)
        for x in (low, math.nextafter(low, math.inf), high, math.nextafter(high, 0)):
            add(x, "edge")
        k = fast_path_scale(low)
        if k is None:
            continue
        for d in [2 ** 52 - j for j in range(0, 40)] + [2 ** 51 + j for j in range(-20, 20)] + \
                 [int(F(2 ** 51, 10)) + j for j in range(-20, 20)] + [10 ** 15 + j for j in range(-5, 5)]:
            x = float(F(d, 10 ** k))
            if low <= x <= high:
                add(x, "edge")
                add(math.nextafter(x, 0), "edge")
                add(math.nextafter(x, math.inf), "edge")
    # Subnormals and the normal boundary.
    for _ in range(int(1000 * scale)):
        add(of_bits(rng.getrandbits(52)), "subnormal")
    for b in list(range(1, 40)) + [2 ** 52 - j for j in range(1, 20)] + [2 ** 52 + j for j in range(0, 20)]:
        add(of_bits(b), "subnormal")
    # Integers and halves around 2^52 and 2^53, and near the plain limit 1e16.
    for j in range(-60, 61):
        for x in (2.0 ** 53 + 2 * j, 2.0 ** 52 + j, 2.0 ** 52 + j / 2, 2.0 ** 51 + j / 4, 1e16 + 2 * j,
                  float(10 ** 16 - 2 + j * 2), float(F(10 ** 15) + F(j, 4))):
            add(x, "around2^53")
    # The thresholds of plain notation.
    for x in (1e-6, 1e-7, 9.999999999999999e-07, 1e15, 1e16, 9999999999999998.0, 123456789012345.6):
        for y in (x, math.nextafter(x, 0), math.nextafter(x, math.inf)):
            add(y, "threshold")
    # Results of typical conversions: miles from km and °F from °C, inputs with 0-6 fraction digits.
    mile = F(1609344, 1000)
    for _ in range(int(2500 * scale)):
        decimals = rng.randint(0, 6)
        text = F(rng.randint(0, 10 ** rng.randint(1, 9)), 10 ** decimals)
        if rng.random() < 0.1:
            text = -text
        add(float(text * 1000 / mile), "km->mi")
        add(float(text * F(9, 5) + 32), "degC->degF")
    # Zeros and non-finite values.
    for x in (0.0, -0.0, math.inf, -math.inf, float("nan"),
              5e-324, 2.2250738585072014e-308, 1.7976931348623157e308):
        cases.append((x, "special"))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=25000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("-o", "--output", default="fixtures/shortest/oracle.tsv")
    args = parser.parse_args()
    lines = [
        "# The shortest-output oracle, written by scripts/shortest-oracle.py --count %d --seed %d." % (args.count, args.seed),
        "# BITS (hex)\tTEXT\tKIND",
    ]
    seen = set()
    for x, kind in generate(args.count, args.seed):
        b = bits_of(x)
        if b in seen:
            continue
        seen.add(b)
        lines.append("%016x\t%s\t%s" % (b, layout(x), kind))
    with open(args.output, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
