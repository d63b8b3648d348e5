#!/bin/sh
# figure-data.sh: compute the rows of the docs' step-by-step figures by
# running the reference solutions on the CPU emulator.
#
#   docs/figure-data.sh OUT_DIR
#
# Writes OUT_DIR/NAME.rows, one file per program run, in the format of the
# lab drivers (make run): "label [ values ]" per line. docs/build.sh draws
# every figure from the committed copy of these files, docs/data/figures/,
# so the student edition needs neither solutions/ nor a compiler for the
# labs; the full edition runs this script and fails if the committed rows
# differ from what the solutions print now. `make docs-data` refreshes
# the committed copy (docs/figure-data.sh docs/data/figures).
#
# Needs solutions/, gcc/g++ and make; no GPU. Steps:
#
#   1. build the drivers of labs 01-04 (the `run` programs of
#      make BACKEND=emu TREE=solutions build) and the objects of labs 05
#      and 06 for the emulator; not the Criterion tests, which the docs do
#      not need;
#   2. link docs/figures/examples.c and examples-05-06.c (with
#      kernels-05-06.cu) with those objects, and examples-07.c with lab
#      07's object and the tracer trace-07.cpp (linked in with --wrap: GNU
#      ld or lld);
#   3. run the examples and the drivers, one rows file each;
#   4. lab 08, in a block of its own: build its reference, link
#      docs/figures/examples-08.c (with kernels-08.cu and scanzip's CPU
#      codec, scanzip/codec.c, which checks the payload) and run it.
#      Its cascade-payload.rows is bits-to-svg.awk's input, not rows of
#      arrays.
#
# Any failure stops with a message: a lab that does not build, a program
# that fails or prints nothing.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: docs/figure-data.sh OUT_DIR" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$root"
work=build/docs-work/figure-data
emu=build/emu-none
drawn_labs="01-cpu-scan 02-naive-scan 03-efficient-scan 04-compaction"

die() {
    echo "docs/figure-data.sh: $*" >&2
    exit 1
}

[ -d solutions ] || die "the figure data are computed by solutions/, which this copy does not have"

# ---- 1. the reference solutions on the CPU emulator ------------------------
rm -rf "$work"
mkdir -p "$work"
echo "  DOCS  building the solutions for the emulator"
# A lab the figures need that fails to build is fatal.
targets="$emu/solutions/05-rle/rle.cu.o $emu/solutions/06-fixed-length/fixed_length.cu.o"
for lab in $drawn_labs; do
    targets="$targets $emu/solutions/$lab/run"
done
# lab 07
lab07_object=$emu/solutions/07-single-pass-scan/single_pass_scan.cu.o
targets="$targets $lab07_object"
# shellcheck disable=SC2086 # the list of targets is meant to split
make --no-print-directory BACKEND=emu CHECK=none TREE=solutions $targets >"$work/make.log" 2>&1 || {
    tail -n 30 "$work/make.log" >&2
    die "the emulator build of the solutions failed (make BACKEND=emu TREE=solutions ...); see $work/make.log"
}

