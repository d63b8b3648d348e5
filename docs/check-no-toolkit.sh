#!/bin/sh
# check-no-toolkit.sh: what the docs promise a student without a GPU
# (index.html#setup, troubleshooting.html: "Without a GPU you need no
# toolkit") is what the build does: the emulator's path needs no CUDA
# toolkit.
#
#   docs/check-no-toolkit.sh [LAB]      (default: 02)
#
# Both steps run with every directory that holds an nvcc taken off PATH,
# and with make's own way to a toolkit (NVCC_CUDA, CUDA_HOME; the
# Makefile falls back to /usr/local/cuda) pointed at a folder that does
# not exist, so any use of the toolkit fails or shows:
#
#   recipe  make -n -B build LAB=.. BACKEND=emu: every command that a
#           build from nothing of the lab's tests, driver and perf
#           program would run (the emulator's library included) names no
#           nvcc but common/emu/nvcc-emu, no toolkit folder and no CUDA
#           library (-lcudart, -lcuda);
#   run     make run LAB=.. N=33 TREE=solutions BACKEND=emu builds what
#           it lacks and runs the reference on the emulator, exit 0.
#
# Needs solutions/, gcc/g++ and make. The last line is "no-toolkit: N
# passed, N failed"; exit status 1 on failure.
set -eu

cd "$(dirname "$0")/.."
[ -d solutions ] || { echo "docs/check-no-toolkit.sh: needs solutions/" >&2; exit 2; }
lab=${1:-02}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scanlab-no-toolkit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }

# PATH without the folders that hold an nvcc.
path=$(printf '%s\n' "$PATH" | tr ':' '\n' | while IFS= read -r dir; do
    [ -n "$dir" ] && [ ! -x "$dir/nvcc" ] && printf '%s:' "$dir"
done)
path=${path%:}
nowhere=$tmp/no-cuda
no_toolkit() { env PATH="$path" make --no-print-directory "$@" BACKEND=emu NVCC_CUDA="$nowhere/bin/nvcc" CUDA_HOME="$nowhere"; }

if PATH="$path" command -v nvcc >/dev/null 2>&1; then
    fail "nvcc is still on the PATH made without it: $path"
fi

# ---- recipe: what a build from nothing would run ----------------------------
if no_toolkit -n -B build LAB="$lab" CHECK=none TREE=solutions >"$tmp/recipe.txt" 2>&1; then
    grep -v '^echo ' "$tmp/recipe.txt" |
        grep -E "$nowhere|/cuda/|(^|[ /])nvcc( |$)|-lcudart|-lcuda( |$)" >"$tmp/toolkit.txt" || :
    compiles=$(grep -c 'common/emu/nvcc-emu ' "$tmp/recipe.txt" || :)
    if [ -s "$tmp/toolkit.txt" ]; then
        sed 's/^/        /' "$tmp/toolkit.txt" | head -n 5
        fail "recipe: a build of lab $lab on the emulator would use the CUDA toolkit"
    elif [ "$compiles" -eq 0 ]; then
        fail "recipe: the build of lab $lab compiles no .cu file with common/emu/nvcc-emu (nothing checked)"
    else
        pass "recipe: a build of lab $lab from nothing ($(wc -l <"$tmp/recipe.txt") lines, $compiles .cu files through nvcc-emu) needs no toolkit"
    fi
else
    tail -n 5 "$tmp/recipe.txt" | sed 's/^/        /'
    fail "recipe: make -n -B build LAB=$lab BACKEND=emu failed without a toolkit"
fi

# ---- run: build what is missing and run the reference -----------------------
if no_toolkit run LAB="$lab" N=33 TREE=solutions >"$tmp/run.txt" 2>&1; then
    pass "run: make run LAB=$lab N=33 TREE=solutions BACKEND=emu builds and runs without a toolkit"
else
    tail -n 10 "$tmp/run.txt" | sed 's/^/        /'
    fail "run: make run LAB=$lab BACKEND=emu failed without a toolkit"
fi

echo "no-toolkit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
