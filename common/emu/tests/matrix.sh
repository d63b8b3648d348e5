#!/bin/sh
# matrix.sh: one compiler's row of the emulator's compiler matrix
# (common/emu/README.md, "Compilers tried").
#
#   sh common/emu/tests/matrix.sh CC CXX [LOG_DIR [VAR=VALUE ...]]
#   e.g. sh common/emu/tests/matrix.sh gcc-13 g++-13 /tmp/matrix-gcc13
#
# Run from the repository's root. With CC and CXX it builds the emulator
# and runs make emu-test (every check, both switches; what this compiler
# cannot show is counted "known" by EMU_TEST_KNOWN_<compiler> of emu.mk),
# then grades the references of labs 02, 05 and 07 on the emulator, which
# must earn full marks (EXPECT=full). Each step logs to LOG_DIR (default
# /tmp/emu-matrix-CXX); the last line is the row, e.g.
#
#   | g++ (Debian 12.2.0-14+deb12u1) 12.2.0 | 134 passed, 0 failed/134 passed, 0 failed | 02 25/25 | 05 25/25 | 07 25/25 |
#
# VAR=VALUE settings go to every make: Debian 12 installs the OpenMP
# library of one clang only (libomp-14-dev), which clang 15 and 16 then
# link with (the perf programs' CPU reference uses OpenMP):
#
#   sh common/emu/tests/matrix.sh clang-16 clang++-16 /tmp/m16 \
#       OPENMP_LIBS='-fopenmp -L /usr/lib/llvm-14/lib'
#
# The exit status is 1 if any step failed. A compiler other than g++
# builds in folders of its own (emu.mk's EMU_COMPILER), so rows never mix.
# Slow (22 minutes for g++ here, on two cores shared with other jobs): JOBS (default 2) sets make -j.
set -u
[ $# -ge 2 ] || { echo "usage: sh common/emu/tests/matrix.sh CC CXX [LOG_DIR [VAR=VALUE ...]]" >&2; exit 2; }
cc=$1 cxx=$2 logs=${3:-${TMPDIR:-/tmp}/emu-matrix-$(basename "$2")}
shift $(($# < 3 ? 2 : 3))
jobs=${JOBS:-2} make=${MAKE:-make}
mkdir -p "$logs"
status=0
row="| $("$cxx" --version | head -n 1) |"

if "$make" --no-print-directory -j"$jobs" CC="$cc" CXX="$cxx" "$@" emu-test >"$logs/emu-test.log" 2>&1; then
    row="$row $(grep 'passed, ' "$logs/emu-test.log" | paste -sd '/' -) |"
else
    status=1
    row="$row FAILED: $(grep 'passed, ' "$logs/emu-test.log" | paste -sd '/' -) (see $logs/emu-test.log) |"
fi

for lab in 02 05 07; do
    if "$make" --no-print-directory BACKEND=emu CC="$cc" CXX="$cxx" JOBS="$jobs" "$@" TREE=solutions \
           LAB=$lab EXPECT=full grade >"$logs/grade-$lab.log" 2>&1; then
        row="$row $lab $(sed -n 's/^summary: .* score=\([^ ]*\) .*/\1/p' "$logs/grade-$lab.log") |"
    else
        status=1
        row="$row $lab FAILED (see $logs/grade-$lab.log) |"
    fi
done
echo "$row"
exit $status
