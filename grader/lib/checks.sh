# checks.sh: the rubric's check::memory and check::race lines (sourced by
# grade.sh): which run, the pool that runs them (grader/jobs/check-run.sh)
# and their verdicts. Reads grade.sh's variables (out, here, build, tree,
# backend, orders, jobs, long_timeout) and the functions of gpu-lock.sh,
# results.sh and tests.sh.
#
#   checks_all LAB...   the check:: lines of the labs, their rows in OUT/results
#
# Once a lab's tests all pass (or one of them does: its findings are
# shown, for no points, early_row), its driver (make run) runs under a bounds
# checker and under a race checker, at sizes that cross warp, block and
# tile edges, in every thread order; a finding costs that line's points
# and its message carries the checker's own line. The driver, not the
# tests: compute-sanitizer cannot follow the processes Criterion forks,
# and ThreadSanitizer cannot run in them (grade.sh). Under the emulator
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

# check_sizes CHECK ORDER LAB: the sizes a check runs at.
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
    emu:memory) echo "env SCANLAB_EMU_LEAK_CHECK=86 ASAN_OPTIONS=halt_on_error=1:exitcode=86:detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1" ;;
    emu:race) echo "env TSAN_OPTIONS=halt_on_error=1:exitcode=86" ;;
    esac
}

# emu_build CHECK: the emulator's build folder for CHECK beside the
# grade's own, of the grade's variant (EMU_VARIANT, from the Makefile:
# "-ucontext" for a grade with EMU_SWITCH=ucontext) and edition ("-open":
# GUIDANCE, from the Makefile), so that a variant's checks run the
# variant's drivers, and the open edition's drivers are built from its
# own objects (the Makefile's BUILD names both).
emu_build() {
    echo "$(dirname "$build")/emu-$1${EMU_VARIANT:-}$([ "${GUIDANCE:-guided}" = open ] && echo -open)"
}

# check_driver CHECK LAB ORDER: the driver to run under CHECK in ORDER
# (under the emulator, a build with the checker compiled in:
# build_check_drivers makes it), or nothing if there is none.
check_driver() {
    if [ "$3" = gpu ]; then
        driver=$build/$tree/$2/run
    elif [ "$3" = emu-overlap ]; then
        driver=$(emu_build none)/$tree/$2/run
    else
        driver=$(emu_build "$1")/$tree/$2/run
    fi
    if [ -x "$driver" ]; then echo "$driver"; fi
}

# build_check_drivers WANTED: the emulator's builds of the drivers that
# the checks of WANTED ("CHECK LAB" a line) run: memory or race, and on a
# GPU the plain one too for the race check's emu-overlap. One make for
# each build, where the source tree has a Makefile (a GPU bundle ships
# them built): each make reads the whole Makefile, and one a driver, in
# turn, took 14 s of a GPU grade. A driver that does not build is the
# verdict's business (check_plan).
build_check_drivers() {
    [ -f Makefile ] || return 0
    for check in none memory race; do
        wanted=$(awk -v check="$check" -v gpu="$backend" \
            '$1 == check || (check == "none" && gpu == "cuda" && $1 == "race") { print $2 }' "$1" | sort -u)
        [ -n "$wanted" ] || continue
        check_build=$(emu_build "$check")
        # Not the caller's make flags: they may set CHECK or LAB for it.
        # The grade's context switch, though (EMU_SWITCH=ucontext).
        # shellcheck disable=SC2046 # one driver a word
        # MAKE: the make that runs the grade (gmake on macOS, whose make is 3.81).
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "${MAKE:-make}" --no-print-directory -s -j"$jobs" BACKEND=emu CHECK=$check \
            ${EMU_SWITCH:+EMU_SWITCH=$EMU_SWITCH} \
            BUILD="$check_build" TREE="$tree" $(for lab in $wanted; do echo "$check_build/$tree/$lab/run"; done) \
            >"$out/check-drivers-$check.build.log" 2>&1 || :
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
        if [ "$backend" = emu ]; then echo forward; else echo emu-forward; fi
    elif [ "$backend" = emu ]; then
        echo "$orders"
    else
        echo gpu
        if [ -n "$(check_driver "$1" "$2" emu-forward)" ]; then echo emu-forward; fi
        if [ "$1" = race ] && [ -n "$(check_driver "$1" "$2" emu-overlap)" ]; then echo emu-overlap; fi
    fi
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
            awk -v lab="$lab" -v test="$test" '$1 == lab && $2 == test { found = 1 } END { exit !found }' \
                "$out/rubric.tsv" || continue
            [ -n "$(echo "$test" | filtered)" ] || continue
            [ "$backend:${CHECK:-none}:$check" != emu:race:memory ] || continue   # the race check alone
            if [ "${CHECK:-none}" = "$check" ] || lab_passed "$lab"; then
                echo "$check $lab" >>"$out/check-wanted"
            elif lab_passed_some "$lab"; then
                echo "$check $lab early" >>"$out/check-wanted"   # its findings shown, no points yet
            else
                row "$lab" "$backend" "$test" fail "not run: the lab's checks run once one of its tests passes, and count once every one does (now: make grade LAB=${lab%%-*} CHECK=$check)"
            fi
        done
    done
    build_check_drivers "$out/check-wanted"
    while read -r check lab early; do
        if check_plan "$check" "$lab" >>"$out/check-runs"; then echo "$check $lab $early" >>"$out/check-planned"; fi
    done <"$out/check-wanted"
    pool check-run.sh <"$out/check-runs"
    while read -r check lab early; do check_verdict "$check" "$lab" "$early"; done <"$out/check-planned"
}

