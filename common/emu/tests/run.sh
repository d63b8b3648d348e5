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
set -u
tests=$1 build=$2 checks=${3:-none race memory}
passed=0 failed=0
log=$(mktemp "${TMPDIR:-/tmp}/emu-test.XXXXXX")
trap 'rm -f "$log"' EXIT INT TERM

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
    if [ "$verdict" = ok ]; then
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
