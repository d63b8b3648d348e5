#!/bin/sh
# make-gpu-bundle.sh: a folder that grades on a GPU node where Criterion is
# not installed and nobody is root (a cluster, a lent machine).
#
#   grader/tools/make-gpu-bundle.sh BUILD_DIR OUT_DIR LAB...
#
# BUILD_DIR holds test programs and drivers built with BACKEND=cuda (both
# trees). OUT_DIR receives them, the grading scripts and rubric, and the
# shared libraries they need besides the C library; on the node run
#
#   OUT_DIR/grade solutions|labs [CHECK=race|memory]
set -eu
build=$1 out=$2
shift 2
mkdir -p "$out/lib" "$out/grader/tools"
for tree in solutions labs; do
    for lab in "$@"; do
        mkdir -p "$out/build/$tree/$lab"
        for program in tests run; do
            [ -x "$build/$tree/$lab/$program" ] && cp "$build/$tree/$lab/$program" "$out/build/$tree/$lab/"
        done
    done
done
for bench in "$build"/solutions/bench_*; do [ -x "$bench" ] && cp "$bench" "$out/build/solutions/"; done
cp grader/grade.sh grader/rubric.txt "$out/grader/"
cp grader/tools/*.awk grader/tools/*.sh "$out/grader/tools/"
# Every shared library a test program needs, except the system's own.
ldd "$build/solutions/$1/tests" | awk '$3 ~ /^\// { print $3 }' |
    grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' |
    while read -r library; do cp "$library" "$out/lib/"; done
cat >"$out/grade" <<SCRIPT
#!/bin/sh
# Grade the bundled programs: ./grade solutions|labs, or CHECK=race ./grade solutions
cd "\$(dirname "\$0")"
LD_LIBRARY_PATH=\$PWD/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} exec grader/grade.sh build "\${1:-labs}" cuda $*
SCRIPT
chmod +x "$out/grade"
