#!/bin/sh
# test.sh: make report's page, built without a GPU from recorded and doctored
# CSV files (make test-docs runs it).
#
#   docs/report/test.sh OUT_DIR
#
# Checks, each counted:
#
#   names      every "yours:" version of docs/report/NN-BENCH.md is a row
#              name in grader/labs/NN-*/bench.cu (the CSV writes a comma
#              as ';'), and NN's lab.mk names the benchmark BENCH: a
#              renamed row would leave the page's row empty for good;
#   recorded   docs/data/bench-h100.csv (a run of the references) builds
#              OUT_DIR/recorded: index.html with its charts, report.html
#              with them inside; the tiled scan's row at 2^24 reads 0.2412 ms,
#              0.201 of copy, in this run's and the reference's columns; an
#              answer in the answers file shows under its question, and the
#              other questions show where to write theirs; the page says
#              its CSV is itself a recorded run;
#   student    the same run, but the tiled scan twice as slow at 2^24 and
#              missing at 2^28: this run's columns show the slow time, the
#              reference's the recorded one, and 2^28 says "not in this run";
#   other-gpu  the same run on a GPU with no recorded reference: the page
#              says so and the reference columns say "none";
#   refusals   a file that is not make bench's CSV, one with no rows, a
#              missing file, and make report without a GPU or BENCH_CSV each
#              stop with their one line, not a page.
#
# The last line is "report: N passed, N failed"; exit status 1 on failure.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: docs/report/test.sh OUT_DIR" >&2
    exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$(dirname "$0")/../.."
recorded=docs/data/bench-h100.csv
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }

# row PAGE VERSION N: the cells after VERSION's name in the table row of
# size N (2^k), as "ms|of copy|of CUB|reference ms|reference of copy".
row() {
    tr -d '\n' <"$1" | sed -e 's|<annotation[^>]*>[^<]*</annotation>||g' -e 's|<tr|\n<tr|g' |
        sed -e 's|</t[dh]>|@|g' -e 's/<[^>]*>//g' |
        awk -F'@' -v version="$2" -v n="$3" '
            { for (i = 1; i <= NF; i++) gsub(/^ +| +$/, "", $i) }
            $1 != "" { size = $1 }
            $2 == version && size == n { print $3 "|" $4 "|" $5 "|" $6 "|" $7; exit }'
}
# says PAGE TEXT: the page has TEXT, wherever its lines break.
says() { tr '\n' ' ' <"$1" | sed 's/  */ /g' | grep -q -F "$2"; }
# shows PAGE TEXT WHAT: a check that the page says TEXT; hides: that it does not.
shows() { if says "$1" "$2"; then pass "$3"; else fail "$3: the page lacks '$2'"; fi; }
hides() { if says "$1" "$2"; then fail "$3: the page has '$2'"; else pass "$3"; fi; }
# expect WHAT GOT WANTED
expect() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1: got '$2', expected '$3'"; fi
}

