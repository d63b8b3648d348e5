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
#   TEST_TIMEOUT  seconds a test may run (default 150); each test is its own
#            process group, killed after that, and says "timed out"
#   JOBS     tests run at once (default: the number of CPUs)
#   TEST_MEMORY_LIMIT  MiB of address space a test may use under the
#            emulator without a CHECK (default 8192; 0: no limit): past it
#            malloc fails, so a test that exhausts memory fails alone
#   HIDDEN_SEED   the seed of the hidden tests (default: fresh each run)
#   RESULTS_JSON  path: also write Gradescope's results.json there
#   JUNIT_XML     path: also write JUnit XML there
#   PERF_N   the size the performance tests time (default 2^24 on a GPU,
#            4096 under the emulator, where they only check outputs)
#
# Each lab's test program runs once per thread order; its TAP output and
# everything it printed stay in BUILD_DIR/grade/TREE/ for a closer look.
set -u
build=$1 tree=$2 backend=$3
shift 3
here=$(dirname "$0")
out=$build/grade/$tree
mkdir -p "$out"
rm -f "$out"/*.tap "$out"/*.log "$out/results" "$out/scored"

if [ "$backend" = emu ]; then
    orders=${ORDERS:-forward reverse}
    describe="the CPU emulator (thread orders: $orders)"
else
    orders=gpu
    describe="the GPU ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true))"
fi

# Checks that cannot run inside Criterion's test processes run each lab's
# driver (make run) instead, at sizes that cross block and tile edges:
# compute-sanitizer on a GPU (it cannot follow the processes Criterion
# forks), and the emulator's race check (ThreadSanitizer and Criterion 2.4
# cannot share a process: Criterion issue #274, "Could not initialize
# inheritable arena"). The race check then gives no points, only findings.
sanitizer=""
sanitize_sizes="33 1025 65537 1048577"
case "$backend:${CHECK:-none}" in
cuda:memory) sanitizer="compute-sanitizer --tool memcheck --leak-check full --error-exitcode 86" ;;
cuda:race) sanitizer="compute-sanitizer --tool racecheck --racecheck-report hazard --error-exitcode 86" ;;
emu:race) sanitizer="env TSAN_OPTIONS=halt_on_error=1:exitcode=86" sanitize_sizes="33 1025 4097" ;;
esac
case "$sanitizer" in
compute-sanitizer*) describe="$describe; ${sanitizer%% --*} on each lab's driver" ;;
env*) describe="$describe; ThreadSanitizer on each lab's driver (findings only, no points)" ;;
esac

# Under the emulator the checks are compiled in (make CHECK=...): a race or
# a bad access stops the test at the first report, which names the lines.
if [ "$backend" = emu ] && [ "${CHECK:-none}" = memory ]; then
    export ASAN_OPTIONS="halt_on_error=1 ${ASAN_OPTIONS:-}"
    describe="$describe; AddressSanitizer (CHECK=memory)"
fi

# Run lab $1's driver under the check in every order; the first finding
# fails the lab with the checker's one-line summary.
sanitize_lab() {
    driver=$build/$tree/$1/run
    if [ ! -x "$driver" ]; then
        printf '%s\tbuild\tcheck::%s\tfail\tthe driver %s was not built\n' "$1" "$CHECK" "$driver" >>"$out/results"
        return
    fi
    log=$out/$1.sanitizer.log
    : >"$log"
    for order in $orders; do
        for n in $sanitize_sizes; do
            SCANLAB_EMU_ORDER=$order $sanitizer "$driver" "$n" 0x5eed random >>"$log" 2>&1 </dev/null
            if [ $? -eq 86 ]; then
                printf '%s\t%s\tcheck::%s\tfail\tfound at n = %s: %s (see %s)\n' "$1" "$order" "$CHECK" "$n" \
                    "$(grep -m 1 -E '^(SUMMARY: |=* *(RACECHECK|ERROR) SUMMARY)' "$log" | cut -c1-200)" "$log" >>"$out/results"
                return
            fi
        done
    done
    printf '%s\t%s\tcheck::%s\tpass\t\n' "$1" "$order" "$CHECK" >>"$out/results"
}

# ---- Running one lab's tests, each in its own process group ----------
#
# Criterion 2.4.1 has two gaps a grader must close (both checked by
# grader/tools/run-tamper.sh):
# - `--timeout` does not stop a test that has no `.timeout` of its own: it
#   runs forever. So every test runs as its own program invocation under
#   timeout(1), which kills the whole process group (Criterion's worker
#   included) after TEST_TIMEOUT seconds; Criterion gets the same limit, so
#   a test with its own `.timeout` still ends with Criterion's message.
# - A test whose process calls exit(0) is reported "ok". policy-check.sh
#   refuses any code under test that can call exit (see there).
# The verdict comes only from the TAP file Criterion's parent writes; what
# the test printed goes to a log. A TAP file that does not name exactly the
# test that was run, once, counts as a failure.
list_tests() {
    "$1" --list 2>/dev/null | awk '
        /^[A-Za-z0-9_]+: [0-9]+ tests?$/ { suite = $1; sub(/:$/, "", suite); next }
        suite != "" && NF >= 2 { print suite "::" $NF }'
}

# The names (suite::test, one a line) that FILTER selects, read as
# Criterion reads its --filter: suite/test with * and ? wildcards.
filtered() {
    awk -v f="${FILTER:-*}" 'BEGIN { gsub(/\*/, ".*", f); gsub(/\?/, ".", f); f = "^" f "$" }
        { s = $0; sub(/::/, "/", s); if (s ~ f) print }'
}

