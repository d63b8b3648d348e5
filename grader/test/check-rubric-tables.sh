#!/bin/sh
# check-rubric-tables.sh: the rubric tables of the lab READMEs and the
# docs' lab chapters list exactly the tests and points of its grader/labs/NN-name/rubric.txt
# (the descriptions may be worded for their readers). make test-docs runs
# it, so a changed weight cannot leave a page behind.
#
#   grader/test/check-rubric-tables.sh      prints one line per table
#
# A table row is a line `| `suite::test` | points | ... |`. The lab
# tables of README.md and docs/index.md are checked too (below).
#
# A lab README has two editions (grader/tools/skeleton.awk): each is
# checked against the rubric of its edition (rubric.awk -v guidance=),
# and each lab's points must add up to the same in both.
set -eu
status=0

# compare PAGE TABLE EXPECTED AGREES DIFFERS: one line saying that PAGE's
# table (lines of TABLE) agrees, or how it differs from EXPECTED.
compare() {
    if [ "$2" = "$3" ]; then
        echo "  $1: $(printf '%s\n' "$2" | wc -l) $4"
    else
        echo "  $1: $5 (< the page, > the rubric):"
        page_table=$(mktemp)
        printf '%s\n' "$2" >"$page_table"
        printf '%s\n' "$3" | diff "$page_table" - | grep '^[<>]' | sed 's/^/      /' || :
        rm -f "$page_table"
        status=1
    fi
}

rubric=$(awk -f grader/lib/rubric.awk grader/labs/*/rubric.txt)
open_rubric=$(awk -v guidance=open -f grader/lib/rubric.awk grader/labs/*/rubric.txt)
for page in solutions/[0-9][0-9]-*/README.md docs/lab[0-9][0-9].md; do
    [ -f "$page" ] || continue
    case "$page" in
    solutions/*) number=$(basename "$(dirname "$page")" | cut -c1-2); editions="guided open" ;;
    *) number=$(basename "$page" .md | cut -c4-5); editions=guided ;;
    esac
    for guidance in $editions; do
        # A chapter has no editions: read it as it is (skeleton.awk stops
        # at its first empty datum, which a chapter may have before its table).
        case "$page" in
        solutions/*) text=$(awk -v guidance="$guidance" -f grader/tools/skeleton.awk "$page") ;;
        *) text=$(cat "$page") ;;
        esac
        table=$(printf '%s\n' "$text" |
                awk -F'|' '/^\| `[A-Za-z0-9_]+::[A-Za-z0-9_]+` \|/ {
                    gsub(/[` ]/, "", $2); gsub(/ /, "", $3); print $2 " " $3 }' | sort)
        [ -n "$table" ] || continue
        if [ "$guidance" = open ]; then this_rubric=$open_rubric; else this_rubric=$rubric; fi
        expected=$(printf '%s\n' "$this_rubric" | awk -F'\t' -v lab="$number" 'substr($1, 1, 2) == lab && $4 != "hidden" { print $2 " " $3 }' | sort)
        name=$page
        [ "$editions" = guided ] || name="$page ($guidance edition)"
        compare "$name" "$table" "$expected" "tests, as in its rubric.txt" \
            "its rubric table differs from grader/labs/$number-*/rubric.txt"
    done
done
# The open edition moves the steps' points, never changes a lab's total.
lab_totals() { printf '%s\n' "$1" | awk -F'\t' '{ total[$1] += $3 } END { for (lab in total) print lab " " total[lab] }' | sort; }
compare "grader/labs/*/rubric.txt (open edition)" "$(lab_totals "$open_rubric")" "$(lab_totals "$rubric")" \
    "labs, each with the same total as in the guided edition" "a lab's total differs between the editions (the open edition must move a step's points, not drop them)"
# The lab tables of README.md and docs/index.md: one row a lab folder of
# grader/labs/, in order, whose last cell is its points as tests + checks
# + speed (`| `05-rle` | ... | 20 + 5 + 5 |`), summed from its rubric.
totals=$(printf '%s\n' "$rubric" | awk -F'\t' '$4 != "hidden" {
        kind = $2 ~ /^check::/ ? 2 : $2 ~ /^perf::/ ? 3 : 1
        if (!($1 in seen)) { seen[$1] = 1; order[++labs] = $1 }
        points[$1, kind] += $3 }
    END { for (i = 1; i <= labs; i++) { cell = ""
              for (kind = 1; kind <= 3; kind++) if (points[order[i], kind])
                  cell = cell (cell == "" ? "" : " + ") points[order[i], kind]
              print order[i] " " cell } }')
for page in README.md docs/index.md; do
    table=$(awk -F'|' '/^\| `[0-9][0-9]-[a-z0-9-]+` \|/ {
                lab = $2; gsub(/[` ]/, "", lab); cell = $(NF - 1); gsub(/^ +| +$/, "", cell)
                print lab " " cell }' "$page")
    compare "$page" "$table" "$totals" "labs, their points as in their rubric.txt" \
        "its lab table differs from grader/labs/*/rubric.txt"
done
exit $status
