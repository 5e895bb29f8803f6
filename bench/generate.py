#!/usr/bin/env python3
"""Deterministic generator of the unitpipe benchmark workload.

    generate.py --rows N --task A|B [--dirty FRACTION] [--seed S] [--jobs J] -o FILE

Columns: id,name,distance_km,temp_c,weight_kg,price,date,note (about 80 bytes a row).

Task A is written the C way: ',' delimiter, '.' decimal point, no grouping.
Task B is the same data written the German way: ';' delimiter, ',' decimal comma,
and about half of the values >= 1000 grouped with dots ('1.234,5'); dates as
dd.mm.yyyy. Row i holds the same values in A and B (for the same seed and dirt).

Text columns (name, note): about 8% of the values contain the delimiter or a
'"' and are quoted RFC 4180 style. Numbers have 0 to 6 fraction digits.

--dirty F makes a fraction F of the data rows dirty, one defect each, in the
converted columns (distance_km, temp_c) or the row shape:
  multiple_decimal  '12.3.4'  (B: '12,3,4')
  invalid           'abc'
  empty             ''        (not an error for unitpipe unless --required)
  ragged            a field dropped or an extra field appended
The counts of each kind are printed on standard error.

Output depends only on --rows, --task, --dirty and --seed: the rows are made in
chunks of 65,536, each from its own random stream seeded by (seed, chunk), so
--jobs (worker processes, default: the number of cores) changes the speed only.
"""
import argparse
import datetime
import multiprocessing as mp
import os
import random
import sys

CHUNK = 65536
HEADER = ["id", "name", "distance_km", "temp_c", "weight_kg", "price", "date", "note"]
FIRST = ["Anna", "Ben", "Carla", "Dirk", "Emma", "Felix", "Greta", "Hans", "Ines", "Jonas",
         "Karl", "Lena", "Marta", "Nils", "Olga", "Paul", "Rosa", "Sven", "Tina", "Uwe"]
LAST = ["Meyer", "Schulz", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Koch",
        "Richter", "Klein", "Wolf", "Neumann", "Braun", "Zimmer", "Krause", "Lange"]
WORDS = ["ok", "late", "retry", "checked", "north", "south", "depot", "route", "manual",
         "sensor", "batch", "pending", "urgent", "cold", "fragile", "bulk"]
POOL = 4096          # distinct names / notes per run
QUOTED_SHARE = 0.08  # share of text values that need quoting

_state = {}


def quote(s):
    return '"' + s.replace('"', '""') + '"'


def text_pools(seed, task):
    """Name and note pools; exactly 8% of each pool needs quoting."""
    sep = "," if task == "A" else ";"
    rng = random.Random(f"unitpipe-bench/{seed}/text")
    n_special = round(POOL * QUOTED_SHARE)
    names, notes = [], []
    for i in range(POOL):
        f, l = rng.choice(FIRST), rng.choice(LAST)
        w = [rng.choice(WORDS) for _ in range(rng.randint(2, 4))]
        if i < n_special:
            if i % 2:
                names.append(quote(f"{l}{sep} {f}"))
                notes.append(quote(f"{w[0]}{sep} {' '.join(w[1:]) or 'see log'}"))
            else:
                names.append(quote(f'{f} "{l}"'))
                notes.append(quote(f'"{w[0]}" {" ".join(w)}'))
        else:
            names.append(f"{f} {l}")
            notes.append(" ".join(w))
    rng.shuffle(names)
    rng.shuffle(notes)
    return names, notes


def date_pool(task):
    d0 = datetime.date(2015, 1, 1)
    fmt = "%Y-%m-%d" if task == "A" else "%d.%m.%Y"
    return [(d0 + datetime.timedelta(days=i)).strftime(fmt) for i in range(3653)]


def init(seed, task, dirty):
    names, notes = text_pools(seed, task)
    _state.update(seed=seed, task=task, dirty=dirty, names=names, notes=notes,
                  dates=date_pool(task))


def group_de(intpart):
    s = str(intpart)
    head = len(s) % 3 or 3
    return ".".join([s[:head]] + [s[i:i + 3] for i in range(head, len(s), 3)])


