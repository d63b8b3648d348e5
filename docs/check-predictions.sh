#!/bin/sh
# check-predictions.sh: the "Predict, then run" answers of the lab
# chapters are what the reference solutions print.
#
#   docs/check-predictions.sh [CHAPTER.md ...]     (default: docs/lab*.md)
#
# In each chapter's "## Predict, then run" section, every item ("- ")
# names one command, its first `make run ...` code span; what it expects
# is every line of the code blocks in the item and every code span that
# reads as a printed array, `[ 6 46 -50 ]` (a space inside each bracket,
# as the drivers print them). The script runs the command with
# TREE=solutions BACKEND=emu and fails, naming the chapter, the command and
# the text, for each expected piece the output does not contain (spaces
# compared collapsed):
#
#   docs/lab04.md: make run LAB=04 N=8 does not print [ 6 46 -50 ]
#
# A chapter whose section has no item, or an item without a command or
# without anything to check, fails too: the check must see something.
#
# The questions of a chapter's "# Check yourself" section ("1. ", "2. "
# ...) are checked the same way when they name a `make run` command: the
# answer's code blocks and printed arrays must be what it prints. A
# question that names none asks about an idea, and is left to the reader.
#
# Needs solutions/, gcc/g++ and make (it builds the drivers). The last line
# is "predictions: N checked in N commands, N wrong"; exit status 1 if any
# is wrong.
set -eu

cd "$(dirname "$0")/.."
[ -d solutions ] || { echo "docs/check-predictions.sh: needs solutions/" >&2; exit 2; }
[ $# -gt 0 ] || set -- docs/lab*.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scanlab-predictions.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# items.txt: "chapter<TAB>command<TAB>expected" per piece to check, or
# "chapter<TAB>-<TAB>problem" for an item or section that cannot be checked.
awk '
    function collapse(text) { gsub(/[ \t]+/, " ", text); sub(/^ /, "", text); sub(/ $/, "", text); return text }
    function finish_item(    text, command, found, span) {
        if (item == "") return
        text = item
        command = ""
        if (match(text, /`make run [^`]*`/)) command = substr(text, RSTART + 1, RLENGTH - 2)
        if (command == "" && inside == 2) { item = ""; nblock = 0; return }
        if (command == "") { printf "%s\t-\tan item names no `make run` command\n", FILENAME; item = ""; return }
        found = 0
        for (i = 1; i <= nblock; i++) { printf "%s\t%s\t%s\n", FILENAME, command, block[i]; found++ }
        while (match(text, /`\[ [^`]* \]`/)) {
            span = substr(text, RSTART + 1, RLENGTH - 2)
            text = substr(text, RSTART + RLENGTH)
            printf "%s\t%s\t%s\n", FILENAME, command, collapse(span); found++
        }
        if (found == 0) printf "%s\t-\t%s expects nothing that can be checked\n", FILENAME, command
        item = ""; nblock = 0; if (inside == 1) items++
    }
    FNR == 1 { inside = 0; item = ""; nblock = 0; items = 0 }
    /^## Predict, then run/ { finish_item(); inside = 1; next }
    /^# Check yourself/ { finish_item(); inside = 2; next }
    inside == 1 && /^#/ { finish_item(); inside = 0; if (items == 0) printf "%s\t-\tits predict section has no item\n", FILENAME; items = -1 }
    inside == 2 && /^#/ { finish_item(); inside = 0 }
    !inside { next }
    inside == 1 && /^- / { finish_item(); item = $0; next }
    inside == 2 && /^[0-9]+\. / { finish_item(); item = $0; next }
    item != "" && /^ *```/ { fenced = !fenced; next }
    item != "" && fenced { if (collapse($0) != "") block[++nblock] = collapse($0); next }
    item != "" { item = item " " $0 }
    END { finish_item() }
' "$@" >"$tmp/items.txt"
for chapter in "$@"; do
    grep -q '^## Predict, then run' "$chapter" || printf '%s\t-\thas no "## Predict, then run" section\n' "$chapter"
done >>"$tmp/items.txt"

checked=0 wrong=0 commands=0
problems=$(awk -F '\t' '$2 == "-"' "$tmp/items.txt")
if [ -n "$problems" ]; then
    printf '%s\n' "$problems" | awk -F '\t' '{ printf "  FAIL  %s: %s\n", $1, $3 }'
    wrong=$(printf '%s\n' "$problems" | wc -l)
fi

# Each command once, then each of its pieces against its output.
awk -F '\t' '$2 != "-" { print $2 }' "$tmp/items.txt" | awk '!seen[$0]++' >"$tmp/commands.txt"
while IFS= read -r command; do
    commands=$((commands + 1))
    # "make run LAB=04 N=8" -> make --no-print-directory run LAB=04 N=8 TREE=solutions BACKEND=emu
    # shellcheck disable=SC2086 # the command's words are meant to split
    set -- $command
    shift 2
    if ! make --no-print-directory run "$@" TREE=solutions BACKEND=emu >"$tmp/output.txt" 2>&1; then
        tail -n 5 "$tmp/output.txt" | sed 's/^/        /'
        echo "  FAIL  $command TREE=solutions BACKEND=emu failed"
        wrong=$((wrong + 1))
        continue
    fi
    tr -s ' \t' '  ' <"$tmp/output.txt" >"$tmp/collapsed.txt"
    awk -F '\t' -v command="$command" '$2 == command { print $1 "\t" $3 }' "$tmp/items.txt" >"$tmp/expected.txt"
    while IFS="$(printf '\t')" read -r chapter expected; do
        checked=$((checked + 1))
        if ! grep -q -F -- "$expected" "$tmp/collapsed.txt"; then
            echo "  FAIL  $chapter: $command does not print $expected"
            wrong=$((wrong + 1))
        fi
    done <"$tmp/expected.txt"
done <"$tmp/commands.txt"

echo "predictions: $checked checked in $commands commands, $wrong wrong"
[ "$wrong" -eq 0 ]
