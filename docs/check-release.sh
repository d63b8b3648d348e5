#!/bin/sh
# check-release.sh: a student release builds its own site, the student
# edition, without solutions/.
#
#   docs/check-release.sh STUDENT_SITE RELEASE_DIR
#
# Writes a student release into RELEASE_DIR (grader/tools/make-release.sh:
# the files git tracks, without solutions/), runs `make docs` there and
# checks the site it builds: its links resolve (docs/check.sh --links), and
# it is STUDENT_SITE, the student edition built in this tree, file for file
# and byte for byte, so every check made on STUDENT_SITE holds for what a
# class builds; and what a student reads there, its READMEs and its site,
# names no file the release lacks (docs/check-paths.sh). Also checks that
# `make docs EDITION=full` is refused there.
#
# Needs git, pandoc, gcc/g++ and make. The last line is "release docs: ok"
# or the reason it failed; exit status 1 on failure.
set -eu

if [ $# -ne 2 ] || [ ! -d "$1" ]; then
    echo "usage: docs/check-release.sh STUDENT_SITE RELEASE_DIR" >&2
    exit 2
fi
site=$(cd "$1" && pwd)
release=$2
cd "$(dirname "$0")/.."

fail() {
    echo "release docs: $*"
    exit 1
}

grader/tools/make-release.sh "$release" >/dev/null
[ ! -e "$release/solutions" ] || fail "the release has solutions/"
make --no-print-directory -C "$release" docs >"$release.docs.log" 2>&1 || {
    tail -n 20 "$release.docs.log"
    fail "make docs failed in the student release; see $release.docs.log"
}
docs/check.sh --links "$release/build/docs" || fail "the links of the release's site are broken"
docs/check-paths.sh "$release" || fail "the release's READMEs or site name files the release lacks (above: file:line)"
diff -r "$site" "$release/build/docs" >"$release.docs.diff" || {
    head -n 20 "$release.docs.diff"
    fail "the release's site differs from the student edition built here ($site); see $release.docs.diff"
}
make --no-print-directory -C "$release" docs EDITION=full 2>&1 | grep -q 'is for the ScanLab source tree' ||
    fail "make docs EDITION=full was not refused in the student release, which has no solutions/"
echo "release docs: ok (the student release builds the student edition, $(find "$site" -type f | wc -l) files)"
