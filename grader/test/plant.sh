#!/bin/sh
# plant.sh: a reference lab changed by a sed script, in a tree of its own
# (run-planted.sh plants bugs with it, run-tamper.sh cheating submissions).
#
#   grader/test/plant.sh SCRIPT LAB TREE
#
# TREE/LAB becomes solutions/LAB with SCRIPT applied to each .c and .cu
# file. Exits 1, saying so, when the script changes nothing: it no longer
# matches the solution it was written for. A file already as it should be
# is left alone, so that make rebuilds only what changed.
set -eu
script=$1 lab=$2 tree=$3
staged=$(mktemp -d)
trap 'rm -rf "$staged"' EXIT
cp -r "solutions/$lab" "$staged/"
for source in "$staged/$lab"/*.c "$staged/$lab"/*.cu; do
    [ -f "$source" ] && sed -f "$script" "solutions/$lab/$(basename "$source")" >"$source"
done
if diff -r "solutions/$lab" "$staged/$lab" >/dev/null; then
    echo "the script no longer changes solutions/$lab: update it"
    exit 1
fi
if ! diff -r "$staged/$lab" "$tree/$lab" >/dev/null 2>&1; then
    rm -rf "${tree:?}/$lab" && mkdir -p "$tree" && cp -rp "$staged/$lab" "$tree/"
fi
