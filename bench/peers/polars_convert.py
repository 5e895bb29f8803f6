#!/usr/bin/env python3
"""Benchmark peer: Polars doing task A or B.  polars_convert.py A|B INPUT OUTPUT

Run with POLARS_MAX_THREADS=2 (run.sh sets it). Every column is read as text
(infer_schema=False) so the six copied columns pass through as written; the two
converted columns are cast to Float64 (task B: German number -> C spelling
first). Streaming (scan_csv -> sink_csv); output keeps the input's delimiter.
"""
import sys
import polars as pl

task, src, dst = sys.argv[1:4]
sep = ";" if task == "B" else ","


def num(name):
    c = pl.col(name)
    if task == "B":
        c = c.str.replace_all(".", "", literal=True).str.replace(",", ".", literal=True)
    return c.cast(pl.Float64)


(pl.scan_csv(src, separator=sep, infer_schema=False)
   .with_columns(num("distance_km") / 1.609344,
                 num("temp_c") * 9 / 5 + 32)
   .sink_csv(dst, separator=sep))
