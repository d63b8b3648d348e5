#!/bin/sh
# make-autograder.sh: Gradescope's autograder zip (make gradescope).
#
#   grader/gradescope/make-autograder.sh RELEASE_DIR OUT_DIR
#
# OUT_DIR/autograder.zip holds setup.sh and run_autograder (from this
# folder), place-submission.sh (from grader/tools/) and RELEASE_DIR
# (make student-release) as scanlab-student/.
# On Gradescope: a "Zip file upload" autograder on its Ubuntu image;
# students upload their lab files (naive_scan.cu, ...). Grading uses the
# CPU emulator, as there is no GPU there.
set -eu
release=${1:?usage: make-autograder.sh RELEASE_DIR OUT_DIR}
out=${2:?usage: make-autograder.sh RELEASE_DIR OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
stage=$out/autograder
rm -rf "$stage" "$out/autograder.zip"
mkdir -p "$stage"
cp "$here/setup.sh" "$here/run_autograder" "$here/../tools/place-submission.sh" "$stage/"
chmod +x "$stage/setup.sh" "$stage/run_autograder" "$stage/place-submission.sh"
cp -a "$release" "$stage/scanlab-student"
(cd "$stage" && zip -q -r -X ../autograder.zip setup.sh run_autograder place-submission.sh scanlab-student)
echo "  gradescope: $out/autograder.zip ($(du -k "$out/autograder.zip" | cut -f1) KiB)"
