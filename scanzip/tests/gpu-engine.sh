#!/bin/sh
# gpu-engine.sh: scanzip's GPU engine writes the CPU engine's bytes and
# reads what it reads (make test-scanzip).
#
#   scanzip/tests/gpu-engine.sh path/to/scanzip-gpu
#
# The tool is built from lab 08's reference (or TREE=labs: a student's).
# Without a GPU it runs on the CPU emulator, where --gpu still means the
# engine of engine_gpu.cu, slowly. Checks, each counted: --gpu reports
# the GPU engine; for data with runs, noise, a sawtooth and a 16-bit
# counter (cascade with delta first), at 8, 16 and 32 bits, with chosen
# and given frame lengths, several chunks, -m auto
# and -m cascade, the .scz files of --gpu and --cpu are identical and
# --gpu decompresses them back; files with a damaged cascade payload,
# with and without delta first (their CRCs recomputed, so only the
# decoder can tell), are refused by --gpu with the CPU's reason; a --gpu
# run that stops before its first chunk (CUDA's start still on its
# thread) exits cleanly. Last line: "gpu-engine: N passed, N failed".
[ $# -eq 1 ] || { echo "usage: $0 path/to/scanzip-gpu" >&2; exit 2; }
fixtures=$(cd "$(dirname "$0")" && pwd)/data
harness_name=gpu
. "$(dirname "$0")/harness.sh" || exit 2

# Data: labels in runs (an atlas), noise (no runs: auto stores or packs),
# a slow sawtooth (runs of 3 stepping by one: delta wins), a 16-bit
# counter 0 1 2 ... (no runs, one run of deltas: delta first wins).
awk 'BEGIN { srand(11); while (n < 300000) { v = int(rand() * 5) * 40; r = 1 + int(rand() * 80);
             for (i = 0; i < r && n < 300000; i++) { printf "%c", v; n++ } } }' >labels.raw
awk 'BEGIN { srand(12); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' >noise.raw
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%c", int(i / 3) % 256 }' >saw.raw
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%c%c", i % 256, int(i / 256) % 256 }' >counter.raw

"$scanzip" compress --gpu -v -f -o probe.scz labels.raw 2>probe.log
if grep -q 'engine gpu' probe.log; then pass "--gpu uses the GPU engine ($(grep -o 'engine gpu[^,]*' probe.log))"
else fail "--gpu did not use the GPU engine: $(head -c 300 probe.log)"; fi

# CUDA's context is made on a thread from the start (engine_gpu.cu:
# gpu_start); a run that stops before its first chunk waits for it and
# exits cleanly, with its message.
"$scanzip" compress --gpu -q -o no/such/dir/x.scz labels.raw 2>early.log
got=$?
if [ "$got" -eq 1 ] && grep -q "cannot create a temporary file" early.log && [ "$(wc -l <early.log)" -eq 1 ]; then
    pass "--gpu stopping before its first chunk: exit 1, one message"
else
    fail "--gpu stopping before its first chunk: exit $got, expected 1 and one message: $(head -c 300 early.log)"
fi

# same FILE OPTIONS...: --gpu and --cpu write the same file; --gpu reads it back.
same() {
    file=$1; shift
    name="$file $*"
    if ! "$scanzip" compress -q -f --cpu "$@" -o cpu.scz "$file" 2>err.log; then
        fail "$name: --cpu failed: $(head -c 300 err.log)"; return
    fi
    if ! "$scanzip" compress -q -f --gpu "$@" -o gpu.scz "$file" 2>err.log; then
        fail "$name: --gpu failed: $(head -c 300 err.log)"; return
    fi
    if ! cmp -s cpu.scz gpu.scz; then
        fail "$name: --gpu wrote other bytes than --cpu (first difference: $(cmp cpu.scz gpu.scz 2>&1 | head -1);" \
             "see: scanzip info cpu.scz / gpu.scz)"; return
    fi
    if "$scanzip" decompress -q -f --gpu -o back.raw gpu.scz 2>err.log && cmp -s back.raw "$file"; then
        pass "$name: same bytes on both engines, and back"
    else
        fail "$name: --gpu did not decompress its own file: $(head -c 300 err.log)"
    fi
}
for file in labels.raw noise.raw saw.raw counter.raw; do
    for width in 8 16 32; do
        same "$file" -w "$width"
        same "$file" -w "$width" -m cascade --frame 3
    done
    same "$file" -m cascade --chunk 4097
    same "$file" --frame 1000 --chunk 70000
done

# The counter's chunks are delta first: on the GPU, a map kernel's deltas
# through lab 08's cascade, and back through cascade_undelta's scan.
"$scanzip" compress -q -f --gpu -w 16 -o gpu.scz counter.raw 2>err.log
if "$scanzip" info gpu.scz 2>&1 | grep -q ' delta+cascade '; then pass "counter.raw -w 16 --gpu: delta+cascade chunks"
else fail "counter.raw -w 16 --gpu: no delta+cascade chunk: $("$scanzip" info gpu.scz 2>&1 | sed -n 8p)"; fi

# Cascade payloads that lie (runs + 1) with both CRCs recomputed, so
# that only the decoder can refuse them: data/lying-cascade.scz, made from
# 1000 bytes of runs (byte i = 9 * (i / 37)) with -m cascade, and
# data/lying-delta-first.scz, made from 500 16-bit elements 7i (a ramp)
# with -m cascade -w 16 (delta first), each with its run count raised by
# one and the payload and record CRC32Cs written anew.
for fixture in lying-cascade lying-delta-first; do
    cp "$fixtures/$fixture.scz" damaged.scz
    "$scanzip" decompress -q -f --cpu -o cpu.out damaged.scz 2>cpu.err
    cpu=$?
    "$scanzip" decompress -q -f --gpu -o gpu.out damaged.scz 2>gpu.err
    gpu=$?
    if [ "$cpu" -ne 0 ] && [ "$gpu" -eq "$cpu" ] && [ ! -e gpu.out ] && cmp -s cpu.err gpu.err; then
        pass "$fixture.scz is refused by --gpu as by --cpu: $(head -c 200 gpu.err)"
    else
        fail "$fixture.scz: --cpu exit $cpu ($(head -c 200 cpu.err)), --gpu exit $gpu ($(head -c 200 gpu.err))"
    fi
done

echo "gpu-engine: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
