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
#            30 on a GPU, where the slowest reference test takes 4.4 s);
#            each test is its own process group, killed after that, and
#            says "timed out". On a GPU a check or a performance test may
#            run twice as long.
#   JOBS     tests run at once (default: the number of CPUs)
#   TEST_MEMORY_LIMIT  MiB of address space a test may use under the
#            emulator without a CHECK (default 8192; 0: no limit): past it
#            malloc fails, so a test that exhausts memory fails alone
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
#            (default 1 on a GPU, 0 under the emulator; see tests_all)
#   SCANLAB_GPU_LOCK  on a GPU, the lock file that grades sharing it take
#            (default /tmp/scanlab-gpu-UUID.lock; see "The GPU shared
#            between grades" below)
#
# All the labs' tests run in one pool of JOBS processes, each test once
# per thread order, then all their checks in another; the performance
# tests last, lab by lab. The TAP output and everything each test printed
# stay in BUILD_DIR/grade/TREE/ for a closer look, with times.tsv: where
# the grade's time went.
set -u
build=$1 tree=$2 backend=$3
shift 3
here=$(dirname "$0")
out=$build/grade/$tree
mkdir -p "$out"
# Every lab's rubric (grader/labs/NN-name/rubric.txt), as one table of
# tab-separated fields (tools/rubric.awk), which everything below reads.
awk -f "$here/tools/rubric.awk" "$here"/labs/*/rubric.txt >"$out/rubric.tsv"
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
else
    orders=gpu
    describe="the GPU ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true))"
fi
describe="$describe; memory and race checks on each lab that passes$([ "$backend" = cuda ] && echo ", on the GPU and under the emulator's sanitizers")"

# Under the emulator CHECK=race|memory compiles a checker into the tests: a
# race or a bad access stops the test at the first report, which names the
# lines. AddressSanitizer also sees the grader's guard zones around every
# array it hands a lab (grader/support/device.c), so a read one element
# past either end stops the test too. ThreadSanitizer cannot share a
# process with Criterion 2.4 (Criterion issue #274, "Could not initialize
# inheritable arena"), so CHECK=race runs the race check alone.
if [ "$backend" = emu ] && [ "${CHECK:-none}" = memory ]; then
    export ASAN_OPTIONS="halt_on_error=1 ${ASAN_OPTIONS:-}"
    describe="$describe; AddressSanitizer in the tests (CHECK=memory)"
fi

# ---- Checks: the rubric's check::memory and check::race lines ----------
#
# Once a lab's tests all pass, its driver (make run) runs under a bounds
# checker and under a race checker, at sizes that cross warp, block and
# tile edges, in every thread order; a finding costs that line's points
# and its message carries the checker's own line. The driver, not the
# tests: compute-sanitizer cannot follow the processes Criterion forks,
# and ThreadSanitizer cannot run in them (above). Under the emulator
# AddressSanitizer (with UBSan's checks of alignment, shifts by the
# operand's width or more, and signed overflow) and ThreadSanitizer are
# compiled in, so each check runs its own build of the driver (make
# BACKEND=emu CHECK=...), made here when first needed. On a GPU the
# checkers are compute-sanitizer's memcheck (with its leak check) and
# racecheck, and then the emulator's too, on the same file: they see what
# compute-sanitizer cannot (a shift by 32 that the GPU happens to get
# right, a host array overrun, a race between threads that a GPU's timing
# hides), so a verdict does not depend on which machine graded it. The
# emulator's runs are the orders emu-forward and emu-overlap. CHECK=
# memory|race runs that check whatever the tests say; the other check
# still waits for them.
#
# racecheck on a GPU runs at 33 and 1025 only: its cost is per kernel
# launch, not per element (on an H100 0.2 s of GPU time a size for lab 04,
# whether n is 33 or 4097), and it held the GPU 3.2 s a grade at three
# sizes, more than anything else in a batch. Every planted race and
# missing barrier it catches, it catches at 33 (lab 02's one-block scan,
# which refuses more than 1024) or at 1025 (lab 06's plain max).
#
# A lab with no CUDA source (lab 01) has a memory check only, and its code
# runs on the host, where compute-sanitizer sees nothing: on either
# backend it is AddressSanitizer, in the emulator's build of the driver
# (for plain C that is gcc with -fsanitize=address), in one thread order
# (there is no kernel), and at n = 0 too: the driver's arrays are exactly
# n long, so out[0] written at n = 0 is an overrun it reports.
check_sizes() {
    lab_uses_gpu "$3" || { echo "0 33 1025 4097"; return; }
    [ "$2" = emu-overlap ] && { echo "33 1025 65537"; return; }   # 65537: 9 of lab 07's tiles
    case "$(run_backend "$2"):$1" in
    cuda:memory) echo "33 1025 65537" ;;
    cuda:race) echo "33 1025" ;;
    *) echo "33 1025 4097" ;;
    esac
}

# run_backend ORDER: where a check's run in ORDER runs: cuda or emu.
run_backend() {
    case $1 in gpu) echo cuda ;; *) echo emu ;; esac
}

# checker CHECK [ORDER]: the command that runs a program under CHECK, or nothing.
checker() {
    case "$(run_backend "${2:-$orders}"):$1" in
    cuda:*)
        tool=$(command -v compute-sanitizer || ls "${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer" 2>/dev/null) || return 0
        if [ "$1" = memory ]; then echo "$tool --tool memcheck --leak-check full --error-exitcode 86"
        else echo "$tool --tool racecheck --racecheck-report hazard --error-exitcode 86"; fi ;;
    emu:memory) echo "env ASAN_OPTIONS=halt_on_error=1:exitcode=86:detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1" ;;
    emu:race) echo "env TSAN_OPTIONS=halt_on_error=1:exitcode=86" ;;
    esac
}

# check_driver CHECK LAB ORDER: the driver to run under CHECK in ORDER
# (under the emulator, a build with the checker compiled in:
# build_check_drivers makes it), or nothing if there is none.
check_driver() {
    if [ "$3" = gpu ]; then
        driver=$build/$tree/$2/run
    else
        driver=$(dirname "$build")/emu-$([ "$3" = emu-overlap ] && echo none || echo "$1")/$tree/$2/run
    fi
    [ -x "$driver" ] && echo "$driver"
}

# build_check_drivers WANTED: the emulator's builds of the drivers that
# the checks of WANTED ("CHECK LAB" a line) run: memory or race, and on a
# GPU the plain one too for the race check's emu-overlap. One make for
# each build, where the source tree has a Makefile (a GPU bundle ships
# them built): each make reads the whole Makefile, and one a driver, in
# turn, took 14 s of a GPU grade.
build_check_drivers() {
    [ -f Makefile ] || return 0
    for check in none memory race; do
        wanted=$(awk -v check="$check" -v gpu="$backend" \
            '$1 == check || (check == "none" && gpu == "cuda" && $1 == "race") { print $2 }' "$1" | sort -u)
        [ -n "$wanted" ] || continue
        check_build=$(dirname "$build")/emu-$check
        # Not the caller's make flags: they may set CHECK or LAB for it.
        # shellcheck disable=SC2046 # one driver a word
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s -j"$jobs" BACKEND=emu CHECK=$check \
            BUILD="$check_build" TREE="$tree" $(for lab in $wanted; do echo "$check_build/$tree/$lab/run"; done) \
            >"$out/check-drivers-$check.build.log" 2>&1
    done
}

# check_orders CHECK LAB: the orders a check runs in: the thread orders
# under the emulator; on a GPU, the GPU (order gpu), then the emulator's
# sanitizers in forward order (emu-forward; reverse found nothing more in
# the planted bugs, and the GPU grade must stay under 30 s) where their
# build of the driver can be had, and for the race check the emulator's
# plain build with blocks overlapping (emu-overlap): what the grade's
# reverse-order tests see under the emulator (races between blocks, a
# status word read half written, a wait for a block that has not
# started), which a GPU shows only sometimes, often as a hang in perf.
check_orders() {
    if ! lab_uses_gpu "$2"; then
        [ "$backend" = emu ] && echo forward || echo emu-forward
    elif [ "$backend" = emu ]; then
        echo "$orders"
    else
        echo gpu
        [ -n "$(check_driver "$1" "$2" emu-forward)" ] && echo emu-forward
        [ "$1" = race ] && [ -n "$(check_driver "$1" "$2" emu-overlap)" ] && echo emu-overlap
    fi
}

# check_run "CHECK LAB ORDER SIZES": one run of the checks' pool: the
# lab's driver at SIZES under the checker, its output in the check's
# folder as ORDER.SIZES.log and its exit status in ORDER.SIZES.rc. SIZES
# is one size or several ("33,1025,65537"): the driver runs them all in
# one process, so the checker starts once (print.h says why).
check_run() {
    set -- $1
    dir=$out/$2.check-$1
    case $3 in
    gpu) eval "command=\$checker_$1" ;;
    emu-overlap) command="env SCANLAB_EMU_BLOCKS=overlap" ;;   # the plain build: no checker
    *) eval "command=\$checker_emu_$1" ;;
    esac
    lock=sharing_gpu
    lab_uses_gpu "$2" || lock=""   # as run_test: no GPU, no lock
    # shellcheck disable=SC2086 # the checker is a command with its options
    order=${3#emu-}
    [ "$order" = overlap ] && order=reverse
    $lock env $gpu_env SCANLAB_EMU_ORDER=$order timeout -k 5 "$long_timeout" $command "$(cat "$dir/driver.$3")" "$4" 0x5eed random \
        >"$dir/$3.$4.log" 2>&1 </dev/null
    rc=$?
    # Without a sanitizer the driver exits 0 whatever it found: a report of
    # the emulator's, or a wrong result, is the finding (86, as a checker's).
    [ "$3" = emu-overlap ] && [ "$rc" = 0 ] && grep -q -E '^scanlab-emu: | WRONG: ' "$dir/$3.$4.log" && rc=86
    echo "$rc" >"$dir/$3.$4.rc"
}

# failing_size "CHECK LAB ORDER SIZES": after the run of all SIZES at once
# failed, the size that fails alone (each run again, smallest first), so
# the verdict names it and its log; the SIZES themselves if none does.
failing_size() {
    set -- $1
    for n in $(echo "$4" | tr ',' ' '); do
        check_run "$1 $2 $3 $n"
        [ "$(cat "$out/$2.check-$1/$3.$n.rc")" = 0 ] || { echo "$n"; return; }
    done
    echo "$4"
}

# finding LOG: the checker's report in one line: the sanitizers' SUMMARY
# (with AddressSanitizer's access and where it fell: "READ of size 4, 0
# bytes to the right of 132-byte region"), UBSan's "runtime error" line
# (a misaligned store: "FILE:LINE: runtime error: store to misaligned
# address ... for type 'uint32_t'"), or compute-sanitizer's first
# report with its details (the code address, thread and block: "at
# naive_block_kernel in naive_scan.cu:127; by thread (33,0,0) in block
# (0,0,0)") and the count.
finding() {
    awk '/^(READ|WRITE) of size [0-9]+/ && access == "" { access = $1 " " $2 " " $3 " " $4 }
        / is located .* of [0-9]+-byte region/ && region == "" { region = $0; sub(/^.* is located /, "", region); sub(/ \[.*/, "", region) }
        /^SUMMARY: / { summary = $0 (access != "" ? " (" access (region != "" ? ", " region : "") ")" : ""); exit }
        /: runtime error: / && undefined == "" { undefined = $0 }
        /^scanlab-emu: / && emulator == "" { emulator = $0; sub(/^scanlab-emu: /, "", emulator) }
        / WRONG: / && wrong == "" { wrong = $0; sub(/^ */, "", wrong) }
        /^========= (ERROR|RACECHECK|LEAK) SUMMARY/ { total = $0; sub(/^========= +/, "", total); next }
        /^========= *$/ && what != "" { done = 1 }
        /^=========     (at |by thread|Read Thread|Write Thread|and is )/ && what != "" && !done {
            line = $0; sub(/^========= +/, "", line); gsub(/\([^()]*\)\+0x[0-9a-f]+| at 0x[0-9a-f]+/, "", line)
            details = details "; " line
        }
        /^========= [^ ]/ && what == "" && !/COMPUTE-SANITIZER/ { what = $0; sub(/^========= +/, "", what); sub(/ *:$/, "", what) }
        END {
            if (summary != "") { print summary; exit }
            if (undefined ~ /misaligned/) undefined = undefined "; on a GPU this stops the kernel (cudaErrorMisalignedAddress)"
            if (undefined != "") { print "UndefinedBehaviorSanitizer: " undefined; exit }
            if (emulator != "") { print emulator; exit }
            if (wrong != "") { print wrong; exit }
            print what details (total != "" ? " (" total ")" : "")
        }' "$1" | cut -c1-400
}

