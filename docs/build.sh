#!/bin/sh
# build.sh: build the ScanLab docs site into a folder, in one of two editions.
#
#   docs/build.sh [--edition student|full] OUT_DIR     (make docs [EDITION=full])
#
# The student edition (the default) never shows what a student must write:
# a listing of a graded function shows the student's starting point, the
# same function from labs/ (generated from solutions/ by make skeletons),
# and a reference folded away as "Reference: ..." becomes a one-line note.
# It needs no solutions/ and compiles nothing of the labs, so a student
# release (make student-release) builds it. The full edition, for
# self-learners and instructors, shows the references from solutions/,
# folded; it needs solutions/.
#
# Needs pandoc and gnuplot (grader/tools/install-deps.sh pandoc gnuplot),
# gcc/g++ and make;
# no network, no GPU. Steps:
#
#   1. full edition only: run the reference solutions on the CPU emulator
#      (docs/figure-data.sh) and fail, with the diff and the command that
#      refreshes them, if what they print differs from the committed rows
#      of docs/data/figures/;
#   2. build the primer's examples (docs/examples/primer.cu) and the GPU
#      chapter's experiments (docs/examples/gpu.cu) for the CPU emulator
#      and run their self-checks, so both pages show working code;
#   3. draw the SVG figures from docs/data/figures/*.rows
#      (docs/figures/arrays-to-svg.awk; lab 07's status words over time:
#      docs/figures/status-to-svg.awk; lab 08's payload bit by bit:
#      docs/figures/bits-to-svg.awk), and the performance charts with
#      gnuplot (docs/figures/bench.gp, through docs/figures/charts.sh, which
#      make report shares) from docs/data/: make bench's CSV
#      (bench-h200.csv, bench-h100.csv) and the older tables (bench-h200*.txt),
#      and the compression ratios (docs/figures/ratios.gp) from make
#      bench-scanzip's (scanzip-cpu.csv), and the GPU chapter's
#      experiments (docs/figures/gpu.gp) from make gpu-examples'
#      (gpu-h200.csv);
#   4. turn each page of docs/pages.txt into standalone HTML5 with pandoc
#      through docs/template.html: MathML, highlighted code, a top bar, a
#      sidebar of the course (the page's own sections under its entry),
#      previous/next links above and below the text, a foot with the
#      repository and download links (make docs REPO_URL=...), code
#      pulled from the compiled files for the edition
#      (docs/filters/include-code.lua, which reads SCANLAB_EDITION), and
#      tables of speed from make bench's CSV (docs/filters/bench-table.lua),
#      and other tables from recorded CSV files (docs/filters/csv-table.lua),
#      the lab chapters' recorded Nsight Compute counters drawn by make
#      profile's own tool (docs/filters/profile-table.lua);
#      every measured number of the prose read from, or checked against,
#      its recorded file in docs/data/, and none typed by hand
#      (docs/filters/datum.lua; the list of them all, page, value and
#      source, in build/docs-work/EDITION/datums.tsv);
#      each lab chapter takes in its exercise, the lab's README
#      (docs/filters/include-readme.lua), with hints and self-check answers
#      folded (docs/filters/fold.lua), and 2^24 of plain text becomes a
#      superscript (docs/filters/powers.lua);
#      tables wrapped to scroll in their own box, their columns as wide as
#      their content, figures kept at 11px text, and glossary terms given
#      ids (docs/filters/layout.lua), each page's search entries written
#      (docs/filters/search-index.lua), and a § anchor on every heading
#      (docs/filters/finish.lua);
#   5. join the entries into search-index.js for search.html, whose
#      docs/search.js runs the search. docs/site.js, on every page, adds
#      the theme switch, copy buttons and search marks; every page reads
#      the same with JavaScript off.
#
# Any failure stops the build with a message: stale figure data, a primer
# example that fails, a code block naming a function that no longer exists.
set -eu

