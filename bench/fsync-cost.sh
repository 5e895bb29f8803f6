#!/usr/bin/env bash
# What the durable commit costs: the same release binary writing -o over an existing file,
# alternating runs where fsync(2) is real with runs where an LD_PRELOAD library makes it a
# no-op, and the time each fsync(2) call takes. See bench/README.md.
#
#   bench/fsync-cost.sh INPUT.csv [ROUNDS]      (INPUT from bench/generate.py --task A)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
input=${1:?usage: bench/fsync-cost.sh INPUT.csv [ROUNDS]}
rounds=${2:-4}
bin="$here/../.build/release/unitpipe"
out="$here/out"
mkdir -p "$out"
printf 'int fsync(int fd) { (void)fd; return 0; }\n' > "$out/nofsync.c"
cat > "$out/timefsync.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int fsync(int fd) {
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    int result = real(fd);
    clock_gettime(CLOCK_MONOTONIC, &b);
    char line[96];
    int n = snprintf(line, sizeof line, "fsync %.4f s\n", (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
    if (write(2, line, (size_t)n) < 0) return result;
    return result;
}
C
cc -shared -fPIC -O1 -o "$out/nofsync.so" "$out/nofsync.c"
cc -shared -fPIC -O1 -o "$out/timefsync.so" "$out/timefsync.c" -ldl
args=(convert "$input" -c distance_km:km:mi -c temp_c:degC:degF -q -o "$out/fsync-out.csv" -e "$out/fsync-e.csv" -r "$out/fsync-r.csv" --summary "$out/fsync-s.json")
"$bin" "${args[@]}"
for round in $(seq "$rounds"); do
    /usr/bin/time -f "fsync   round $round: wall %e s, user %U s, sys %S s, peak RSS %M KB" "$bin" "${args[@]}"
    /usr/bin/time -f "no-op   round $round: wall %e s, user %U s, sys %S s, peak RSS %M KB" env LD_PRELOAD="$out/nofsync.so" "$bin" "${args[@]}"
done
echo "each fsync(2) of one run (output, report, rejects, summary, directory):"
LD_PRELOAD="$out/timefsync.so" "$bin" "${args[@]}"
