#!/bin/sh
# grade-lock.sh: one grade of a tree at a time in a checkout (make grade).
#
#   grader/lib/grade-lock.sh LOCK COMMAND...
#
# Runs COMMAND holding LOCK (BUILD/grade/TREE.lock) exclusively. Two
# grades of the same tree in one checkout build the same programs and
# keep their logs and results in the same folder, where each clears the
# other's: six `make grade LAB=08`s at once gave every one 0/35 ("the
# test program ended without a report"). So a second one says so and
# waits for the first; then each reads what it would alone. Grades of
# other trees, or in other checkouts (make batch gives each submission
# its own), do not wait. flock(1), from util-linux; without it (macOS)
# COMMAND runs at once, as the GPU lock does (gpu-lock.sh). The shell
# holds the lock; COMMAND's processes do not inherit it, so a test
# program left running cannot keep it.
set -eu
lock=$1
shift
command -v flock >/dev/null 2>&1 || exec "$@"
mkdir -p "$(dirname "$lock")"
exec 7>"$lock"
if ! flock -n 7; then
    echo "make grade: another grade of this tree is running in this checkout; this one waits for it (lock: $lock)"
    flock 7
fi
"$@" 7>&-
