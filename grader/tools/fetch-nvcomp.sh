#!/bin/sh
# fetch-nvcomp.sh: NVIDIA's nvCOMP, the GPU compressors bench_cascade
# times beside scanzip's cascade (make nvcomp). Nothing in the course
# needs it.
#
#   grader/tools/fetch-nvcomp.sh [OUT_DIR]       (default build/nvcomp)
#
# pip downloads the wheel nvidia-libnvcomp-cu13 (PyPI; nothing is
# installed) into OUT_DIR, and its files are laid out there as
#
#   OUT_DIR/include/nvcomp/*.h        the C API (cascaded.h, bitcomp.h, ans.h ...)
#   OUT_DIR/lib/libnvcomp.so.6        the library, and libnvcomp.so -> it
#   OUT_DIR/LICENSE, NOTICE           NVIDIA's terms, from the wheel
#   OUT_DIR/fetched                   the wheel's name: the Makefile's sign
#                                     that nvCOMP is here
#
# nvCOMP is NVIDIA's proprietary library (LICENSE says what it allows):
# it is fetched by whoever runs this, under build/, never committed, and
# never put in a release or a bundle.
set -eu
out=${1:-build/nvcomp}
fail() { echo "fetch-nvcomp.sh: $*" >&2; exit 1; }

mkdir -p "$out"
rm -f "$out"/*.whl "$out/fetched"
python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$out" nvidia-libnvcomp-cu13 ||
    fail "pip download nvidia-libnvcomp-cu13 failed (it needs PyPI and python3 -m pip)"
set -- "$out"/nvidia_libnvcomp_cu13-*.whl
wheel=$1
[ -f "$wheel" ] || fail "pip wrote no nvidia_libnvcomp_cu13 wheel into $out"

# A wheel is a zip; its files are under nvidia/libnvcomp/.
rm -rf "${out:?}/unpacked" "${out:?}/include" "${out:?}/lib"
python3 -m zipfile -e "$wheel" "$out/unpacked" || fail "cannot unpack $wheel"
from=$out/unpacked/nvidia/libnvcomp
for part in include/nvcomp/cascaded.h lib64/libnvcomp.so.6; do
    [ -f "$from/$part" ] || fail "$wheel has no $part: a new nvCOMP layout?"
done
mkdir -p "$out/lib"
mv "$from/include" "$out/include"
mv "$from/lib64/libnvcomp.so.6" "$out/lib/"
ln -s libnvcomp.so.6 "$out/lib/libnvcomp.so"
mv "$from/LICENSE" "$from/NOTICE" "$out/"
rm -rf "$out/unpacked"
basename "$wheel" >"$out/fetched"
echo "  nvcomp: $out/include/nvcomp/, $out/lib/libnvcomp.so.6 (from $(basename "$wheel"))"
echo "          NVIDIA's proprietary library ($out/LICENSE): never commit or redistribute it"
