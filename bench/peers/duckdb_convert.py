#!/usr/bin/env python3
"""Benchmark peer: DuckDB doing task A or B.  duckdb_convert.py A|B INPUT OUTPUT

Every column is read as text (all_varchar) so the six copied columns pass
through as written; the two converted columns are cast to DOUBLE (task B:
German number -> C spelling first). 2 threads; output keeps the input's
delimiter and row order.
"""
import sys
import duckdb

task, src, dst = sys.argv[1:4]
delim = ";" if task == "B" else ","


def num(col):
    if task == "B":
        return f"CAST(replace(replace({col}, '.', ''), ',', '.') AS DOUBLE)"
    return f"CAST({col} AS DOUBLE)"


con = duckdb.connect()
con.execute("SET threads=2")
con.execute("SET preserve_insertion_order=true")
con.execute(f"""
COPY (
  SELECT id, name,
         {num('distance_km')} / 1.609344::DOUBLE AS distance_km,
         {num('temp_c')} * 9.0::DOUBLE / 5.0::DOUBLE + 32.0::DOUBLE AS temp_c,
         weight_kg, price, date, note
  FROM read_csv(?, header = true, delim = '{delim}', quote = '"', escape = '"', all_varchar = true)
) TO '{dst.replace("'", "''")}' (FORMAT csv, HEADER true, DELIMITER '{delim}')
""", [src])
