#!/bin/sh
# build.sh: build the ScanLab docs site into a folder.
#
#   docs/build.sh OUT_DIR
#
# Needs pandoc (grader/tools/install-deps.sh pandoc), gcc/g++ and make;
# no network, no GPU. Steps:
#
#   1. build the reference solutions' drivers (the `run` programs of
#      make BACKEND=emu TREE=solutions build) for the CPU emulator;
#   2. link docs/figures/examples.c with the solutions' objects, and run
#      it and the lab drivers: what they print becomes the SVG figures
#      (docs/figures/arrays-to-svg.awk); docs/data/bench-h200.txt becomes
#      the performance chart (docs/figures/bench-to-svg.awk);
#   3. turn each page of docs/pages.txt into standalone HTML5 with pandoc:
#      MathML, highlighted code, a nav bar and previous/next links, and
#      code pulled from the compiled files (docs/filters/include-code.lua).
#
# Any failure stops the build with a message: a missing driver, a figure
# program that fails, a code block naming a function that no longer exists.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: docs/build.sh OUT_DIR" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$root"
work=build/docs-work
emu=build/emu-none
docs_labs="01-cpu-scan 02-naive-scan 03-efficient-scan 04-compaction"

die() {
    echo "docs/build.sh: $*" >&2
    exit 1
}

command -v pandoc >/dev/null 2>&1 ||
    die "pandoc is missing: run grader/tools/install-deps.sh pandoc (as root), or apt-get install pandoc"

# ---- 1. the reference solutions on the CPU emulator ------------------------
mkdir -p build
echo "  DOCS  building the solutions for the emulator"
# Only what the docs run: the drivers (the `run` programs of `make build`)
# of the labs they draw from, with those labs' objects. Not the Criterion
# test programs: the docs need no Criterion, and a lab being written
# elsewhere cannot break them. A lab the docs need that fails is fatal.
drivers=""
for lab in $docs_labs; do
    drivers="$drivers $emu/solutions/$lab/run"
done
# shellcheck disable=SC2086 # the list of targets is meant to split
make --no-print-directory BACKEND=emu CHECK=none TREE=solutions $drivers >"$work.make.log" 2>&1 || {
    tail -n 30 "$work.make.log" >&2
    die "the emulator build of the solutions' drivers failed (make BACKEND=emu TREE=solutions .../run); see $work.make.log"
}
for lab in 02-naive-scan 03-efficient-scan 04-compaction; do
    [ -x "$emu/solutions/$lab/run" ] || die "the driver $emu/solutions/$lab/run was not built"
done

# ---- 2. figures -------------------------------------------------------------
rm -rf "$work"
mkdir -p "$work" "$out/figures"
echo "  DOCS  examples (docs/figures/examples.c with the solutions' objects)"
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I common -I common/emu/include -DSCANLAB_EMULATOR \
    -c docs/figures/examples.c -o "$work/examples.o"
