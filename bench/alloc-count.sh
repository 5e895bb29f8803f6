#!/bin/sh
# Counts the heap allocations of the libraries' public exact conversion entry points: builds
# bench/alloc (a package that links only UnitPipeNumbers and UnitPipeUnits, as an app does) in
# release mode and runs each entry point 0 and N times under valgrind; the difference in
# "total heap usage: … allocs", divided by N, is what one call allocates. The last entry is the
# control: fraction digits not prepared when the conversion was built are prepared on each call.
#
#   bench/alloc-count.sh [N]        (default N = 200000; needs valgrind)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-200000}
cd "$root/bench/alloc"
swift build -c release >/dev/null
binary=$(swift build -c release --show-bin-path)/AllocCount
allocs() {
    valgrind --tool=memcheck --leak-check=no "$binary" "$1" "$2" 2>&1 >/dev/null \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
printf '%-14s %10s %10s %s\n' entry "allocs(0)" "allocs($n)" "per call"
for entry in text number text-digits number-digits parse unprepared-digits; do
    base=$(allocs "$entry" 0)
    many=$(allocs "$entry" "$n")
    printf '%-14s %10s %10s %s\n' "$entry" "$base" "$many" "$(echo "scale=4; ($many - $base) / $n" | bc)"
done