# early_row CHECK LAB STATUS MESSAGE: the check's row; for a lab whose
# tests do not all pass yet (check_verdict's EARLY), a finding is shown
# as it is, but costs nothing more and earns nothing: the check's points
# count once every test passes.
early_row() {
    if [ -z "$early" ]; then row "$2" "$backend" "check::$1" "$3" "$4"; return; fi
    case $3 in
    fail) row "$2" "$backend" "check::$1" fail "$4$(printf '\037')(its points count once every one of the lab's tests passes; a finding is often why one fails)" ;;
    *) row "$2" "$backend" "check::$1" fail "nothing found yet$([ -n "$4" ] && echo " ($4)"); its points count once every one of the lab's tests passes" ;;
    esac
}

# check_plan CHECK LAB: the check's runs, "CHECK LAB ORDER SIZES" a line,
# each order's driver in OUT/LAB.check-CHECK/driver.ORDER; or, when it
# cannot run, its row at once, and a false status.
check_plan() {
    dir=$out/$2.check-$1
    rm -rf "$dir" && mkdir -p "$dir"
    check_orders "$1" "$2" | tr ' ' '\n' >"$dir/orders"
    if [ -z "$(checker "$1" "$(head -n 1 "$dir/orders")")" ]; then
        row "$2" "$backend" "check::$1" skip "compute-sanitizer was not found (it comes with the CUDA toolkit)"
        return 1
    fi
    for order in $(cat "$dir/orders"); do
        driver=$(check_driver "$1" "$2" "$order")
        if [ -z "$driver" ]; then
            row "$2" "$backend" "check::$1" fail "the lab's driver was not built for the check: see $out/check-drivers-*.build.log"
            return 1
        fi
        echo "$driver" >"$dir/driver.$order"
        echo "$1 $2 $order $(check_sizes "$1" "$order" "$2" | tr ' ' ',')"
    done
}

# failing_size "CHECK LAB ORDER SIZES": after the run of all SIZES at once
# failed, the size that fails alone (each run again, smallest first), so
# the verdict names it and its log; the SIZES themselves if none does.
failing_size() {
    # shellcheck disable=SC2086 # the line's four words
    set -- $1
    for n in $(echo "$4" | tr ',' ' '); do
        "$here/jobs/check-run.sh" "$out/settings.sh" "$1 $2 $3 $n" </dev/null
        rc_alone=$(cat "$out/$2.check-$1/$3.$n.rc")
        [ "$rc_alone" = 0 ] || checker_failed "$rc_alone" || { echo "$n"; return; }
    done
    echo "$4"
}

# checker_failed RC: whether a run's exit status is none that the driver
# (0, 1: a CUDA error or a wrong result, 2), a checker's finding (86),
# the emulator's "cannot run here" (87) or a time limit (124, 137) gives:
# the checker itself failed (compute-sanitizer exits 255 when it cannot
# start or loses the GPU, as it did with six grades at once on a GPU).
checker_failed() {
    case $1 in 0 | 1 | 2 | 86 | 87 | 124 | 137) return 1 ;; *) return 0 ;; esac
}

# no_verdict RC: a run that says nothing of the code: its checker failed
# by itself, or it ran out of time (124, 137), the machine busy or the
# checker stuck. Such a run is run again before it counts.
no_verdict() {
    checker_failed "$1" || [ "$1" = 124 ] || [ "$1" = 137 ]
}

