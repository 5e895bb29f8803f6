#!/usr/bin/env bash
# How fast `unitpipe plan` reads a file, against `unitpipe convert` on the same file: the
# benchmark's task A data (bench/generate.py), release build, the two commands alternating,
# median of the runs. plan's own figure is its scan (the GB/s it prints); the wall times
# include process start-up for both.
#
#   bench/plan.sh [--rows N] [--runs R] [--splits N] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
rows=1000000 runs=5 splits=64 build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --splits) splits="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "plan.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
export PATH="/opt/swift/usr/bin:$PATH"
[ "$build" -eq 1 ] && swift build -c release >&2
bin=.build/release/unitpipe
mkdir -p bench/out
data="bench/out/data-A-$rows-s42.csv"
[ -f "$data" ] || python3 bench/generate.py --rows "$rows" --task A --seed 42 -o "$data"
size=$(stat -c %s "$data")
cat "$data" > /dev/null  # warm the page cache
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
plan_wall=() plan_scan=() convert_wall=()
for _ in $(seq "$runs"); do
    t0=$(now); json=$("$bin" plan "$data" --splits "$splits" --json); t1=$(now)
    plan_wall+=("$(echo "$t1 - $t0" | bc -l)")
    plan_scan+=("$(echo "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["scan"]["gb_per_s"])')")
    t0=$(now); "$bin" convert "$data" -c distance_km:km:mi -c temp_c:degC:degF -o bench/out/plan-convert.csv -q; t1=$(now)
    convert_wall+=("$(echo "$t1 - $t0" | bc -l)")
done
pw=$(printf '%s\n' "${plan_wall[@]}" | median)
ps=$(printf '%s\n' "${plan_scan[@]}" | median)
cw=$(printf '%s\n' "${convert_wall[@]}" | median)
printf 'file: %s (%d bytes, %d rows), %d runs, median\n' "$data" "$size" "$rows" "$runs"
printf 'plan --splits %d: %.3f s wall, %.2f GB/s (wall), scan %.2f GB/s\n' "$splits" "$pw" "$(echo "$size / $pw / 1000000000" | bc -l)" "$ps"
printf 'convert (task A): %.3f s wall, %.2f GB/s\n' "$cw" "$(echo "$size / $cw / 1000000000" | bc -l)"
printf 'plan is %.1fx faster than convert (wall)\n' "$(echo "$cw / $pw" | bc -l)"
