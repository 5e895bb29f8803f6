#!/usr/bin/env python3
"""Checks `unitpipe validate --schema` against Frictionless on generated files.

Each file has one column of every checked Table Schema type (number with NaN/INF, integer,
string with enum/pattern/length/format, boolean with its own trueValues, date in ISO and in a
strptime format, time, datetime, year, yearmonth, a unique field and a composite primaryKey), a
Table Schema v2 `$schema` with `missingValues` objects (`-99` is missing) and exclusive bounds,
read by Frictionless in a v2 Data Package around the file, and a few planted errors of each kind, in the forms where Frictionless reads the spec as unitpipe does
(no grouped numbers, whose readings differ on purpose). For every file the set of failed cells,
each with its Frictionless error type (unitpipe's codes mapped as docs/validate.md lists them),
must be the same.

    scripts/frictionless-agreement.py --seed N --files K     (UNITPIPE_BIN: the binary)

Exit 0 when every file agrees, 1 on the first that does not (its differences printed),
3 when frictionless is not installed.
"""
import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile

try:
    from frictionless import Resource, Schema, validate
except ImportError:
    print("frictionless-agreement: frictionless is not installed (pip install frictionless)")
    sys.exit(3)

# unitpipe code -> Frictionless error type
TYPES = {
    "invalid_number": "type-error", "grouping": "type-error", "multiple_decimal": "type-error",
    "not_integer": "type-error", "invalid_value": "type-error",
    "out_of_range": "constraint-error", "empty": "constraint-error", "pattern_mismatch": "constraint-error",
    "invalid_length": "constraint-error", "duplicate_value": "unique-error",
}

SCHEMA = {
    "$schema": "https://datapackage.org/profiles/2.0/tableschema.json",
    "missingValues": [{"value": ""}, {"value": "-99", "label": "refused"}],
    "fields": [
        {"name": "id", "type": "number", "constraints": {"unique": True}},
        {"name": "region", "type": "string"},
        {"name": "seq", "type": "integer"},
        {"name": "ratio", "type": "number", "constraints": {"minimum": "0", "maximum": 10}},
        {"name": "count", "type": "integer", "constraints": {"minimum": 1, "enum": ["1", "2", "3", "5", "8"]}},
        {"name": "kind", "type": "string", "constraints": {"enum": ["a", "b", "c"]}},
        {"name": "code", "type": "string", "constraints": {"pattern": "[A-Z]{2}[0-9]+", "minLength": 3, "maxLength": 6}},
        {"name": "uid", "type": "string", "format": "uuid"},
        {"name": "flag", "type": "boolean", "trueValues": ["J", "ja"], "falseValues": ["N", "nein"]},
        {"name": "day", "type": "date", "constraints": {"minimum": "2020-01-01"}},
        {"name": "local_day", "type": "date", "format": "%d.%m.%Y", "constraints": {"maximum": "31.12.2030"}},
        {"name": "at", "type": "time"},
        {"name": "stamp", "type": "datetime"},
        {"name": "year", "type": "year", "constraints": {"minimum": 1990, "exclusiveMaximum": 2031}},
        {"name": "month", "type": "yearmonth"},
        {"name": "price", "type": "number", "decimalChar": ",", "constraints": {"exclusiveMinimum": "0,5"}},
        {"name": "note", "type": "any", "constraints": {"required": True}},
    ],
    "primaryKey": ["region", "seq"],
}

GOOD = {
    "ratio": lambda r: r.choice(["0", "2.5", "10", "NaN", "nan", "3e-1", "7"]),
    "count": lambda r: r.choice(["1", "2", "3", "5", "8"]),
    "kind": lambda r: r.choice("abc"),
    "code": lambda r: r.choice(["AB1", "XY12", "QQ9999"]),
    "uid": lambda r: "%08x-%04x-%04x-%04x-%012x" % (r.getrandbits(32), r.getrandbits(16), r.getrandbits(16), r.getrandbits(16), r.getrandbits(48)),
    "flag": lambda r: r.choice(["J", "ja", "N", "nein"]),
    "day": lambda r: "20%02d-%02d-%02d" % (r.randint(20, 29), r.randint(1, 12), r.randint(1, 28)),
    "local_day": lambda r: "%02d.%02d.20%02d" % (r.randint(1, 28), r.randint(1, 12), r.randint(0, 30)),
    "at": lambda r: "%02d:%02d:%02d" % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59)),
    "stamp": lambda r: r.choice(["2024-02-29T12:00:00Z", "2021-06-01T00:00:00+02:00", "2023-01-01T23:59:59.5Z"]),
    "year": lambda r: str(r.randint(1990, 2030)),
    "month": lambda r: "%04d-%02d" % (r.randint(1990, 2030), r.randint(1, 12)),
    "price": lambda r: r.choice(["1", "0,75", "12,5", "INF", "-99"]),
    "note": lambda r: r.choice(["x", "free text", "42"]),
}

