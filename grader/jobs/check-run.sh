#!/bin/sh
# check-run.sh: one run of a lab's driver under a checker (a job of
# grade.sh's checks' pool; grader/lib/checks.sh).
#
#   grader/jobs/check-run.sh SETTINGS "CHECK LAB ORDER SIZES"
#
# SETTINGS is the grade's OUT/settings.sh; CHECK memory or race; ORDER
# gpu (compute-sanitizer), forward or reverse (the emulator's sanitizer
# build, in that thread order; emu-forward on a GPU), or emu-overlap (the
# emulator's plain build, blocks overlapping). Runs the driver that
# checks.sh's check_plan wrote in OUT/LAB.check-CHECK/driver.ORDER at
# SIZES, one size or several ("33,1025,65537": the driver runs them all
# in one process, so the checker starts once; print.h says why), and
# leaves there ORDER.SIZES.log (its output) and ORDER.SIZES.rc (its exit
# status; 86: the checker found something). Exits 0 unless the job itself
# failed.
set -eu
. "$(dirname "$0")/../lib/job.sh"
# shellcheck disable=SC2086 # the line's four words
set -- $2
check=$1 lab=$2 order=$3 sizes=$4
dir=$out/$lab.check-$check
case $order in
gpu) eval "command=\$checker_$check" ;;
emu-overlap) command="env SCANLAB_EMU_BLOCKS=overlap" ;;   # the plain build: no checker
*) eval "command=\$checker_emu_$check" ;;
esac
thread_order=${order#emu-}
if [ "$thread_order" = overlap ]; then thread_order=reverse; fi
rc=0
# shellcheck disable=SC2086 # gpu_env and the checker are words: a command with its options
on_gpu_of "$lab" limited "$kill_after" "$long_timeout" env $gpu_env SCANLAB_EMU_ORDER=$thread_order \
    $command "$(cat "$dir/driver.$order")" "$sizes" 0x5eed random \
    >"$dir/$order.$sizes.log" 2>&1 </dev/null || rc=$?
# Without a sanitizer the driver exits 0 whatever it found: a report of
# the emulator's, or a wrong result, is the finding (86, as a checker's).
if [ "$order" = emu-overlap ] && [ "$rc" = 0 ] && grep -q -E '^scanlab-emu: | WRONG: ' "$dir/$order.$sizes.log"; then
    rc=86
fi
echo "$rc" >"$dir/$order.$sizes.rc"
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then busy_note "$load_scale" >"$dir/$order.$sizes.busy"; fi