# check_verdict CHECK LAB: the check's verdict on the lab once its runs
# are done, its first finding named: the size, the thread order, the
# checker's line (lib/finding.awk), how to see it. A run whose checker
# failed by itself, or that ran out of time, is run again; if it does
# so again, that order has no verdict, and the check is "not graded"
# (costing nothing) unless another order found something. EARLY
# ("early", or nothing): the lab's tests do not all pass (early_row).
check_verdict() {
    dir=$out/$2.check-$1 early=${3:-}
    unsure=""
    for order in $(cat "$dir/orders"); do
        sizes=$(check_sizes "$1" "$order" "$2" | tr ' ' ',')
        rc=$(cat "$dir/$order.$sizes.rc" 2>/dev/null || echo 1)
        [ "$rc" != 0 ] || continue
        # 87: the checker cannot run on this machine (the emulator says
        # why: a ThreadSanitizer that holds too few threads); no verdict.
        if [ "$rc" = 87 ]; then
            early_row "$1" "$2" notgraded "$(grep -m 1 '^scanlab-emu: ' "$dir/$order.$sizes.log" | cut -c1-300)"
            return
        fi
        if no_verdict "$rc"; then
            first=$rc
            "$here/jobs/check-run.sh" "$out/settings.sh" "$1 $2 $order $sizes" </dev/null
            rc=$(cat "$dir/$order.$sizes.rc" 2>/dev/null || echo 1)
            [ "$rc" != 0 ] || continue
            if no_verdict "$rc"; then
                unsure="not graded: the checker itself failed, twice ($(check_failure "$first" "$rc" "$order" \
                    "$dir/$order.$sizes.log")); its points are not counted (log: $dir/$order.$sizes.log)"
                continue
            fi
        fi
        n=$(failing_size "$1 $2 $order $sizes")
        log=$dir/$order.$n.log rc=$(cat "$dir/$order.$n.rc" 2>/dev/null || echo 1)
        where=$(check_where "$1" "$2" "$order" "$n")
        case $rc in
        86) message="found at ${where%%|*}: $(awk -f "$here/lib/finding.awk" "$log" | cut -c1-600)" ;;
        124 | 137) message="timed out at ${where%%|*} after $long_timeout s under the checker$(cat "$dir/$order.$n.busy" 2>/dev/null)" ;;
        *) message="the driver failed at ${where%%|*} under the checker (exit status $rc): $(grep -m 1 -E '^(scanlab-emu: |SUMMARY: )' "$log" | cut -c1-200)" ;;
        esac
        # The emulator's own report in a kernel (a divergent barrier, a
        # race between blocks) fails the launch, and the driver exits 1
        # with the CUDA error: a finding as much as a sanitizer's.
        if [ "$rc" = 1 ] && grep -q "^scanlab-emu: .*: kernel '.*' block .* thread " "$log"; then
            rc=86 message="found at ${where%%|*}: $(awk -f "$here/lib/finding.awk" "$log" | cut -c1-600)"
        fi
        # The emulator names the CUDA thread where a report happened.
        thread=$(grep -m 1 '^scanlab-emu: kernel' "$log" | cut -c1-200)
        if [ -n "$early" ] && [ "$rc" != 86 ]; then
            early_row "$1" "$2" pass "the driver did not finish under the checker: exit status $rc"
            return
        fi
        early_row "$1" "$2" fail "$message$(printf '\037')${thread:+$thread$(printf '\037')}reproduce: ${where#*|}  (log: $log)"
        return
    done
    if [ -n "$unsure" ]; then early_row "$1" "$2" notgraded "$unsure"; return; fi
    early_row "$1" "$2" pass ""
}

# check_failure FIRST SECOND ORDER LOG: the two failures in words.
check_failure() {
    case $1:$2 in
    124:124 | 137:137 | 124:137 | 137:124) what="out of time, $long_timeout s, the machine busy or the checker stuck" ;;
    *) what="exit status $1, then $2" ;;
    esac
    line=$(grep -v '^[[:space:]]*$' "$4" 2>/dev/null | grep -m 1 -i -E 'error|sanitizer|fatal' | cut -c1-160)
    echo "$what, $(if [ "$3" = gpu ]; then echo "compute-sanitizer"; else echo "the emulator's ${3#emu-} run"; fi)${line:+: $line}"
}

# check_where CHECK LAB ORDER N: where a finding was, "WHERE|REPRODUCE":
# the size and the order in words, and the command that shows it again.
check_where() {
    tree_arg=""
    if [ "$tree" != labs ]; then tree_arg=" TREE=$tree"; fi
    reproduce="make run LAB=${2%%-*} N=$4 BACKEND=emu CHECK=$1$tree_arg"
    if ! lab_uses_gpu "$2"; then
        echo "n = $4|$reproduce"
    elif [ "$3" = emu-overlap ]; then
        echo "n = $4, blocks overlapping in the CPU emulator|SCANLAB_EMU_ORDER=reverse make run LAB=${2%%-*} N=$4 BACKEND=emu$tree_arg"
    elif [ "$3" != gpu ]; then
        sanitizers=""
        if [ "$backend" = cuda ]; then sanitizers=", the CPU emulator's sanitizers"; fi
        echo "n = $4, ${3#emu-} thread order$sanitizers|SCANLAB_EMU_ORDER=${3#emu-} $reproduce"
    else
        echo "n = $4|$(checker "$1" gpu) $(cat "$out/$2.check-$1/driver.$3") $4 0x5eed random"
    fi
}
