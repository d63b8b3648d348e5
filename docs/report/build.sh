#!/bin/sh
# build.sh: one page of a student's own make bench run, with questions that
# ask them to explain it (make report).
#
#   docs/report/build.sh [--answers FILE] [--log FILE] [--profile DIR] [--reference CSV]... BENCH_CSV OUT_DIR
#
# BENCH_CSV is what make bench wrote (grader/support/perf/timing.h has its
# columns). OUT_DIR receives index.html (with figures/ and style.css
# beside it) and report.html, the same page with its charts and style
# inside it: the one file an instructor collects. Needs pandoc and gnuplot,
# no GPU: the CSV may come from another machine.
#
# The page has a section per benchmark, from docs/report/NN-BENCH.md: the
# student's rows (the versions its "yours:" lines name) beside the
# cudaMemcpy and CUB rows of the same run, as a table and a gnuplot chart
# (docs/figures/charts.sh, the site's), then its questions. Beside each
# row stands the reference's time: the row of the same benchmark, input,
# version and n in the --reference files (default docs/data/bench-*.csv,
# runs of the reference solutions recorded by the course), on the same GPU
# model only, the latest recorded day first. A student's copy cannot time
# the reference (it has no solutions/), so these are recorded numbers,
# and the page says so and when; without a recorded run on that GPU the
# columns say "none".
#
# --answers FILE: the student's answers, markdown, each under a line
# "## NN.N" that names its question (default labs/answers.md, if it exists);
# a question without one shows where to write it.
# --log FILE: what make bench printed (its "not implemented" and "WRONG"
# lines), shown folded at the end.
# --profile DIR: where make profile left its tables (NN-name.md, one a
# lab: grader/tools/profile.sh); each is shown in a section of its own
# before the log. Without any, the page has no such section.
#
# A file that is not make bench's CSV, or has no rows, stops the build
# with one line saying so.
set -eu

usage() {
    echo "usage: docs/report/build.sh [--answers FILE] [--log FILE] [--profile DIR] [--reference CSV]... BENCH_CSV OUT_DIR" >&2
    exit 2
}
die() {
    echo "make report: $*" >&2
    exit 1
}

