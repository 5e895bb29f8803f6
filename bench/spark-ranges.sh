#!/usr/bin/env bash
# The Spark driver on one big file, ranges cut without a plan against --plan: a generated `;`
# file with a BOM, CRLF line ends and quoted multi-line fields (about SIZE bytes), converted in
# local[2] by the release binary, the two modes alternating; wall time of each run and of each
# Spark job in it (the plan job, then the conversion), from Spark's log. The file and the outputs
# are deleted at the end.
#
#   bench/spark-ranges.sh [SIZE_BYTES] [ROUNDS]      (default 2100000000 and 3)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
size=${1:-2100000000}
rounds=${2:-3}
bin="$here/../.build/release/unitpipe"
driver="$here/../contrib/spark/unitpipe_spark.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$size" "$work/big.csv" <<'PY'
import sys
notes = ['plain', '"multi\r\nline; with ""quotes"""', '"a;b"', '', '"\r\n"', 'Zürich']
rows = [f"{i};{notes[i % 6]};{(i * 37) % 100000},{i % 100};{'bad' if i % 997 == 0 else str(i % 40) + ',5'};\"x\r\ny\"\r\n"
        for i in range(12000)]
block = "".join(rows).encode()
with open(sys.argv[2], "wb") as f:
    f.write("\ufeffid;note;km;temp;memo\r\n".encode())
    written = 0
    while written < int(sys.argv[1]):
        f.write(block)
        written += len(block)
PY
echo "file: $(stat -c %s "$work/big.csv") bytes; $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
for round in $(seq "$rounds"); do
    for mode in no-plan plan; do
        extra=()
        [ "$mode" = plan ] && extra=(--plan)
        rm -rf "$work/out"
        load=$(cut -d' ' -f1 /proc/loadavg)
        start=$(date +%s.%N)
        spark-submit --master 'local[2]' --conf spark.ui.enabled=false --conf spark.ui.showConsoleProgress=false \
            "$driver" --unitpipe "$bin" --output "$work/out" "${extra[@]}" "$work/big.csv" \
            -- convert -d ';' -l de_DE -c km:km:mi -c temp:degC:degF > "$work/log" 2>&1 || true
        end=$(date +%s.%N)
        jobs=$(grep -o "Job [0-9]* finished: collect at [^ ]*, took [0-9.]* ms" "$work/log" | sed -E 's/.*took ([0-9.]+) ms/\1/' | tr '\n' ' ')
        printf '%s round %s: wall %.1f s; jobs (ms): %s; load before %s; %s\n' "$mode" "$round" "$(echo "$end - $start" | bc)" "$jobs" "$load" \
            "$(grep -o 'unitpipe_spark: .*' "$work/log" | tail -1)"
    done
done
