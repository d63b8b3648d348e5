#!/bin/sh
# check-help.sh: make help is complete (make check-help, a step of make
# test). It fails, saying where, when
#
#   1. a knob (a ?= line) of the Makefile or its parts has no `## ` line;
#   2. a target of a .PHONY line has none;
#   3. README.md or a page of docs/ names a `make X` that make help does
#      not list: in a code span ("`make grade LAB=02`") or a line of a
#      code block ("make run LAB=03 N=16"); a word after make that is a
#      knob (make CC=clang) or an option (make -j2) is not a target.
#
#   grader/test/check-help.sh MAKEFILE...   (the Makefile and every part it includes)
set -eu
[ $# -gt 0 ] || { echo "usage: check-help.sh MAKEFILE..." >&2; exit 2; }
here=$(dirname "$0")
status=0
awk -v mode=check -f "$here/../tools/help.awk" "$@" || status=1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v mode=targets -f "$here/../tools/help.awk" "$@" >"$work/targets"
# The targets' names first, then the pages: each `make X` a page names.
awk '
    FNR == NR { listed[$0] = 1; next }
    FNR == 1 { fenced = 0 }
    /^```/ { fenced = !fenced; next }
    {
        line = $0
        if (fenced) {
            if (match(line, /^[ \t]*(\$ )?make [a-z][a-z0-9\/-]*/)) {
                word = substr(line, RSTART, RLENGTH); sub(/.* /, "", word)
                check(word)
            }
            next
        }
        while (match(line, /`make [a-z][a-z0-9\/-]*/)) {
            check(substr(line, RSTART + 6, RLENGTH - 6))
            line = substr(line, RSTART + RLENGTH)
        }
    }
    # test-step/test-planted is one of test-step/STEP.
    function check(word) {
        if (word ~ /^test-step\//) word = "test-step/STEP"
        if (word in listed) return
        print "make help: " FILENAME ":" FNR ": `make " word "`, a target make help does not list" > "/dev/stderr"
        failed = 1
    }
    END { exit failed }' "$work/targets" README.md docs/*.md || status=1

[ $status -eq 0 ] && echo "  make help lists every target and knob, and every make X of README.md and docs/*.md"
exit $status
