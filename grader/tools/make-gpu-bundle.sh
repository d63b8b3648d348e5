#!/bin/sh
# make-gpu-bundle.sh: a folder that grades on a GPU node where Criterion is
# not installed and nobody is root (a cluster, a lent machine).
#
#   grader/tools/make-gpu-bundle.sh BUILD_DIR OUT_DIR LAB...
#
# Usually through `make gpu-bundle` (OUT_DIR = build/gpu-bundle), which
# first builds both trees with BACKEND=cuda: for the GPU of this machine,
# or for every major architecture (CUDA_ARCH=-arch=all-major) when there
# is none; CUDA_ARCH=-arch=sm_90 builds for one and is much faster.
#
# BUILD_DIR holds test programs and drivers built with BACKEND=cuda (both
# trees); beside it, emu-memory/ the drivers of the labs without CUDA
# source (lab 01) built with AddressSanitizer, which their memory check
# runs on a GPU too (grade.sh). OUT_DIR receives them, the lab sources and
# objects (so that policy-check.sh still runs), the grading scripts
# (grade.sh, grader/lib/, grader/jobs/, grader/tools/, grader/test/'s
# grade-planted.sh and plant.sh) and rubric, and the
# shared libraries they need besides the C library
# (Criterion and what it links, OpenMP's runtime, AddressSanitizer's).
# On the GPU node, no root and no Criterion needed, only the NVIDIA driver
# (the CUDA runtime is linked in statically):
#
#   scp -r build/gpu-bundle node:     (or tar it; it is self-contained)
#   ssh node
#   gpu-bundle/grade solutions        the reference: must be full marks
#   gpu-bundle/grade labs             the skeletons, or a student's labs/
#   gpu-bundle/build/solutions/04-compaction/fast/tests   a fast reference's tests
#   gpu-bundle/build/solutions/bench_compact              make bench's programs (build/labs/ too:
#                                                         a student's make report, docs/instructors.md#report)
#   CHECK=memory gpu-bundle/grade labs   compute-sanitizer on the drivers (lab 01: AddressSanitizer)
#   RESULTS_JSON=out.json gpu-bundle/grade labs   (needs libcjson-dev there)
#
# To grade a student on the node, build their labs/ here into the bundle
# (copy their files into labs/, then make gpu-bundle).
set -eu
build=$1 out=$2
shift 2
mkdir -p "$out/lib" "$out/grader/tools" "$out/grader/lib" "$out/grader/jobs" "$out/grader/test"
# The planted bugs' trees too, where make planted-builds built them for
# this backend: grader/test/grade-planted.sh grades them there.
planted=$(for tree in build/planted/*/; do if [ -d "$build/${tree%/}" ]; then echo "${tree%/}"; fi; done)
for tree in solutions labs $planted; do
    for lab in "$@"; do
        [ -d "$tree/$lab" ] || continue
        mkdir -p "$out/build/$tree/$lab" "$out/$tree/$lab"
        for program in tests tests-one-process run perf; do
            [ -x "$build/$tree/$lab/$program" ] && cp "$build/$tree/$lab/$program" "$out/build/$tree/$lab/"
        done
        # What policy-check.sh reads: the sources and their objects.
        for file in "$tree/$lab"/*.c "$tree/$lab"/*.cu "$tree/$lab"/*.h "$build/$tree/$lab"/*.o; do
            [ -f "$file" ] || continue
            case "$file" in *.o) cp "$file" "$out/build/$tree/$lab/" ;; *) cp "$file" "$out/$tree/$lab/" ;; esac
        done
    done
done
# The emulator's memory and race builds of the drivers (make gpu-bundle
# builds them): a grade on a GPU runs the emulator's sanitizers too
# (grader/lib/checks.sh, check_orders), from ./emu-CHECK/TREE/LAB/run beside build/.
for check in none memory race; do
    for tree in solutions labs $planted; do
        for lab in "$@"; do
            driver=$(dirname "$build")/emu-$check/$tree/$lab/run
            [ -x "$driver" ] || continue
            mkdir -p "$out/emu-$check/$tree/$lab" && cp "$driver" "$out/emu-$check/$tree/$lab/"
        done
    done
done
# make bench's programs of both trees: a student's own (labs/) make their
# make report on the node (docs/instructors.md#report).
for tree in solutions labs; do
    for bench in "$build/$tree"/bench_*; do [ -x "$bench" ] && cp "$bench" "$out/build/$tree/"; done
done
# The fast references' tests (make test-fast): build/solutions/NN-name/fast/tests
for tests in "$build"/solutions/*/fast/tests; do
    [ -x "$tests" ] || continue
    lab=$(basename "$(dirname "$(dirname "$tests")")")
    mkdir -p "$out/build/solutions/$lab/fast" && cp "$tests" "$out/build/solutions/$lab/fast/"
done
# grade.sh and what it sources and runs (lib/, jobs/), the tools, and the
# planted bugs' grade (test/grade-planted.sh, with plant.sh).
cp grader/grade.sh "$out/grader/"
cp grader/lib/*.sh grader/lib/*.awk "$out/grader/lib/"
cp grader/jobs/*.sh "$out/grader/jobs/"
for lab in grader/labs/*/; do
    mkdir -p "$out/$lab" && cp "$lab/rubric.txt" "$out/$lab"
    [ ! -f "$lab/policy.txt" ] || cp "$lab/policy.txt" "$out/$lab"   # policy-check.sh's rules of the lab
    [ -z "$planted" ] || cp -r "$lab/planted" "$out/$lab"
done
cp grader/tools/*.awk grader/tools/*.sh "$out/grader/tools/"
cp grader/test/grade-planted.sh grader/test/plant.sh "$out/grader/test/"
# Every shared library a test program needs, except the system's own.
for program in "$build/solutions/$1/tests" "$build"/solutions/*/perf "$out"/emu-*/solutions/*/run; do
    [ -x "$program" ] && ldd "$program"; done | awk '$3 ~ /^\// { print $3 }' | sort -u |
    grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' |
    while read -r library; do cp "$library" "$out/lib/"; done
cat >"$out/grade" <<SCRIPT
#!/bin/sh
# Grade the bundled programs: ./grade solutions|labs, or CHECK=race ./grade solutions
cd "\$(dirname "\$0")"
LD_LIBRARY_PATH=\$PWD/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} exec grader/grade.sh build "\${1:-labs}" cuda $*
SCRIPT
chmod +x "$out/grade"
