#!/bin/sh
# check-portable.sh: what a student runs works without Linux's own tools
# (make check-portable). No Mac needed, and none proven: it checks what
# can be checked here (README says which systems are tested).
#
#   grader/test/check-portable.sh WORK_DIR
#
# 1. Grades under a PATH that looks like macOS's: a folder of links to this
#    machine's tools, without those macOS lacks (flock, taskset, timeout,
#    nproc, sha256sum, setsid, addr2line, ...), with the one-true-awk
#    (macOS's awk) for awk, and a wrapper in front of each tool whose GNU
#    options BSD lacks: it refuses them (sed -i without a suffix, stat -c,
#    readlink -f, find -printf, grep -P, xargs -r, head -n -1, --long
#    options, ...) with a line in WORK_DIR/refused, or does as BSD does
#    (date prints %N as "N", wc pads its counts). /bin/sh is dash, POSIX.
#    The grades (make grade LAB=01 and 02 of solutions, full marks; LAB=01
#    of the skeletons, nothing) must earn, test by test, what they earn
#    under the normal PATH, make run LAB=02 must print the same, and
#    nothing may be refused.
# 2. Builds the emulator and labs 01 and 02 with clang and clang++ (as
#    Apple's compilers are: make CC=clang CXX=clang++, folders of their
#    own) and grades them: full marks; and runs the emulator's own tests
#    built with clang (make emu-test: every check, both switches), where
#    what clang cannot show is counted apart (EMU_TEST_KNOWN_clang in
#    common/emu/emu.mk): about 2 minutes on 2 cores from nothing built.
# 3. The emulator's calls that only Linux or only macOS has stay behind
#    #if __APPLE__ (check-linux-only.sh).
# Exits 1 if anything fails, naming it.
set -eu
work=${1:?usage: check-portable.sh WORK_DIR}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/bin"
work=$(cd "$work" && pwd)
failed=0
fail() { echo "check-portable: FAIL: $*"; failed=1; }

# ---- The PATH of a Mac: links, minus what macOS lacks --------------------

absent=" flock taskset timeout gtimeout nproc sha256sum sha1sum md5sum setsid addr2line ldd setarch stdbuf tac shuf
         lscpu free numfmt chrt ionice prlimit "
# The tools whose GNU-only options are refused (wrapped below).
wrapped=" sed stat readlink date find grep xargs head tail wc cp install mktemp cut sort env tr cat mv rm mkdir
          ln touch basename dirname uniq tee chmod ls od ps "
old_ifs=$IFS
IFS=:
for dir in $PATH; do
    IFS=$old_ifs
    for tool in "$dir"/*; do
        name=${tool##*/}
        [ -x "$tool" ] && [ ! -e "$work/bin/$name" ] && [ ! -d "$tool" ] || continue
        case $absent in *" $name "*) continue ;; esac
        case $name in *.d) continue ;; esac   # the Makefile includes build/**/*.d
        ln -s "$tool" "$work/bin/$name"
    done
done
IFS=$old_ifs
# macOS's awk is the one-true-awk (grader/tools/install-deps.sh original-awk).
"$here/../tools/install-deps.sh" original-awk
ln -sf "$(command -v original-awk)" "$work/bin/awk"

# Each wrapped tool: the real one, behind refusals. A refusal prints
# "check-portable: TOOL ARGS: WHY" on stderr and into $work/refused, and
# exits 2, as a BSD tool meeting an unknown option would.
for name in $wrapped; do
    real=$(readlink "$work/bin/$name") || { echo "check-portable: no $name on PATH" >&2; exit 2; }
    rm -f "$work/bin/$name"
    cat >"$work/bin/$name" <<EOF
#!/bin/sh
real='$real' log='$work/refused' tool=$name
. '$here/portable-rules.sh'
EOF
    chmod +x "$work/bin/$name"
done

# ---- 1. Grades under it, beside the normal ones ----------------------------

