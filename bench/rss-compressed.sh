#!/usr/bin/env bash
# Peak memory on a multi-gigabyte compressed stream: generates GIB GiB of CSV (the benchmark's
# task A rows, repeated), gzip-compresses it on the fly into `unitpipe convert -` (standard input,
# so nothing big is stored), writes gzip output into a FIFO that is read and thrown away, and
# reports the peak RSS of unitpipe (`/usr/bin/time -v`). Fails when it is above LIMIT MiB or when
# a row is lost (rows_in must equal the rows generated). Not part of `swift test` (a few minutes
# of CPU for 4 GiB); run it by hand:
#
#   bench/rss-compressed.sh [GIB] [LIMIT]      default 4 GiB, limit 64 MiB; release build first
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
gib=${1:-4} limit=${2:-64}
UP=${UNITPIPE_BIN:-$repo/.build/release/unitpipe}
[ -x "$UP" ] || { echo "rss-compressed: no binary at $UP; run swift build -c release first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "rss-compressed: needs GNU time (/usr/bin/time; Debian package 'time')" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 100,000 rows of task A (about 7.7 MB), repeated until the stream holds GIB GiB.
python3 "$here/generate.py" --rows 100000 --task A --seed 42 -o "$work/block.csv" 2>/dev/null
tail -n +2 "$work/block.csv" >"$work/rows.csv"
block=$(stat -c %s "$work/rows.csv")
repeats=$(( (gib << 30) / block + 1 ))
rows=$(( repeats * 100000 ))
echo "rss-compressed: $repeats × $block bytes = $(( repeats * block / 1000000 )) MB of CSV, $rows rows, gzip -1 into standard input" >&2
mkfifo "$work/out.csv.gz"
wc -c <"$work/out.csv.gz" >"$work/out.bytes" &
reader=$!
set +e
{ head -n 1 "$work/block.csv"; for ((i = 0; i < repeats; i++)); do cat "$work/rows.csv"; done; } \
    | gzip -1 \
    | /usr/bin/time -v -o "$work/time" "$UP" convert - -c distance_km:km:mi -c temp_c:degC:degF \
        -o "$work/out.csv.gz" --summary "$work/summary.json" -q
status=$?
set -e
wait "$reader"
peak=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$work/time")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time")
rows_in=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rows_in"])' "$work/summary.json")
echo "rss-compressed: exit $status, rows_in $rows_in of $rows, gzip output $(cat "$work/out.bytes") bytes, wall $wall, peak RSS $peak MiB (limit $limit MiB)"
[ "$status" -eq 0 ] && [ "$rows_in" -eq "$rows" ] && awk -v p="$peak" -v l="$limit" 'BEGIN { exit !(p <= l) }'
