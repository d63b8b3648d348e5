#!/bin/sh
# make-autograder.sh: Gradescope's autograder zip (make gradescope).
#
#   grader/gradescope/make-autograder.sh GRADING_TREE OUT_DIR
#
# OUT_DIR/autograder.zip holds setup.sh and run_autograder (from this
# folder), place-submission.sh (from grader/tools/) and GRADING_TREE as
# scanlab/: the tree without solutions/ but with the hidden tests and the
# whole rubric (make-release.sh --grading). Students never see the zip;
# Gradescope shows them a hidden test's line only as the rubric allows.
# On Gradescope: a "Zip file upload" autograder on its Ubuntu image;
# students upload their lab files (naive_scan.cu, ...). Grading uses the
# CPU emulator, as there is no GPU there.
set -eu
release=${1:?usage: make-autograder.sh GRADING_TREE OUT_DIR}
out=${2:?usage: make-autograder.sh GRADING_TREE OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
stage=$out/autograder
rm -rf "$stage" "$out/autograder.zip"
mkdir -p "$stage"
cp "$here/setup.sh" "$here/run_autograder" "$here/../tools/place-submission.sh" "$stage/"
chmod +x "$stage/setup.sh" "$stage/run_autograder" "$stage/place-submission.sh"
cp -a "$release" "$stage/scanlab"
(cd "$stage" && zip -q -r -X ../autograder.zip setup.sh run_autograder place-submission.sh scanlab)
echo "  gradescope: $out/autograder.zip ($(du -k "$out/autograder.zip" | cut -f1) KiB)"