# grade NAME PATH ARGS...: make grade ARGS under PATH; the per-test
# verdicts and points (scoreboard.awk's scored file, messages left out:
# they may name source lines, which addr2line gives and a Mac's atos
# would) in $work/NAME.scored.
grade() {
    name=$1 path=$2
    shift 2
    build=$work/build-$name
    if ! env PATH="$path" make --no-print-directory BACKEND=emu JOBS=2 BUILD="$build" "$@" grade \
        >"$work/$name.log" 2>&1; then
        fail "make grade $* under the ${name%%-*} PATH: see $work/$name.log"
    fi
    tree=$(printf '%s\n' "$@" | sed -n 's/^TREE=//p')
    cut -f1-5 "$build/grade/$tree/scored" >"$work/$name.scored" 2>/dev/null || :
}
mac_path=$work/bin
start=$(date +%s)
for case in "01 solutions full" "02 solutions full" "01 labs zero"; do
    set -- $case
    grade "linux-$1-$2" "$PATH" LAB="$1" TREE="$2" EXPECT="$3"
    grade "mac-$1-$2" "$mac_path" LAB="$1" TREE="$2" EXPECT="$3"
    if ! cmp -s "$work/linux-$1-$2.scored" "$work/mac-$1-$2.scored" || [ ! -s "$work/mac-$1-$2.scored" ]; then
        fail "make grade LAB=$1 TREE=$2 earns other points under the macOS PATH:"
        diff "$work/linux-$1-$2.scored" "$work/mac-$1-$2.scored" | head -10
    fi
done
# make run: the same arrays (its build is the grade's, under each PATH).
for name in linux mac; do
    path=$PATH
    [ "$name" = mac ] && path=$mac_path
    env PATH="$path" make --no-print-directory -s BACKEND=emu BUILD="$work/build-$name-02-solutions" TREE=solutions \
        LAB=02 N=33 run >"$work/$name-run.out" 2>&1 || fail "make run LAB=02 under the $name PATH: see $work/$name-run.out"
done
cmp -s "$work/linux-run.out" "$work/mac-run.out" || fail "make run LAB=02 prints otherwise under the macOS PATH"
if [ -s "$work/refused" ]; then
    fail "GNU-only options used (a Mac refuses them):"
    sort "$work/refused" | uniq -c | sort -rn | head -20
fi
echo "  macOS PATH: $(($(date +%s) - start)) s for the grades of labs 01 and 02 and make run, under both PATHs"

# ---- 2. clang, as on a Mac -------------------------------------------------

start=$(date +%s)
"$here/../tools/install-deps.sh" clang
if make --no-print-directory BACKEND=emu CC=clang CXX=clang++ JOBS=2 TREE=solutions LAB=01 EXPECT=full grade \
       >"$work/clang-01.log" 2>&1 &&
   make --no-print-directory BACKEND=emu CC=clang CXX=clang++ JOBS=2 TREE=solutions LAB=02 EXPECT=full grade \
       >"$work/clang-02.log" 2>&1; then
    echo "  clang: labs 01 and 02 earn full marks built with clang ($(($(date +%s) - start)) s)"
else
    fail "labs 01 and 02 built with clang do not earn full marks: see $work/clang-01.log, clang-02.log"
fi

start=$(date +%s)
if make --no-print-directory -j2 CC=clang CXX=clang++ emu-test >"$work/clang-emu-test.log" 2>&1; then
    echo "  clang: make emu-test passes ($(grep -c '^  PASS' "$work/clang-emu-test.log") runs," \
         "$(grep -c '^  KNOWN' "$work/clang-emu-test.log") known to differ; $(($(date +%s) - start)) s)"
else
    fail "make emu-test built with clang: $(grep 'passed, ' "$work/clang-emu-test.log" | tail -n 1); see $work/clang-emu-test.log"
fi

# ---- 3. Linux-only calls behind guards -------------------------------------

"$here/check-linux-only.sh" || fail "a call that only one system has, unguarded in common/emu (above)"

[ "$failed" = 0 ] && echo "check-portable: the student's path runs without GNU-only tools and options, and builds with clang"
exit "$failed"
