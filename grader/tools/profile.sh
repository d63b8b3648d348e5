#!/bin/sh
# profile.sh: make profile LAB=NN: Nsight Compute's counters of one call of
# the lab's timed function, yours beside the reference's, as one table
# (grader/tools/profile-table.awk draws it).
#
#   grader/tools/profile.sh PERF_PROGRAM BACKEND OUT_DIR
#
# PERF_PROGRAM is the lab's perf program (build/cuda-none/labs/03-efficient-scan/perf);
# with SCANLAB_PROFILE=student or reference it runs that side's function
# once to warm up, then once between cudaProfilerStart and Stop, and says
# whether the call was right (perf.c). Each side is its own ncu run (both
# sides' kernels have the same names), with the GPU's clocks left as
# they are (--clock-control none). Its output, as ncu printed it, goes
# to OUT_DIR/NN-student.csv and NN-reference.csv; the table to
# OUT_DIR/NN-name.md (make report shows it) and to the terminal.
#
# A student's copy has no reference linked in (perf says "none"): its
# column is then the reference's profile recorded on the same GPU model,
# docs/data/profile/GPU/NN-reference.csv, the one whose device is the
# name ncu (or nvidia-smi) gives; without one for this model, the H200's,
# labelled so. When counters cannot be read here, the script says why in
# one line and shows the recorded profile alone:
#
#   BACKEND=emu (no GPU)     the emulator has no counters
#   no ncu                   neither $NCU nor CUDA_HOME/bin/ncu
#   ncu refused              ERR_NVGPUCTRPERM, "Failed to initialize", no kernel row
#   your function todo/wrong/error   profile once its tests pass
#
# Environment: PERF_N (the size, default 2^24 as the graded perf test's),
# SEED (default 1), NCU (the ncu to run, default ncu on PATH, else
# CUDA_HOME/bin/ncu), SCANLAB_PROFILE_DATA (the recorded profiles,
# default docs/data/profile). Exit status 0 when a table was shown, 1 when
# none could be (a CSV the table cannot read, no recorded profile).
set -eu