usage() {
    echo "usage: docs/build.sh [--edition student|full] OUT_DIR" >&2
    exit 2
}
edition=student
if [ "${1:-}" = --edition ]; then
    [ $# -ge 2 ] || usage
    edition=$2
    shift 2
fi
case "$edition" in student | full) ;; *) usage ;; esac
[ $# -eq 1 ] || usage
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$root"
work=build/docs-work/$edition
emu=build/emu-none
rows=docs/data/figures

die() {
    echo "docs/build.sh: $*" >&2
    exit 1
}

command -v pandoc >/dev/null 2>&1 ||
    die "pandoc is missing: run grader/tools/install-deps.sh pandoc (as root), or apt-get install pandoc"
rm -rf "$work"
mkdir -p "$work" "$out/figures"

# ---- 1. full edition: the committed figure data still match the solutions ----
if [ "$edition" = full ]; then
    docs/figure-data.sh "$work/rows"
    diff -u "$rows" "$work/rows" >"$work/rows.diff" || {
        head -n 40 "$work/rows.diff" >&2
        die "the figure data in $rows differ from what the solutions print now; refresh them with: make docs-data"
    }
fi

# ---- 2. the primer's examples and the GPU chapter's, compiled and checked ---
echo "  DOCS  primer examples (docs/examples/primer.cu on the emulator)"
make --no-print-directory BACKEND=emu CHECK=none "$emu/libscanlab_emu.a" "$emu/docs/examples/gpu" >"$work/make.log" 2>&1 || {
    tail -n 30 "$work/make.log" >&2
    die "the emulator library or docs/examples/gpu.cu did not build; see $work/make.log"
}
common/emu/nvcc-emu -O1 -g -Wall -Wextra -Werror -I common -I . -c docs/examples/primer.cu -o "$work/primer.o"
g++ "$work/primer.o" -o "$work/primer" "$emu/libscanlab_emu.a" -lstdc++ -lpthread -lm
"$work/primer" >"$work/primer.log" || die "the primer's examples failed their self-check"
echo "  DOCS  GPU chapter's experiments (docs/examples/gpu.cu on the emulator)"
"$emu/docs/examples/gpu" 2>"$work/gpu.log" || {
    cat "$work/gpu.log" >&2
    die "the GPU chapter's experiments failed their check (docs/examples/gpu.cu)"
}

# ---- 3. figures -------------------------------------------------------------
# figure NAME TITLE ROWS AWK_OPTIONS...: one SVG from docs/data/figures/ROWS.rows.
figure() {
    name=$1 title=$2 data=$rows/$3.rows
    shift 3
    [ -s "$data" ] || die "figure $name: no rows in $data (make docs-data writes them)"
    awk -f docs/figures/svg-text.awk -f docs/figures/arrays-to-svg.awk -v title="$title" "$@" "$data" >"$out/figures/$name.svg" ||
        die "figure $name: arrays-to-svg.awk failed"
}

echo "  DOCS  figures (from $rows)"
figure scan-cpu "Exclusive and inclusive scan of [3 1 7 0 4 1 6 3]" scan-cpu
figure naive-steps "Hillis-Steele steps on [3 1 7 0 4 1 6 3]" naive -v arrows=1
figure upsweep "Blelloch up-sweep on [3 1 7 0 4 1 6 3]" upsweep -v arrows=1
figure downsweep "Blelloch down-sweep" downsweep -v arrows=1
figure tiled-offsets "Tile sums and offsets, n = 3000 ones" tiled -v numbers=0
figure compact-steps "Compaction of [1 0 2 0 0 3]: flags, scan, scatter" compact

# What the lab drivers print (make run), on seeded inputs.
figure run-02 "make run LAB=02 N=16 SEED=0x5eed: every step" run-02 -v arrows=1 \
    -v only='^(input|step, offset)'
figure run-03 "make run LAB=03 N=16 FILL=ones: every level" run-03 -v arrows=1 \
    -v only='^(padded tree|up-sweep|root cleared|down-sweep)'
figure run-04 "make run LAB=04 N=16 FILL=sparse: the steps" run-04 \
    -v only='^(input|flags|their exclusive scan|compact_scatter)$|^flags \('

figure rle-steps "PARLE on [1 2 3 6 6 6 5 5]: mask, scan, starts, runs, decoded" rle
figure pack-steps "Fixed-length packing of [0 2 1 5 5 7 10 1 13], frame 3" pack \
    -v only='^(values|widths|offsets|words|decoded)$'
figure rle-mask "PARLE step 1: the mask of run starts" rle -v only='^(in|mask)$'
figure rle-scan "PARLE step 2: the inclusive scan numbers the runs" rle -v only='^(mask|scanned)$'
figure rle-starts "PARLE step 3: run starts compacted, then the sentinel" rle -v only='^(mask|scanned|starts)$'
figure rle-runs "PARLE step 4: symbols and counts from the starts" rle -v only='^(in|starts|symbols|counts)$'
figure rle-decode-search "Decoding by binary search" rle-search
figure rle-decode-scan "Decoding by a scan of flags" rle-scan
figure rle-segmented "The coarse-grained encoder, segments of 4" rle-segmented
figure pack-widths "Frame widths of [0 2 1 5 5 7 10 1 13], frame 3" pack -v only='^(values|bits each|widths)$'
figure pack-offsets "Frame bits and their exclusive scan" pack -v only='^(widths|frame bits|offsets)$'
figure pack-stream "Where each value sits in word 0x068d7b58" pack -v only='^(values|start bit|its bits)'

# lab 07: what the reference does inside its kernels (docs/figures/examples-07.c).
figure single-pass-warp "A warp's five __shfl_up_sync steps on [3 1 7 0 4 1 6 3] x 4, lanes 0-15" \
    single-pass-warp -v arrows=1 -v columns=0-15 -v header=lane
figure single-pass-block "The 8 warp totals of a block, their scan by warp 0, the offsets" \
    single-pass-block -v arrows=1 -v header=warp
figure single-pass-lanes "The byte each lane's int4 load starts at, round by round" \
    single-pass-lanes -v columns="0-3 31" -v header=lane -v shade=0
# The look-back: 8 tiles' status words over time (docs/figures/status-to-svg.awk).
[ -s "$rows/single-pass-lookback.rows" ] ||
    die "figure single-pass-lookback: no rows in $rows/single-pass-lookback.rows (make docs-data writes them)"
awk -f docs/figures/svg-text.awk -f docs/figures/status-to-svg.awk -v title="The status words of 8 tiles as the look-back runs" \
    "$rows/single-pass-lookback.rows" >"$out/figures/single-pass-lookback.svg" ||
    die "figure single-pass-lookback: status-to-svg.awk failed"
# docs/lab07.md walks through this run: tile 3 adds tiles 2, 1 and 0
# (AGG 7, AGG 2, INCL 5) and publishes INCL 15 before tile 2 publishes
# INCL 14; tile 7 waits for tile 6. Rows that no longer show it need new text.
awk '/^tile 3 reads 0-2 +\[ I5\+ A2\+ A7\+ / { added = NR }
     /^tile 3 publishes INCL 15 / { three = NR } /^tile 2 publishes INCL 14 / { two = NR }
     /^tile 7 reads 0-6, waits/ { waits = 1 }
     END { exit !(added && added < three && three < two && waits) }' "$rows/single-pass-lookback.rows" ||
    die "figure single-pass-lookback: the rows no longer show what docs/lab07.md#lookback says of tiles 3 and 7; update the text"

# ---- lab 08: the cascade's figures (docs/figures/examples-08.c) ------------
# bits_figure NAME TITLE ROWS: one SVG of a payload's bits from
# docs/data/figures/ROWS.rows (docs/figures/bits-to-svg.awk).
bits_figure() {
    name=$1 title=$2 data=$rows/$3.rows
    [ -s "$data" ] || die "figure $name: no rows in $data (make docs-data writes them)"
    awk -f docs/figures/svg-text.awk -f docs/figures/bits-to-svg.awk -v title="$title" "$data" >"$out/figures/$name.svg" ||
        die "figure $name: bits-to-svg.awk failed"
}
chunk="[40 40 41 41 41 42 43 43 43 43 42 42 41 40 40 40]"
figure cascade-stages "The encoder's stages on the 8-bit chunk $chunk" cascade-encode
figure cascade-frames "Each stream's bits, frame widths and bytes, frames of 4" cascade-frames
bits_figure cascade-payload "The payload of $chunk, frames of 4, bit by bit" cascade-payload
figure cascade-undelta "Undoing the delta: unzigzag, exclusive scan, add, keep 8 bits" cascade-decode \
    -v only='^(zigzag deltas|differences|exclusive scan|symbols)$'
figure cascade-decode "The decoder's steps on the payload of $chunk" cascade-decode

# chart, csv_rows, csv_run and rate_chart: make bench's CSV as gnuplot charts,
# shared with make report (docs/report/build.sh).
. docs/figures/charts.sh

# The rows of an older "log2_n series ms" table, and its title: what was
# timed (# chart:) on what (# hardware:).
table_rows() { awk '!/^#/ && NF == 3 { printf "%.0f\t%s\t%s\n", 2 ^ $1, $2, $3 }' "$1"; }
table_title() {
    echo "$(sed -n 's/^# *chart: *//p' "$1" | grep . || echo "one scan of n int32") on $(sed -n 's/^# *hardware: *//p' "$1")"
}

# ratio_chart NAME CSV TITLE SETTING...: grouped bars of make
# bench-scanzip's ratios (docs/figures/ratios.gp), a group per file and a
# bar per "tool setting" named, in that order.
ratio_chart() {
    name=$1 csv=$2 title=$3
    shift 3
    printf '%s\n' "$@" | awk -F, 'FILENAME == "-" { want[++count] = $0; next }
        FNR > 1 { key = $6 " " $7; if (!($4 in seen)) { seen[$4] = 1; files[++nfiles] = $4 } ratio[$4, key] = $9 }
        END {
            printf "file"; for (i = 1; i <= count; i++) printf " \"%s\"", want[i]; print ""
            for (f = 1; f <= nfiles; f++) {
                printf "%s", files[f]
                for (i = 1; i <= count; i++) {
                    if (!((files[f], want[i]) in ratio)) { print "no " want[i] " for " files[f] > "/dev/stderr"; exit 1 }
                    printf " %s", ratio[files[f], want[i]]
                }
                print ""
            }
        }' - "$csv" >"$work/$name.dat" || die "chart $name: a ratio is missing from $csv"
    gnuplot -e "data='$work/$name.dat'; columns=$#; chart='$title'; out='$out/figures/$name.svg'" docs/figures/ratios.gp ||
        die "chart $name: gnuplot failed"
}

command -v gnuplot >/dev/null 2>&1 ||
    die "gnuplot is missing: run grader/tools/install-deps.sh gnuplot (as root), or apt-get install gnuplot-nox"
echo "  DOCS  charts (gnuplot)"
table_rows docs/data/bench-h200.txt | chart bench-h200 "$(table_title docs/data/bench-h200.txt)"
for bench in rle pack; do
    table_rows docs/data/bench-h200-$bench.txt | chart bench-h200-$bench "$(table_title docs/data/bench-h200-$bench.txt)"
done
csv_rows docs/data/bench-h200.csv single_pass |
    chart bench-h200-single-pass "one scan of n int32 on $(csv_run docs/data/bench-h200.csv)"
csv_rows docs/data/bench-h100.csv compact "50% kept" |
    chart bench-h100-compact "compaction of n int32, half kept, on $(csv_run docs/data/bench-h100.csv)"
csv_rows docs/data/bench-h100.csv rle "runny; mean run 16.7" |
    chart bench-h100-rle "run-length coding of n int32, runs of 16.7, on $(csv_run docs/data/bench-h100.csv)"
rate_chart bench-cascade-h100 docs/data/bench-cascade-h100.csv \
    "the cascade of lab 08, data on the GPU, on $(csv_run docs/data/bench-cascade-h100.csv)"
ratio_chart scanzip-cpu-ratios docs/data/scanzip-cpu.csv \
    "compression ratios of scanzip (CPU engine), gzip and zstd, on $(csv_run docs/data/scanzip-cpu.csv)" \
    "scanzip rle8" "scanzip pack" "scanzip cascade" "gzip -1" "gzip -9" "zstd -19 -T0"

# The GPU chapter's experiments (docs/gpu.md), from make gpu-examples' CSV
# (docs/examples/gpu.cu has its columns).
gpu_csv=docs/data/gpu-h200.csv
# gpu_value EXPERIMENT PARAMETER FIELD: one field of one row of it.
gpu_value() {
    awk -F, -v experiment="$1" -v parameter="$2" -v field="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
        $(column["experiment"]) == experiment && $(column["parameter"]) == parameter { print $(column[field]); found = 1 }
        END { exit !found }' "$gpu_csv" || die "$gpu_csv: no $3 of $1 $2"
}
# gpu_chart NAME EXPERIMENT X Y TITLE XLABEL YLABEL [SETTINGS]: the rows of
# EXPERIMENT whose field X is a number, as "X Y" points (docs/figures/gpu.gp;
# SETTINGS: more of its variables).
gpu_chart() {
    awk -F, -v experiment="$2" -v x="$3" -v y="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
        $(column["experiment"]) == experiment && $(column[x]) ~ /^[0-9.]+$/ { print $(column[x]), $(column[y]) }' \
        "$gpu_csv" >"$work/$1.dat"
    [ -s "$work/$1.dat" ] || die "chart $1: no rows of $2 in $gpu_csv"
    gnuplot -e "data='$work/$1.dat'; chart='$5 on $(csv_run "$gpu_csv")'; xlabel='$6'; ylabel='$7'; \
        out='$out/figures/$1.svg'; ${8:-}" docs/figures/gpu.gp || die "chart $1: gnuplot failed"
}
copy_gb=$(gpu_value copy cudaMemcpy gb_per_s)
l2_mib=$(gpu_value device l2_bytes value | awk '{ print $1 / 1048576 }')
gpu_chart gpu-coalescing coalescing parameter gb_per_s "2^26 words read at a stride" \
    "stride: words between the reads of neighbouring threads" "useful GB/s" "logx=2; line=$copy_gb; line_title='cudaMemcpy'"
gpu_chart gpu-occupancy occupancy parameter gb_per_s "a copy, blocks per SM set by shared memory" \
    "blocks of 256 threads that fit on an SM" "GB/s" "line=$copy_gb; line_title='cudaMemcpy'"
gpu_chart gpu-latency latency in_flight_bytes gb_per_s "a copy by one block per SM" \
    "bytes in flight on the whole GPU" "GB/s" "logx=2; set format x '%.0s%cB'; line=$copy_gb; line_title='cudaMemcpy'"
gpu_chart gpu-grid-stride grid_stride parameter gb_per_s "a grid-stride copy of 2^26 words" \
    "grid size, in waves (blocks that fit on the GPU at once)" "GB/s" \
    "logx=2; line=$(gpu_value grid_stride element gb_per_s); line_title='one thread an element'"
gpu_chart gpu-l2 l2 parameter gb_per_s "4 GiB of reads from one working set" \
    "working set (MiB)" "GB/s" "logx=2; mark=$l2_mib; mark_title='L2: $l2_mib MiB'"
gpu_chart gpu-roofline roofline parameter ms "k FMAs for each of 2^26 elements" \
    "k (FMAs per element loaded)" "time of one launch (ms)" "logx=2; logy=10"

# ---- 4. pages ---------------------------------------------------------------
cp docs/style.css docs/site.js "$out/"

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

# The repository and the download (make docs REPO_URL=... DOWNLOAD_URL=...,
# the one place they are set): every page links to them, in its top bar
# and its foot. The project has no public address of its own: a site
# built without them links both to the index's "Getting the code".
repo_url=${SCANLAB_REPO_URL:-index.html#get-the-code}
download_url=${SCANLAB_DOWNLOAD_URL:-index.html#get-the-code}

# page_html NAME SOURCE INDEX: docs/SOURCE.md into NAME.html through
# docs/template.html, with its top bar, sidebar, pager and foot, and its
# search entries into $work/NAME.search when INDEX is "index".
page_html() {
    page=$1 source=$2
    # From docs/pages.txt ("#: Part" lines start the sidebar's parts):
    # NAME.bar.html, the top bar; NAME.head.html, the sidebar up to this
    # page's entry, where the template puts the page's sections, and
    # NAME.tail.html the rest of it; NAME.pager.html, the links to this
    # page's neighbours. The contents button (a <label> of the template's
    # checkbox) shows the sidebar on a phone; the search box sends its
    # words to search.html.
    awk -v current="$page" -v repo="$repo_url" -v download="$download_url" -v dir="$work/$page" '
        /^#: / { part[n + 1] = part[n + 1] substr($0, 4); next }
        /^#/ || NF == 0 { next }
        { file = $1; $1 = ""; sub(/^ /, ""); name[++n] = file; title[n] = $0 }
        END {
            for (i = 1; i <= n; i++) if (name[i] == current) at = i
            bar = dir ".bar.html"; out = dir ".head.html"
            print "<nav class=\"site\" aria-label=\"site\"><a class=\"home\" href=\"index.html\">ScanLab</a>" > bar
            print "<label for=\"sidebar-toggle\" class=\"contents-button\">&#9776; Contents</label>" > bar
            print "<form class=\"search\" action=\"search.html\" role=\"search\">" \
                "<input type=\"search\" name=\"q\" placeholder=\"Search\" aria-label=\"search the site\"></form>" > bar
            printf "<a class=\"repo\" href=\"%s\">Repository</a> <a class=\"download\" href=\"%s\">Download</a>\n", repo, download > bar
            print "</nav>" > bar
            for (i = 1; i <= n; i++) {
                if (i in part) printf "%s<p class=\"part\">%s</p>\n<ul>\n", (i > 1 ? "</ul>\n" : ""), part[i] > out
                if (i == at) {
                    printf "<li class=\"current\"><a href=\"%s.html\" aria-current=\"page\">%s</a>\n", name[i], title[i] > out
                    out = dir ".tail.html"
                    print "</li>" > out
                } else printf "<li><a href=\"%s.html\">%s</a></li>\n", name[i], title[i] > out
            }
            out = dir ".tail.html"
            print "</ul>" > out
            printf "<p class=\"part\">More</p>\n<ul>\n<li><a href=\"print.html\">The whole course on one page</a></li>\n" > out
            printf "<li><a href=\"%s\">Repository</a></li>\n<li><a href=\"%s\">Download</a></li>\n</ul>\n", repo, download > out
            pager = dir ".pager.html"
            printf "" > pager
            if (at > 1) printf "<a class=\"prev\" href=\"%s.html\" rel=\"prev\">&larr; %s</a>\n", name[at - 1], title[at - 1] > pager
            if (at && at < n) printf "<a class=\"next\" href=\"%s.html\" rel=\"next\">%s &rarr;</a>\n", name[at + 1], title[at + 1] > pager
            printf "<p>ScanLab &middot; <a href=\"%s\">Repository</a> &middot; <a href=\"%s\">Download</a>" \
                " &middot; <a href=\"print.html\">Print version</a> &middot; <a href=\"#\">Top</a></p>\n", repo, download > dir ".foot.html"
        }' "$pages"
    search_out= print_out= datum_out=
    [ "$3" = index ] && search_out=$work/$page.search print_out=$work/$page.json datum_out=$work/datums.tsv
    SCANLAB_ROOT=$root SCANLAB_EDITION=$edition SCANLAB_PAGE=$page SCANLAB_SEARCH_OUT=$search_out \
        SCANLAB_DATUM_OUT=$datum_out \
        SCANLAB_PRINT_OUT=$print_out SCANLAB_PRINT_DIR=$work SCANLAB_FIGURES=$out/figures \
        pandoc "$source" \
        --from markdown --to html5 --standalone \
        --template docs/template.html \
        --mathml --highlight-style=tango \
        --lua-filter docs/filters/source-tree.lua \
        --lua-filter docs/filters/include-readme.lua \
        --lua-filter docs/filters/include-code.lua \
        --lua-filter docs/filters/bench-table.lua \
        --lua-filter docs/filters/datum.lua \
        --lua-filter docs/filters/csv-table.lua \
        --lua-filter docs/filters/profile-table.lua \
        --lua-filter docs/filters/fold.lua \
        --lua-filter docs/filters/powers.lua \
        --lua-filter docs/filters/links.lua \
        --lua-filter docs/filters/glossary-links.lua \
        --lua-filter docs/filters/layout.lua \
        --lua-filter docs/filters/search-index.lua \
        --lua-filter docs/filters/print.lua \
        --lua-filter docs/filters/finish.lua \
        --css style.css \
        --toc --toc-depth=2 \
        --include-before-body "$work/$page.bar.html" \
        --variable sidebar-head="$(cat "$work/$page.head.html")" \
        --variable sidebar-tail="$(cat "$work/$page.tail.html")" \
        --variable pager="$(cat "$work/$page.pager.html")" \
        --variable foot="$(cat "$work/$page.foot.html")" \
        --metadata lang=en \
        --output "$out/$page.html" ||
        die "pandoc failed on $source"
}

# pages.txt: "file title" per line, in reading order.
pages=docs/pages.txt
count=$(grep -c -v -E '^(#|[[:space:]]*$)' "$pages")
index=0
grep -v -E '^(#|[[:space:]]*$)' "$pages" | while read -r page title; do
    index=$((index + 1))
    source=docs/$page.md
    [ "$page" = emulator ] && source=$emulator_source
    [ -f "$source" ] || die "page $page: no $source"
    echo "  DOCS  $page.html ($index of $count)"
    page_html "$page" "$source" index
done

# print.html (docs/print.md, not in pages.txt: the index page links to
# it): every page in one document, from the chapters that
# docs/filters/print.lua wrote above while building each page.
echo "  DOCS  print.html (the whole course on one page)"
page_html print docs/print.md no

# ---- 5. the search index -----------------------------------------------------
# search.html (docs/search.md, not in pages.txt: the nav bar's box leads
# there) runs docs/search.js over search-index.js: every page's entries
# (docs/filters/search-index.lua), in reading order. A script file, not JSON, because a browser reads no JSON
# from file:// pages, and the site must work opened from a folder.
echo "  DOCS  search.html and its index"
page_html search docs/search.md no
cp docs/search.js "$out/search.js"
grep -v -E '^(#|[[:space:]]*$)' "$pages" | while read -r page title; do
    cat "$work/$page.search"
done | awk '
    BEGIN { print "// search-index.js: written by docs/build.sh; read by search.js."; print "var SEARCH_INDEX = [" }
    { print $0 "," }
    END { print "];"; if (NR == 0) exit 1 }' >"$out/search-index.js" || die "the search index is empty"
echo "  DOCS  $edition edition in $out ($count pages)"
