#!/usr/bin/env bash
# unitpipe benchmark: task A (km->mi, degC->degF on a C-locale CSV) and task B
# (the same data written the German way, read with --locale de_DE), unitpipe
# against the peers that are installed. See bench/README.md.
#
#   bench/run.sh [--rows N[,N…]] [--quick] [--runs R] [--warmups 0|1] [--tasks A,B] [--seed S]
#                [--tools LIST] [--no-build] [--install] [--keep-outputs]
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$here/out"

sizes=() runs=5 warmups=1 tasks="A,B" seed=42 build=1 install=0 keep=0
tools="unitpipe,unitpipe-1t,unitpipe-gzin,unitpipe-gzout,unitpipe-zstout,unitpipe-null,validate,validate-1t,validate-schema,mlr,mawk,gawk,duckdb,polars,polars-null"
usage() { sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) IFS=, read -ra more <<<"$2"; sizes+=("${more[@]}"); shift 2 ;;
        --rows=*) IFS=, read -ra more <<<"${1#*=}"; sizes+=("${more[@]}"); shift ;;
        --quick) sizes+=(100000); shift ;;
        --runs) runs=$2; shift 2 ;;
        --warmups) warmups=$2; shift 2 ;;
        --tasks) tasks=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --tools) tools=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        --install) install=1; shift ;;
        --keep-outputs) keep=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "run.sh: unknown option '$1'" >&2; usage 2 >&2 ;;
    esac
