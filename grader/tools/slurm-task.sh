#!/bin/sh
# slurm-task.sh: one task of batch.sh's Slurm job array (ENGINE=slurm):
# grades submission number SLURM_ARRAY_TASK_ID (counted from 1) of
# OUT_DIR/submissions.tsv, exactly as a local worker does (batch.sh --one).
#
#   sbatch --array=1-N ... grader/tools/slurm-task.sh OUT_DIR TOOLS_DIR
#
# TOOLS_DIR is grader/tools/ (Slurm runs a copy of this script from its
# spool folder, so the script cannot find its neighbours by its own path).
# BACKEND, JOBS, TOTAL and HIDDEN_SEED come from batch.sh (--export=ALL);
# on a GPU node Slurm has set CUDA_VISIBLE_DEVICES to the task's GPU.
set -eu
out=${1:?usage: slurm-task.sh OUT_DIR TOOLS_DIR}
tools=${2:?usage: slurm-task.sh OUT_DIR TOOLS_DIR}
task=${SLURM_ARRAY_TASK_ID:?slurm-task.sh runs as a task of a Slurm job array}
line=$(sed -n "${task}p" "$out/submissions.tsv")
[ -n "$line" ] || { echo "slurm-task.sh: no submission $task in $out/submissions.tsv" >&2; exit 1; }
id=$(printf '%s' "$line" | cut -f1)
entry=$(printf '%s' "$line" | cut -f2-)
JOBS=${SLURM_CPUS_PER_TASK:-$JOBS} exec "$tools/batch.sh" --one "$out" "$id" "$entry"
