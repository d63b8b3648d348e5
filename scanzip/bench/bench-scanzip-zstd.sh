#!/bin/bash
# bench-scanzip-zstd.sh: scanzip's CPU engine beside zstd -1 where runs
# are the data (the tiled atlas, the zeros), per core and with every
# core: the median of REPS runs each, file to file (make bench-scanzip-zstd).
#
#   scanzip/bench/bench-scanzip-zstd.sh SCANZIP DATA_DIR CSV [REPS]
#
# Per core is OMP_NUM_THREADS=1 for scanzip and -T1 for zstd (which still
# reads and writes on a second thread: its CPU seconds say so); "all" is
# every core (OpenMP's default, zstd -T0). Each output goes to a fresh
# name (removed before, outside the time): replacing a file costs a
# file system more than writing it. The tools take turns, run by run.
# One CSV row a file, tool and thread count, wall and CPU (user + system)
# seconds, each the median:
#
#   date,machine,file,tool,threads,compress_s,compress_cpu_s,decompress_s,decompress_cpu_s
set -eu
scanzip=$1 data=$2 csv=$3 reps=${4:-9}
command -v zstd >/dev/null || { echo "bench-scanzip-zstd.sh: zstd is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
day=$(date +%Y-%m-%d)
machine="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 | tr -s ' ' | tr ',' ' ') x $(nproc)"
TIMEFORMAT='%R %U %S'
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# timed LOG COMMAND...: run it, its wall, user and system seconds added to LOG.
timed() { log=$1; shift; { time "$@" >/dev/null; } 2>>"$log"; }

runs="scanzip:1 zstd:1 scanzip:all zstd:all"
echo "date,machine,file,tool,threads,compress_s,compress_cpu_s,decompress_s,decompress_cpu_s" >"$csv"
for file in brodmann-512.raw zeros.raw; do
    [ -f "$data/$file" ] || { echo "bench-scanzip-zstd.sh: no $data/$file: run make data" >&2; exit 1; }
    rm -f "$work"/*.log
    for rep in $(seq "$reps"); do
        for run in $runs; do
            tool=${run%:*} threads=${run#*:}
            packed="$work/packed" out="$work/out"
            rm -f "$packed" "$out"
            if [ "$tool" = scanzip ]; then
                cores=$([ "$threads" = 1 ] && echo OMP_NUM_THREADS=1 || echo -u OMP_NUM_THREADS)
                timed "$work/$run.c" env $cores "$scanzip" -q -o "$packed" "$data/$file"
                timed "$work/$run.d" env $cores "$scanzip" -d -q -o "$out" "$packed"
            else
                t=$([ "$threads" = 1 ] && echo -T1 || echo -T0)
                timed "$work/$run.c" zstd -1 "$t" -q -o "$packed" "$data/$file"
                timed "$work/$run.d" zstd -d "$t" -q -o "$out" "$packed"
            fi
            cmp -s "$data/$file" "$out" || { echo "bench-scanzip-zstd.sh: $tool did not give $file back" >&2; exit 1; }
        done
    done
    for run in $runs; do
        tool=${run%:*} threads=${run#*:}
        [ "$threads" = all ] && threads="all ($(nproc))"
        [ "$tool" = zstd ] && tool="zstd -1"
        printf '%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$day" "$machine" "$file" "$tool" "$threads" \
            "$(awk '{ print $1 }' "$work/$run.c" | median)" "$(awk '{ print $2 + $3 }' "$work/$run.c" | median)" \
            "$(awk '{ print $1 }' "$work/$run.d" | median)" "$(awk '{ print $2 + $3 }' "$work/$run.d" | median)" >>"$csv"
    done
done
if command -v column >/dev/null; then column -s, -t <"$csv"; else cat "$csv"; fi