done
[ ${#sizes[@]} -eq 0 ] && sizes=(1000000)
[[ "$warmups" =~ ^[0-9]+$ ]] || { echo "run.sh: --warmups wants 0 or more" >&2; exit 2; }
for n in "${sizes[@]}" "$runs"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: '$n' is not a positive integer" >&2; exit 2; }
done
mkdir -p "$out"
log() { echo "run.sh: $*" >&2; }
has_tool() { [[ ",$tools," == *",$1,"* ]]; }
has_task() { [[ ",$tasks," == *",$1,"* ]]; }

# --- prerequisites ---------------------------------------------------------
[ "$install" -eq 1 ] && "$here/install-peers.sh"
if [ ! -x /usr/bin/time ]; then      # GNU time, for peak RSS (-v)
    log "installing the Debian package 'time' (/usr/bin/time)"
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq time >/dev/null \
        || { log "cannot install 'time'"; exit 2; }
fi
py=python3
for cand in "$out/venv/bin/python" python3; do
    if "$cand" -c 'import duckdb' 2>/dev/null || "$cand" -c 'import polars' 2>/dev/null; then py=$cand; break; fi
done

if [ "$build" -eq 1 ]; then
    log "swift build -c release"
    (cd "$repo" && swift build -c release 2>&1 | tail -3) >&2 || { log "swift build failed"; exit 2; }
fi
UP="$repo/.build/release/unitpipe"
[ -x "$UP" ] || { log "no unitpipe binary at $UP (build failed?)"; exit 2; }

# --- versions --------------------------------------------------------------
declare -A ver
ver[unitpipe]="$("$UP" --version 2>&1 | head -1) ($(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?'))"
ver[unitpipe-1t]=${ver[unitpipe]}
up_threads=0
"$UP" convert --help 2>&1 | grep -q -- --threads && up_threads=1
command -v mlr  >/dev/null && ver[mlr]=$(mlr --version 2>&1 | head -1)
command -v mawk >/dev/null && ver[mawk]=$(mawk -W version 2>&1 | head -1 | awk '{print $1, $2, $3}')
command -v gawk >/dev/null && ver[gawk]=$(gawk --version 2>&1 | head -1 | cut -d, -f1)
"$py" -c 'import duckdb' 2>/dev/null && ver[duckdb]="duckdb $("$py" -c 'import duckdb; print(duckdb.__version__)') (Python $("$py" -c 'import platform; print(platform.python_version())'))"
command -v frictionless >/dev/null && ver[frictionless]="frictionless $(frictionless --version 2>/dev/null | head -1)"
"$py" -c 'import polars' 2>/dev/null && ver[polars]="polars $("$py" -c 'import polars; print(polars.__version__)') (Python $("$py" -c 'import platform; print(platform.python_version())'))"

declare -A note
note[unitpipe]="default threads"
note[unitpipe-1t]="--threads 1"
ver[unitpipe-gzin]=${ver[unitpipe]} ver[unitpipe-gzout]=${ver[unitpipe]} ver[unitpipe-zstout]=${ver[unitpipe]} ver[unitpipe-null]=${ver[unitpipe]}
note[unitpipe-null]="the output thrown away (-o /dev/null): the conversion without the cost of the output file"
note[unitpipe-gzin]="task A only: the input gzip-compressed (gzip -6, made once; MB/s counts the plain bytes), plain output"
note[unitpipe-gzout]="task A only: -o FILE.gz (libdeflate level 1, a member per chunk, compressed by the workers)"
note[unitpipe-zstout]="task A only: -o FILE.zst (libzstd level 1, a frame per chunk, compressed by the workers)"
ver[validate]=${ver[unitpipe]} ver[validate-1t]=${ver[unitpipe]}
note[validate]="unitpipe validate -c distance_km -c temp_c (the columns convert converts); writes only the error report"
note[validate-1t]="the same, --threads 1"
ver[validate-schema]=${ver[unitpipe]}
note[validate-schema]="unitpipe validate --schema bench/peers/schema-full-TASK.json: all 8 fields typed and checked (integer, string maxLength, numbers with bounds and, for B, decimalChar/groupChar, a date with a minimum); writes only the error report"
note[frictionless]="frictionless validate --schema bench/peers/schema-TASK.json (distance_km, temp_c numbers); opt in with --tools …,frictionless (slow)"
note[mlr]="CSV-correct; task B: gsub to C spelling in the DSL"
note[mawk]="**incorrect**: naive split on the delimiter (quoted fields shift columns); CONVFMT=%.17g"
note[gawk]=${note[mawk]}
note[duckdb]="SET threads=2; all_varchar + CAST; includes Python start + import"
note[polars]="POLARS_MAX_THREADS=2; scan_csv/sink_csv; includes Python start + import"
[ -n "${ver[polars]:-}" ] && ver[polars-null]=${ver[polars]}
note[polars-null]="the same, sink_csv to /dev/null"

# --- the command of each tool: sets cmd (array) and stdout_to (file or "") ---
AWK_A='BEGIN { FS = OFS = ","; CONVFMT = OFMT = "%.17g" } NR == 1 { print; next }
       { $3 = $3 / 1.609344; $4 = $4 * 9 / 5 + 32; print }'
AWK_B='function de(s) { gsub(/\./, "", s); sub(/,/, ".", s); return s + 0 }
       BEGIN { FS = OFS = ";"; CONVFMT = OFMT = "%.17g" } NR == 1 { print; next }
       { $3 = de($3) / 1.609344; $4 = de($4) * 9 / 5 + 32; print }'
MLR_A='$distance_km = $distance_km / 1.609344; $temp_c = $temp_c * 9 / 5 + 32'
MLR_B='func de(str s): num { return float(sub(gsub(s, "\.", ""), ",", ".")) }
       $distance_km = de(string($distance_km)) / 1.609344; $temp_c = de(string($temp_c)) * 9 / 5 + 32'
tool_cmd() {  # tool task input output
    local tool=$1 task=$2 in=$3 o=$4
    stdout_to=""
    # The -null rows run the same command with the output thrown away.
    [[ "$tool" == *-null ]] && o=/dev/null
    local upargs=(convert "$in" -c distance_km:km:mi -c temp_c:degC:degF -o "$o")
    [ "$task" = B ] && upargs+=(--locale de_DE)
    case "$tool" in
        unitpipe|unitpipe-null) cmd=("$UP" "${upargs[@]}") ;;
        unitpipe-1t) cmd=("$UP" "${upargs[@]}" --threads 1) ;;
        unitpipe-gzin) cmd=("$UP" convert "$in.gz" -c distance_km:km:mi -c temp_c:degC:degF -o "$o") ;;
        unitpipe-gzout|unitpipe-zstout) cmd=("$UP" "${upargs[@]}") ;;
        validate|validate-1t)
             cmd=("$UP" validate "$in" -c distance_km -c temp_c -e "$o")
             [ "$task" = B ] && cmd+=(--locale de_DE)
             [ "$tool" = validate-1t ] && cmd+=(--threads 1) ;;
        validate-schema) cmd=("$UP" validate "$in" --schema "$here/peers/schema-full-$task.json" -e "$o") ;;
        frictionless) cmd=(frictionless validate --trusted --schema "$here/peers/schema-$task.json" "$in"); stdout_to=$o ;;
        mlr) if [ "$task" = A ]; then cmd=(mlr --icsv --ocsv put "$MLR_A" "$in")
             else cmd=(mlr --icsv --ocsv --ifs ';' --ofs ';' put "$MLR_B" "$in"); fi
             stdout_to=$o ;;
        mawk|gawk) if [ "$task" = A ]; then cmd=("$tool" "$AWK_A" "$in"); else cmd=("$tool" "$AWK_B" "$in"); fi
             stdout_to=$o ;;
        duckdb) cmd=("$py" "$here/peers/duckdb_convert.py" "$task" "$in" "$o") ;;
        polars|polars-null) cmd=(env POLARS_MAX_THREADS=2 "$py" "$here/peers/polars_convert.py" "$task" "$in" "$o") ;;
    esac
}
available() {
    case "$1" in
        unitpipe) return 0 ;;
        unitpipe-1t|validate-1t) [ "$up_threads" -eq 1 ] ;;
        unitpipe-gzin|unitpipe-gzout|unitpipe-zstout) command -v gzip >/dev/null && command -v zstd >/dev/null ;;
        validate|validate-schema) "$UP" validate --help >/dev/null 2>&1 ;;
        *) [ -n "${ver[$1]:-}" ] ;;
    esac
}

