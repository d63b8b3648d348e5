# tests.sh: the labs' tests (sourced by grade.sh): which run, the pool
# that runs them (grader/jobs/one-process.sh, run-test.sh), the reruns a
# shared GPU calls for, and each test's verdict from the files its run
# left. Reads grade.sh's variables (out, here, backend, orders,
# one_process) and the functions of gpu-lock.sh and results.sh.
#
#   tests_all LAB...   every test of the labs, their rows in OUT/results

# list_tests PROGRAM: the suite::test names of a test program, one a line.
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

# test_base LAB ORDER SUITE::TEST: where run-test.sh left that test's
# files (BASE.tap, BASE.log, BASE.rc).
test_base() {
    echo "$out/$1.$2/$2.${3%%::*}.${3##*::}"
}

# timed_out BASE: the test of BASE ran out of time, stopped by timeout(1)
# or by Criterion.
timed_out() {
    case $(cat "$1.rc" 2>/dev/null) in 124 | 137) return 0 ;; esac
    grep -q '^not ok .*timed out' "$1.tap" 2>/dev/null
}

# tests_all LAB...: every test of the labs, once per thread order, all in
# one pool; each lab's results in its order. With ONE_PROCESS=1 (the
# default on a GPU) each lab's tests run first in one process
# (one-process.sh): a correct lab then costs one CUDA context, not one
# per test, and only what that run did not pass goes through the pool.
tests_all() {
    : >"$out/hanging"   # the labs seen to hang (rerun_timeouts_alone)
    for lab in "$@"; do
        for order in $orders; do
            rm -rf "$out/$lab.$order" && mkdir -p "$out/$lab.$order"
            filtered <"$out/$lab.tests" | sed "s/^/$lab $order /"
        done
    done >"$out/test-runs"
    if [ "$one_process" = 1 ]; then
        for lab in "$@"; do for order in $orders; do echo "$lab $order"; done; done | pool one-process.sh
    fi
    # A test that timed out there runs alone at once: a lab that hangs is
    # known before its other tests run (run-test.sh's limit).
    if [ "$backend" = cuda ]; then rerun_timeouts_alone; fi
    # What the one-process run left: not passed there, nor timed out (.rc).
    while read -r lab order name; do
        base=$(test_base "$lab" "$order" "$name")
        [ -f "$base.passed-in-one-process" ] || [ -f "$base.rc" ] || echo "$lab $order $name"
    done <"$out/test-runs" | pool run-test.sh
    # On a GPU the tests share its memory: one that hoards it can make
    # another's cudaMalloc fail. Tests that met an allocation failure run
    # again, alone, so only the hoarder loses its points.
    if [ "$backend" = cuda ]; then
        while read -r lab order name; do
            if grep -q cudaErrorMemoryAllocation "$(test_base "$lab" "$order" "$name").log" 2>/dev/null; then
                "$here/jobs/run-test.sh" "$out/settings.sh" "$lab $order $name" </dev/null
            fi
        done <"$out/test-runs"
        rerun_timeouts_alone
    fi
    # The results exist once a lab's tests were run, even when FILTER
    # selected none of them: its checks and perf test then count it passed.
    if [ $# -gt 0 ]; then : >>"$out/results"; fi
    for lab in "$@"; do
        for order in $orders; do
            for name in $(filtered <"$out/$lab.tests"); do
                test_result "$(test_base "$lab" "$order" "$name")" "$name"
            done | rows "$lab" "$order"
            cat "$out/$lab.$order"/*.log >"$out/$lab.$order.log" 2>/dev/null || :
        done
    done
}

# rerun_timeouts_alone: on a GPU that grades share (make batch), a test
# that ran out of time may have been starved: the GPU gives the processes
# that use it time slices in turn, and a kernel that never ends (a
# deadlocked look-back, a loop on a flag) uses up every slice it gets, so
# a test that launches and waits a thousand times slows a hundredfold.
# Seen: a reference test of 0.6 s timed out beside a grade whose kernels
# never ended. Each test that timed out runs again with the GPU to itself
# (gpu-lock.sh's alone_on_gpu: the exclusive lock, as a perf program takes
# it), and that run counts. A lab whose rerun times out alone as well
# really hangs (it joins OUT/hanging): its other timeouts stand, rather
# than hold the whole GPU for nothing, and its tests not yet run get
# hanging_timeout, not TEST_TIMEOUT (run-test.sh; grader/lib/limits.sh).
rerun_timeouts_alone() {
    while read -r lab order name; do
        base=$(test_base "$lab" "$order" "$name")
        timed_out "$base" || continue
        if grep -qx "$lab" "$out/hanging"; then continue; fi
        # Nothing on the GPU starved a lab without CUDA source: it hangs.
        lab_uses_gpu "$lab" || { echo "$lab" >>"$out/hanging"; continue; }
        "$here/jobs/run-test.sh" "$out/settings.sh" "$lab $order $name" alone </dev/null
        if timed_out "$base"; then echo "$lab" >>"$out/hanging"; fi
    done <"$out/test-runs"
}

# test_result BASE SUITE::TEST: the verdict of one test from its files,
# SUITE::TEST <TAB> pass|fail|skip <TAB> MESSAGE: from its TAP file,
# checked for forgery, with what its log and case file add.
test_result() {
    base=$1 name=$2
    if [ -f "$base.passed-in-one-process" ]; then
        printf '%s\tpass\t\n' "$name"
        return
    fi
    rc=$(cat "$base.rc" 2>/dev/null || echo 0)
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        lines=$(printf '%s\tfail\ttimed out: stopped after %s s (an endless loop, or far too slow); the test program was killed\n' \
            "$name" "$(cat "$base.limit" 2>/dev/null || echo "$test_timeout")")
    elif [ ! -s "$base.tap" ]; then
        lines=$(printf '%s\tfail\tcrashed: the test program ended without a report (exit status %s); see %s.log\n' "$name" "$rc" "$base")
    else
        lines=$(awk -f "$here/lib/tap-results.awk" "$base.tap")
        if [ "$(printf '%s\n' "$lines" | awk -F'\t' -v n="$name" '$1 == n' | wc -l)" -ne 1 ] ||
           [ "$(printf '%s\n' "$lines" | grep -c .)" -ne 1 ] ||
           [ "$(grep -E '^(not )?ok ' "$base.tap" | grep -c -v '# SKIP test was skipped$')" -ne 1 ]; then
            printf '%s\tfail\tgrader: the test report of %s is not what the grader ran (forged or damaged): see %s.tap\n' "$name" "$name" "$base"
            return
        fi
    fi
    # A crash, or a kernel the emulator stopped (a deadlock, a divergent
    # barrier), gains a second line: the sanitizer's summary, else the
    # emulator's first line (it names the kernel, block and thread).
    summary=$(grep -m 1 '^SUMMARY: ' "$base.log" || :)
    # AddressSanitizer calls the guard zones (device.c) "poisoned": say what that means here.
    case $summary in *use-after-poison*)
        summary="$summary$(printf '\037')a poisoned address: in the guard zone the grader keeps around each array it passes in (past its end, or before its start), or in the one around each array the code allocates, or past the dynamic shared memory of the launch" ;;
    esac
    emu=$(grep -m 1 '^scanlab-emu: ' "$base.log" | cut -c1-700)
    if [ -n "$summary" ]; then emu=$summary; fi
    # A failure the test did not word itself (a crash, a timeout, a kernel
    # the emulator stopped, a CUDA error met by the grader's own calls)
    # names the case it was running, as a mismatch does: the test recorded
    # it (grader/support/case_record.h) as its head and reproduce lines.
    case_head=$(sed -n 1p "$base.case" 2>/dev/null | tr -d '\t\037' | cut -c1-700)
    case_hint=$(sed -n 2p "$base.case" 2>/dev/null | tr -d '\t\037' | cut -c1-300)
    # A timeout on a busy machine says so (run-test.sh wrote .busy).
    if [ -s "$base.busy" ]; then
        lines=$(printf '%s\n' "$lines" | awk -F'\t' -v OFS='\t' -v note="$(cat "$base.busy")" '$3 ~ /^timed out/ { $3 = $3 note } 1')
    fi
    printf '%s\n' "$lines" | awk -v summary="$summary" -v emu="$emu" \
        -v logfile="$base.log" -v head="$case_head" -v hint="$case_hint" -f "$here/lib/test-message.awk"
}