def make_chunk(index_count):
    """Rows [start, start+count) as one string; returns (text, stats)."""
    chunk, start, count = index_count
    st = _state
    task, dirty = st["task"], st["dirty"]
    names, notes, dates = st["names"], st["notes"], st["dates"]
    rng = random.Random(f"unitpipe-bench/{st['seed']}/chunk/{chunk}")
    rnd, randrange = rng.random, rng.randrange
    # dirt has its own stream, so the clean rows do not depend on --dirty
    drng = random.Random(f"unitpipe-bench/{st['seed']}/dirt/{chunk}")
    german = task == "B"
    sep = ";" if german else ","
    dec = "," if german else "."
    stats = {"multiple_decimal": 0, "invalid": 0, "empty": 0, "ragged": 0}
    kinds = ("multiple_decimal", "invalid", "empty", "ragged")
    pow10 = [10 ** k for k in range(7)]

    def num(mag, neg, ndec):
        # mag: integer part; ndec: fraction digits (0..6); the grouping draw is
        # made for both tasks so that A and B hold the same values.
        g = rnd() < 0.5
        frac = randrange(pow10[ndec]) if ndec else 0
        if german and g and mag >= 1000:
            s = group_de(mag)
        else:
            s = str(mag)
        if ndec:
            s = f"{s}{dec}{frac:0{ndec}d}"
        return "-" + s if neg else s

    out = []
    append = out.append
    for i in range(start, start + count):
        dist = num(int(10 ** (rnd() * 4.3)) - 1, False, randrange(7))
        neg = rnd() < 0.2
        temp = num(randrange(41) if neg else randrange(46), neg, randrange(7))
        weight = num(int(10 ** (rnd() * 4.7)) - 1, False, randrange(7))
        price = num(int(10 ** (rnd() * 5)) - 1, False, 2)
        row = [str(i + 1), names[randrange(POOL)], dist, temp, weight, price,
               dates[randrange(3653)], notes[randrange(POOL)]]
        if dirty and drng.random() < dirty:
            kind = kinds[drng.randrange(4)]
            col = 2 + drng.randrange(2)
            stats[kind] += 1
            if kind == "multiple_decimal":
                row[col] = "12,3,4" if german else "12.3.4"
            elif kind == "invalid":
                row[col] = "abc"
            elif kind == "empty":
                row[col] = ""
            elif drng.randrange(2):
                row.pop()
            else:
                row.append("extra")
        append(sep.join(row))
    out.append("")
    return "\n".join(out), stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--rows", type=int, required=True, help="data rows (header not counted)")
    ap.add_argument("--task", choices=["A", "B"], required=True)
    ap.add_argument("--dirty", type=float, default=0.0, help="fraction of dirty rows (default 0)")
    ap.add_argument("--seed", type=int, default=42, help="random seed (default 42)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    ap.add_argument("-o", "--output", required=True, help="output file ('-' for stdout)")
    a = ap.parse_args()
    if a.rows < 0 or not 0.0 <= a.dirty <= 1.0:
        ap.error("--rows must be >= 0 and --dirty in [0, 1]")

    sep = ";" if a.task == "B" else ","
    tasks = [(c, c * CHUNK, min(CHUNK, a.rows - c * CHUNK)) for c in range((a.rows + CHUNK - 1) // CHUNK)]
    totals = {"multiple_decimal": 0, "invalid": 0, "empty": 0, "ragged": 0}
    tmp = a.output + ".tmp" if a.output != "-" else None
    f = open(tmp, "wb") if tmp else sys.stdout.buffer
    written = 0
    try:
        header = (sep.join(HEADER) + "\n").encode()
        f.write(header)
        written += len(header)
        if a.jobs > 1 and len(tasks) > 1:
            ctx = mp.get_context("fork")
            with ctx.Pool(a.jobs, initializer=init, initargs=(a.seed, a.task, a.dirty)) as pool:
                results = pool.imap(make_chunk, tasks, chunksize=1)
                for text, stats in results:
                    b = text.encode()
                    f.write(b)
                    written += len(b)
                    for k, v in stats.items():
                        totals[k] += v
        else:
            init(a.seed, a.task, a.dirty)
            for t in tasks:
                text, stats = make_chunk(t)
                b = text.encode()
                f.write(b)
                written += len(b)
                for k, v in stats.items():
                    totals[k] += v
    finally:
        if tmp:
            f.close()
    if tmp:
        os.replace(tmp, a.output)
    dirty_rows = sum(totals.values())
    print(f"generate: task {a.task}, {a.rows} rows, {written} bytes "
          f"({written / max(a.rows, 1):.1f} B/row), seed {a.seed}, dirty rows {dirty_rows}"
          + (" (" + ", ".join(f"{k} {v}" for k, v in totals.items()) + ")" if dirty_rows else ""),
          file=sys.stderr)


if __name__ == "__main__":
    main()
