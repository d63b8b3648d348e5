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

for lab in "$@"; do
    program=$build/$tree/$lab/tests
    for order in $orders; do
        tap=$out/$lab.$order.tap
        SCANLAB_EMU_ORDER=$order "$program" --tap="$tap" ${FILTER:+--filter="$FILTER"} \
            >"$out/$lab.$order.log" 2>&1 </dev/null
        if [ ! -s "$tap" ]; then
            printf 'not ok - %s::program did not run: see %s\n' "$lab" "$out/$lab.$order.log" >"$tap"
        fi
        awk -f "$here/tools/tap-results.awk" "$tap" |
            awk -v lab="$lab" -v order="$order" 'BEGIN { OFS = "\t" } { print lab, order, $0 }' >>"$out/results"
    done
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