# run_test PROGRAM TAPDIR ORDER SUITE::TEST: one test, one TAP file.
run_test() {
    name=$4 suite=${4%%::*} test=${4##*::}
    base=$2/$3.$suite.$test
    seed_env=""
    if [ -n "$hidden_tests" ] && echo "$hidden_tests" | grep -qx "$name"; then seed_env="SCANLAB_SEED=$hidden_seed"; fi
    # This shell runs this one test, so the limit binds it alone.
    [ "$memory_limit" -gt 0 ] && ulimit -v $((memory_limit * 1024))
    env $seed_env SCANLAB_EMU_ORDER="$3" timeout -k 5 $((test_timeout + 30)) \
        "$1" --filter="$suite/$test" --timeout "$test_timeout" -j1 --tap="$base.tap" \
        >"$base.log" 2>&1 </dev/null
    echo $? >"$base.rc"
}

# The results of one test from its TAP file, checked for forgery.
test_result() {
    base=$1 name=$2
    rc=$(cat "$base.rc" 2>/dev/null || echo 0)
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        printf '%s\tfail\ttimed out: stopped after %s s (an endless loop, or far too slow); the test program was killed\n' "$name" "$test_timeout"
        return
    fi
    if [ ! -s "$base.tap" ]; then
        printf '%s\tfail\tcrashed (the test program ended without a report, exit status %s): see %s.log\n' "$name" "$rc" "$base"
        return
    fi
    lines=$(awk -f "$here/tools/tap-results.awk" "$base.tap")
    if [ "$(printf '%s\n' "$lines" | awk -F'\t' -v n="$name" '$1 == n' | wc -l)" -ne 1 ] ||
       [ "$(printf '%s\n' "$lines" | grep -c .)" -ne 1 ] ||
       [ "$(grep -E '^(not )?ok ' "$base.tap" | grep -c -v '# SKIP test was skipped$')" -ne 1 ]; then
        printf '%s\tfail\tgrader: the test report of %s is not what the grader ran (forged or damaged): see %s.tap\n' "$name" "$name" "$base"
        return
    fi
    # A crash gains a second line: the sanitizer's summary, else the
    # emulator's first line (it names the kernel, block and thread). A
    # failure without a message (the emulator stopped the test itself, e.g.
    # on an endless kernel) takes that line as its message.
    summary=$(grep -m 1 '^SUMMARY: ' "$base.log")
    emu=$(grep -m 1 '^scanlab-emu: ' "$base.log" | cut -c1-300)
    [ -n "$summary" ] && emu=$summary
    printf '%s\n' "$lines" | awk -v summary="$summary" -v emu="$emu" -v logfile="$base.log" 'BEGIN { FS = OFS = "\t" }
        $2 == "fail" && $3 == "" { $3 = summary != "" ? "stopped by the checker: " summary : emu != "" ? emu : "failed without a message: see " logfile }
        $2 == "fail" && $3 ~ /^crashed/ && emu != "" { $3 = $3 "\037" emu } { print }'
}

# Fail every rubric test of lab $1 with the message $2 (a lab whose test
# program is missing or does not start earns nothing, and says why).
fail_whole_lab() {
    awk -v lab="$1" -v order="$2" -v message="$3" 'BEGIN { OFS = "\t" }
        !/^#/ && $1 == lab { print lab, order, $2, "fail", message }' "$here/rubric.txt" >>"$out/results"
}

# ---- Performance: the rubric's perf:: lines ------------------------------
#
# A lab's perf program (grader/perf/) times one function on fresh inputs
# and checks every output. On a GPU the student's program and the
# reference's (built from solutions/ into BUILD_DIR/solutions/) run one
# after the other in this grade, on the same GPU, same n, same seed. Full
# credit within 1.25x the reference's time, proportionally less beyond:
# 1.25 x reference / student. The scoreboard gates the points on the
# lab's other tests. Under the emulator a time means nothing: the program
# still runs, small, so a wrong or replayed output shows, but earns and
# costs nothing ("notgraded").

# run_perf PROGRAM: its one "perf" line, or a made-up one saying why not.
run_perf() {
    [ "$memory_limit" -gt 0 ] && ulimit -v $((memory_limit * 1024))   # a subshell: this run alone
    SCANLAB_EMU_ORDER=forward timeout -k 5 "$test_timeout" "$1" "$perf_n" "$hidden_seed" \
        >"$perf_log" 2>&1 </dev/null
    rc=$?
    report=$(grep -m 1 "^perf$(printf '\t')" "$perf_log")
    if [ -n "$report" ]; then echo "$report"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then printf 'perf\terror\t?\t%s\t0\t0\ttimed out after %s s\n' "$perf_n" "$test_timeout"
    else printf 'perf\terror\t?\t%s\t0\t0\tcrashed (exit status %s): see %s%s\n' "$perf_n" "$rc" "$perf_log" \
             "$(grep -m 1 -E '^(scanlab-emu: |SUMMARY: )' "$perf_log" | cut -c1-300 | sed 's/^/\x1f/')"
    fi
}

# faster LINE LINE: of two perf lines, the faster if both are ok, else
# the first that is not (an empty first line: the second).
faster() {
    if [ -z "$1" ]; then echo "$2"; return; fi
    printf '%s\n%s\n' "$1" "$2" | awk -F'\t' '
        $2 != "ok" { print; exit }
        NR == 1 { best = $0; best_ms = $5 + 0; next }
        { print ($5 + 0 < best_ms ? $0 : best) }'
}

# slower_than_slack LINE REFERENCE_LINE: true when both runs were ok and
# the student's time is beyond perf_slack times the reference's.
slower_than_slack() {
    printf '%s\n%s\n' "$1" "$2" | awk -F'\t' -v slack="$perf_slack" '
        $2 != "ok" { exit 1 } NR == 1 { ms = $5 } NR == 2 { exit !(ms > slack * $5) }'
}

# perf_row LAB TEST VERDICT MESSAGE [FRACTION]: one line of the results.
perf_row() {
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$backend" "$2" "$3" "$4" "${5:-0}" >>"$out/results"
}

perf_lab() {
    lab=$1
    test=$(awk -v lab="$lab" '!/^#/ && $1 == lab && $2 ~ /^perf::/ { print $2; exit }' "$here/rubric.txt")
    [ -n "$test" ] || return 0
    [ -n "$(echo "$test" | filtered)" ] || return 0
    if [ "${CHECK:-none}" != none ]; then
        perf_row "$lab" "$test" notgraded "not timed under CHECK=$CHECK (the checker's slowdown is no measure)"
        return 0
    fi
    program=$build/$tree/$lab/perf
    if [ ! -x "$program" ]; then
        perf_row "$lab" "$test" fail "the performance test $program was not built"
        return 0
    fi
    # Alternating rounds, reference then student, each keeping its faster
    # median: a moment when the machine was slow (clocks, allocation, another
    # process) then costs nobody. Two rounds, and up to four while the
    # student looks slower than the slack allows: a lost point is confirmed
    # first (the reference has measured 1.29x against itself in two). Any
    # run that is not "ok" is what is reported.
    reference=$build/solutions/$lab/perf reference_line=""
    [ "$backend" = cuda ] && [ -x "$reference" ] || reference=""
    line="" round=0
    while [ $round -lt 1 ] || { [ -n "$reference" ] && [ $round -lt 4 ] &&
          { [ $round -lt 2 ] || slower_than_slack "$line" "$reference_line"; }; }; do
        round=$((round + 1))
        if [ -n "$reference" ]; then
            perf_log=$out/$lab.perf-reference.$round.log
            reference_line=$(faster "$reference_line" "$(run_perf "$reference")")
        fi
        perf_log=$out/$lab.perf.$round.log
        line=$(faster "$line" "$(run_perf "$program")")
    done
    printf '%s\n' "$line" | awk -v lab="$lab" -v test="$test" -v backend="$backend" \
        -v reference="$reference_line" -v reproduce="$program $perf_n $hidden_seed" \
        -v slack="$perf_slack" -f "$here/tools/perf-verdict.awk" >>"$out/results"
}

# Hidden tests (rubric visibility `hidden`) get a fresh seed every run,
# so their data cannot be learnt; HIDDEN_SEED=0x... replays one run.
hidden_seed=${HIDDEN_SEED:-0x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')}
test_timeout=${TEST_TIMEOUT:-150}
perf_n=${PERF_N:-$([ "$backend" = cuda ] && echo 16777216 || echo 4096)}
perf_slack=1.25   # full performance points within this factor of the reference's time
jobs=${JOBS:-$(nproc 2>/dev/null || echo 4)}
export here test_timeout hidden_seed
policy_allow=""
[ "$backend" = cuda ] && policy_allow=exit
# A test's address space under the emulator: the solutions' tests pass
# in 256 MiB (not in 192: large inputs, 1024 fiber stacks), and a test
# that fills the emulated device's 4 GiB needs 4 GiB more. 8 GiB keeps
# room to spare, and two tests at once still fit the CI machine's 24 GiB.
# Sanitizers and the CUDA driver reserve terabytes of address space they
# never use: no limit with them.
memory_limit=0
[ "$backend:${CHECK:-none}" = emu:none ] && memory_limit=${TEST_MEMORY_LIMIT:-8192}
export memory_limit

for lab in "$@"; do
    program=$build/$tree/$lab/tests
    # What the code may not do is checked before it runs (policy-check.sh).
    if ! POLICY_ALLOW=$policy_allow "$here/tools/policy-check.sh" "$tree/$lab" "$build/$tree/$lab" >"$out/$lab.policy.log" 2>&1; then
        cat "$out/$lab.policy.log"
        fail_whole_lab "$lab" policy "$(head -n 1 "$out/$lab.policy.log" | tr '\t' ' ') (the lab scores 0)"
        continue
    fi
    if [ ! -x "$program" ]; then
        fail_whole_lab "$lab" build "does not compile: see the compiler's messages above (make build LAB=${lab%%-*} TREE=$tree)"
        continue
    fi
    if [ "$backend:${CHECK:-none}" = emu:race ]; then
        sanitize_lab "$lab"
        continue
    fi
    tests=$(list_tests "$program")
    if [ -z "$tests" ]; then
        fail_whole_lab "$lab" build "the test program did not start: try $program --list"
        continue
    fi
    hidden_tests=$(awk -f "$here/tools/rubric.awk" "$here/rubric.txt" |
                   awk -F'\t' -v lab="$lab" '$1 == lab && $4 == "hidden" { print $2 }')
    export hidden_tests
    for order in $orders; do
        dir=$out/$lab.$order
        rm -rf "$dir" && mkdir -p "$dir"
        selected=$(printf '%s\n' "$tests" | filtered)
        printf '%s\n' "$selected" | grep . | xargs -P "$jobs" -I '{}' \
            sh -c "$(sed -n '/^run_test() {/,/^}/p' "$0"); run_test \"\$@\"" sh \
            "$program" "$dir" "$order" '{}'
        # On a GPU the tests share its memory: one that hoards it can make
        # another's cudaMalloc fail. Tests that met an allocation failure
        # run again, alone, so only the hoarder loses its points.
        if [ "$backend" = cuda ]; then
            for name in $selected; do
                grep -q cudaErrorMemoryAllocation "$dir/$order.${name%%::*}.${name##*::}.log" 2>/dev/null &&
                    run_test "$program" "$dir" "$order" "$name"
            done
        fi
        for name in $selected; do
            test_result "$dir/$order.${name%%::*}.${name##*::}" "$name"
        done | awk -v lab="$lab" -v order="$order" 'BEGIN { FS = OFS = "\t" } { print lab, order, $0 }' >>"$out/results"
        cat "$dir"/*.log >"$out/$lab.$order.log" 2>/dev/null
    done
    [ -n "$sanitizer" ] && sanitize_lab "$lab"
    perf_lab "$lab"
done
[ -n "$(awk -f "$here/tools/rubric.awk" "$here/rubric.txt" | awk -F'\t' '$4 == "hidden"')" ] &&
    echo "hidden tests ran with SCANLAB_SEED=$hidden_seed (replay: HIDDEN_SEED=$hidden_seed)" >"$out/hidden-seed"

colour=0
[ -t 1 ] && [ -z "${NO_COLOR:-}" ] && colour=1
echo "ScanLab scoreboard: $tree/ graded on $describe"
echo
awk -v expect="${EXPECT:-}" -v colour="$colour" -v backend="$backend" -v tree="$tree" \
    -v filter="${FILTER:-}" -v scored="$out/scored" -f "$here/tools/scoreboard.awk" "$here/rubric.txt" "$out/results"
status=$?
# Machine-readable copies, when asked for: RESULTS_JSON=path (Gradescope's
# results.json, written with cJSON by tools/results-json.c) and JUNIT_XML=path.
awk -f "$here/tools/rubric.awk" "$here/rubric.txt" >"$out/rubric.tsv"
if [ -n "${RESULTS_JSON:-}" ]; then
    tool=${RESULTS_JSON_TOOL:-$build/tools/results-json}
    if [ ! -x "$tool" ]; then
        mkdir -p "$(dirname "$tool")"
        cc -std=c11 -O2 -Wall -Wextra -o "$tool" "$here/tools/results-json.c" -lcjson ||
            echo "grade.sh: cannot build results-json (grader/tools/install-deps.sh cjson)" >&2
    fi
    [ -x "$tool" ] && "$tool" "$out/rubric.tsv" "$out/scored" >"$RESULTS_JSON" && echo "results.json: $RESULTS_JSON"
fi
if [ -n "${JUNIT_XML:-}" ]; then
    awk -f "$here/tools/junit.awk" "$out/rubric.tsv" "$out/scored" >"$JUNIT_XML" && echo "junit: $JUNIT_XML"
fi
echo "logs: $out/"
exit $status