# ---- 2. the example programs ------------------------------------------------
echo "  DOCS  linking docs/figures/examples*.c with the solutions' objects"
objects=$(for lab in $drawn_labs; do ls "$emu/solutions/$lab"/*.o; done)
later_objects="$emu/solutions/05-rle/rle.cu.o $emu/solutions/06-fixed-length/fixed_length.cu.o"
for example in examples examples-05-06; do
    gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I common -I . -I common/emu/include -DSCANLAB_EMULATOR \
        -c "docs/figures/$example.c" -o "$work/$example.o"
done
common/emu/nvcc-emu -O1 -g -Wall -Wextra -Werror -I common -I . -c docs/figures/kernels-05-06.cu \
    -o "$work/kernels-05-06.o"
# shellcheck disable=SC2086 # the object lists are meant to split
g++ "$work/examples.o" $objects "$emu"/common/*.o -o "$work/examples" \
    "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm
# shellcheck disable=SC2086
g++ "$work/examples-05-06.o" "$work/kernels-05-06.o" $objects $later_objects "$emu"/common/*.o \
    -o "$work/examples-05-06" "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm

# lab 07: examples-07 prints what trace-07.cpp records inside the
# reference's kernels: the emulator's warp operations, 16-byte loads and
# volatile 8-byte accesses, each wrapped to go through the tracer first.
g++ -std=c++17 -O2 -g -Wall -Wextra -Werror -I common/emu/include -c docs/figures/trace-07.cpp \
    -o "$work/trace-07.o"
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I common -I . -I common/emu/include -DSCANLAB_EMULATOR \
    -c docs/figures/examples-07.c -o "$work/examples-07.o"
g++ "$work/examples-07.o" "$work/trace-07.o" "$lab07_object" -o "$work/examples-07" \
    "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm \
    -Wl,--wrap=_ZN11scanlab_emu7warp_opENS_6WarpOpEjyiiNS_4SiteE -Wl,--wrap=__tsan_read16 \
    -Wl,--wrap=__tsan_volatile_read8 -Wl,--wrap=__tsan_volatile_write8 ||
    die "linking examples-07 with the tracer failed (it needs a linker with --wrap: GNU ld or lld)"

# ---- 3. the rows ---------------------------------------------------------------
# rows NAME PROGRAM ARGS...: PROGRAM's output into NAME.rows, never empty.
rows() {
    name=$1
    shift
    "$@" >"$out/$name.rows" || die "$* failed"
    [ -s "$out/$name.rows" ] || die "$* printed nothing"
}

echo "  DOCS  figure rows into $out"
for name in scan-cpu naive upsweep downsweep tiled compact; do
    rows "$name" "$work/examples" "$name"
done
for name in rle rle-search rle-scan rle-segmented pack; do
    rows "$name" "$work/examples-05-06" "$name"
done
# The lab drivers themselves (what make run prints), on seeded inputs.
rows run-02 "$emu/solutions/02-naive-scan/run" 16 0x5eed random
rows run-03 "$emu/solutions/03-efficient-scan/run" 16 0x5eed ones
rows run-04 "$emu/solutions/04-compaction/run" 16 0x5eed sparse
# lab 07. The look-back runs its blocks overlapped, as the grade's second
# run does (SCANLAB_EMU_ORDER=reverse: 4 blocks at once, turns drawn from
# the fixed seed, so the rows are the same each run; a different g++ may
# compile other accesses, and draw other turns: then refresh them).
for name in warp block lanes; do
    rows "single-pass-$name" "$work/examples-07" "$name"
done
rows single-pass-lookback env SCANLAB_EMU_ORDER=reverse "$work/examples-07" lookback

# ---- 4. lab 08: the cascade's figures -----------------------------------------
# The lab 08 reference calls labs 03, 05 and 06, whose objects are above.
lab08=$emu/solutions/08-compressor/cascade.cu.o
echo "  DOCS  lab 08: docs/figures/examples-08.c with the reference and scanzip's CPU codec"
make --no-print-directory BACKEND=emu CHECK=none TREE=solutions "$lab08" >>"$work/make.log" 2>&1 || {
    tail -n 30 "$work/make.log" >&2
    die "the emulator build of the lab 08 reference failed (make BACKEND=emu TREE=solutions $lab08); see $work/make.log"
}
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I common -I . -I common/emu/include -DSCANLAB_EMULATOR \
    -c docs/figures/examples-08.c -o "$work/examples-08.o"
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I scanzip -c scanzip/codec.c -o "$work/codec.o"
common/emu/nvcc-emu -O1 -g -Wall -Wextra -Werror -I common -I . -c docs/figures/kernels-08.cu \
    -o "$work/kernels-08.o"
# shellcheck disable=SC2086 # the object lists are meant to split
g++ "$work/examples-08.o" "$work/kernels-08.o" "$work/codec.o" "$lab08" $objects $later_objects \
    "$emu"/common/*.o -o "$work/examples-08" "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm
for name in cascade-encode cascade-frames cascade-decode cascade-payload; do
    rows "$name" "$work/examples-08" "$name"
done
