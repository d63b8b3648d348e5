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
#   CHECK    race | memory: run that check (check::race, check::memory)
#            even if the lab's tests fail; under the emulator, also build
#            the tests with it (memory), or run the race check alone (race).
#            Without CHECK both checks run on each lab whose tests pass.
#   EXPECT   full | zero: exit 1 unless every test passed / none passed and
#            none crashed (`make test` grades solutions and skeletons so)
#   TEST_TIMEOUT  seconds a test may run (default 150 under the emulator,
#            30 on a GPU); each test is its own process group, killed after
#            that, and says "timed out". Every limit, with its reasons, is
#            in lib/limits.sh.
#   JOBS     tests run at once (default: the number of CPUs)
#   TEST_MEMORY_LIMIT  MiB of address space a test may use under the
#            emulator without a CHECK (default 8192; 0: no limit)
#   HIDDEN_SEED   the seed of the hidden tests (default: fresh each run)
#   RESULTS_JSON  path: also write Gradescope's results.json there
#   JUNIT_XML     path: also write JUnit XML there
#   PERF_N   the size the performance tests time (default 2^24 on a GPU,
#            4096 under the emulator, where they only check outputs)
#   PHASE    tests: the tests and checks only, no scoreboard; a later run
#            with PHASE=perf and the same BUILD_DIR, TREE and LABs times
#            the labs that passed and prints the scoreboard of both. make
#            batch grades so: every submission's tests first, then their
#            perf programs, which so never wait for tests (default: both)
#   ONE_PROCESS  1: each lab's tests run first all in one process
#            (tests-one-process), and only those it did not pass run again,
#            each in its own, through Criterion; 0: each in its own only
#            (default 1 on a GPU, 0 under the emulator; see lib/tests.sh)
#   GUIDANCE guided | open: the edition of the labs graded (default
#            guided; the Makefile sets it): the open edition's rubric has
#            no step tests, and gives their points to the tests of the
#            whole (lib/rubric.awk); the scoreboard's first line says which
#   SCANLAB_GPU_LOCK  on a GPU, the lock file that grades sharing it take
#            (default /tmp/scanlab-gpu-UUID.lock; see lib/gpu-lock.sh)
#
# All the labs' tests run in one pool of JOBS processes, each test once
# per thread order, then all their checks in another; the performance
# tests last, lab by lab. The TAP output and everything each test printed
# stay in BUILD_DIR/grade/TREE/ for a closer look, with times.tsv: where
# the grade's time went.
#
# This file runs the phases and prints the report; the rest lives beside it:
#   lib/limits.sh    every time and memory limit of a grade
#   lib/gpu-lock.sh  the lock that grades sharing a GPU take
#   lib/tests.sh     the tests: which run, their pool, their verdicts
#   lib/checks.sh    check::memory and check::race
#   lib/perf.sh      the perf:: lines
#   lib/results.sh   `row`, the one writer of BUILD_DIR/grade/TREE/results
#   lib/job.sh       what every job starts with: the settings, the libraries
#   jobs/*.sh        the pools' jobs, each one program of a lab under its
#                    limits; they read the settings this file writes once,
#                    BUILD_DIR/grade/TREE/settings.sh
# `set -eu`, here and in each of them: a step of the grader's own that
# fails stops the grade with its error, rather than score a submission on
# half its results. The lab's programs fail often, and are expected to:
# their statuses are kept (`|| rc=$?`), never left to stop the grade.
set -eu
build=$1 tree=$2 backend=$3
shift 3
here=$(dirname "$0")
out=$build/grade/$tree
mkdir -p "$out"
for part in limits gpu-lock results tests checks perf; do . "$here/lib/$part.sh"; done
# Every lab's rubric (grader/labs/NN-name/rubric.txt), as one table of
# tab-separated fields (lib/rubric.awk), which everything reads.
guidance=${GUIDANCE:-guided}
awk -v guidance="$guidance" -f "$here/lib/rubric.awk" "$here"/labs/*/rubric.txt >"$out/rubric.tsv"
phase=${PHASE:-both}
case "$phase" in both|tests|perf) ;; *) echo "grade.sh: PHASE is tests, perf or unset, not '$phase'" >&2; exit 2 ;; esac
if [ "$phase" = perf ]; then
    [ -f "$out/labs-tested" ] || { echo "grade.sh: PHASE=perf needs a PHASE=tests run in $out first" >&2; exit 2; }
else
    rm -f "$out"/*.tap "$out"/*.log "$out/results" "$out/scored" "$out/labs-tested" "$out/times.tsv"
fi

if [ "$backend" = emu ]; then
    orders=${ORDERS:-forward reverse}
    describe="the CPU emulator (thread orders: $orders; blocks one at a time in forward order, overlapping in the others)"
    describe="$describe; memory and race checks on each lab that passes"
else
    orders=gpu
    describe="the GPU ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true))"
    describe="$describe; memory and race checks on each lab that passes, on the GPU and under the emulator's sanitizers"
fi

# Under the emulator CHECK=race|memory compiles a checker into the tests: a
# race or a bad access stops the test at the first report, which names the
# lines. AddressSanitizer also sees the grader's guard zones around every
# array it hands a lab (grader/support/device.c), so a read one element
# past either end stops the test too. ThreadSanitizer cannot share a
# process with Criterion 2.4 (Criterion issue #274, "Could not initialize
# inheritable arena"), so CHECK=race runs the race check alone.
race_alone=no
[ "$backend:${CHECK:-none}" != emu:race ] || race_alone=yes
if [ "$backend" = emu ] && [ "${CHECK:-none}" = memory ]; then
    # The tests' environment. No LeakSanitizer: what it finds at a test's
    # exit is the grader's own host arrays (up to 48 MB), never freed in a
    # process about to end, and it would print them into the student's
    # failure; device memory a student leaves is check::memory's finding
    # (compute-sanitizer's leak check, the emulator's SCANLAB_EMU_LEAK_CHECK).
    export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0 ${ASAN_OPTIONS:-}"
    describe="$describe; AddressSanitizer in the tests (CHECK=memory)"
fi

# The emulator's limit for a kernel without progress, scaled as the rest.
export SCANLAB_EMU_TIMEOUT="$emu_timeout"

# Hidden tests (rubric visibility `hidden`) get a fresh seed every run,
# so their data cannot be learnt; HIDDEN_SEED=0x... replays one run.
hidden_seed=${HIDDEN_SEED:-0x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')}
perf_n=${PERF_N:-$(if [ "$backend" = cuda ]; then echo 16777216; else echo 4096; fi)}
one_process=${ONE_PROCESS:-$(if [ "$backend" = cuda ]; then echo 1; else echo 0; fi)}
policy_allow=""
if [ "$backend" = cuda ]; then policy_allow=exit; fi
gpu_lock=$(gpu_lock_file "$backend")
# perf.c reads the lock's path from the environment of the perf programs.
if [ -n "$gpu_lock" ]; then export SCANLAB_GPU_LOCK="$gpu_lock"; fi

# Every test run through Criterion and every check is a process of its
# own, so it creates a CUDA context: about 90 in a grade. On the lent
# H100s and H200s creating one costs 0.3 s of kernel time, one at a time
# for the whole machine: 64 processes that start at once take 18.8 s, and
# 5.1 s with one hardware work queue per context instead of eight
# (CUDA_DEVICE_MAX_CONNECTIONS=1, in the CUDA Programming Guide). A test
# runs on one stream and loses nothing. In make batch's perf round (33
# grades on an H100) the perf programs' setup took 1.6 s on average, not
# 2.3 s, and the round 95 s, not 120 s; the function they time, and the
# reference beside it, then run their kernels in one queue.
gpu_env=""
if [ "$backend" = cuda ]; then gpu_env="CUDA_DEVICE_MAX_CONNECTIONS=1"; fi
checker_memory=$(checker memory gpu) checker_race=$(checker race gpu)
checker_emu_memory=$(checker memory emu-forward) checker_emu_race=$(checker race emu-forward)

# The settings the jobs read (grader/jobs/), written once: NAME='VALUE' lines.
echo "# settings.sh: this grade's settings, which its jobs (grader/jobs/) read; grade.sh writes it" >"$out/settings.sh"
for name in out build tree backend test_timeout long_timeout kill_slack kill_after hanging_timeout memory_limit \
    emu_timeout load_scale \
    hidden_seed perf_n gpu_lock gpu_env checker_memory checker_race checker_emu_memory checker_emu_race; do
    eval "value=\$$name"
    printf "%s='%s'\n" "$name" "$(printf '%s' "$value" | sed "s/'/'\\\\''/g")"
done >>"$out/settings.sh"

# pool JOB: grader/jobs/JOB SETTINGS LINE for each line of the input,
# JOBS at a time. On a GPU the pools run at a lower CPU priority (nice
# 10): when grades share the machine (make batch), another grade's perf
# program, whose kernel launches its clock waits on, gets a CPU first.
# (Expected to steady its ratios under load; not yet measured.)
pool() {
    priority=""
    if [ "$backend" = cuda ]; then priority="nice -n 10"; fi
    # shellcheck disable=SC2086 # the priority is a command with its options, or nothing
    grep . | $priority xargs -P "$jobs" -I '{}' "$here/jobs/$1" "$out/settings.sh" '{}'
}

# Where a grade's time goes: seconds per lab and phase, in $out/times.tsv
# (lab <TAB> tests|checks|perf <TAB> seconds) and one line at the end.
# (BSD date, macOS's, has no %N and prints it "N": whole seconds there.)
clock() { date +%s.%N | sed 's/\.N$//'; }
timed() {   # timed LAB PHASE COMMAND...: run it, and add its seconds
    lab_=$1 phase_=$2 start_=$(clock)
    shift 2
    "$@"
    awk -v lab="$lab_" -v phase="$phase_" -v start="$start_" -v end="$(clock)" \
        'BEGIN { printf "%s\t%s\t%.1f\n", lab, phase, end - start }' >>"$out/times.tsv"
}
grade_start=$(clock)

# The labs whose tests can run: policy first (what the code may not do is
# checked before it runs: policy-check.sh), then the build.
labs=""
if [ "$phase" = perf ]; then set --; fi   # the labs whose tests ran are in labs-tested
for lab in "$@"; do
    program=$build/$tree/$lab/tests
    if ! POLICY_ALLOW=$policy_allow "$here/lib/policy-check.sh" "$tree/$lab" "$build/$tree/$lab" >"$out/$lab.policy.log" 2>&1; then
        cat "$out/$lab.policy.log"
        fail_whole_lab "$lab" policy "$(head -n 1 "$out/$lab.policy.log" | tr '\t' ' ') (the lab scores 0)"
        continue
    fi
    if [ ! -x "$program" ]; then
        fail_whole_lab "$lab" build "does not compile: see the compiler's messages above (make build LAB=${lab%%-*} TREE=$tree)"
        continue
    fi
    if [ "$race_alone" = no ]; then
        list_tests "$program" >"$out/$lab.tests"
        if [ ! -s "$out/$lab.tests" ]; then
            fail_whole_lab "$lab" build "the test program did not start: try $program --list"
            continue
        fi
    fi
    labs="$labs $lab"
done

# Then all their tests together, all their checks together, and last the
# performance tests, lab by lab (CHECK=race under the emulator: the race
# check alone).
# shellcheck disable=SC2086 # the lab names are words
if [ "$phase" = perf ]; then
    labs=$(cat "$out/labs-tested")
elif [ "$race_alone" = yes ]; then
    timed all checks checks_all $labs
else
    timed all tests tests_all $labs
    timed all checks checks_all $labs
fi
if [ "$phase" = tests ]; then
    echo "$labs" >"$out/labs-tested"
    echo "tests and checks done; PHASE=perf times the labs that passed and prints the scoreboard"
    exit 0
fi
if [ "$race_alone" = no ]; then for lab in $labs; do timed "$lab" perf perf_lab "$lab"; done; fi
if [ -n "$(awk -F'\t' '$4 == "hidden"' "$out/rubric.tsv")" ]; then
    echo "hidden tests ran with SCANLAB_SEED=$hidden_seed (replay: HIDDEN_SEED=$hidden_seed)" >"$out/hidden-seed"
fi

# The report: the scoreboard (lib/scoreboard.awk, where points are
# decided), the copies asked for, where the time went.
colour=0
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then colour=1; fi
if [ "$load_scale" -gt 1 ]; then describe="$describe; time limits $load_scale times a quiet machine's: the grade began with $load_words"; fi
edition=""
if [ "$guidance" = open ]; then
    edition=" (the open edition: the steps' tests are not graded, their points are in the tests of the whole; see each rubric.txt)"
fi
echo "ScanLab scoreboard: $tree/ graded on $describe$edition"
echo
status=0
awk -v expect="${EXPECT:-}" -v colour="$colour" -v backend="$backend" -v tree="$tree" \
    -v filter="${FILTER:-}" -v scored="$out/scored" -f "$here/lib/scoreboard.awk" "$out/rubric.tsv" "$out/results" ||
    status=$?
# Machine-readable copies, when asked for: RESULTS_JSON=path (Gradescope's
# results.json, written with cJSON by lib/results-json.c) and JUNIT_XML=path.
if [ -n "${RESULTS_JSON:-}" ]; then
    tool=${RESULTS_JSON_TOOL:-$build/tools/results-json}
    if [ ! -x "$tool" ]; then
        mkdir -p "$(dirname "$tool")"
        # shellcheck disable=SC2086 # Homebrew's -I and -L, from the Makefile (macOS), or nothing
        cc -std=c11 -O2 -Wall -Wextra ${SCANLAB_DEPS_FLAGS:-} -o "$tool" "$here/lib/results-json.c" -lcjson ||
            echo "grade.sh: cannot build results-json (grader/tools/install-deps.sh cjson)" >&2
    fi
    if [ -x "$tool" ] && "$tool" "$out/rubric.tsv" "$out/scored" >"$RESULTS_JSON"; then echo "results.json: $RESULTS_JSON"; fi
fi
if [ -n "${JUNIT_XML:-}" ] && awk -f "$here/lib/junit.awk" "$out/rubric.tsv" "$out/scored" >"$JUNIT_XML"; then
    echo "junit: $JUNIT_XML"
fi
awk -F'\t' -v start="$grade_start" -v end="$(clock)" -v phase="$phase" '{ spent[$2] += $3 }
    END { total = phase == "perf" ? spent["tests"] + spent["checks"] + end - start : end - start
          printf "time: %.0f s (tests %.0f s, checks %.0f s, perf %.0f s; per lab: times.tsv)\n",
          total, spent["tests"], spent["checks"], spent["perf"] }' "$out/times.tsv" 2>/dev/null || :
if [ "$one_process" = 1 ] && [ -f "$out/test-runs" ]; then
    passed=$(while read -r lab order name; do
                 if [ -f "$(test_base "$lab" "$order" "$name").passed-in-one-process" ]; then echo; fi
             done <"$out/test-runs" | wc -l | tr -d ' ')   # BSD wc pads it
    echo "one process: $passed of $(grep -c . "$out/test-runs" || :) test runs passed in their lab's one process; the rest ran one process a test"
fi
echo "logs: $out/"
exit $status