if [ $# -ne 3 ]; then
    echo "usage: grader/tools/profile.sh PERF_PROGRAM BACKEND OUT_DIR" >&2
    exit 2
fi
perf=$1 backend=$2 out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
table_awk=$root/grader/tools/profile-table.awk
data=${SCANLAB_PROFILE_DATA:-$root/docs/data/profile}
n=${PERF_N:-16777216}
seed=${SEED:-1}
lab=$(basename "$(dirname "$perf")")
nn=${lab%%-*}
mkdir -p "$out"

say() { echo "make profile: $*"; }

# device_of CSV: the GPU's name in an ncu CSV ("NVIDIA H200").
device_of() { awk -v mode=device -f "$table_awk" "$1" 2>/dev/null || :; }

# recorded DEVICE: the recorded reference profile of this lab on DEVICE,
# else the H200's; "FILE|LABEL" (LABEL says which GPU and that it is
# recorded), or nothing if there is none at all.
recorded() {
    for file in "$data"/*/"$nn"-reference.csv; do
        [ -f "$file" ] || continue
        if [ -n "$1" ] && [ "$(device_of "$file")" = "$1" ]; then
            echo "$file|recorded on $1 (${file#"$root"/})"
            return
        fi
    done
    file=$data/h200/$nn-reference.csv
    [ -f "$file" ] || return 0
    echo "$file|recorded on $(device_of "$file") (${file#"$root"/})${1:+: none is recorded for this GPU's model, $1}"
}

# table YOURS_CSV YOURS_LABEL THEIRS_CSV THEIRS_LABEL: draw it, keep it.
table() {
    awk -v n="$n" -v yours_label="$2" -v theirs_label="$4" -f "$table_awk" "$1" "$3" >"$out/$lab.md.tmp" || {
        rm -f "$out/$lab.md.tmp"
        exit 1
    }
    mv "$out/$lab.md.tmp" "$out/$lab.md"
    echo
    cat "$out/$lab.md"
    echo
    echo "  table: $out/$lab.md (make report shows it)"
}

# recorded_only WHY [DEVICE]: the one line, then the recorded reference alone.
recorded_only() {
    say "$1"
    found=$(recorded "${2:-}")
    if [ -z "$found" ]; then
        say "and no recorded profile of lab $nn's reference in ${data#"$root"/}"
        exit 1
    fi
    table /dev/null "not profiled (above)" "${found%%|*}" "${found#*|}"
    exit 0
}

# The ncu to run.
ncu=${NCU:-ncu}
command -v "$ncu" >/dev/null 2>&1 || ncu=${CUDA_HOME:+$CUDA_HOME/bin/ncu}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || :)

[ "$backend" = cuda ] ||
    recorded_only "BACKEND=$backend: the emulator has no hardware counters; on a GPU, run make profile LAB=$nn BACKEND=cuda. The reference's recorded profile:" "$gpu"
[ -n "$ncu" ] && command -v "$ncu" >/dev/null 2>&1 ||
    recorded_only "ncu (Nsight Compute) is not on PATH${CUDA_HOME:+ nor in $CUDA_HOME/bin}: install it (apt install nsight-compute, or the CUDA toolkit's), or say where: make profile NCU=/path/to/ncu. The reference's recorded profile:" "$gpu"

# profile SIDE: one ncu run of SIDE's call into OUT_DIR/NN-SIDE.csv; sets
# verdict and message from perf's line (perf.c), "refused" when ncu
# could not read the counters.
profile() {
    csv=$out/$nn-$1.csv
    status=0
    SCANLAB_PROFILE=$1 "$ncu" --csv --page raw --print-units base --profile-from-start off --clock-control none \
        --metrics "$(awk -v mode=metrics -f "$table_awk")" "$perf" "$n" "$seed" >"$csv" 2>&1 || status=$?
    line=$(grep "^profile	" "$csv" | head -n 1 || :)
    verdict=$(printf '%s' "$line" | cut -f2)
    message=$(printf '%s' "$line" | cut -f7)
    if grep -q -e ERR_NVGPUCTRPERM -e 'Failed to initialize' -e '==ERROR==' "$csv" ||
        { [ "$verdict" = ok ] && ! grep -q '^"ID","Process ID",' "$csv"; }; then
        verdict=refused
        message=$(grep -m 1 -e ERR_NVGPUCTRPERM -e 'Failed to' -e '==ERROR==' "$csv" || :)
        message="${message:-no counters in its output} (exit status $status; all of it in ${csv#"$root"/})"
    elif [ -z "$verdict" ]; then
        verdict=error
        message="the perf program printed no profile line under ncu (exit status $status; ${csv#"$root"/} has what it printed)"
    fi
}

profile student
device=$(device_of "$csv")
case $verdict in
ok) ;;
refused) recorded_only "ncu could not read this GPU's counters: $message. The reference's recorded profile:" "$gpu" ;;
*) recorded_only "your $(printf '%s' "$line" | cut -f3) is $verdict ($message): profile it once its tests pass (make grade LAB=$nn). The reference's recorded profile:" "${device:-$gpu}" ;;
esac
yours=$out/$nn-student.csv
yours_label="this run on ${device:-this GPU}, ${yours#"$root"/}"
profile reference
if [ "$verdict" = ok ]; then
    table "$yours" "$yours_label" "$out/$nn-reference.csv" "this run, ${csv#"$root"/}"
else
    [ "$verdict" = none ] || say "the reference's run under ncu: $verdict ($message); its recorded profile instead"
    found=$(recorded "$device")
    [ -n "$found" ] || { say "no recorded profile of lab $nn's reference in ${data#"$root"/}"; table "$yours" "$yours_label" /dev/null "none"; exit 0; }
    table "$yours" "$yours_label" "${found%%|*}" "${found#*|}"
fi