# check_row LAB TEST pass|fail|skip MESSAGE: one line of the results.
check_row() {
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$backend" "$2" "$3" "$4" >>"$out/results"
}

# check_plan CHECK LAB: the check's runs, "CHECK LAB ORDER SIZES" a line, its
# driver built first under the emulator; or, when it cannot run, its
# result line at once, and a false status.
check_plan() {
    check=$1 lab=$2 test=check::$1
    dir=$out/$lab.check-$check
    rm -rf "$dir" && mkdir -p "$dir"
    check_orders "$check" "$lab" | tr ' ' '\n' >"$dir/orders"
    if [ -z "$(checker "$check" "$(head -n 1 "$dir/orders")")" ]; then
        check_row "$lab" "$test" skip "compute-sanitizer was not found (it comes with the CUDA toolkit)"
        return 1
    fi
    for order in $(cat "$dir/orders"); do
        driver=$(check_driver "$check" "$lab" "$order")
        if [ -z "$driver" ]; then
            check_row "$lab" "$test" fail "the lab's driver was not built for the check: see $out/check-drivers-*.build.log"
            return 1
        fi
        echo "$driver" >"$dir/driver.$order"
        echo "$check $lab $order $(check_sizes "$check" "$order" "$lab" | tr ' ' ',')"
    done
}

