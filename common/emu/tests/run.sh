#!/bin/sh
# run.sh: runs the emulator's tests and checks each outcome.
#
#   sh common/emu/tests/run.sh TESTS_DIR BUILD_DIR [CHECKS]
#
# Each TESTS_DIR/NAME.cu (and NAME.c) says how to run it in lines such as
#
#   //! run none pass
#   //! run none fail SCANLAB_EMU_ORDER=reverse -- mismatch at
#   //! run race fail -- ThreadSanitizer: data race
#
# that is: the check it was built for (BUILD_DIR/CHECK/NAME), the expected
# exit (pass: status 0, fail: any other), environment settings, and after
# "--" a text its output must contain. So a planted bug "passes" when it
# fails the expected way, with the expected diagnostic. The last line
# counts the runs: "N passed, N failed"; the exit status is 1 if any failed.
# Only the run lines of CHECKS ("none race memory" if not given) run: a
# cross build has only none. EMU_RUN, if set, runs each program (e.g.
# "qemu-aarch64 -L /usr/aarch64-linux-gnu" for an aarch64 build).
# EMU_TEST_KNOWN, if set, lists what this compiler's sanitizers cannot
# show, as "RUN: why" parts split by ";" (emu.mk's EMU_TEST_KNOWN_clang),
# RUN the start of a run's label: "bug_missing_barrier [race]",
# "diag_misaligned [none MISALIGNED=load". Such a run that goes otherwise
# than its line says is counted as "known", with the why, not failed; one
# that goes as its line says fails, so that the list is shortened when a
# compiler learns.
set -u
tests=$1 build=$2 checks=${3:-none race memory}
passed=0 failed=0 known=0
log=$(mktemp "${TMPDIR:-/tmp}/emu-test.XXXXXX")
trap 'rm -f "$log"' EXIT INT TERM

# Why EMU_TEST_KNOWN says the run labelled $1 cannot go as its line says;
# nothing if it does not.
known_why() {
    printf '%s\n' "${EMU_TEST_KNOWN:-}" | tr ';' '\n' | while read -r entry; do
        case $1 in "${entry%%: *}"*) printf '%s\n' "${entry#*: }"; break ;; esac
    done
}

# Runs one "//! run" line of test $name.
run_one() {
    check=$1 expect=$2
    shift 2
    case " $checks " in *" $check "*) ;; *) return ;; esac
    settings= text=
    while [ $# -gt 0 ]; do
        if [ "$1" = -- ]; then shift; text="$*"; break; fi
        settings="$settings $1"
        shift
    done
    # Sanitizer reports must not depend on the user's options.
    env $settings TSAN_OPTIONS= ASAN_OPTIONS=detect_leaks=0 ${EMU_RUN:-} "$build/$check/$name" </dev/null >"$log" 2>&1
    status=$?
    verdict=ok
    case $expect in
        pass) [ $status -eq 0 ] || verdict="exit status $status, expected 0" ;;
        fail) [ $status -ne 0 ] || verdict="exit status 0, expected a failure" ;;
    esac
    if [ "$verdict" = ok ] && [ -n "$text" ] && ! grep -qF -- "$text" "$log"; then
        verdict="the output lacks '$text'"
    fi
    label="$name [$check$settings] $expect"
    why=$(known_why "$label")
    if [ -n "$why" ] && [ "$verdict" = ok ]; then
        failed=$((failed + 1))
        echo "  FAIL  $label: it goes as its line says, yet EMU_TEST_KNOWN says it cannot ($why): drop it there"
    elif [ -n "$why" ]; then
        known=$((known + 1))
        echo "  KNOWN $label: $verdict; $why"
    elif [ "$verdict" = ok ]; then
        passed=$((passed + 1))
        echo "  PASS  $label"
    else
        failed=$((failed + 1))
        echo "  FAIL  $label: $verdict; the output ends:"
        tail -n 15 "$log" | sed 's/^/        /'
    fi
}

for source in "$tests"/*.cu "$tests"/*.c; do
    name=$(basename "$source" | sed 's/\.[^.]*$//')
    sed -n 's|^//! run ||p' "$source" >"$log.runs"
    while read -r line; do
        # shellcheck disable=SC2086 # the words of a run line are its fields
        set -f; run_one $line; set +f
    done <"$log.runs"
    rm -f "$log.runs"
done
echo "$passed passed, $failed failed${EMU_TEST_KNOWN:+, $known known to go otherwise with this compiler}"
[ "$failed" -eq 0 ]
