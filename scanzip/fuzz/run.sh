#!/bin/sh
# run.sh: a bounded fuzzing run of scanzip's decoder (make fuzz).
#
#   scanzip/fuzz/run.sh FUZZER SCANZIP SECONDS WORK_DIR
#
#   1. seeds: small files compressed by scanzip itself with every method,
#      width and a few chunk sizes and shapes (nothing binary committed;
#      the sawtooth's cascade chunks are delta first);
#   2. replay: every file of scanzip/fuzz/regressions/ (the inputs that
#      once crashed the decoder) runs once through FUZZER; any failure
#      stops here;
#   3. fuzz for SECONDS, from WORK_DIR/corpus (kept between runs) and the
#      seeds. An input that crashes is copied to scanzip/fuzz/regressions/
#      (commit it with the fix) and the run fails.
#
# Needs clang with libFuzzer (grader/tools/install-deps.sh clang).
set -eu
[ $# -eq 4 ] || { echo "usage: scanzip/fuzz/run.sh FUZZER SCANZIP SECONDS WORK_DIR" >&2; exit 2; }
fuzzer=$1 scanzip=$2 seconds=$3 work=$4
regressions=scanzip/fuzz/regressions
rm -rf "$work/seeds" "$work/crashes" "$work/inputs"
mkdir -p "$work/seeds" "$work/corpus" "$work/crashes" "$work/inputs"

# ---- 1. seeds ----
awk 'BEGIN { for (i = 0; i < 700; i++) printf "%c", 65 + int(i / 37) % 5 }' >"$work/inputs/runs"
awk 'BEGIN { for (i = 0; i < 600; i++) printf "%c", i % 256 }' >"$work/inputs/sawtooth"
awk 'BEGIN { srand(11); for (i = 0; i < 301; i++) printf "%c", int(rand() * 256) }' >"$work/inputs/random"
awk 'BEGIN { for (i = 0; i < 900; i++) printf "%c", (i < 600 ? 0 : 200) }' >"$work/inputs/long-runs"
printf 'x' >"$work/inputs/one-byte"
: >"$work/inputs/empty"
count=0
for input in "$work"/inputs/*; do
    for method in stored rle8 rle pack cascade auto; do
        for width in 8 16 32; do
            for chunk in 16777216 50; do
                "$scanzip" compress -q -f -m $method -w $width --chunk $chunk --frame 7 \
                    -o "$work/seeds/$(basename "$input").$method.$width.$chunk.scz" "$input"
                count=$((count + 1))
            done
        done
    done
done
# without --frame: pack and cascade choose each chunk's frame length
for input in "$work"/inputs/*; do
    for method in pack cascade auto; do
        "$scanzip" compress -q -f -m $method --chunk 50 -o "$work/seeds/$(basename "$input").$method.chosen.scz" "$input"
        count=$((count + 1))
    done
done
for axis in x y z; do
    "$scanzip" compress -q -f --shape 7,9,10 --axis $axis --chunk 100 -m cascade \
        -o "$work/seeds/volume.$axis.scz" "$work/inputs/long-runs"
    count=$((count + 1))
done
echo "  FUZZ  $count seeds made by $scanzip"

# ---- 2. replay ----
replay=$(find "$regressions" -type f ! -name README.md | sort)
if [ -n "$replay" ]; then
    echo "  FUZZ  replaying $(echo "$replay" | wc -l) regression inputs of $regressions"
    # shellcheck disable=SC2086 # one argument per file
    "$fuzzer" $replay >"$work/replay.log" 2>&1 || {
        tail -40 "$work/replay.log"
        echo "fuzz: a regression input of $regressions fails again (log: $work/replay.log)" >&2
        exit 1
    }
fi

# ---- 3. fuzz ----
echo "  FUZZ  $seconds s of $fuzzer (log: $work/fuzz.log)"
status=0
"$fuzzer" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -malloc_limit_mb=512 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$work/crashes/" "$work/corpus" "$work/seeds" >"$work/fuzz.log" 2>&1 ||
    status=$?
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$work/fuzz.log" | sed 's/^/        /'
grep -E '#[0-9]+ *DONE' "$work/fuzz.log" | tail -1 | sed 's/^/        /'
found=$(find "$work/crashes" -type f | sort)
if [ $status -ne 0 ] || [ -n "$found" ]; then
    grep -E 'ERROR|SUMMARY|==[0-9]+==' "$work/fuzz.log" | head -20 >&2
    for crash in $found; do
        cp "$crash" "$regressions/$(basename "$crash")"
        echo "fuzz: kept $regressions/$(basename "$crash"): reproduce with $fuzzer $regressions/$(basename "$crash")" >&2
    done
    echo "fuzz: the decoder failed (exit $status); see $work/fuzz.log" >&2
    exit 1
fi
echo "  FUZZ  no crash, leak, hang or oversize allocation"
