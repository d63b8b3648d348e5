#!/bin/sh
# make-skeletons.sh: write the student tree from the solutions.
#
#   grader/tools/make-skeletons.sh SOLUTIONS_DIR OUT_DIR [guided|open]
#
# Every file of solutions/NN-name/ goes to OUT_DIR/NN-name/: C and CUDA
# sources and the README through skeleton.awk, in the edition asked for
# (guided, the default, or open: skeleton.awk says what each keeps),
# anything else as it is.
# Folders (solutions/NN-name/fast/, the fast references) stay out: a
# student's copy has only the exercise.
# `make skeletons` writes labs/; `make check-skeletons` writes a scratch
# copy and compares, so labs/ can never drift from solutions/.
set -eu
solutions=$1
out=$2
guidance=${3:-guided}
here=$(dirname "$0")
for lab_dir in "$solutions"/[0-9][0-9]-*/; do
    lab=$(basename "$lab_dir")
    mkdir -p "$out/$lab"
    for file in "$lab_dir"*; do
        name=$(basename "$file")
        [ -d "$file" ] && continue
        case "$name" in
        *.c | *.cu | *.h | *.cuh | *.md)
            awk -v guidance="$guidance" -f "$here/skeleton.awk" "$file" >"$out/$lab/$name.tmp"
            mv "$out/$lab/$name.tmp" "$out/$lab/$name" ;;
        *) cp "$file" "$out/$lab/$name" ;;
        esac
    done
done
