#!/bin/sh
# batch.sh: grade a folder of submissions into one gradebook (make batch).
#
#   grader/tools/batch.sh SUBMISSIONS_DIR OUT_DIR
#
# Each entry of SUBMISSIONS_DIR is one submission: a folder, or a .tar.gz,
# .tgz or .zip, holding lab files (naive_scan.cu, ...) at any depth; its
# name, less the extension, is its ID. The files are matched by name to
# labs/NN-name/, as on Gradescope (tools/place-submission.sh).
#
# OUT_DIR/tree/ is built once: the source tree without solutions/ (hidden
# tests kept; make-release.sh --grading) with everything compiled. Each
# submission gets a copy of it, OUT_DIR/ID/tree/, and is graded there:
#   OUT_DIR/ID/report.txt    its files and the scoreboard
#   OUT_DIR/ID/grade.log     all that make grade printed (compiler errors too)
#   OUT_DIR/gradebook.csv    id, the points of each lab, total
# Submissions are graded in parallel, in two rounds: every submission's
# tests and checks (grade.sh's PHASE=tests), then every submission's
# performance tests and scoreboard (PHASE=perf). A perf program must have
# its GPU alone while it times (grade.sh's GPU lock); graded in one go, it
# waited for whatever tests of other grades were running, and new tests
# waited for it, so the GPU was mostly waiting. On GPUs, WORKERS_PER_GPU
# (default 3) workers per GPU, each seeing only its own
# (CUDA_VISIBLE_DEVICES): a grade spends most of its time starting
# processes and checking on the CPU, so a few share a GPU well. Under the
# emulator, half as many workers as CPUs (it runs two thread orders, each
# test its own process).
# Environment: BACKEND (cuda or emu; default cuda when there is a GPU),
# WORKERS (override the worker count), GPUS (the GPUs to grade on, e.g.
# 0,2; default those of CUDA_VISIBLE_DEVICES, else every GPU nvidia-smi
# lists), JOBS (the processes each
# grade runs at once; default the CPUs over the workers),
# HIDDEN_SEED (the hidden tests' seed, one for the batch: OUT_DIR/hidden-seed),
# ENGINE (local, the default: workers on this machine; slurm: a Slurm job
# array, one submission a task, see below), GUIDANCE (guided, the
# default, or open: the edition the class was given; make-release.sh).
#
# With ENGINE=slurm the grading tree is built here, then `sbatch --wait`
# runs one array task per submission (grader/tools/slurm-task.sh), each on
# whatever node Slurm gives it: with BACKEND=cuda one GPU a task
# (--gres=gpu:1, CUDA_VISIBLE_DEVICES set by Slurm), with the emulator
# SLURM_CPUS (default 2) CPUs a task. OUT_DIR must be on a filesystem every
# node sees, and the nodes need the same compilers and libraries as this
# machine (the tasks run make there). SLURM_OPTIONS is added to sbatch's
# command line (a partition, an account, a time limit); at most
# SLURM_PARALLEL (default 100) tasks run at once. The gradebook is gathered
# here when the array has finished.
# On a GPU the reference's renamed objects (the Makefile's
# build/cuda-none/reference/) are built here and copied into the grading
# tree, so that the performance points are graded (grader/support/perf/perf.h).
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# ---- One submission (a worker runs this; xargs sets SLOT) ----------------
#   batch.sh --one OUT_DIR ID ENTRY     unpack, build, grade (a Slurm task)
#   batch.sh --tests OUT_DIR ID ENTRY   the same up to the tests and checks
#   batch.sh --perf OUT_DIR ID ENTRY    then the perf programs, the report
case "${1:-}" in
--one|--tests|--perf)
    step=$1 out=$2 id=$3 entry=$4
    dir=$out/$id
    if [ -n "${GPUS:-}" ]; then   # worker SLOT grades on GPU SLOT mod the GPU count
        CUDA_VISIBLE_DEVICES=$(echo "$GPUS" | cut -d, -f$((SLOT % $(echo "$GPUS" | tr ',' '\n' | wc -l) + 1)))
        export CUDA_VISIBLE_DEVICES
    fi
    # grade PHASE: make grade in the submission's tree, its output added to grade.log.
    grade() {
        (cd "$dir/tree" && NO_COLOR=1 PHASE=$1 make --no-print-directory grade BACKEND="$BACKEND" \
             JOBS="$JOBS" RESULTS_JSON="$PWD/../results.json" JUNIT_XML="$PWD/../junit.xml") >>"$dir/grade.log" 2>&1 || true
    }
    if [ "$step" != --perf ]; then
        rm -rf "$dir" && mkdir -p "$dir/files"
        # Unpack: archives may not write outside files/ (GNU tar and unzip
        # drop leading / and ../), and only regular files are ever used.
        case "$entry" in
        *.tar.gz|*.tgz) tar -xzf "$entry" -C "$dir/files" --no-same-owner --no-same-permissions >"$dir/unpack.log" 2>&1 ;;
        *.zip) unzip -qq -o "$entry" -d "$dir/files" >"$dir/unpack.log" 2>&1 ;;
        *) cp -R "$entry/." "$dir/files/" ;;
        esac || echo "  (some of the archive could not be unpacked: see $dir/unpack.log)" >>"$dir/placed.txt"
        cp -a "$out/tree" "$dir/tree"
        echo "${CUDA_VISIBLE_DEVICES:-}" >"$dir/gpu"
        if "$here/place-submission.sh" "$dir/files" "$dir/tree" >>"$dir/placed.txt"; then
            : >"$dir/grade.log"
            grade "$([ "$step" = --tests ] && echo tests || echo both)"
        else
            echo "summary: backend=$BACKEND tree=labs score=0/0 (no lab file found)" >"$dir/grade.log"
            touch "$dir/unplaced"
        fi
    fi
    if [ "$step" = --tests ]; then
        touch "$dir/tested"
        echo "  tested $(ls "$out"/*/tested | wc -l)/$TOTAL  $id"
        exit 0
    fi
    [ "$step" = --perf ] && [ ! -f "$dir/unplaced" ] && grade perf
    tested_on=$(cat "$dir/gpu") where=""
    [ -n "$tested_on" ] && where=", on GPU $tested_on"
    [ "${CUDA_VISIBLE_DEVICES:-}" != "$tested_on" ] && where="$where (timed on GPU $CUDA_VISIBLE_DEVICES)"
    labs=$(cd "$dir/tree/labs" && ls -d [0-9][0-9]-* | tr '\n' ' ')
    { echo "ScanLab batch grading: $id ($entry)$where"; echo; echo "Files:"; cat "$dir/placed.txt"; echo
      sed -n '/^ScanLab scoreboard/,$p' "$dir/grade.log"; } >"$dir/report.txt"
    # The gradebook row, from the scoreboard's summary line.
    awk -v id="$id" -v labs="$labs" '
        /^summary: / { for (i = 2; i <= NF; i++) { split($i, kv, "="); split(kv[2], pts, "/"); got[kv[1]] = pts[1] } found = 1 }
        END {
            n = split(labs, lab, " "); row = id
            for (i = 1; i <= n; i++) row = row "," (found ? got[lab[i]] + 0 : "")
            print row "," (found && "score" in got ? got["score"] : "error")
        }' "$dir/grade.log" >"$dir/row.csv"
    # The objects are big and go; the grade's logs stay, where the report's
    # messages point (build/BACKEND-none/grade/labs/...).
    find "$dir/tree/build" -mindepth 2 -maxdepth 2 ! -name grade -exec rm -rf {} +
    done_count=$(ls "$out"/*/row.csv 2>/dev/null | wc -l)
    # One line per submission (workers finish in any order), with a bar:
    #   [########------------] 12/30  alice: 200 points
    bar=$(awk -v done="$done_count" -v total="$TOTAL" 'BEGIN {
        filled = int(20 * done / total); for (i = 0; i < 20; i++) printf (i < filled ? "#" : "-") }')
    echo "[$bar] $done_count/$TOTAL  $id: $(cut -d, -f1 --complement "$dir/row.csv" | awk -F, '{ print $NF }') points"
    exit 0 ;;
esac

# ---- The whole batch -----------------------------------------------------
submissions=${1:?usage: batch.sh SUBMISSIONS_DIR OUT_DIR}
out=${2:?usage: batch.sh SUBMISSIONS_DIR OUT_DIR}
[ -d "$submissions" ] || { echo "batch.sh: $submissions is not a folder" >&2; exit 1; }
case "$out" in /*) ;; *) out=$PWD/$out ;; esac
gpu_count=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
BACKEND=${BACKEND:-$([ "$gpu_count" -gt 0 ] && echo cuda || echo emu)}
cpus=$(nproc 2>/dev/null || echo 2)
# GPUS, else the GPUs CUDA_VISIBLE_DEVICES already narrowed this shell to
# (CUDA_VISIBLE_DEVICES=0 make batch grades on GPU 0 alone), else all.
GPUS=${GPUS:-${CUDA_VISIBLE_DEVICES:-}}
[ -n "$GPUS" ] && gpu_count=$(echo "$GPUS" | tr ',' '\n' | grep -c .)
ENGINE=${ENGINE:-local}
if [ "$ENGINE" = slurm ]; then
    workers=1 # no local workers: each task uses the CPUs Slurm gives it (slurm-task.sh)
elif [ "$ENGINE" != local ]; then
    echo "batch.sh: ENGINE must be local or slurm, not '$ENGINE'" >&2; exit 1
elif [ "$BACKEND" = cuda ]; then
    workers=${WORKERS:-$((gpu_count * ${WORKERS_PER_GPU:-3}))}
    [ -z "$GPUS" ] && [ "$gpu_count" -gt 1 ] && GPUS=$(seq -s, 0 $((gpu_count - 1)))
else
    workers=${WORKERS:-$((cpus / 2))}
fi
[ "$workers" -ge 1 ] || workers=1
JOBS=${JOBS:-$((cpus / workers))}; [ "$JOBS" -ge 1 ] || JOBS=1

# The entries, each with an ID made of safe characters.
list=$out/submissions.tsv
rm -rf "$out" && mkdir -p "$out"
for entry in "$submissions"/*; do
    name=$(basename "$entry")
    case "$name" in
    *.tar.gz) id=${name%.tar.gz} ;; *.tgz) id=${name%.tgz} ;; *.zip) id=${name%.zip} ;;
    *) [ -d "$entry" ] || { echo "batch.sh: skipped $name (not a folder, .tar.gz, .tgz or .zip)" >&2; continue; }
       id=$name ;;
    esac
    id=$(printf '%s' "$id" | tr -c 'A-Za-z0-9._-' '_')
    case "$id" in tree|.*) id=_$id ;; esac
    printf '%s\t%s\n' "$id" "$(cd "$(dirname "$entry")" && pwd)/$name" >>"$list"
done
[ -s "$list" ] || { echo "batch.sh: no submission in $submissions" >&2; exit 1; }
if [ "$(cut -f1 "$list" | sort | uniq -d | head -n 1)" ]; then
    echo "batch.sh: two submissions have the same ID: $(cut -f1 "$list" | sort | uniq -d | tr '\n' ' ')" >&2; exit 1
fi
cut -f2 "$list" | grep -q '\.zip$' && "$here/install-deps.sh" unzip
TOTAL=$(wc -l <"$list")

# The grading tree, compiled once (the skeletons, the support code, the
# emulator); each submission's copy recompiles only the files it replaces.
echo "batch: $TOTAL submissions, workers: $workers$([ -n "$GPUS" ] && echo " (GPUs $GPUS)"), BACKEND=$BACKEND"
"$here/make-release.sh" --guidance "${GUIDANCE:-guided}" --grading "$out/tree" >/dev/null
# On a GPU each submission's perf programs hold the reference beside the
# student's code (grader/support/perf/perf.h): the grading tree has no solutions/,
# so the reference's renamed objects are made here and handed to it.
if [ "$BACKEND" = cuda ]; then
    for test in grader/labs/*/perf.c; do
        # (the open edition builds in folders of its own: the Makefile's BUILD)
        object=build/cuda-none$([ "${GUIDANCE:-guided}" = open ] && echo -open)/reference/$(basename "$(dirname "$test")").o
        make --no-print-directory BACKEND=cuda "$object" >>"$out/tree.log" 2>&1 &&
            mkdir -p "$out/tree/$(dirname "$object")" && cp "$object" "$out/tree/$object" ||
            echo "batch.sh: no reference $object: its performance points will not be graded" >&2
    done
fi
# Under the emulator the checks (grade.sh) run drivers built with their
# sanitizer: those are compiled once here too; on a GPU, the memory
# check's of the labs without CUDA source (lab 01), which run on the host.
(cd "$out/tree" && make --no-print-directory -j"$cpus" BACKEND="$BACKEND" build &&
    if [ "$BACKEND" = emu ]; then
        make --no-print-directory -j"$cpus" BACKEND=emu CHECK=memory drivers &&
            make --no-print-directory -j"$cpus" BACKEND=emu CHECK=race drivers
    else
        for lab in labs/[0-9][0-9]-*/; do
            ls "$lab"*.cu >/dev/null 2>&1 ||
                make --no-print-directory -j"$cpus" BACKEND=emu CHECK=memory LAB="$(basename "$lab" | cut -c1-2)" drivers || exit 1
        done
    fi) >"$out/tree.log" 2>&1 ||
    { tail -n 20 "$out/tree.log"; echo "batch.sh: the grading tree does not build: see $out/tree.log" >&2; exit 1; }

# One seed for the hidden tests of the whole batch: every student gets the
# same data, and HIDDEN_SEED=... make batch replays it.
HIDDEN_SEED=${HIDDEN_SEED:-0x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')}
echo "HIDDEN_SEED=$HIDDEN_SEED" >"$out/hidden-seed"
# A batch's grades share the machine by design, and its limits were
# measured that way (docs/instructors.md#batch: a test that times out
# beside other grades runs again with the GPU to itself): the load they
# make themselves must not stretch every limit (grader/lib/load.sh).
TEST_TIMEOUT_SCALE=${TEST_TIMEOUT_SCALE:-1}
export BACKEND GPUS JOBS TOTAL HIDDEN_SEED TEST_TIMEOUT_SCALE
grading_start=$(date +%s)
if [ "$ENGINE" = slurm ]; then
    resources="--cpus-per-task=${SLURM_CPUS:-2}"
    [ "$BACKEND" = cuda ] && resources="$resources --gres=gpu:1"
    echo "batch: sbatch --array=1-$TOTAL%${SLURM_PARALLEL:-100} $resources ${SLURM_OPTIONS:-}"
    # shellcheck disable=SC2086 # the options are meant to split
    job=$(sbatch --wait --parsable --job-name=scanlab-grade --array="1-$TOTAL%${SLURM_PARALLEL:-100}" $resources \
              ${SLURM_OPTIONS:-} --export=ALL --output="$out/slurm-%A_%a.log" "$here/slurm-task.sh" "$out" "$here") ||
        echo "batch.sh: some Slurm tasks failed (see $out/slurm-*.log); their rows say error" >&2
    echo "batch: Slurm job ${job:-?} done; its tasks' logs: $out/slurm-*.log"
    # A task that never ran (cancelled, node lost) still gets a row.
    while IFS="$(printf '\t')" read -r id entry; do
        [ -f "$out/$id/row.csv" ] || { mkdir -p "$out/$id"; echo "$id,error" >"$out/$id/row.csv"; }
    done <"$list"
else
    # Every submission's tests and checks, then every submission's perf
    # programs: while these time, no test runs on their GPU (grade.sh's
    # GPU lock), and none has to wait for a test to end.
    tr '\t' '\n' <"$list" | xargs -d '\n' -n 2 -P "$workers" --process-slot-var=SLOT "$0" --tests "$out"
    tr '\t' '\n' <"$list" | xargs -d '\n' -n 2 -P "$workers" --process-slot-var=SLOT "$0" --perf "$out"
fi

# The gradebook, in the order of the IDs.
labs=$(cd "$out/tree/labs" && ls -d [0-9][0-9]-* | tr '\n' ',')
{ echo "id,${labs}total"; cut -f1 "$list" | LC_ALL=C sort | while read -r id; do cat "$out/$id/row.csv"; done; } >"$out/gradebook.csv"
seconds=$(($(date +%s) - grading_start)); [ "$seconds" -ge 1 ] || seconds=1
echo "batch: $TOTAL submissions graded in $seconds s, the tree built before: $((TOTAL * 3600 / seconds)) an hour"
echo "gradebook: $out/gradebook.csv; reports: $out/ID/report.txt"
