#!/bin/sh
# check-rubric-tables.sh: the rubric tables of the lab READMEs and the
# docs' lab chapters list exactly the tests and points of its grader/labs/NN-name/rubric.txt
# (the descriptions may be worded for their readers). make test-docs runs
# it, so a changed weight cannot leave a page behind.
#
#   grader/tools/check-rubric-tables.sh      prints one line per table
#
# A table row is a line `| `suite::test` | points | ... |`.
set -eu
status=0
rubric=$(awk -f grader/tools/rubric.awk grader/labs/*/rubric.txt)
for page in solutions/[0-9][0-9]-*/README.md docs/lab[0-9][0-9].md; do
    [ -f "$page" ] || continue
    case "$page" in
    solutions/*) number=$(basename "$(dirname "$page")" | cut -c1-2) ;;
    *) number=$(basename "$page" .md | cut -c4-5) ;;
    esac
    table=$(awk -F'|' '/^\| `[A-Za-z0-9_]+::[A-Za-z0-9_]+` \|/ {
                gsub(/[` ]/, "", $2); gsub(/ /, "", $3); print $2 " " $3 }' "$page" | sort)
    [ -n "$table" ] || continue
    expected=$(printf '%s\n' "$rubric" | awk -F'\t' -v lab="$number" 'substr($1, 1, 2) == lab && $4 != "hidden" { print $2 " " $3 }' | sort)
    if [ "$table" = "$expected" ]; then
        echo "  $page: $(printf '%s\n' "$table" | wc -l) tests, as in its rubric.txt"
    else
        echo "  $page: its rubric table differs from grader/labs/$number-*/rubric.txt (< the page, > the rubric):"
        page_table=$(mktemp)
        printf '%s\n' "$table" >"$page_table"
        printf '%s\n' "$expected" | diff "$page_table" - | grep '^[<>]' | sed 's/^/      /'
        rm -f "$page_table"
        status=1
    fi
done
exit $status
