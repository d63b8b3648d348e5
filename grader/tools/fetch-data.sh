#!/bin/sh
# fetch-data.sh: the real data sets the compression benchmarks run on
# (make data), from two Debian packages and nothing else:
#
#   grader/tools/fetch-data.sh [OUT_DIR]        (default build/data)
#
#   mricron-data       brain volumes in NIfTI-1: a 352-byte header, then
#                      181 x 217 x 181 uint8 voxels, x fastest
#     brodmann.nii     a label atlas: long runs of the same label
#     ch2bet.nii       an MRI with the skull removed: zeros around a brain
#     ch2.nii          the whole MRI: short runs, noise
#   jbigkit-testdata
#     test-t82.pbm     the CCITT test page of ITU-T T.82: a bilevel image,
#                      a binary PBM, 1 bit a pixel
#   made from them (make-volumes.c)
#     brodmann-512.raw the atlas tiled to 512 x 512 x 512 (128 MiB)
#     random.raw, sawtooth.raw, zeros.raw   controls, 64 MiB each
#     counters16.raw   16-bit counters 0 1 2 ... 65535 0 ..., 64 MiB (-w 16)
#
# apt-get download fetches the .deb files (no root needed, nothing is
# installed), dpkg-deb unpacks them into OUT_DIR/packages/, and the files
# above are written to OUT_DIR. Each volume's header is checked (its
# dimensions and type), so a changed package is noticed, not silently
# benchmarked; OUT_DIR/SHA256SUMS records what was fetched. The tests
# never need these files: they make their own data.
set -eu
out=${1:-build/data}
mkdir -p "$out/packages"
fail() { echo "fetch-data.sh: $*" >&2; exit 1; }

(cd "$out/packages" && rm -f ./*.deb && apt-get download mricron-data jbigkit-testdata >/dev/null 2>&1) ||
    fail "apt-get download mricron-data jbigkit-testdata failed (run 'apt-get update' once, as root)"
for deb in "$out"/packages/*.deb; do
    dpkg-deb -x "$deb" "$out/packages/root"
done

templates=$out/packages/root/usr/share/mricron/templates
for volume in brodmann ch2bet ch2; do
    gunzip -c "$templates/$volume.nii.gz" >"$out/$volume.nii.tmp"
    # NIfTI-1: dim[0..3] at byte 40 (int16), datatype at 70, bitpix at 72.
    dims=$(od -A n -t d2 -j 40 -N 8 "$out/$volume.nii.tmp" | tr -s ' ' | sed 's/^ //')
    type=$(od -A n -t d2 -j 70 -N 4 "$out/$volume.nii.tmp" | tr -s ' ' | sed 's/^ //')
    size=$(wc -c <"$out/$volume.nii.tmp")
    [ "$dims" = "3 181 217 181" ] && [ "$type" = "2 8" ] && [ "$size" -eq $((352 + 181 * 217 * 181)) ] ||
        fail "$volume.nii is not 181 x 217 x 181 uint8 after a 352-byte header (dims $dims, type $type, $size bytes)"
    mv "$out/$volume.nii.tmp" "$out/$volume.nii"
done
cp "$out/packages/root/usr/share/jbigkit-testdata/test-t82.pbm" "$out/test-t82.pbm.tmp"
[ "$(head -c 2 "$out/test-t82.pbm.tmp")" = P4 ] || fail "test-t82.pbm is not a binary PBM"
mv "$out/test-t82.pbm.tmp" "$out/test-t82.pbm"

# Made here from them (grader/tools/make-volumes.c): the 512^3 tiling of
# brodmann.nii and three controls.
cc -std=c11 -O2 -o "$out/packages/make-volumes" "$(dirname "$0")/make-volumes.c" ||
    fail "cannot compile grader/tools/make-volumes.c"
"$out/packages/make-volumes" "$out/brodmann.nii" "$out"

(cd "$out" && sha256sum brodmann.nii ch2bet.nii ch2.nii test-t82.pbm brodmann-512.raw random.raw sawtooth.raw \
     zeros.raw counters16.raw >SHA256SUMS)
echo "  data: $out/{brodmann,ch2bet,ch2}.nii (181 x 217 x 181 uint8), $out/test-t82.pbm"
echo "        $out/brodmann-512.raw (512^3, tiled), $out/{random,sawtooth,zeros,counters16}.raw (64 MiB each)"
echo "        from $(cd "$out/packages" && ls ./*.deb | sed 's|^\./||' | tr '\n' ' ')"
