#!/usr/bin/env bash
# validate --schema with 20 mixed-type fields against convert of the same file's numeric
# columns: CPU (user + system) and wall time, best of R runs, release build. See bench/README.md.
#
#   bench/schema.sh [--rows N] [--runs R] [--no-build]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$here/out"
rows=1000000 runs=3 build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,5p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "schema.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
if [ "$build" -eq 1 ]; then (cd "$repo" && swift build -c release 2>&1 | tail -1) >&2 || exit 2; fi
UP="$repo/.build/release/unitpipe"
csv="$out/schema-$rows.csv" schema="$out/schema-20.json" unique="$out/schema-20-unique.json"
if [ ! -s "$csv" ]; then
    python3 - "$rows" "$csv" "$schema" "$unique" <<'PY'
import json, random, sys
rows, path, schema_path, unique_path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
fields = [
    {"name": "id", "type": "integer", "constraints": {"required": True, "minimum": 1}},
    {"name": "region", "type": "string", "constraints": {"enum": ["north", "south", "east", "west"]}},
    {"name": "distance", "type": "number", "constraints": {"minimum": 0, "maximum": 100000}},
    {"name": "temp", "type": "number", "constraints": {"minimum": -90, "maximum": 60}},
    {"name": "price", "type": "number", "constraints": {"exclusiveMinimum": 0}},
    {"name": "weight", "type": "number"},
    {"name": "ratio", "type": "number", "constraints": {"minimum": "0", "maximum": "1"}},
    {"name": "score", "type": "number"},
    {"name": "count", "type": "integer", "constraints": {"minimum": 0}},
    {"name": "rank", "type": "integer", "constraints": {"enum": [1, 2, 3, 4, 5]}},
    {"name": "code", "type": "string", "constraints": {"pattern": "[A-Z]{2}[0-9]{4}", "maxLength": 6}},
    {"name": "email", "type": "string", "format": "email"},
    {"name": "uid", "type": "string", "format": "uuid"},
    {"name": "flag", "type": "boolean"},
    {"name": "day", "type": "date", "constraints": {"minimum": "2000-01-01"}},
    {"name": "local_day", "type": "date", "format": "%d.%m.%Y"},
    {"name": "at", "type": "time"},
    {"name": "stamp", "type": "datetime"},
    {"name": "year", "type": "year"},
    {"name": "note", "type": "any"},
]
json.dump({"fields": fields}, open(schema_path, "w"))
fields[0]["constraints"]["unique"] = True
json.dump({"fields": fields}, open(unique_path, "w"))
r = random.Random(7)
with open(path, "w") as f:
    f.write(",".join(x["name"] for x in fields) + "\n")
    for i in range(1, rows + 1):
        f.write("%d,%s,%.3f,%.1f,%.2f,%.4f,%.6f,%.6f,%d,%d,%s%04d,u%d@example.org,%08x-%04x-%04x-%04x-%012x,%s,20%02d-%02d-%02d,%02d.%02d.19%02d,%02d:%02d:%02d,2024-%02d-%02dT%02d:%02d:%02dZ,%d,text %d\n" % (
            i, r.choice(("north", "south", "east", "west")), r.uniform(0, 1000), r.uniform(-30, 40), r.uniform(0.01, 500),
            r.uniform(0, 80), r.random(), r.gauss(0, 1), r.randint(0, 10000), r.randint(1, 5), r.choice(("AB", "XY", "QZ")), r.randint(0, 9999),
            i, r.getrandbits(32), r.getrandbits(16), r.getrandbits(16), r.getrandbits(16), r.getrandbits(48), r.choice(("true", "false")),
            r.randint(0, 29), r.randint(1, 12), r.randint(1, 28), r.randint(1, 28), r.randint(1, 12), r.randint(0, 99),
            r.randint(0, 23), r.randint(0, 59), r.randint(0, 59), r.randint(1, 12), r.randint(1, 28), r.randint(0, 23), r.randint(0, 59), r.randint(0, 59),
            r.randint(1950, 2030), i))
PY
fi
numeric=(-c distance:1:1 -c temp:1:1 -c price:1:1 -c weight:1:1 -c ratio:1:1 -c score:1:1 -c count:1:1 -c rank:1:1)
measure() {  # label command…: best user+sys and wall of $runs runs
    local label=$1; shift
    local best_cpu="" best_wall="" rss=""
    for ((i = 0; i < runs; i++)); do
        local t
        /usr/bin/time -o "$out/schema-time" -f '%U %S %e %M' "$@" >/dev/null 2>&1
        t=$(tail -1 "$out/schema-time")
        read -r u s w m <<<"$t"
        local cpu
        cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
        if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
        if [ -z "$best_wall" ] || awk -v a="$w" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then best_wall=$w; rss=$m; fi
    done
    printf '| %s | %s | %s | %d |\n' "$label" "$best_cpu" "$best_wall" "$((rss / 1024))"
}
echo "| $rows rows, $(du -m "$csv" | cut -f1) MB, 20 fields | CPU s (user+sys) | wall s | peak RSS MB |"
echo "|---|---|---|---|"
measure "convert -c (8 numeric columns) -o /dev/null" "$UP" convert "$csv" "${numeric[@]}" -o /dev/null
measure "validate -c (the same 8 columns)" "$UP" validate "$csv" -c distance -c temp -c price -c weight -c ratio -c score -c count -c rank -e /dev/null
measure "validate --schema (20 fields)" "$UP" validate "$csv" --schema "$schema" -e /dev/null
measure "validate --schema (20 fields, id unique)" "$UP" validate "$csv" --schema "$unique" -e /dev/null
command -v frictionless >/dev/null && [ "$rows" -le 100000 ] && \
    measure "frictionless validate (20 fields)" frictionless validate --schema "$schema" "$csv"
exit 0
