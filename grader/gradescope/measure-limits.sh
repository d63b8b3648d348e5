#!/bin/sh
# measure-limits.sh: how long one submission's grade takes in a container
# the size of Gradescope's (docs/instructors.md#gradescope has the result).
#
#   grader/gradescope/measure-limits.sh [CPUS [MEMORY_MIB]]    (default 1 768)
#
# As Gradescope does: the grading tree is built first, as the autograder's
# setup builds it into the image (not timed); then a submission of every
# lab's reference file is placed in a copy of it and graded on the CPU
# emulator, as run_autograder grades it: its files recompiled, every test,
# the memory and race checks. That grade runs on CPU 0 (taskset) with a
# CPU quota of CPUS (0.5 is half of that CPU's time) and a memory limit of
# MEMORY_MIB, through a cgroup (v1, as root). Prints the wall time, the
# peak memory and the score.
set -eu
cpus=${1:-1} memory=${2:-768}
[ "$(id -u)" -eq 0 ] || { echo "measure-limits.sh: needs root (it makes a cgroup)" >&2; exit 1; }
root=/sys/fs/cgroup
[ -d "$root/memory" ] && [ -d "$root/cpu" ] || { echo "measure-limits.sh: needs cgroup v1 memory and cpu controllers" >&2; exit 1; }
work=${WORK:-build/gradescope-limits}
case "$work" in /*) ;; *) work=$PWD/$work ;; esac

rm -rf "$work" && mkdir -p "$work/files"
grader/tools/make-release.sh --grading "$work/tree" >/dev/null
(cd "$work/tree" && make --no-print-directory -j"$(nproc)" BACKEND=emu build &&
    make --no-print-directory -j"$(nproc)" BACKEND=emu CHECK=memory drivers &&
    make --no-print-directory -j"$(nproc)" BACKEND=emu CHECK=race drivers) >"$work/setup.log" 2>&1
for lab in solutions/[0-9][0-9]-*/; do
    cp "$lab"*.c "$lab"*.cu "$work/files/" 2>/dev/null || true
done
cp -a "$work/tree" "$work/submission"
grader/tools/place-submission.sh "$work/files" "$work/submission" >/dev/null

group=scanlab-limits-$$
for controller in memory cpu; do mkdir -p "$root/$controller/$group"; done
trap 'for c in memory cpu; do rmdir "$root/$c/$group" 2>/dev/null || true; done' EXIT INT TERM
echo $((memory * 1024 * 1024)) >"$root/memory/$group/memory.limit_in_bytes"
echo 100000 >"$root/cpu/$group/cpu.cfs_period_us"
awk -v cpus="$cpus" 'BEGIN { printf "%d\n", cpus * 100000 }' >"$root/cpu/$group/cpu.cfs_quota_us"

start=$(date +%s)
sh -c 'for c in memory cpu; do echo $$ >"'"$root"'/$c/'"$group"'/cgroup.procs"; done
       cd "'"$work"'/submission" && exec taskset -c 0 make --no-print-directory grade BACKEND=emu JOBS=1' \
    >"$work/grade.log" 2>&1 || true
seconds=$(($(date +%s) - start))
peak=$(($(cat "$root/memory/$group/memory.max_usage_in_bytes") / 1024 / 1024))
failures=$(cat "$root/memory/$group/memory.failcnt")
echo "one submission (every lab's reference), emulator, $cpus CPU, $memory MiB:" \
     "${seconds} s, peak memory ${peak} MiB (limit hit $failures times)"
grep '^summary:' "$work/grade.log" || { tail -n 20 "$work/grade.log"; exit 1; }