# ---- names ----------------------------------------------------------------
for section in docs/report/[0-9][0-9]-*.md; do
    name=$(basename "$section" .md)
    lab=${name%%-*} bench=${name#*-}
    manifest=$(ls grader/labs/"$lab"-*/lab.mk)
    grep -q "^BENCH_NAME_$lab-[a-z-]* *:= *$bench\$" "$manifest" ||
        fail "names: $manifest does not name the benchmark $bench ($section)"
    sed -n 's/^<!-- yours: \(.*\) -->$/\1/p' "$section" | while IFS= read -r version; do
        # The string literals of bench.cu, as the CSV writes them; a
        # printf format's %s stands for any text ("1 compact_if (%s)").
        grep -o '"[^"]*"' "$(dirname "$manifest")/bench.cu" | awk -v version="$version" '
            { name = substr($0, 2, length($0) - 2); gsub(/,/, ";", name)
              if (name == version) found = 1
              if (index(name, "%s")) {
                  gsub(/[][\\.*+?^$(){}|]/, "\\\\&", name); gsub(/%s/, ".*", name)
                  if (version ~ "^" name "$") found = 1 } }
            END { exit !found }' ||
            echo "$section: no row \"$version\" in $(dirname "$manifest")/bench.cu"
    done >"$out/names.log"
    if [ -s "$out/names.log" ]; then fail "names: $(cat "$out/names.log")"; else pass "names: $section"; fi
done

# ---- recorded ---------------------------------------------------------------
printf '## 03.1\nTEST-ANSWER: three passes over the data.\n\n## 03.2\n\n' >"$out/answers.md"
if docs/report/build.sh --answers "$out/answers.md" "$recorded" "$out/recorded" >"$out/recorded.log" 2>&1; then
    page=$out/recorded/index.html
    expect "recorded: tiled scan at 2^24" "$(row "$page" "scan_exclusive_tiled (03)" 224)" "0.2412|0.201||0.2412|0.201"
    expect "recorded: single-pass scan at 2^28" "$(row "$page" "scan_exclusive_single_pass (07)" 228)" \
        "0.8524|0.838|1.032|0.8524|0.838"
    for chart in scan compact rle pack single_pass; do
        if [ -s "$out/recorded/figures/report-$chart.svg" ] && grep -q "figures/report-$chart.svg" "$page"; then
            pass "recorded: chart report-$chart.svg"
        else fail "recorded: no chart report-$chart.svg on the page"; fi
    done
    if grep -q 'src="figures/' "$out/recorded/report.html"; then fail "recorded: report.html still links figures/"
    else expect "recorded: charts inside report.html" "$(grep -o 'data:image/svg+xml' "$out/recorded/report.html" | wc -l)" 5; fi
    shows "$page" 'TEST-ANSWER: three passes over the data.' "recorded: the answer to 03.1 is on the page"
    questions=$(cat docs/report/[0-9][0-9]-*.md | grep -c '^### ')
    expect "recorded: questions without an answer (03.2 is blank)" \
        "$(grep -c 'Not answered yet' "$page")" "$((questions - 1))"
    shows "$page" 'This CSV is itself one of those recorded runs' "recorded: the CSV is a recorded run, said"
    shows "$page" 'has no rows of <code>make bench BENCH=cascade</code>' "recorded: no cascade rows, said"
else
    fail "recorded: the page did not build from $recorded: $(tail -n 3 "$out/recorded.log")"
fi

# ---- student ----------------------------------------------------------------
awk -F, -v OFS=, '$6 == "scan_exclusive_tiled (03)" && $4 == "scan" && $7 == 268435456 { next }
    $6 == "scan_exclusive_tiled (03)" && $4 == "scan" && $7 == 16777216 { $9 = "0.4824"; $11 = "0.101" } { print }' \
    "$recorded" >"$out/student.csv"
if docs/report/build.sh --answers "" "$out/student.csv" "$out/student" >"$out/student.log" 2>&1; then
    page=$out/student/index.html
    expect "student: tiled scan at 2^24, beside the reference's" "$(row "$page" "scan_exclusive_tiled (03)" 224)" \
        "0.4824|0.101||0.2412|0.201"
    hides "$page" 'itself one of those recorded runs' "student: a doctored CSV not called a recorded run"
    expect "student: tiled scan at 2^28, not run" "$(row "$page" "scan_exclusive_tiled (03)" 228 | cut -d'|' -f1,4)" \
        "not in this run|3.5658"
else
    fail "student: the page did not build: $(tail -n 3 "$out/student.log")"
fi

# ---- nvcomp -----------------------------------------------------------------
# A run with nvCOMP fetched (make nvcomp) has a table of nvCOMP's codecs
# a file: none of it is the student's, and the page shows none of it.
{ cat docs/data/bench-cascade-h100.csv
  printf '%s\n' \
    '2026-11-27,NVIDIA H100 80GB HBM3,13.0,cascade,ch2.nii; 6 MiB; 8-bit; nvCOMP; chunks of 64 KiB,cudaMemcpy,1777372,14218978,0.0128,1108.1,1.000,' \
    '2026-11-27,NVIDIA H100 80GB HBM3,13.0,cascade,ch2.nii; 6 MiB; 8-bit; nvCOMP; chunks of 64 KiB,nvCOMP ANS compress,1777372,11634331,0.0318,365.9,0.330,'
} >"$out/nvcomp.csv"
if docs/report/build.sh --answers "" "$out/nvcomp.csv" "$out/nvcomp" >"$out/nvcomp.log" 2>&1; then
    page=$out/nvcomp/index.html
    hides "$page" 'nvCOMP' "nvcomp: nvCOMP's rows left out"
    shows "$page" 'Input: ch2.nii; 6 MiB; 8-bit; chunks of 2^24.' "nvcomp: the cascade's own inputs still there"
else
    fail "nvcomp: the page did not build: $(tail -n 3 "$out/nvcomp.log")"
fi

# ---- other-gpu --------------------------------------------------------------
sed 's/,NVIDIA H100 80GB HBM3,/,NVIDIA A100-SXM4-80GB,/' "$recorded" >"$out/other-gpu.csv"
if docs/report/build.sh "$out/other-gpu.csv" "$out/other-gpu" >"$out/other-gpu.log" 2>&1; then
    page=$out/other-gpu/index.html
    shows "$page" 'no recorded run of the reference solutions on NVIDIA A100-SXM4-80GB' \
        "other-gpu: no reference run on that GPU, said"
    expect "other-gpu: tiled scan at 2^24" "$(row "$page" "scan_exclusive_tiled (03)" 224)" "0.2412|0.201||none|"
else
    fail "other-gpu: the page did not build: $(tail -n 3 "$out/other-gpu.log")"
fi

# ---- refusals ---------------------------------------------------------------
# refused WHAT MESSAGE COMMAND...: COMMAND fails and its output has MESSAGE.
refused() {
    what=$1 message=$2
    shift 2
    if "$@" >"$out/refused.log" 2>&1; then
        fail "refusals: $what was accepted"
    elif grep -q "$message" "$out/refused.log"; then
        pass "refusals: $what"
    else
        fail "refusals: $what: no line '$message' in: $(cat "$out/refused.log")"
    fi
}
refused "not a CSV" "is not make bench's CSV" docs/report/build.sh README.md "$out/refused"
head -n 1 "$recorded" >"$out/empty.csv"
refused "no rows" "has no rows" docs/report/build.sh "$out/empty.csv" "$out/refused"
refused "no file" "no file $out/none.csv" docs/report/build.sh "$out/none.csv" "$out/refused"
refused "make report without a GPU" "needs a GPU (BACKEND=cuda)" \
    make --no-print-directory report BACKEND=emu BENCH_CSV=

# labs/answers.md, the students' template, has a line for each question
# and nothing else under it.
questions=$(grep -h '^### [0-9][0-9]\.[0-9]' docs/report/*.md | sed 's/^### /## /')
if [ "$questions" = "$(grep '^## ' labs/answers.md)" ]; then
    pass "labs/answers.md has a line for each of the $(echo "$questions" | wc -l | tr -d ' ') questions"
else
    fail "labs/answers.md's '## NN.N' lines differ from the questions of docs/report/*.md: $(echo "$questions" | diff - "$(grep '^## ' labs/answers.md >"$out/answers-lines"; echo "$out/answers-lines")" | head -5 | tr '\n' ' ')"
fi

echo "report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
