#!/bin/sh
# check-paths.sh: the READMEs and the built site of a tree name only
# files the tree has. Run on a student release (docs/check-release.sh does,
# after `make docs` there): what a student reads must not send them to
# solutions/, the planted bugs or anything else the release leaves out.
#
#   docs/check-paths.sh TREE      (TREE/build/docs/ built by make docs)
#
# Reads every README*.md of TREE (outside build/) as it is, and every page
# of TREE/build/docs/ as text (tags stripped, entities decoded), and takes
# every path-like string that starts with one of the repository's folders
# (labs/, solutions/, grader/, common/, scanzip/, docs/), after a start of line, a
# space or punctuation, any "../" dropped:
#
#   README.md: "solutions/NN-name/   the reference solutions"  ->  solutions/NN-name/
#
# A path names a file or folder of TREE, where NN-name stands for any lab
# folder (two digits, a dash, a name), NN for two digits, and NAME and *
# for anything, as in a shell pattern. build/... is not checked: nothing is
# built in a fresh release. Fails for every path that names nothing, with
# file:line, the path and the line it is on.
#
# Needs awk and find. The last line is "paths: N named, N missing"; exit
# status 1 if any is missing.
set -eu

if [ $# -ne 1 ] || [ ! -d "$1/build/docs" ]; then
    echo "usage: docs/check-paths.sh TREE   (a tree where make docs has built build/docs/)" >&2
    exit 2
fi
tree=$(cd "$1" && pwd) docs=$(cd "$(dirname "$0")" && pwd)
cd "$tree"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scanlab-paths.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# named.txt: "file:line<TAB>path<TAB>the line" for every path named.
find . -path ./build -prune -o -name 'README*.md' -type f -print | sed 's|^\./||' | sort >"$tmp/readmes"
ls build/docs/*.html >"$tmp/pages"
# A page line as text: page_text() of docs/page-text.awk.
# shellcheck disable=SC2046 # the file lists are meant to split
awk "$(cat "$docs/page-text.awk")"'
    {
        text = FILENAME ~ /\.html$/ ? page_text($0) : $0
        rest = text
        while (match(rest, /(^|[^A-Za-z0-9_.\/-])(\.\.\/)*(labs|solutions|grader|common|scanzip|docs)\/[A-Za-z0-9_.\/*-]*/)) {
            path = substr(rest, RSTART, RLENGTH)
            rest = substr(rest, RSTART + RLENGTH)
            sub(/^[^A-Za-z.]/, "", path)
            gsub(/^(\.\.\/)+/, "", path)
            sub(/\.+$/, "", path)
            shown = text
            gsub(/^[ \t]+/, "", shown)
            printf "%s:%d\t%s\t%s\n", FILENAME, FNR, path, substr(shown, 1, 100)
        }
    }' $(cat "$tmp/readmes" "$tmp/pages") >"$tmp/named.txt"

# missing.txt: the paths that name nothing, once each.
cut -f 2 "$tmp/named.txt" | sort -u | while IFS= read -r path; do
    pattern=$(printf '%s\n' "$path" | sed -e 's/NN-name/[0-9][0-9]-*/g' -e 's/NN/[0-9][0-9]/g' -e 's/NAME/*/g')
    # shellcheck disable=SC2086 # the pattern is meant to expand
    set -- $pattern
    [ -e "$1" ] || printf '%s\n' "$path"
done >"$tmp/missing.txt"

awk -F '\t' -v tree="$tree" 'FILENAME == ARGV[1] { missing[$0] = 1; next }
    $2 in missing { printf "  FAIL  %s names %s, which %s lacks:\n        %s\n", $1, $2, tree, $3 }' \
    "$tmp/missing.txt" "$tmp/named.txt"
named=$(cut -f 2 "$tmp/named.txt" | sort -u | wc -l)
missing=$(wc -l <"$tmp/missing.txt")
echo "paths: $named named, $missing missing"
[ "$missing" -eq 0 ]