# --- one timed run: sets wall (seconds), rss (KiB), rc ----------------------
tv="$out/.time-v" errf="$out/.stderr"
run_once() {
    local t0 t1
    # Untimed: write back what earlier runs left dirty, so no run pays for another's writeback.
    sync
    t0=$(date +%s%N)
    if [ -n "$stdout_to" ]; then
        /usr/bin/time -v -o "$tv" "${cmd[@]}" >"$stdout_to" 2>"$errf"
    else
        /usr/bin/time -v -o "$tv" "${cmd[@]}" >/dev/null 2>"$errf"
    fi
    rc=$?
    t1=$(date +%s%N)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tv")
    # CPU seconds, user + system, of the command and its children (GNU time's rusage).
    cpu_s=$(awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { printf "%.2f", s }' "$tv")
    # GNU time reports the child's status too; prefer it (time's own rc is the same)
    local st; st=$(awk -F': ' '/Exit status/ { print $2 }' "$tv"); [ -n "$st" ] && rc=$st
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# --- data ------------------------------------------------------------------
gen_stamp=$(cat "$here/generate.py" | md5sum | cut -c1-12)
data_file() { echo "$out/data-$1-$2-s$seed.csv"; }
for n in "${sizes[@]}"; do
    for task in A B; do
        has_task "$task" || continue
        f=$(data_file "$task" "$n")
        if [ -s "$f" ] && [ "$(cat "$f.stamp" 2>/dev/null)" = "$gen_stamp" ]; then continue; fi
        log "generating $f"
        t0=$(date +%s)
        python3 "$here/generate.py" --rows "$n" --task "$task" --seed "$seed" -o "$f" || { log "generate failed"; exit 2; }
        echo "$gen_stamp" >"$f.stamp"
        log "  ($(($(date +%s) - t0)) s)"
    done
done

# --- ratios to each peer and the targets, from this run's medians -------------
ratio() { awk -v u="$1" -v p="$2" 'BEGIN { printf "%.2f", u / p }'; }
ratios() {  # every unitpipe row against every peer row, per task: unitpipe wall / peer wall, and CPU / CPU
    local peers=() p t u line un pn
    for p in ${tools//,/ }; do [[ "$p" == unitpipe* || "$p" == validate* ]] || peers+=("$p"); done
    echo
    echo "Ratios (unitpipe wall / peer wall, then unitpipe CPU / peer CPU, user + system; below 1 is faster or cheaper than the peer):"
    echo
    line="| unitpipe row | task"; local sep="|---|---"
    for p in "${peers[@]}"; do line+=" | / $p"; sep+="|---:"; done
    echo "$line |"; echo "$sep|"
    for u in unitpipe unitpipe-1t unitpipe-gzin unitpipe-gzout unitpipe-zstout unitpipe-null validate validate-1t validate-schema; do
        for t in A B; do
            [ -n "${medv[$u,$t]:-}" ] || continue
            line="| $u | $t"
            for p in "${peers[@]}"; do
                # Output thrown away against output thrown away only, a file against a file.
                if [[ "$u" == *-null ]]; then un=1; else un=0; fi
                if [[ "$p" == *-null ]]; then pn=1; else pn=0; fi
                if [ "$un" != "$pn" ]; then line+=" | —"; continue; fi
                if [ -n "${medv[$p,$t]:-}" ]; then
                    line+=" | $(ratio "${medv[$u,$t]}" "${medv[$p,$t]}") (CPU $(ratio "${cpuv[$u,$t]}" "${cpuv[$p,$t]}"))"
                else
                    line+=" | —"
                fi
            done
            echo "$line |"
        done
    done
}
target_line() {  # label value limit unit
    awk -v l="$1" -v v="$2" -v lim="$3" -v u="$4" \
        'BEGIN { printf "| %s | %s%s | ≤ %s%s | %s |\n", l, v, u, lim, u, (v + 0 <= lim + 0) ? "met" : "**missed**" }'
}
targets() {
    local t u one pol
    echo
    echo "| target | this run | target | |"
    echo "|---|---:|---:|---|"
    for t in A B; do
        u=${medv[unitpipe,$t]:-} one=${medv[unitpipe-1t,$t]:-} pol=${medv[polars,$t]:-}
        [ -n "$pol" ] || continue
        [ -n "$u" ] && target_line "task $t, default threads / Polars (2 threads)" "$(ratio "$u" "$pol")" 0.5 "×"
        [ -n "$one" ] && target_line "task $t, --threads 1 / Polars (2 threads)" "$(ratio "$one" "$pol")" 1 "×"
    done
    for t in A B; do
        [ -n "${cpuv[unitpipe,$t]:-}" ] && [ -n "${cpuv[polars,$t]:-}" ] \
            && target_line "task $t, CPU (user + system), default threads / Polars" "$(ratio "${cpuv[unitpipe,$t]}" "${cpuv[polars,$t]}")" 0.35 "×"
        [ -n "${cpuv[unitpipe-null,$t]:-}" ] && [ -n "${cpuv[polars-null,$t]:-}" ] \
            && target_line "task $t, CPU, output to /dev/null: unitpipe / Polars" "$(ratio "${cpuv[unitpipe-null,$t]}" "${cpuv[polars-null,$t]}")" 0.35 "×"
        [ -n "${cpuv[unitpipe,$t]:-}" ] && [ -n "${cpuv[unitpipe-1t,$t]:-}" ] \
            && target_line "task $t, CPU of default threads / --threads 1" "$(ratio "${cpuv[unitpipe,$t]}" "${cpuv[unitpipe-1t,$t]}")" 1.05 "×"
    done
    for t in A B; do
        [ -n "${medv[unitpipe-null,$t]:-}" ] && [ -n "${medv[polars-null,$t]:-}" ] || continue
        echo "| task $t, output to /dev/null: unitpipe / Polars | $(ratio "${medv[unitpipe-null,$t]}" "${medv[polars-null,$t]}")× | | (no target) |"
    done
    local a=${medv[unitpipe,A]:-} b=${medv[unitpipe,B]:-} z
    for z in unitpipe-gzin unitpipe-gzout unitpipe-zstout; do
        [ -n "$a" ] && [ -n "${medv[$z,A]:-}" ] || continue
        if [ "$z" = unitpipe-gzout ]; then
            target_line "task A, -o FILE.gz / plain output (default threads)" "$(ratio "${medv[$z,A]}" "$a")" 1.5 "×"
        else
            echo "| task A, $z / plain (default threads) | $(ratio "${medv[$z,A]}" "$a")× | | (no target) |"
        fi
    done
    for t in A B; do
        # validate at 0.95× convert's speed or better, per cell: CPU per checked cell (8 a row) at
        # most convert's per converted cell (2 a row) ÷ 0.95; and the whole runs side by side.
        [ -n "${cpuv[unitpipe,$t]:-}" ] && [ -n "${cpuv[validate-schema,$t]:-}" ] || continue
        target_line "task $t, validate --schema CPU per checked cell / convert CPU per converted cell" \
            "$(awk -v v="${cpuv[validate-schema,$t]}" -v c="${cpuv[unitpipe,$t]}" 'BEGIN { printf "%.2f", (v / 8) / (c / 2) }')" 1.05 "×"
        echo "| task $t, validate --schema (8 fields) CPU / convert (2 columns) CPU, whole runs | $(ratio "${cpuv[validate-schema,$t]}" "${cpuv[unitpipe,$t]}")× | | (no target) |"
    done
    if [ -n "$a" ] && [ -n "$b" ]; then
        target_line "task B / task A" "$(ratio "$b" "$a")" 1.15 "×"
    fi
    local peak=0 k
    for k in "${!rssv[@]}"; do
        [[ "$k" == unitpipe* || "$k" == validate* ]] && peak=$(awk -v p="$peak" -v r="${rssv[$k]}" 'BEGIN { print (r > p) ? r : p }')
    done
    target_line "unitpipe peak RSS, any task and thread count" "$peak" 32 " MiB"
    local peer task slower="" compared=0
    for peer in duckdb polars mlr; do
        for task in A B; do
            [ -n "${medv[$peer,$task]:-}" ] && [ -n "${medv[unitpipe,$task]:-}" ] || continue
            compared=$((compared + 1))
            awk -v u="${medv[unitpipe,$task]}" -v p="${medv[$peer,$task]}" 'BEGIN { exit !(u < p) }' \
                || slower+=" $peer/$task"
        done
    done
    if [ "$compared" -eq 0 ]; then
        echo "| faster than DuckDB, Polars and Miller | no peer run | | — |"
    else
        echo "| faster than DuckDB, Polars and Miller ($compared comparisons) | ${slower:-yes} | | $([ -z "$slower" ] && echo met || echo "**missed**: slower than$slower") |"
    fi
}

# --- measure -----------------------------------------------------------------
status=0
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
for n in "${sizes[@]}"; do
    declare -A res=() medv=() rssv=() cpuv=()
    verify_lines=()
    # Each tool's warm-up (also the probe) for each task, then the timed runs in rounds, one run
    # of every tool and task a round, so that a machine whose speed drifts over minutes slows
    # every tool and both tasks alike.
    declare -A inp=() linesv=() outp=() wallsv=() rsssv=() cpusv=()
    pairs=()
    for task in A B; do
        has_task "$task" || continue
        in=$(data_file "$task" "$n")
        inp[$task]=$in
        bytes=$(stat -L -c %s "$in")
        declare "bytes_$task=$bytes"
        cat "$in" >/dev/null   # warm the page cache
        linesv[$task]=$(wc -l <"$in")
        # The compressed rows: task A only; the gzip input is made once per data file.
        if [ "$task" = A ] && [[ ",$tools," == *",unitpipe-gzin,"* ]] && { [ ! -s "$in.gz" ] || [ "$in.gz" -ot "$in" ]; }; then
            log "compressing $in (gzip -6)"; gzip -6 -c "$in" >"$in.gz"
        fi
        for tool in ${tools//,/ }; do
            available "$tool" || continue
            o="$out/result-$tool-$task-$n.csv"
            case "$tool" in
                unitpipe-gzin|unitpipe-gzout|unitpipe-zstout) [ "$task" = A ] || continue ;;
            esac
            case "$tool" in unitpipe-gzout) o+=".gz" ;; unitpipe-zstout) o+=".zst" ;; esac
            outp[$tool,$task]=$o
            tool_cmd "$tool" "$task" "$in" "$o"
            log "$n rows, task $task: $tool (warm-up)"
            run_once   # the warm-up, or with --warmups 0 the first timed run; also the probe
            if [[ "$tool" == unitpipe* && "$task" = B && "$rc" -eq 2 ]] && grep -qi 'unsupported locale' "$errf"; then
                res[$tool,$task]="n/a (locale support pending)"; continue
            fi
            if [ "$rc" -ne 0 ]; then
                res[$tool,$task]="failed (exit $rc: $(head -c 120 "$errf" | tr '\n|' '  '))"; status=1; continue
            fi
            pairs+=("$tool,$task")
            wallsv[$tool,$task]="" rsssv[$tool,$task]="" cpusv[$tool,$task]=""
            if [ "$warmups" -eq 0 ]; then wallsv[$tool,$task]=$wall rsssv[$tool,$task]=$rss cpusv[$tool,$task]=$cpu_s; fi
        done
    done
    first=0
    [ "$warmups" -eq 0 ] && first=1
    for ((i = first; i < runs; i++)); do
        log "$n rows: round $((i + 1)) of $runs (${pairs[*]})"
        for pair in "${pairs[@]}"; do
            [ -n "${res[$pair]:-}" ] && continue   # failed in an earlier round
            tool=${pair%,*} task=${pair#*,}
            tool_cmd "$tool" "$task" "${inp[$task]}" "${outp[$pair]}"
            run_once
            if [ "$rc" -ne 0 ]; then res[$pair]="failed on run $((i + 1)) (exit $rc)"; status=1; continue; fi
            wallsv[$pair]+=" $wall" rsssv[$pair]+=" $rss" cpusv[$pair]+=" $cpu_s"
        done
    done
    for pair in "${pairs[@]}"; do
        [ -z "${res[$pair]:-}" ] || continue
        tool=${pair%,*} task=${pair#*,}
        in=${inp[$task]} o=${outp[$pair]} lines_in=${linesv[$task]}
        v="bytes_$task"; bytes=${!v}
        read -ra walls <<<"${wallsv[$pair]}"
        read -ra rsss <<<"${rsssv[$pair]}"
        med=$(printf '%s\n' "${walls[@]}" | median)
        lo=$(printf '%s\n' "${walls[@]}" | sort -g | head -1)
        hi=$(printf '%s\n' "${walls[@]}" | sort -g | tail -1)
        maxrss=$(printf '%s\n' "${rsss[@]}" | sort -g | tail -1)
        read -ra cpus <<<"${cpusv[$pair]}"
        medcpu=$(printf '%s\n' "${cpus[@]}" | median)
        medv[$tool,$task]=$med cpuv[$tool,$task]=$medcpu
        rssv[$tool,$task]=$(awk -v r="$maxrss" 'BEGIN { printf "%.1f", r / 1024 }')
        case "$tool" in
            *-null) lines_out=$lines_in ;;   # nothing kept to count
            *) case "$o" in
            *.gz) lines_out=$(gzip -dc "$o" | wc -l) ;;
            *.zst) lines_out=$(zstd -dc "$o" | wc -l) ;;
            *) lines_out=$(wc -l <"$o") ;;
            esac ;;
        esac
        rows_note=""
        # validate writes only its report (a header line for a clean file); the others every row
        case "$tool" in
            validate*) [ "$lines_out" -eq 1 ] || rows_note=" ⚠ $((lines_out - 1)) cells reported" ;;
            frictionless) ;;
            *) [ "$lines_out" -eq "$lines_in" ] || rows_note=" ⚠ $((lines_out - 1)) rows out" ;;
        esac
        res[$tool,$task]=$(awk -v m="$med" -v lo="$lo" -v hi="$hi" -v c="$medcpu" -v b="$bytes" -v r="$maxrss" -v rn="$rows_note" \
            'BEGIN { printf "%.2f (%.2f–%.2f) | %.2f | %.1f | %.0f%s", m, lo, hi, c, b / m / 1e6, r / 1024, rn }')
        # verify unitpipe's output once per size and task
        if [ "$tool" = unitpipe ]; then
            log "verifying unitpipe task $task output"
            vout=$(python3 "$here/verify.py" --task "$task" --seed "$seed" "$in" "$o" 2>&1); vrc=$?
            verify_lines+=("task $task: $(tail -1 <<<"$vout" | sed "s/^verify: //") (details: bench/out/verify-$task-$n.log)")
            printf '%s\n' "$vout" >"$out/verify-$task-$n.log"
            [ "$vrc" -eq 0 ] || status=1
        fi
    done
    # The peers' outputs go once measured (unitpipe's is kept for inspection).
    for pair in "${pairs[@]}"; do
        [ "$keep" -eq 1 ] || [ "${pair%,*}" = unitpipe ] || rm -f "${outp[$pair]}"
    done

    # --- report ---
    report="$out/results-$n.md"
    {
        echo "### unitpipe benchmark: $n rows"
        echo
        echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($cpu), $(free -g | awk '/Mem:/ { print $2 }') GiB, $(uname -sr); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
        for task in A B; do
            has_task "$task" || continue
            v="bytes_$task"; echo "- task $task input: $(data_file "$task" "$n" | sed "s|$repo/||"), ${!v} bytes ($(awk -v b="${!v}" 'BEGIN { printf "%.1f", b / 1e6 }') MB), seed $seed"
        done
        echo "- wall seconds: median of $runs runs after $warmups warm-up run(s) of each tool and task, the timed runs in rounds (one run of every tool and task a round), warm page cache (min–max in parentheses); CPU s = median user + system seconds (on N cores a run can use up to N times its wall time); MB/s = input MB (10^6 bytes) / median wall; peak RSS = max over the runs (MiB)"
        for l in "${verify_lines[@]}"; do echo "- unitpipe output check, $l"; done
        echo
        hdr="| tool | version"; sep="|---|---"
        for task in A B; do
            has_task "$task" || continue
            hdr+=" | $task wall s | $task CPU s | $task MB/s | $task peak RSS MiB"; sep+="|---:|---:|---:|---:"
        done
        echo "$hdr | notes |"; echo "$sep|---|"
        for tool in ${tools//,/ }; do
            available "$tool" || continue
            line="| $tool | ${ver[$tool]}"
            for task in A B; do
                has_task "$task" || continue
                r=${res[$tool,$task]:-not run}
                if [[ "$r" == *"|"* ]]; then line+=" | $r"; else line+=" | $r | | | "; fi
            done
            echo "$line | ${note[$tool]} |"
        done
        if [ "$up_threads" -ne 1 ]; then
            echo; echo "(no unitpipe-1t row: \`unitpipe convert --help\` lists no --threads option yet)"
        fi
        ratios
        targets
    } >"$report"
    echo
    cat "$report"
    unset res
done
exit "$status"
