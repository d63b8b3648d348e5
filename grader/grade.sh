#!/bin/sh
# grade.sh: run the graded tests of some labs and print the scoreboard.
#
#   grader/grade.sh BUILD_DIR TREE BACKEND LAB...
#     BUILD_DIR  where `make` put the test programs (build/emu-none, ...)
#     TREE       labs (a student's work) or solutions (the reference)
#     BACKEND    cuda (a real GPU) or emu (the CPU emulator)
#     LAB...     lab folder names, e.g. 02-naive-scan
#
# Environment:
#   FILTER   run only the tests Criterion's --filter selects, e.g. 'tiled/*'
#   ORDERS   under the emulator, the thread orders to grade in
#            (default "forward reverse": a missing barrier shows in one)
#   CHECK    race | memory: on the GPU, run under compute-sanitizer's
#            racecheck or memcheck (the emulator's checks are compiled in)
#   EXPECT   full | zero: exit 1 unless every test passed / none passed and
#            none crashed (`make test` grades solutions and skeletons so)
#
# Each lab's test program runs once per thread order; its TAP output and
# everything it printed stay in BUILD_DIR/grade/TREE/ for a closer look.
set -u
build=$1 tree=$2 backend=$3
shift 3
here=$(dirname "$0")
out=$build/grade/$tree
mkdir -p "$out"
rm -f "$out"/*.tap "$out"/*.log "$out/results"

if [ "$backend" = emu ]; then
    orders=${ORDERS:-forward reverse}
    describe="the CPU emulator (thread orders: $orders)"
else
    orders=gpu
    describe="the GPU ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true))"
fi

# On a GPU the extra checks come from compute-sanitizer. It cannot follow
# the processes Criterion forks for its tests, so it runs each lab's
# driver (make run) instead, at sizes that cross block and tile edges.
sanitizer=""
case "$backend:${CHECK:-none}" in
cuda:memory) sanitizer="compute-sanitizer --tool memcheck --leak-check full" ;;
cuda:race) sanitizer="compute-sanitizer --tool racecheck --racecheck-report hazard" ;;
esac
[ -n "$sanitizer" ] && describe="$describe, with $sanitizer"

# Under the emulator the checks are compiled in (make CHECK=...): a race or
# a bad access stops the test at the first report, which names the lines.
if [ "$backend" = emu ] && [ "${CHECK:-none}" != none ]; then
    export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
    export ASAN_OPTIONS="halt_on_error=1 ${ASAN_OPTIONS:-}"
    describe="$describe, CHECK=$CHECK"
fi

# Run lab $1's driver under the sanitizer; a finding fails the lab.
sanitize_lab() {
    driver=$build/$tree/$1/run
    [ -x "$driver" ] || return 0
    log=$out/$1.sanitizer.log
    : >"$log"
    for n in 33 1025 65537 1048577; do
        $sanitizer --error-exitcode 86 "$driver" "$n" 0x5eed random >>"$log" 2>&1 </dev/null
        if [ $? -eq 86 ]; then
            printf '%s\tgpu\tcheck::%s\tfail\t%s found errors at n = %s: see %s\n' \
                "$1" "$CHECK" "${sanitizer%% --*}" "$n" "$log" >>"$out/results"
            return
        fi
    done
}

# Fail every rubric test of lab $1 with the message $2 (a lab whose test
# program is missing or does not start earns nothing, and says why).
fail_whole_lab() {
    awk -v lab="$1" -v order="$2" -v message="$3" 'BEGIN { OFS = "\t" }
        !/^#/ && $1 == lab { print lab, order, $2, "fail", message }' "$here/rubric.txt" >>"$out/results"
}

for lab in "$@"; do
    program=$build/$tree/$lab/tests
    if [ ! -x "$program" ]; then
        fail_whole_lab "$lab" build "does not compile: see the compiler's messages above (make build LAB=${lab%%-*} TREE=$tree)"
        continue
    fi
    for order in $orders; do
        tap=$out/$lab.$order.tap
        SCANLAB_EMU_ORDER=$order "$program" --tap="$tap" ${FILTER:+--filter="$FILTER"} \
            >"$out/$lab.$order.log" 2>&1 </dev/null
        if [ ! -s "$tap" ]; then
            fail_whole_lab "$lab" "$order" "the test program did not start: see $out/$lab.$order.log"
            continue
        fi
        # A crash message gains the sanitizer's one-line summary, if any.
        summary=$(grep -m 1 '^SUMMARY: ' "$out/$lab.$order.log")
        awk -f "$here/tools/tap-results.awk" "$tap" |
            awk -v lab="$lab" -v order="$order" -v summary="$summary" 'BEGIN { FS = OFS = "\t" }
                $2 == "fail" && $3 ~ /^crashed/ && summary != "" { $3 = $3 "\037" summary }
                { print lab, order, $0 }' >>"$out/results"
    done
    [ -n "$sanitizer" ] && sanitize_lab "$lab"
done

colour=0
[ -t 1 ] && [ -z "${NO_COLOR:-}" ] && colour=1
echo "ScanLab scoreboard: $tree/ graded on $describe"
echo
awk -v expect="${EXPECT:-}" -v colour="$colour" -v backend="$backend" -v tree="$tree" \
    -v filter="${FILTER:-}" -f "$here/tools/scoreboard.awk" "$here/rubric.txt" "$out/results"
status=$?
echo "logs: $out/"
exit $status
