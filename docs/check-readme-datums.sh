#!/bin/sh
# check-readme-datums.sh: the measured numbers of the lab READMEs are the
# recorded data's. Each solutions/NN-name/README.md keeps its numbers as
# datums ([0.94]{.datum ...}: docs/filters/datum.lua), which students read
# plain (skeleton.awk strips them into labs/); this runs datum.lua on each,
# so that a number that differs from docs/data/, or one typed by hand
# before a unit, stops the check as it stops a chapter's build:
#
#   datum.lua: README-04-compaction: 1 numbers differ from their data:
#     [0.34] should read 0.33 (docs/data/bench-h200.csv: ...)
#
#   docs/check-readme-datums.sh [LIST]
#
# LIST, when given, receives "page<TAB>value<TAB>source" for every datum.
# Needs pandoc and solutions/. Last line: "readme datums: N READMEs, M
# numbers, all from docs/data/ or the files that set them" (settings:
# datum.lua); exit status 1 on failure.
set -eu
cd "$(dirname "$0")/.."
[ -d solutions ] || { echo "docs/check-readme-datums.sh: needs solutions/" >&2; exit 2; }
list=${1:-$(mktemp "${TMPDIR:-/tmp}/scanlab-datums.XXXXXX")}
: >"$list"
readmes=0 failed=0
for readme in solutions/[0-9][0-9]-*/README.md; do
    lab=$(basename "$(dirname "$readme")")
    readmes=$((readmes + 1))
    SCANLAB_ROOT=. SCANLAB_PAGE=README-$lab SCANLAB_DATUM_OUT=$list \
        pandoc "$readme" --from markdown --to plain --lua-filter docs/filters/datum.lua -o /dev/null || failed=1
done
numbers=$(wc -l <"$list" | tr -d ' ')
[ $# -gt 0 ] || rm -f "$list"
if [ "$failed" -ne 0 ]; then
    echo "readme datums: FAILED: a README's number is not its recorded datum (above)"
    exit 1
fi
echo "readme datums: $readmes READMEs, $numbers numbers, all from docs/data/ or the files that set them"
