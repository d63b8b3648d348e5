#!/bin/sh
# test-gpu-lock.sh: the lock that grades sharing a GPU take
# (grader/lib/gpu-lock.sh, perf.c's lock_gpu; docs/instructors.md#batch), checked
# without a GPU, with flock(1) and a perf program built for the emulator.
# Once, a lock that lost its command's exit status hid every GPU check;
# these are the promises the batch's speed and steady timings rest on:
#
#   1. the command's exit status comes through, shared and alone;
#   2. a test holding the GPU shared keeps a rerun alone waiting;
#   3. a rerun alone has the GPU to itself for its window (hanging_timeout),
#      then shares it: a test waiting for it gets in then, not at its end;
#   4. writers first: while a perf program waits to time, a new test
#      waits too, and gets in only after the perf program's timed runs.
#
#   grader/test/test-gpu-lock.sh PERF_PROGRAM   (make test-gpu-lock)
# set -u only: the commands run under the lock fail on purpose, and their
# exit statuses are what it checks (shared=$?). The grade's jobs
# (grader/jobs/*.sh, set -eu) take the lock as `$lock ... || rc=$?`,
# where set -e does not stop them either.
set -u
perf=${1:?usage: test-gpu-lock.sh PERF_PROGRAM}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The lock as the grade's jobs take it (sharing_gpu, alone_on_gpu), on a
# lock file of its own; a window alone of 1 s.
. grader/lib/gpu-lock.sh
gpu_lock=$work/gpu.lock
# Every duration below is in units of `second`: 1 s on a quiet machine,
# busy_scale's multiple on a busy one (grader/lib/load.sh), so that what
# happens 0.3 s after a start here still happens in order there.
. grader/lib/load.sh
second=$(busy_scale 1)
s() { awk -v t="$1" -v unit="$second" 'BEGIN { print t * unit }'; }
[ "$second" = 1 ] || echo "  (a busy machine, $(busy_words): every duration here is $second times longer)"
failed=0
now() { date +%s.%N; }
# check WHAT CONDITION: one verdict line.
check() {
    if eval "$2"; then echo "  ok    $1"; else echo "  FAIL  $1"; failed=$((failed + 1)); fi
}
later() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }   # later A B: A >= B

# 1. Exit statuses.
sharing_gpu sh -c 'exit 5'; shared=$?
alone_on_gpu "$second" sh -c 'exit 3'; alone=$?
alone_on_gpu "$second" sh -c "sleep $(s 1.5); exit 4"; alone_long=$?
check "exit status through the lock: shared 5, alone 3, alone past its window 4 (got $shared, $alone, $alone_long)" \
    '[ "$shared" = 5 ] && [ "$alone" = 3 ] && [ "$alone_long" = 4 ]'

# 2. Alone waits for a test that holds the GPU.
start=$(now)
sharing_gpu sleep "$(s 1)" &
sleep "$(s 0.3)"
alone_on_gpu "$second" sh -c 'date +%s.%N' >"$work/alone"
wait
alone=$(awk -v a="$(cat "$work/alone")" -v s="$start" 'BEGIN { printf "%.2f", a - s }')
check "a rerun alone starts only once the test holding the GPU has ended (at $alone s; the test ran $(s 1) s)" \
    'later "$alone" "$(s 0.9)"'

# 3. Alone for its window (1 s here), then shared.
start=$(now)
alone_on_gpu "$second" sleep "$(s 3)" &
sleep "$(s 0.3)"
sharing_gpu sh -c 'date +%s.%N' >"$work/reader"
wait
entered=$(awk -v a="$(cat "$work/reader")" -v s="$start" 'BEGIN { printf "%.2f", a - s }')
check "a test waiting for a rerun alone gets in after its $second s window (at $entered s), not at its end ($(s 3) s)" \
    'later "$entered" "$(s 0.9)" && later "$(s 2.5)" "$entered"'

# 4. Writers first, with a real perf program (its timed runs under the
# emulator take about a second): a test holds the GPU for 2 s; the perf
# program sets up beside it and waits to time; a test that comes next
# must wait for the perf program's timed runs, not start beside them.
start=$(now)
sharing_gpu sleep "$(s 2)" &
sleep "$(s 0.3)"
SCANLAB_GPU_LOCK=$gpu_lock SCANLAB_EMU_ORDER=forward "$perf" 4096 0x5eed >"$work/perf.out" 2>&1 &
perf_pid=$!
sleep "$(s 0.7)"
sharing_gpu sh -c 'date +%s.%N' >"$work/late"
wait "$perf_pid"; perf_status=$?
wait
late=$(awk -v a="$(cat "$work/late")" -v s="$start" 'BEGIN { printf "%.2f", a - s }')
waited=$(sed -n 's/^perf: seconds: .*waiting for the GPU \([0-9.]*\).*/\1/p' "$work/perf.out")
check "the perf program ran and waited for the test holding the GPU (exit $perf_status, waited ${waited:-?} s)" \
    '[ "$perf_status" = 0 ] && grep -q "^perf	ok	" "$work/perf.out" && later "${waited:-0}" "$(s 1)"'
check "a test that came while the perf program waited got in after its timed runs (at $late s; the first test ended at $(s 2) s)" \
    'later "$late" "$(s 2.3)"'

if [ "$failed" -gt 0 ]; then
    echo "gpu lock: $failed failed (grader/lib/gpu-lock.sh, grader/support/perf/perf.c lock_gpu)"
    exit 1
fi
echo "gpu lock: every check passed"