BAD = {
    "ratio": ["11", "-0.5", "INF", "-INF", "abc", "1,5"],
    "count": ["4", "0", "2.5", "NaN", "x"],
    "kind": ["d", "A", "ab"],
    "code": ["ab1", "A1", "AB1234567", "AB"],
    # Frictionless also takes a UUID without its hyphens; the spec's form has them.
    "uid": ["not-a-uuid", "123e4567-e89b-12d3-a456-42661417400"],
    "flag": ["true", "yes", "1"],
    # Frictionless also takes 2021-1-5 (strptime's %m and %d); the default is YYYY-MM-DD.
    "day": ["2019-12-31", "2021-02-30", "05.01.2021"],
    "local_day": ["2021-01-05", "31.12.2031", "32.01.2021"],
    "at": ["25:00:00", "12:00", "noon"],
    "stamp": ["2024-02-30T12:00:00Z", "yesterday"],
    "year": ["1989", "99", "MMXX", "2031"],
    "month": ["2024-13", "2024/01"],
    "price": ["0,4", "0,5", "-1", "-INF", "1.5"],
    "note": [""],
}


def make_file(rng, path, rows):
    header = [f["name"] for f in SCHEMA["fields"]]
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        ids = []
        for n in range(rows):
            row = {"id": str(n + 1), "region": rng.choice(["north", "south"]), "seq": str(n + 1)}
            # Duplicates: an earlier id, written another way; an earlier (region, seq).
            if n > 2 and rng.random() < 0.05:
                row["id"] = rng.choice(ids) + rng.choice(["", ".0", ".00"])
            if n > 2 and rng.random() < 0.05:
                row["seq"] = str(rng.randint(1, n))
            ids.append(str(n + 1))
            for name, good in GOOD.items():
                row[name] = good(rng)
                if rng.random() < 0.04:
                    row[name] = rng.choice(BAD[name])
            writer.writerow([row[h] for h in header])


def frictionless_cells(csv_path, schema_path):
    # A v2 package around the file: Frictionless reads missingValues objects only in one.
    directory = os.path.dirname(csv_path)
    descriptor = {"$schema": "https://datapackage.org/profiles/2.0/datapackage.json", "name": "agreement",
                  "resources": [{"name": "table", "path": os.path.basename(csv_path), "format": "csv",
                                 "schema": os.path.basename(schema_path)}]}
    package_path = os.path.join(directory, "datapackage.json")
    with open(package_path, "w") as f:
        json.dump(descriptor, f)
    report = validate(package_path, limit_errors=100000)
    cells = set()
    for error in report.errors:
        raise SystemExit(f"frictionless-agreement: frictionless refused the package: {error.message}")
    for task in report.tasks:
        for error in task.errors:
            kind = error.type
            if kind == "primary-key":
                cells.add((error.row_number, "", "unique-error"))
            elif kind in ("type-error", "constraint-error", "unique-error"):
                cells.add((error.row_number, error.field_name, kind))
            else:
                cells.add((getattr(error, "row_number", 0), getattr(error, "field_name", ""), kind))
    return cells


def unitpipe_cells(binary, csv_path, schema_path):
    run = subprocess.run([binary, "validate", csv_path, "--schema", schema_path, "-e", "/dev/stdout", "-q"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"unitpipe exited {run.returncode}: {run.stderr}")
    cells = set()
    for row in list(csv.DictReader(run.stdout.splitlines())):
        code = row["code"]
        kind = TYPES.get(code, code)
        line = int(row["line"])
        # A primaryKey's duplicate names the row, as Frictionless' primary-key error does.
        if code == "duplicate_value" and "primaryKey" in row["message"]:
            cells.add((line, "", "unique-error"))
        else:
            cells.add((line, row["column"], kind))
    return cells


def compare(ours, theirs):
    """Frictionless may report several constraint errors of one cell; unitpipe reports the first."""
    ours_cells = {(r, f) for r, f, _ in ours}
    theirs_cells = {(r, f) for r, f, _ in theirs}
    problems = [f"only unitpipe: {c}" for c in sorted(ours - theirs) if (c[0], c[1]) not in theirs_cells or c not in theirs]
    problems += [f"only frictionless: {c}" for c in sorted(theirs - ours) if (c[0], c[1]) not in ours_cells]
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", type=int, default=5)
    parser.add_argument("--rows", type=int, default=300)
    args = parser.parse_args()
    binary = os.environ.get("UNITPIPE_BIN", "unitpipe")
    rng = random.Random(args.seed)
    cells = 0
    with tempfile.TemporaryDirectory() as directory:
        schema_path = os.path.join(directory, "schema.json")
        with open(schema_path, "w") as f:
            json.dump(SCHEMA, f)
        for k in range(args.files):
            path = os.path.join(directory, f"file{k}.csv")
            make_file(rng, path, args.rows)
            ours = unitpipe_cells(binary, path, schema_path)
            theirs = frictionless_cells(path, schema_path)
            problems = compare(ours, theirs)
            if problems:
                print(f"frictionless-agreement: seed {args.seed}, file {k}: {len(problems)} differences")
                print("\n".join(problems[:40]))
                return 1
            cells += len(ours)
    print(f"frictionless-agreement: seed {args.seed}: {args.files} files, {cells} failed cells, the same verdicts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