# check_verdict CHECK LAB: the check's verdict on the lab once its runs
# are done, its first finding named: the size, the thread order, the
# checker's line, how to see it.
check_verdict() {
    check=$1 lab=$2 test=check::$1
    dir=$out/$lab.check-$check
    for order in $(cat "$dir/orders"); do
        sizes=$(check_sizes "$check" "$order" "$lab" | tr ' ' ',')
        [ "$(cat "$dir/$order.$sizes.rc" 2>/dev/null || echo 1)" = 0 ] && continue
        n=$(failing_size "$check $lab $order $sizes")
        log=$dir/$order.$n.log rc=$(cat "$dir/$order.$n.rc" 2>/dev/null || echo 1)
        reproduce="make run LAB=${lab%%-*} N=$n BACKEND=emu CHECK=$check$([ "$tree" = labs ] || echo " TREE=$tree")"
        if ! lab_uses_gpu "$lab"; then
            where="n = $n"
        elif [ "$order" = emu-overlap ]; then
            where="n = $n, blocks overlapping in the CPU emulator"
            reproduce="SCANLAB_EMU_ORDER=reverse make run LAB=${lab%%-*} N=$n BACKEND=emu$([ "$tree" = labs ] || echo " TREE=$tree")"
        elif [ "$order" != gpu ]; then
            where="n = $n, ${order#emu-} thread order$([ "$backend" = cuda ] && echo ", the CPU emulator's sanitizers")"
            reproduce="SCANLAB_EMU_ORDER=${order#emu-} $reproduce"
        else
            where="n = $n" reproduce="$(checker "$check" gpu) $(cat "$dir/driver.$order") $n 0x5eed random"
        fi
        case $rc in
        86) message="found at $where: $(finding "$log")" ;;
        124 | 137) message="timed out at $where after $long_timeout s under the checker" ;;
        *) message="the driver failed at $where under the checker (exit status $rc): $(grep -m 1 -E '^(scanlab-emu: |SUMMARY: )' "$log" | cut -c1-200)" ;;
        esac
        # The emulator names the CUDA thread where a report happened.
        thread=$(grep -m 1 '^scanlab-emu: kernel' "$log" | cut -c1-200)
        check_row "$lab" "$test" fail "$message$(printf '\037')${thread:+$thread$(printf '\037')}reproduce: $reproduce  (log: $log)"
        return
    done
    check_row "$lab" "$test" pass ""
}

# lab_passed LAB: every test of LAB that ran in this grade passed.
lab_passed() {
    awk -F'\t' -v lab="$1" '$1 == lab && $3 !~ /^(check|perf)::/ && $4 != "pass" { bad = 1 } END { exit bad }' \
        "$out/results" 2>/dev/null
}

# checks_all LAB...: the check:: lines of the labs, each run when its lab
# passed (or when CHECK names it), else failed as not run; all the runs
# of all the labs in one pool.
checks_all() {
    : >"$out/check-runs"
    : >"$out/check-planned"
    : >"$out/check-wanted"
    for lab in "$@"; do
        for check in memory race; do
            test=check::$check
            awk -v lab="$lab" -v test="$test" '!/^#/ && $1 == lab && $2 == test { found = 1 } END { exit !found }' \
                "$out/rubric.tsv" || continue
            [ -n "$(echo "$test" | filtered)" ] || continue
            [ "$backend:${CHECK:-none}:$check" = emu:race:memory ] && continue   # the race check alone
            if [ "${CHECK:-none}" = "$check" ] || lab_passed "$lab"; then
                echo "$check $lab" >>"$out/check-wanted"
            else
                check_row "$lab" "$test" fail "not run: the lab's checks run once every one of its tests passes (now: make grade LAB=${lab%%-*} CHECK=$check)"
            fi
        done
    done
    build_check_drivers "$out/check-wanted"
    while read -r check lab; do
        check_plan "$check" "$lab" >>"$out/check-runs" && echo "$check $lab" >>"$out/check-planned"
    done <"$out/check-wanted"
    parallel check_run <"$out/check-runs"
    while read -r check lab; do check_verdict "$check" "$lab"; done <"$out/check-planned"
}