objects=""
for lab in 01-cpu-scan 02-naive-scan 03-efficient-scan 04-compaction; do
    for object in "$emu/solutions/$lab"/*.o; do
        [ -f "$object" ] || die "no objects in $emu/solutions/$lab"
        objects="$objects $object"
    done
done
# Labs 05 and 06: their objects only (their drivers and tests are not needed).
later_objects="$emu/solutions/05-rle/rle.cu.o $emu/solutions/06-fixed-length/fixed_length.cu.o"
# shellcheck disable=SC2086
make --no-print-directory BACKEND=emu CHECK=none TREE=solutions $later_objects >>"$work.make.log" 2>&1 || {
    tail -n 30 "$work.make.log" >&2
    die "the emulator build of labs 05 and 06 failed; see $work.make.log"
}
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -I common -I common/emu/include -DSCANLAB_EMULATOR \
    -c docs/figures/examples-05-06.c -o "$work/examples-05-06.o"
common/emu/nvcc-emu -O1 -g -Wall -Wextra -Werror -I common -c docs/figures/kernels-05-06.cu -o "$work/kernels-05-06.o"
# shellcheck disable=SC2086
g++ "$work/examples-05-06.o" "$work/kernels-05-06.o" $objects $later_objects "$emu"/common/*.o -o "$work/examples-05-06" \
    "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm
# shellcheck disable=SC2086 # the object list is meant to split
g++ "$work/examples.o" $objects "$emu"/common/*.o -o "$work/examples" \
    "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm

# figure NAME TITLE AWK_OPTIONS... < rows: one SVG, failing on empty input.
figure() {
    name=$1 title=$2
    shift 2
    awk -f docs/figures/arrays-to-svg.awk -v title="$title" "$@" >"$out/figures/$name.svg" ||
        die "figure $name: arrays-to-svg.awk failed"
}
# example FIGURE: run examples.c's FIGURE, keeping its rows for the figure.
example() {
    "$work/examples" "$1" >"$work/$1.rows" || die "examples $1 failed"
}

echo "  DOCS  figures"
for name in scan-cpu naive upsweep downsweep tiled compact; do
    example "$name"
done
figure scan-cpu "Exclusive and inclusive scan of [3 1 7 0 4 1 6 3]" <"$work/scan-cpu.rows"
figure naive-steps "Hillis-Steele steps on [3 1 7 0 4 1 6 3]" -v arrows=1 <"$work/naive.rows"
figure upsweep "Blelloch up-sweep on [3 1 7 0 4 1 6 3]" -v arrows=1 <"$work/upsweep.rows"
figure downsweep "Blelloch down-sweep" -v arrows=1 <"$work/downsweep.rows"
figure tiled-offsets "Tile sums and offsets, n = 3000 ones" -v numbers=0 <"$work/tiled.rows"
figure compact-steps "Compaction of [1 0 2 0 0 3]: flags, scan, scatter" <"$work/compact.rows"

# The lab drivers themselves (what make run prints), on seeded inputs.
"$emu/solutions/02-naive-scan/run" 16 0x5eed random >"$work/run-02.rows" || die "the lab 02 driver failed"
figure run-02 "make run LAB=02 N=16 SEED=0x5eed: every step" -v arrows=1 \
    -v only='^(input|step, offset)' <"$work/run-02.rows"
"$emu/solutions/03-efficient-scan/run" 16 0x5eed ones >"$work/run-03.rows" || die "the lab 03 driver failed"
figure run-03 "make run LAB=03 N=16 FILL=ones: every level" -v arrows=1 \
    -v only='^(padded tree|up-sweep|root cleared|down-sweep)' <"$work/run-03.rows"
"$emu/solutions/04-compaction/run" 16 0x5eed sparse >"$work/run-04.rows" || die "the lab 04 driver failed"
figure run-04 "make run LAB=04 N=16 FILL=sparse: the steps" \
    -v only='^(input|flags|their exclusive scan|compact_scatter)$|^flags \(' <"$work/run-04.rows"

"$work/examples-05-06" rle >"$work/rle.rows" || die "examples-05-06 rle failed"
figure rle-steps "PARLE on [1 2 3 6 6 6 5 5]: mask, scan, starts, runs, decoded" <"$work/rle.rows"
"$work/examples-05-06" pack >"$work/pack.rows" || die "examples-05-06 pack failed"
figure pack-steps "Fixed-length packing of [0 2 1 5 5 7 10 1 13], frame 3" \
    -v only='^(values|widths|offsets|words|decoded)$' <"$work/pack.rows"
for name in rle-search rle-scan rle-segmented; do
    "$work/examples-05-06" $name >"$work/$name.rows" || die "examples-05-06 $name failed"
done
figure rle-mask "PARLE step 1: the mask of run starts" -v only='^(in|mask)$' <"$work/rle.rows"
figure rle-scan "PARLE step 2: the inclusive scan numbers the runs" -v only='^(mask|scanned)$' <"$work/rle.rows"
figure rle-starts "PARLE step 3: run starts compacted, then the sentinel" -v only='^(mask|scanned|starts)$' <"$work/rle.rows"
figure rle-runs "PARLE step 4: symbols and counts from the starts" -v only='^(in|starts|symbols|counts)$' <"$work/rle.rows"
figure rle-decode-search "Decoding by binary search" <"$work/rle-search.rows"
figure rle-decode-scan "Decoding by a scan of flags" <"$work/rle-scan.rows"
figure rle-segmented "The coarse-grained encoder, segments of 4" <"$work/rle-segmented.rows"
figure pack-widths "Frame widths of [0 2 1 5 5 7 10 1 13], frame 3" -v only='^(values|bits each|widths)$' <"$work/pack.rows"
figure pack-offsets "Frame bits and their exclusive scan" -v only='^(widths|frame bits|offsets)$' <"$work/pack.rows"
figure pack-stream "Where each value sits in word 0x068d7b58" -v only='^(values|start bit|its bits)' <"$work/pack.rows"

awk -f docs/figures/bench-to-svg.awk docs/data/bench-h200.txt >"$out/figures/bench-h200.svg" ||
    die "the benchmark chart failed"
for bench in rle pack; do
    awk -f docs/figures/bench-to-svg.awk docs/data/bench-h200-$bench.txt >"$out/figures/bench-h200-$bench.svg" ||
        die "the $bench benchmark chart failed"
done

# ---- 3. pages ---------------------------------------------------------------
cp docs/style.css "$out/style.css"

# The emulator page is the emulator's own docs/emulator.md when it exists.
if [ -f docs/emulator.md ]; then
    emulator_source=docs/emulator.md
else
    emulator_source=$work/emulator.md
    cat >"$emulator_source" <<'PAGE'
---
title: The CPU emulator
---

The manual of the CPU emulator (`common/emu/`) is being written by its
author and will appear on this page when `docs/emulator.md` exists. Until
then, the [GPU primer](primer.html#no-gpu) says what the emulator does for
you, and the [troubleshooting page](troubleshooting.html#emulator) lists
its messages that students meet most.
PAGE
fi

# pages.txt: "file title" per line, in reading order.
pages=docs/pages.txt
count=$(grep -c -v -E '^(#|[[:space:]]*$)' "$pages")
index=0
grep -v -E '^(#|[[:space:]]*$)' "$pages" | while read -r page title; do
    index=$((index + 1))
    source=docs/$page.md
    [ "$page" = emulator ] && source=$emulator_source
    [ -f "$source" ] || die "page $page: no $source"
    # The nav bar, with this page marked, and links to its neighbours.
    awk -v current="$page" '
        /^#/ || NF == 0 { next }
        { file = $1; $1 = ""; sub(/^ /, ""); name[++n] = file; title[n] = $0 }
        END {
            print "<nav class=\"site\" aria-label=\"chapters\"><a class=\"home\" href=\"index.html\">ScanLab</a><ul>"
            for (i = 1; i <= n; i++) {
                mark = name[i] == current ? " aria-current=\"page\"" : ""
                printf "<li><a href=\"%s.html\"%s>%s</a></li>\n", name[i], mark, title[i]
                if (name[i] == current) at = i
            }
            print "</ul></nav>"
            print "<nav class=\"pager\" aria-label=\"previous and next\">" > "/dev/stderr"
            if (at > 1) printf "<a class=\"prev\" href=\"%s.html\">&larr; %s</a>\n", name[at - 1], title[at - 1] > "/dev/stderr"
            if (at < n) printf "<a class=\"next\" href=\"%s.html\">%s &rarr;</a>\n", name[at + 1], title[at + 1] > "/dev/stderr"
            print "</nav>" > "/dev/stderr"
        }' "$pages" >"$work/$page.nav.html" 2>"$work/$page.pager.html"
    echo "  DOCS  $page.html ($index of $count)"
    SCANLAB_ROOT=$root pandoc "$source" \
        --from markdown --to html5 --standalone \
        --mathml --highlight-style=tango \
        --lua-filter docs/filters/include-code.lua \
        --lua-filter docs/filters/links.lua \
        --css style.css \
        --toc --toc-depth=2 \
        --include-before-body "$work/$page.nav.html" \
        --include-after-body "$work/$page.pager.html" \
        --metadata lang=en \
        --output "$out/$page.html" ||
        die "pandoc failed on $source"
done
echo "  DOCS  site in $out ($count pages)"