answers=labs/answers.md log='' profiles='' references=''
while [ $# -gt 2 ]; do
    case "$1" in
    --answers) answers=$2 ;;
    --log) log=$2 ;;
    --profile) profiles=$2 ;;
    --reference) case "$2" in /*) references="$references $2" ;; *) references="$references $(pwd)/$2" ;; esac ;;
    *) usage ;;
    esac
    shift 2
done
[ $# -eq 2 ] || usage
csv=$1
[ -f "$csv" ] || die "no file $csv (make bench writes build/cuda-none/bench.csv)"
root=$(cd "$(dirname "$0")/../.." && pwd)
case "$csv" in /*) ;; *) csv=$(pwd)/$csv ;; esac
case "$answers" in /* | '') ;; *) answers=$(pwd)/$answers ;; esac
case "$log" in /* | '') ;; *) log=$(pwd)/$log ;; esac
case "$profiles" in /* | '') ;; *) profiles=$(pwd)/$profiles ;; esac
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$root"
[ -n "$references" ] || references=$(ls docs/data/bench-*.csv)
work=build/report-work/$(basename "$out")
rm -rf "$work" "$out/figures"
mkdir -p "$work" "$out/figures"
. docs/figures/charts.sh

header=date,gpu,cuda_driver,bench,input,version,n,bytes,ms,gb_per_s,of_copy,of_cub
[ "$(head -n 1 "$csv" | tr -d '\r')" = "$header" ] ||
    die "$csv is not make bench's CSV: its first line should be $header"
awk -F, 'NR > 1 && NF != 12 { printf "%s line %d has %d fields, not 12\n", FILENAME, NR, NF; exit 1 }' "$csv" >"$work/bad" ||
    die "$(cat "$work/bad")"
[ "$(awk -F, 'NR > 1' "$csv" | cut -d, -f2 | sort -u | wc -l)" -eq 1 ] ||
    die "$csv has no rows, or rows of more than one GPU (make bench writes one run a file)"
gpu=$(awk -F, 'NR == 2 { print $2 }' "$csv")
day=$(awk -F, 'NR == 2 { print $1 }' "$csv")
driver=$(awk -F, 'NR == 2 { print $3 }' "$csv")

command -v pandoc >/dev/null 2>&1 ||
    die "pandoc is missing here: build the page on a machine that has it (grader/tools/install-deps.sh pandoc gnuplot), from this CSV: make report BENCH_CSV=$csv"
command -v gnuplot >/dev/null 2>&1 ||
    die "gnuplot is missing here: build the page on a machine that has it (grader/tools/install-deps.sh pandoc gnuplot), from this CSV: make report BENCH_CSV=$csv"

# The reference's rows on this GPU, one a key (bench, input, version, n):
# the latest day's. "FILE DAY" of each run they come from, for the label.
# shellcheck disable=SC2086 # the list of files, split on purpose
awk -F, -v gpu="$gpu" 'FNR == 1 { next }
    $2 == gpu { key = $4 FS $5 FS $6 FS $7
                if (!(key in day) || $1 > day[key]) { day[key] = $1; row[key] = $0; from[key] = FILENAME } }
    END { for (key in row) { print row[key] > "/dev/stdout"; print from[key] " " day[key] > "/dev/stderr" } }' \
    $references 2>"$work/runs" | sort >"$work/reference.csv"
reference_runs=$(sort -u "$work/runs" | sed -e "s|^$root/||" -e 's/^\(.*\) \(.*\)$/`\1` (\2)/' | paste -sd, - | sed 's/,/, /g')
# The student's CSV may be one of those runs (make report BENCH_CSV=docs/data/...).
itself=
for reference in $references; do cmp -s "$reference" "$csv" && itself=yes; done

# section_meta FILE KEY: the values of a section's "<!-- KEY: VALUE -->" lines.
section_meta() { sed -n "s/^<!-- $2: \\(.*\\) -->\$/\\1/p" "$1"; }

# measurements BENCH YOURS_FILE: markdown tables of one benchmark, a table
# per input. Rows: this run's cudaMemcpy and CUB rows and the versions of
# YOURS_FILE (one a line), at every n of this run, beside the reference's.
# Not nvCOMP's tables (make nvcomp; input "...; nvCOMP; chunks of 64 KiB"):
# no version of the student's is timed there.
measurements() {
    awk -F, -v bench="$1" '
        function size(n,   k) { k = int(log(n) / log(2) + 0.5); return 2 ^ k == n ? "$2^{" k "}$" : n }
        function cells(r,   f) { split(r, f, ","); return f[9] " | " f[11] " | " f[12] }
        FILENAME == ARGV[1] { yours[++nyours] = $0; next }
        FILENAME == ARGV[2] { if ($4 == bench) ref[$5 FS $6 FS $7] = $0; next }
        FNR == 1 || $4 != bench || $5 ~ /; nvCOMP;/ { next }
        {
            if (!($5 in seen_input)) { seen_input[$5] = 1; inputs[++ninputs] = $5 }
            if (!(($5, $7) in seen_n)) { seen_n[$5, $7] = 1; sizes[$5] = sizes[$5] " " $7 }
            this[$5 FS $6 FS $7] = $0
            if ($6 ~ /^(cudaMemcpy|CUB )/ && !(($5, $6) in seen_base)) { seen_base[$5, $6] = 1; base[$5] = base[$5] "\n" $6 }
        }
        END {
            for (i = 1; i <= ninputs; i++) {
                input = inputs[i]
                printf "Input: %s.\n\n", input
                print "| n | version | ms | of copy | of CUB | reference ms | reference of copy |"
                print "|---|---|--:|--:|--:|--:|--:|"
                count = split(substr(sizes[input], 2), ns, " ")
                nbase = split(substr(base[input], 2), bases, "\n")
                for (s = 1; s <= count; s++) {
                    first = 1
                    for (v = 1; v <= nbase + nyours; v++) {
                        version = v <= nbase ? bases[v] : yours[v - nbase]
                        key = input FS version FS ns[s]
                        if (v <= nbase && !(key in this)) continue
                        name = v <= nbase ? version : "**" version "**"
                        mine = key in this ? cells(this[key]) : "not in this run | | "
                        if (key in ref) { split(ref[key], r, ","); theirs = r[9] " | " r[11] } else theirs = "none | "
                        printf "| %s | %s | %s | %s |\n", first ? size(ns[s]) : "", name, mine, theirs
                        first = 0
                    }
                }
                print ""
            }
            if (ninputs == 0) exit 1
        }' "$2" "$work/reference.csv" "$csv"
}

# section_chart BENCH YOURS_FILE: the figure of one benchmark, as markdown.
# Lines over n (bench.gp) of the chart input: this run's rows and the
# reference's rows of the same versions; for the cascade, bars of GB/s per
# file (rate_chart), the reference's bars beside.
section_chart() {
    name=report-$1
    label="reference recorded"
    # This run's cudaMemcpy and CUB rows, then each of yours followed by
    # the reference's rows of it, renamed: of the inputs this run has.
    awk -F, -v OFS=, -v bench="$1" -v label="$label" '
        function emit(rows,   count, i, f) {
            count = split(rows, lines, "\n")
            for (i = 1; i < count; i++) { split(lines[i], f, ","); if (f[5] in this) print lines[i] } }
        FILENAME == ARGV[1] { yours[++nyours] = $0; known[$0] = 1; next }
        $4 != bench { next }
        FILENAME == ARGV[2] && $6 ~ /^(cudaMemcpy|CUB )/ { this[$5] = 1; base = base $0 "\n" }
        FILENAME == ARGV[2] && $6 in known { this[$5] = 1; mine[$6] = mine[$6] $0 "\n" }
        FILENAME == ARGV[3] && $6 in known { v = $6; $6 = $6 " (" label " " $1 ")"; theirs[v] = theirs[v] $0 "\n" }
        END { emit(base); for (v = 1; v <= nyours; v++) emit(mine[yours[v]] theirs[yours[v]]) }' \
        "$2" "$csv" "$work/reference.csv" >"$work/$name.rows"
    [ -s "$work/$name.rows" ] || return 0
    if [ "$1" = cascade ]; then
        { echo "$header" && cat "$work/$name.rows"; } >"$work/$name.csv"
        rate_chart "$name" "$work/$name.csv" "cascade: this run on $gpu, $day" "key_below=1"
    else
        # Each version's line, then its reference's, dashed in its colour.
        input=$(section_meta "$3" chart)
        awk -F, -v input="$input" -v suffix=" ($label" -v styles="$work/$name.styles" '$5 == input {
                base = $6; is_ref = index(base, suffix); if (is_ref) base = substr(base, 1, is_ref - 1)
                if (!(base in color)) { color[base] = ++colors; bases[colors] = base }
                if (!($6 in seen)) { seen[$6] = 1; lines[base, is_ref ? 2 : 1] = $6 }
                rows[$6] = rows[$6] $7 "\t" $6 "\t" $9 "\n" }
            END {
                for (b = 1; b <= colors; b++) for (d = 1; d <= 2; d++) if ((bases[b], d) in lines) {
                    printf "%s", rows[lines[bases[b], d]]; c = c " " b; s = s " " d }
                printf "colors=\047%s\047; dashes=\047%s\047; key_below=1", substr(c, 2), substr(s, 2) > styles
            }' "$work/$name.rows" >"$work/$name.lines"
        chart "$name" "$1, $input: this run on $gpu, $day" "$(cat "$work/$name.styles")" <"$work/$name.lines"
    fi
    what="your rows, cudaMemcpy and CUB of this run, and the reference's recorded rows (dashed) on the same GPU model"
    [ "$1" = cascade ] && what="your rows and cudaMemcpy of this run beside the reference's recorded rows on the same GPU model (CUB's run-length encoder is in the table)"
    printf '![%s: %s](figures/%s.svg)\n\n' "$1" "$what" "$name"
}

# answer ID: the student's answer to question ID, or where to write it.
answer() {
    text=
    [ -n "$answers" ] && [ -f "$answers" ] &&
        text=$(awk -v id="$1" '/^## / { inside = ($2 == id); next } inside' "$answers" | sed -e '/./,$!d')
    if [ -n "$(printf '%s' "$text" | tr -d '[:space:]')" ]; then
        printf '\n::: answer\n%s\n:::\n\n' "$text"
    else
        printf '\n::: {.answer .empty}\n*Not answered yet.* Write your answer in `labs/answers.md` under a line `## %s`, then run `make report` again.\n:::\n\n' "$1"
    fi
}

# The page: its head, then a section per benchmark.
page=$work/report.md
{
    printf -- '---\ntitle: "My measurements"\nsubtitle: "make bench on %s, %s (CUDA driver %s)"\n---\n\n' "$gpu" "$day" "$driver"
    cat <<EOF
This page is built by \`make report\` from \`$(basename "$csv")\`, the CSV
that \`make bench\` wrote. Your rows are in **bold**; \`cudaMemcpy\` and CUB
were timed in the same run, on the same GPU. Every time is the median of
15 runs with the L2 cache flushed before each. "Of copy" is the time a
device-to-device \`cudaMemcpy\` takes to move the bytes a version must
read and write, over the version's time: 1.0 is as fast as a copy.
"Of CUB" is CUB's time over the version's, where the run has a CUB row.

EOF
    if [ -s "$work/reference.csv" ]; then
        cat <<EOF
The reference columns were not timed in this run: they are the course's
recorded runs of the reference solutions on the same GPU model ($gpu):
$reference_runs. Another machine of the same model, or another driver,
can differ by some percent; compare "of copy" first.
${itself:+This CSV is itself one of those recorded runs, so both columns hold the same numbers.}

EOF
    else
        cat <<EOF
The course has no recorded run of the reference solutions on $gpu, so
the reference columns say "none". The course site's Performance page
(\`make docs\`, then \`build/docs/performance.html\`) has recorded runs on
other GPUs: compare "of copy" there, not milliseconds.

EOF
    fi
    echo "Answer the questions in your own words, with the numbers from your rows."
    echo
    for section in docs/report/[0-9][0-9]-*.md; do
        bench=$(basename "$section" .md)
        bench=${bench#*-}
        section_meta "$section" yours >"$work/$bench.yours"
        awk '/^<!-- measurements -->$/ { print; next } /^<!--/ { comment = 1 } comment { if (/-->$/) comment = 0; next } /^### / { exit } { print }' "$section" |
            sed -e '/./,$!d' >"$work/$bench.head"
        while IFS= read -r line; do
            if [ "$line" = "<!-- measurements -->" ]; then
                section_chart "$bench" "$work/$bench.yours" "$section"
                measurements "$bench" "$work/$bench.yours" ||
                    printf '*This CSV has no rows of `make bench BENCH=%s`:* the benchmark did not run, or stopped (its output says why).\n\n' "$bench"
            else
                printf '%s\n' "$line"
            fi
        done <"$work/$bench.head"
        # The questions, each followed by its answer.
        awk '/^### / { if (id != "") print "@@answer " id; id = $2 } id != "" { print }
             END { if (id != "") print "@@answer " id }' "$section" |
            while IFS= read -r line; do
                case "$line" in
                "@@answer "*) answer "${line#@@answer }" ;;
                *) printf '%s\n' "$line" ;;
                esac
            done
    done
    # make profile's tables, a lab each, as it printed them.
    if [ -n "$profiles" ] && ls "$profiles"/[0-9][0-9]-*.md >/dev/null 2>&1; then
        printf '# Profiles {#profiles}\n\n'
        printf 'What `make profile LAB=NN` printed: Nsight Compute'"'"'s counters of one call, yours beside the reference'"'"'s.\n\n'
        for table in "$profiles"/[0-9][0-9]-*.md; do
            printf '## Lab %s\n\n' "$(basename "$table" .md)"
            cat "$table"
            echo
        done
    fi
    if [ -n "$log" ] && [ -f "$log" ]; then
        printf '# What make bench printed {#log}\n\n<details><summary>%s lines</summary>\n\n```text\n' "$(wc -l <"$log")"
        cat "$log"
        printf '```\n\n</details>\n'
    fi
} >"$page"

cp docs/style.css "$out/style.css"
cat docs/report/report.css >>"$out/style.css"
# --self-contained: pandoc 2.x's name for what 3.x calls --embed-resources.
inline=--self-contained
pandoc --help | grep -q -- --embed-resources && inline="--embed-resources --standalone"
for target in index report; do
    options=--standalone
    [ $target = report ] && options=$inline
    # shellcheck disable=SC2086 # options are words on purpose
    pandoc "$page" --from markdown --to html5 $options --mathml --css style.css \
        --resource-path "$out" --toc --toc-depth=1 --metadata lang=en --output "$out/$target.html" ||
        die "pandoc failed on $page"
done
echo "  REPORT $out/index.html (and report.html, one file with everything: hand that one in)"