# ---- Running one lab's tests, each in its own process group ----------
#
# Criterion 2.4.1 has two gaps a grader must close (both checked by
# grader/tools/run-tamper.sh):
# - `--timeout` does not stop a test that has no `.timeout` of its own: it
#   runs forever. So every test runs as its own program invocation under
#   timeout(1), which kills the whole process group (Criterion's worker
#   included) a few seconds after TEST_TIMEOUT (30 under the emulator, where
#   a test that exhausts memory needs the time to meet its limit; 5 on a
#   GPU); Criterion gets TEST_TIMEOUT, so a test with its own `.timeout`
#   still ends with Criterion's message.
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

# ---- The GPU shared between grades ----------------------------------------
#
# Several grades may share a GPU (make batch runs a few per GPU): their
# tests and checks may run together, but a perf program's clocks must
# have the GPU alone. So each test and each check holds a lock file shared
# while it runs, one lock per GPU, and so does a perf program but for its
# timed runs, for which it takes it exclusively (perf.c). Writers first:
# whoever wants it exclusively holds the same path with ".writers" shared
# from before it waits until it is done, and a test or check may start
# only while no one does (it takes ".writers" exclusively for a moment).
# A waiting perf program so waits only for the tests running then (a
# second or two; a test that never ends, its timeout), not for whole
# grades, and perf programs waiting together time one after another. The tests of a lab with no CUDA source (lab 01) take no lock:
# they cannot touch the GPU, and an endless loop there holds up no one.
# flock(1), from util-linux. SCANLAB_GPU_LOCK names the lock file; set,
# it is taken under the emulator too, so that the CPU's tests go through
# the same path (run-planted.sh: every planted bug must still be caught
# through the lock).
gpu_lock=""
if { [ "$backend" = cuda ] || [ -n "${SCANLAB_GPU_LOCK:-}" ]; } && command -v flock >/dev/null 2>&1; then
    gpu=${CUDA_VISIBLE_DEVICES:-}; gpu=${gpu%%,*}
    uuid=$(nvidia-smi -i "${gpu:-0}" --query-gpu=uuid --format=csv,noheader 2>/dev/null | head -n 1)
    gpu_lock=${SCANLAB_GPU_LOCK:-${TMPDIR:-/tmp}/scanlab-gpu-${uuid:-${gpu:-0}}.lock}
    export SCANLAB_GPU_LOCK=$gpu_lock
fi
export gpu_lock

# Every test run through Criterion and every check is a process of its
# own, so it creates a CUDA context: about 90 in a grade. On the machines we measured (H100s and
# H200s lent by the hour) creating one costs 0.3 s of kernel time, and the
# driver does them one at a time for the whole machine: 64 processes that
# start at once take 18.8 s. (The one-process run, run_in_one_process,
# brings a correct grade's tests down to one context a lab.) With
# one hardware work queue per context instead of eight
# (CUDA_DEVICE_MAX_CONNECTIONS=1, documented in the CUDA Programming Guide)
# the same 64 take 5.1 s. A test runs on one stream and loses nothing.
# The perf programs too: in make batch's perf round (33 grades on an H100)
# their setup, the context first, took 2.3 s on average with the default
# and 1.6 s with one queue, and the round 120 s and 95 s. The function
# they time then runs its kernels in one queue, whatever streams it uses,
# and so does the reference beside it (which uses one stream).
gpu_env=""
[ "$backend" = cuda ] && gpu_env="CUDA_DEVICE_MAX_CONNECTIONS=1"
export gpu_env

# lab_uses_gpu LAB: the lab has CUDA source (above: lab 01 has none).
lab_uses_gpu() {
    ls "$tree/$1"/*.cu >/dev/null 2>&1
}

# sharing_gpu COMMAND...: run it holding the GPU shared, or, with
# gpu_alone=1 in the environment, exclusively for its first
# $hanging_timeout seconds and shared after that (no lock: just run it).
# The shell holds the lock; the command's processes do not inherit it.
# Alone, the reference's slowest test takes 4.4 s on an H100, most of it
# on the CPU; a test still running after 10 s alone runs on, to its own
# limit, but no longer stops every other grade on the GPU: in a batch,
# a kernel that never ended held them all up for 30 s.
sharing_gpu() {
    if [ -z "$gpu_lock" ]; then "$@"; return; fi
    touch "$gpu_lock" "$gpu_lock.writers" 2>/dev/null
    exec 8<"$gpu_lock.writers" 9<"$gpu_lock"
    if [ "${gpu_alone:-0}" != 1 ]; then
        flock -x 8 && flock -s 9 && flock -u 8
        "$@" 8<&- 9<&-
        set -- $?   # the command's status is the caller's verdict: keep it
    else
        flock -s 8 && flock -x 9
        "$@" 8<&- 9<&- &
        set -- $! 0
        while [ "$2" -lt $((hanging_timeout * 10)) ] && kill -0 "$1" 2>/dev/null; do
            sleep 0.1
            set -- "$1" $(($2 + 1))
        done
        flock -s 9 && flock -u 8   # shared from now on
        wait "$1"
        set -- $?
    fi
    exec 8<&- 9<&-
    return "$1"
}

# parallel FUNCTION ARG...: `FUNCTION ARG... LINE` for each line of the
# input, JOBS at a time, each in a shell of its own that is handed the
# function's text, sharing_gpu's, lab_uses_gpu's and test_limit's (functions of this file, whose
# closing brace is the first "}" at column 0 after them).
#
# On a GPU the pools run at a lower CPU priority (nice 10): when grades
# share the machine (make batch), another grade's perf program, whose
# kernel launches its clock waits on, gets a CPU first. (Expected to
# steady its ratios under load; not yet measured.)
parallel() {
    function=$1
    shift
    priority=""
    [ "$backend" = cuda ] && priority="nice -n 10"
    # shellcheck disable=SC2086 # the priority is a command with its options, or nothing
    grep . | $priority xargs -P "$jobs" -I '{}' sh -c "$(function_text sharing_gpu)
$(function_text lab_uses_gpu)
$(function_text test_limit)
$(function_text "$function"); $function \"\$@\"" sh "$@" '{}'
}

# function_text NAME: the text of a function of this file.
function_text() {
    sed -n "/^$1() {/,/^}/p" "$0"
}

# run_test "LAB ORDER SUITE::TEST": one test of the tests' pool, one TAP
# file: OUT/LAB.ORDER/ORDER.SUITE.TEST.tap, and its .log and .rc.
run_test() {
    set -- $1
    lab=$1 order=$2 name=$3 suite=${3%%::*} test=${3##*::}
    base=$out/$lab.$order/$order.$suite.$test
    seed_env=""
    if printf '%s\n' "$hidden_tests" | grep -qx "$lab	$name"; then seed_env="SCANLAB_SEED=$hidden_seed"; fi
    # This shell runs this one test, so the limit binds it alone.
    [ "$memory_limit" -gt 0 ] && ulimit -v $((memory_limit * 1024))
    lock=sharing_gpu
    lab_uses_gpu "$lab" || lock=""
    limit=$(test_limit "$lab")
    echo "$limit" >"$base.limit"
    rm -f "$base.case"   # the case it runs, once it runs one (test_result)
    $lock env $gpu_env $seed_env SCANLAB_EMU_ORDER="$order" SCANLAB_CASE_FILE="$base.case" \
        timeout -k 5 $((limit + kill_slack)) \
        "$build/$tree/$lab/tests" --filter="$suite/$test" --timeout "$limit" -j1 --tap="$base.tap" \
        >"$base.log" 2>&1 </dev/null
    echo $? >"$base.rc"
}

# The results of one test from its TAP file, checked for forgery.
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
        lines=$(awk -f "$here/tools/tap-results.awk" "$base.tap")
        if [ "$(printf '%s\n' "$lines" | awk -F'\t' -v n="$name" '$1 == n' | wc -l)" -ne 1 ] ||
           [ "$(printf '%s\n' "$lines" | grep -c .)" -ne 1 ] ||
           [ "$(grep -E '^(not )?ok ' "$base.tap" | grep -c -v '# SKIP test was skipped$')" -ne 1 ]; then
            printf '%s\tfail\tgrader: the test report of %s is not what the grader ran (forged or damaged): see %s.tap\n' "$name" "$name" "$base"
            return
        fi
    fi
    # A crash, or a kernel the emulator stopped (a deadlock, a divergent
    # barrier), gains a second line: the sanitizer's summary, else the
    # emulator's first line (it names the kernel, block and thread). A
    # failure without a message (the emulator stopped the test itself, e.g.
    # on an endless kernel) takes that line as its message.
    summary=$(grep -m 1 '^SUMMARY: ' "$base.log")
    # AddressSanitizer calls the guard zones (device.c) "poisoned": say what that means here.
    case $summary in *use-after-poison*)
        summary="$summary$(printf '\037')a poisoned address: in the guard zone the grader keeps around each array it passes in (past its end, or before its start; in lab 08 also around each array the code allocates), or past the dynamic shared memory of the launch" ;;
    esac
    emu=$(grep -m 1 '^scanlab-emu: ' "$base.log" | cut -c1-700)
    [ -n "$summary" ] && emu=$summary
    # A failure the test did not word itself (a crash, a timeout, a kernel
    # the emulator stopped, a CUDA error met by the grader's own calls)
    # names the case it was running, as a mismatch does: the test recorded
    # it (grader/support/case_record.h) as its head and reproduce lines.
    case_head=$(sed -n 1p "$base.case" 2>/dev/null | tr -d '\t\037' | cut -c1-700)
    case_hint=$(sed -n 2p "$base.case" 2>/dev/null | tr -d '\t\037' | cut -c1-300)
    printf '%s\n' "$lines" | awk -v summary="$summary" -v emu="$emu" -v logfile="$base.log" \
        -v head="$case_head" -v hint="$case_hint" 'BEGIN { FS = OFS = "\t"
            at = head; sub(/:$/, "", at); sub(/, n = /, " at n = ", at) }   # "f at n = 1 (why), FILL=..."
        { unnamed = $2 == "fail" && head != "" && index($3, "reproduce: ") == 0 &&
                    ($3 == "" || $3 ~ /^(crashed|timed out):/ || $3 ~ /^grader: / || $3 ~ /cudaError/) }
        $2 == "fail" && $3 == "" { $3 = summary != "" ? "stopped by the checker: " summary : emu != "" ? emu : "failed without a message: see " logfile }
        $2 == "fail" && ($3 ~ /^crashed/ || $3 ~ /cudaError(LaunchFailure|MisalignedAddress)/) && emu != "" { $3 = $3 "\037" emu }
        unnamed && $3 ~ /^(crashed|timed out):/ { colon = index($3, ":"); $3 = substr($3, 1, colon - 1) " in " at substr($3, colon) }
        unnamed && $3 !~ /^(crashed|timed out) in / { $3 = head "\037" $3 }
        unnamed { $3 = $3 "\037" hint } { print }'
}

# Fail every rubric test of lab $1 with the message $2 (a lab whose test
# program is missing or does not start earns nothing, and says why).
fail_whole_lab() {
    awk -v lab="$1" -v order="$2" -v message="$3" 'BEGIN { OFS = "\t" }
        !/^#/ && $1 == lab { print lab, order, $2, "fail", message }' "$out/rubric.tsv" >>"$out/results"
}

# ---- Performance: the rubric's perf:: lines ------------------------------
#
# A lab's perf program (grader/support/perf/perf.h) holds the student's function
# and the reference's, times both in turn on the same fresh inputs and
# checks every output; it runs once all of the lab's tests pass (the
# scoreboard gates the points on them anyway). Full credit within 1.25x
# the reference's time, proportionally less beyond: 1.25 / ratio, the
# ratio being the median over pairs of rounds of student / reference
# (perf.h says why pairs). A ratio
# beyond 1.25x is confirmed by two more runs, the best of the three
# counting. Under the emulator a time means nothing: the program still
# runs, small, so a wrong or replayed output shows, but earns and costs
# nothing ("notgraded").

# run_perf PROGRAM LOG: its one "perf" line, or a made-up one saying why not.
run_perf() {
    [ "$memory_limit" -gt 0 ] && ulimit -v $((memory_limit * 1024))   # a subshell: this run alone
    # shellcheck disable=SC2086 # gpu_env is a word or nothing
    env $gpu_env SCANLAB_EMU_ORDER=forward timeout -k 5 "$long_timeout" "$1" "$perf_n" "$hidden_seed" >"$2" 2>&1 </dev/null
    rc=$?
    report=$(grep -m 1 "^perf$(printf '\t')" "$2")
    if [ -n "$report" ]; then echo "$report"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then printf 'perf\terror\t?\t%s\t0\t0\t-\t-\ttimed out after %s s\n' "$perf_n" "$long_timeout"
    else printf 'perf\terror\t?\t%s\t0\t0\t-\t-\tcrashed (exit status %s): see %s%s\n' "$perf_n" "$rc" "$2" \
             "$(grep -m 1 -E '^(scanlab-emu: |SUMMARY: )' "$2" | cut -c1-300 | sed 's/^/\x1f/')"
    fi
}

# beyond_slack LINE: true when the run was ok, had a reference, and the
# ratio is beyond the slack.
beyond_slack() {
    printf '%s\n' "$1" | awk -F'\t' -v slack="$perf_slack" '{ exit !($2 == "ok" && $8 != "-" && $8 > slack) }'
}

# better LINE LINE: of two ok lines, the one with the lower ratio.
better() {
    printf '%s\n%s\n' "$1" "$2" | awk -F'\t' 'NR == 1 { first = $0; ratio = $8 + 0; ok = $2 == "ok"; next }
        { print (ok && !($2 == "ok" && $8 + 0 < ratio) ? first : $0) }'
}

# perf_row LAB TEST VERDICT MESSAGE [FRACTION]: one line of the results.
perf_row() {
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$backend" "$2" "$3" "$4" "${5:-0}" >>"$out/results"
}

perf_lab() {
    lab=$1
    test=$(awk -v lab="$lab" '!/^#/ && $1 == lab && $2 ~ /^perf::/ { print $2; exit }' "$out/rubric.tsv")
    [ -n "$test" ] || return 0
    [ -n "$(echo "$test" | filtered)" ] || return 0
    if [ "${CHECK:-none}" != none ]; then
        perf_row "$lab" "$test" notgraded "not timed under CHECK=$CHECK (the checker's slowdown is no measure)"
        return 0
    fi
    if ! lab_passed "$lab"; then
        perf_row "$lab" "$test" "$([ "$backend" = emu ] && echo notgraded || echo fail)" \
            "not timed: the performance test runs once every test of the lab passes"
        return 0
    fi
    program=$build/$tree/$lab/perf
    if [ ! -x "$program" ]; then
        perf_row "$lab" "$test" fail "the performance test $program was not built"
        return 0
    fi
    line=$(run_perf "$program" "$out/$lab.perf.1.log")
    for run in 2 3; do
        beyond_slack "$line" || break
        line=$(better "$line" "$(run_perf "$program" "$out/$lab.perf.$run.log")")
    done
    printf '%s\n' "$line" | awk -v lab="$lab" -v test="$test" -v backend="$backend" \
        -v reproduce="$program $perf_n $hidden_seed" -v slack="$perf_slack" \
        -f "$here/tools/perf-verdict.awk" >>"$out/results"
}

# Hidden tests (rubric visibility `hidden`) get a fresh seed every run,
# so their data cannot be learnt; HIDDEN_SEED=0x... replays one run.
hidden_seed=${HIDDEN_SEED:-0x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')}
# On a GPU the reference's slowest test takes 4.4 s alone (lab 08's
# roundtrip::large, measured on an H100) and a few times that while grades
# share the GPU (make batch): 30 s leaves room, a test that still runs out
# of it there runs again alone (rerun_timeouts_alone), and an endless loop
# costs half a minute, not the emulator's two and a half. The checks and
# the performance test get twice as long there (compute-sanitizer slows a
# kernel down; perf runs it 32 times).
test_timeout=${TEST_TIMEOUT:-$([ "$backend" = cuda ] && echo 30 || echo 150)}
long_timeout=$test_timeout kill_slack=30
[ "$backend" = cuda ] && long_timeout=$((test_timeout * 2)) kill_slack=5
hanging_timeout=$((test_timeout / 3))   # test_limit: a lab seen to hang
[ "$hanging_timeout" -ge 1 ] || hanging_timeout=1
perf_n=${PERF_N:-$([ "$backend" = cuda ] && echo 16777216 || echo 4096)}
perf_slack=1.25   # full performance points within this factor of the reference's time
jobs=${JOBS:-$(nproc 2>/dev/null || echo 4)}
one_process=${ONE_PROCESS:-$([ "$backend" = cuda ] && echo 1 || echo 0)}
export here backend test_timeout long_timeout kill_slack hidden_seed hanging hanging_timeout
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

# Where a grade's time goes: seconds per lab and phase, in $out/times.tsv
# (lab <TAB> tests|checks|perf <TAB> seconds) and one line at the end.
clock() { date +%s.%N; }
timed() {   # timed LAB PHASE COMMAND...: run it, and add its seconds
    lab_=$1 phase_=$2 start_=$(clock)
    shift 2
    "$@"
    awk -v lab="$lab_" -v phase="$phase_" -v start="$start_" -v end="$(clock)" \
        'BEGIN { printf "%s\t%s\t%.1f\n", lab, phase, end - start }' >>"$out/times.tsv"
}
grade_start=$(clock)

# test_base LAB ORDER SUITE::TEST: where run_test left that test's files
# (BASE.tap, BASE.log, BASE.rc).
test_base() {
    echo "$out/$1.$2/$2.${3%%::*}.${3##*::}"
}

# timed_out BASE: the test of BASE (run_test's files) ran out of time,
# stopped by timeout(1) or by Criterion.
timed_out() {
    case $(cat "$1.rc" 2>/dev/null) in 124 | 137) return 0 ;; esac
    grep -q '^not ok .*timed out' "$1.tap" 2>/dev/null
}

# rerun_timeouts_alone: on a GPU that grades share (make batch), a test
# that ran out of time may have been starved: the GPU gives the processes
# that use it time slices in turn, and a kernel that never ends (a
# deadlocked look-back, a loop on a flag) uses up every slice it gets, so
# a test that launches and waits a thousand times slows a hundredfold.
# Seen: a reference test of 0.6 s timed out beside a grade whose kernels
# never ended. Each test that timed out runs again with the GPU to itself
# (the exclusive lock, as a perf program takes it), and that run counts.
# A lab whose rerun times out alone as well really hangs (it joins
# $hanging): its other timeouts stand, rather than hold the whole GPU for
# nothing, and its tests not yet run get hanging_timeout, not
# TEST_TIMEOUT (run_test).
hanging=""
rerun_timeouts_alone() {
    while read -r lab order name; do
        base=$(test_base "$lab" "$order" "$name")
        timed_out "$base" || continue
        case " $hanging " in *" $lab "*) continue ;; esac
        # Nothing on the GPU starved a lab without CUDA source: it hangs.
        lab_uses_gpu "$lab" || { hanging="$hanging $lab"; continue; }
        gpu_alone=1
        run_test "$lab $order $name"
        gpu_alone=0
        timed_out "$base" && hanging="$hanging $lab"
    done <"$out/test-runs"
}

# test_limit LAB: the seconds a test of LAB gets: TEST_TIMEOUT, or
# hanging_timeout once one of the lab's tests never ended with the GPU to
# itself. The tests that follow a hanging one in the lab's one-process run
# (those not yet run) mostly call the same kernels: with 30 s each, the
# kernel-loop cheat's five kept four endless kernels on the GPU for a
# minute, slowing every grade beside it. Alone on an H100 the reference's
# slowest test takes 4.4 s.
test_limit() {
    case " $hanging " in *" $1 "*) echo "$hanging_timeout" ;; *) echo "$test_timeout" ;; esac
}

# run_in_one_process "LAB ORDER": the lab's visible tests, all in one
# process (tests-one-process, grader/support/one_process.c), in the tests'
# pool. Each test it passes gets BASE.passed-in-one-process and is not run
# again; whatever it did not pass (a failure, a skip, a crash that ended
# the process) runs next through Criterion, each test in its own process,
# which gives the verdict and its message. A test still running after
# TEST_TIMEOUT ends the process; on a GPU it is not run in the pool again
# (another half minute of a kernel that may never end, slowing every
# grade on the GPU) but goes straight to rerun_timeouts_alone. The
# results come on descriptor 3, each line with a fresh token the program
# erases from its environment before any test runs: what the code under
# test prints, or could forge, counts for nothing. The hidden tests, whose
# seed differs, always run on their own.
run_in_one_process() {
    set -- $1
    lab=$1 order=$2 dir=$out/$1.$2
    program=$build/$tree/$lab/tests-one-process
    [ -x "$program" ] || return 0
    names=$(printf '%s\n' "$hidden_tests" | awk -F'\t' -v lab="$lab" -v order="$order" -v runs="$out/test-runs" '
        $1 == lab { hidden[$2] = 1 }
        END { while ((getline line <runs) > 0) { split(line, run, " ")
                  if (run[1] == lab && run[2] == order && !(run[3] in hidden)) print run[3] } }')
    [ -n "$names" ] || return 0
    token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
    [ "$memory_limit" -gt 0 ] && ulimit -v $((memory_limit * 1024))
    lock=sharing_gpu
    lab_uses_gpu "$lab" || lock=""
    # Each test has TEST_TIMEOUT (the program's watchdog), the whole run
    # that much per test (timeout(1), in case the watchdog itself is stuck).
    # shellcheck disable=SC2086 # the names are words
    # No SCANLAB_CASE_FILE: one file for all its tests could name a test by
    # another's case; what it does not pass runs again with a file its own.
    $lock env -u SCANLAB_CASE_FILE $gpu_env SCANLAB_RESULT_TOKEN="$token" SCANLAB_EMU_ORDER="$order" \
        timeout -k 5 $((test_timeout * $(echo "$names" | wc -l) + kill_slack)) \
        "$program" --timeout "$test_timeout" $names \
        3>"$dir/one-process.results" >"$dir/one-process.log" 2>&1 </dev/null
    # A line counts only whole (4 fields: code under test could leave half
    # a line for ours to complete) and for a test that was asked for.
    printf '%s\n' "$names" | awk -F'\t' -v token="$token" 'FILENAME == "-" { asked[$0] = 1; next }
        NF == 4 && ($1 == "pass" || $1 == "timeout") && $4 == token && ($2 in asked) { print $1, $2 }' \
        - "$dir/one-process.results" |
        while read -r verdict name; do
            base=$dir/$order.${name%%::*}.${name##*::}
            if [ "$verdict" = pass ]; then
                : >"$base.passed-in-one-process"
            elif [ "$backend" = cuda ]; then   # as timeout(1) says it; rerun_timeouts_alone reads it
                echo 124 >"$base.rc"
                echo "timed out after $test_timeout s in the lab's one-process run: see one-process.log" >"$base.log"
            fi
        done
}

# tests_all LAB...: every test of the labs, once per thread order, all in
# one pool; each lab's results in its order. With ONE_PROCESS=1 (the
# default on a GPU) each lab's tests run first in one process
# (run_in_one_process): a correct lab then costs one CUDA context, not one
# per test, and only what that run did not pass goes through the pool.
tests_all() {
    for lab in "$@"; do
        for order in $orders; do
            rm -rf "$out/$lab.$order" && mkdir -p "$out/$lab.$order"
            filtered <"$out/$lab.tests" | sed "s/^/$lab $order /"
        done
    done >"$out/test-runs"
    [ "$one_process" = 1 ] &&
        for lab in "$@"; do for order in $orders; do echo "$lab $order"; done; done | parallel run_in_one_process
    # A test that timed out there runs alone at once: a lab that hangs is
    # known before its other tests run (test_limit).
    [ "$backend" = cuda ] && rerun_timeouts_alone
    # What the one-process run left: not passed there, nor timed out (.rc).
    while read -r lab order name; do
        base=$(test_base "$lab" "$order" "$name")
        [ -f "$base.passed-in-one-process" ] || [ -f "$base.rc" ] || echo "$lab $order $name"
    done <"$out/test-runs" | parallel run_test
    # On a GPU the tests share its memory: one that hoards it can make
    # another's cudaMalloc fail. Tests that met an allocation failure run
    # again, alone, so only the hoarder loses its points.
    if [ "$backend" = cuda ]; then
        while read -r lab order name; do
            grep -q cudaErrorMemoryAllocation "$(test_base "$lab" "$order" "$name").log" 2>/dev/null &&
                run_test "$lab $order $name"
        done <"$out/test-runs"
        rerun_timeouts_alone
    fi
    for lab in "$@"; do
        for order in $orders; do
            dir=$out/$lab.$order
            for name in $(filtered <"$out/$lab.tests"); do
                test_result "$(test_base "$lab" "$order" "$name")" "$name"
            done | awk -v lab="$lab" -v order="$order" 'BEGIN { FS = OFS = "\t" } { print lab, order, $0 }' >>"$out/results"
            cat "$dir"/*.log >"$out/$lab.$order.log" 2>/dev/null
        done
    done
}

# What runs in the subshells of the pools (run_test, check_run).
hidden_tests=$(cat "$out/rubric.tsv" | awk -F'\t' '$4 == "hidden" { print $1 "\t" $2 }')
checker_memory=$(checker memory gpu) checker_race=$(checker race gpu)
checker_emu_memory=$(checker memory emu-forward) checker_emu_race=$(checker race emu-forward)
export out build tree hidden_tests checker_memory checker_race checker_emu_memory checker_emu_race

# The labs whose tests can run: policy first (what the code may not do is
# checked before it runs: policy-check.sh), then the build.
labs=""
[ "$phase" = perf ] && set --   # the labs whose tests ran are in labs-tested
for lab in "$@"; do
    program=$build/$tree/$lab/tests
    if ! POLICY_ALLOW=$policy_allow "$here/tools/policy-check.sh" "$tree/$lab" "$build/$tree/$lab" >"$out/$lab.policy.log" 2>&1; then
        cat "$out/$lab.policy.log"
        fail_whole_lab "$lab" policy "$(head -n 1 "$out/$lab.policy.log" | tr '\t' ' ') (the lab scores 0)"
        continue
    fi
    if [ ! -x "$program" ]; then
        fail_whole_lab "$lab" build "does not compile: see the compiler's messages above (make build LAB=${lab%%-*} TREE=$tree)"
        continue
    fi
    if [ "$backend:${CHECK:-none}" != emu:race ]; then
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
elif [ "$backend:${CHECK:-none}" = emu:race ]; then
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
[ "$backend:${CHECK:-none}" = emu:race ] || for lab in $labs; do timed "$lab" perf perf_lab "$lab"; done
[ -n "$(cat "$out/rubric.tsv" | awk -F'\t' '$4 == "hidden"')" ] &&
    echo "hidden tests ran with SCANLAB_SEED=$hidden_seed (replay: HIDDEN_SEED=$hidden_seed)" >"$out/hidden-seed"

colour=0
[ -t 1 ] && [ -z "${NO_COLOR:-}" ] && colour=1
echo "ScanLab scoreboard: $tree/ graded on $describe"
echo
awk -v expect="${EXPECT:-}" -v colour="$colour" -v backend="$backend" -v tree="$tree" \
    -v filter="${FILTER:-}" -v scored="$out/scored" -f "$here/tools/scoreboard.awk" "$out/rubric.tsv" "$out/results"
status=$?
# Machine-readable copies, when asked for: RESULTS_JSON=path (Gradescope's
# results.json, written with cJSON by tools/results-json.c) and JUNIT_XML=path.
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
awk -F'\t' -v start="$grade_start" -v end="$(clock)" -v phase="$phase" '{ spent[$2] += $3 }
    END { total = phase == "perf" ? spent["tests"] + spent["checks"] + end - start : end - start
          printf "time: %.0f s (tests %.0f s, checks %.0f s, perf %.0f s; per lab: times.tsv)\n",
          total, spent["tests"], spent["checks"], spent["perf"] }' "$out/times.tsv" 2>/dev/null
if [ "$one_process" = 1 ] && [ -f "$out/test-runs" ]; then
    passed=$(while read -r lab order name; do
                 [ -f "$(test_base "$lab" "$order" "$name").passed-in-one-process" ] && echo; done <"$out/test-runs" | wc -l)
    echo "one process: $passed of $(grep -c . "$out/test-runs") test runs passed in their lab's one process; the rest ran one process a test"
fi
echo "logs: $out/"
exit $status
