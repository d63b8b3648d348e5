#!/bin/sh
# memory.sh: scanzip's peak memory stays under the formula of its --help
# (make test-scanzip).
#
#   scanzip/tests/memory.sh path/to/scanzip
#
# The formula (scanzip --help, Memory; scanzip/container.h):
#     peak ~ chunks in flight x (chunk bytes + payload bytes + runs) + the program
# with one chunk in flight a thread, or up to 4 MiB of chunks a thread when
# chunks are small. Here: 16 MiB of random bytes (no runs: -m rle's payload
# is 8 bytes an element, its worst case), chunks of 512 KiB, 2 threads, so
# 16 chunks in flight (8 MiB raw) of the file's 32. Checks, each counted:
# the peak resident memory (wait4's ru_maxrss, through peak-rss.c) of -m rle
# and -m auto, compressing and decompressing, is at most the program's own
# (a tiny file's run) + 16 x (512 KiB + the payload + 256 KiB of runs, one
# in 16 elements of 8 bytes) + 4 MiB; --memory 20M
# keeps -m rle under the program + 20 MiB + 4 MiB, and lower than without;
# each output decompresses to the input. The bound holds the batch to the
# formula: before it, a batch held up to 256 MiB of chunks (all 32 here,
# twice the bound). Last line: "memory: N passed, N failed".
[ $# -eq 1 ] || { echo "usage: $0 path/to/scanzip" >&2; exit 2; }
tools=$(cd "$(dirname "$0")/../../grader/test" && pwd)
harness_name=memory
. "$(dirname "$0")/harness.sh" || exit 2

cc -std=c11 -O2 -Wall -Wextra -Werror -o peak-rss "$tools/peak-rss.c" || { echo "memory: cannot compile peak-rss.c"; exit 1; }
export OMP_NUM_THREADS=2
chunk=524288 mib=1048576 slack_kib=4096
in_flight=16 # max(2 threads, 2 x 4 MiB / 512 KiB), fewer than the file's 32 chunks
head -c $((16 * mib)) /dev/urandom >random.raw
head -c 1000 random.raw >tiny.raw

# peak KIB_FILE COMMAND...: run it under peak-rss; the peak in $kib.
peak() {
    out=$1; shift
    ./peak-rss "$out" "$@" 2>err.log || { fail "$* failed: $(head -c 300 err.log)"; kib=0; return 1; }
    kib=$(cat "$out")
}

peak base.kib "$scanzip" -q -f -o tiny.scz tiny.raw && base=$kib
pass "the program's own peak (a 1000-byte file): $base KiB"
reproduce="head -c 16M /dev/urandom >r; OMP_NUM_THREADS=2 /usr/bin/time -v $scanzip --chunk $chunk"

# under NAME KIB LIMIT_KIB FORMULA: pass if KIB <= LIMIT_KIB.
under() {
    if [ "$2" -le "$3" ]; then pass "$1: peak $2 KiB <= $3 KiB ($4)"
    else fail "$1: peak $2 KiB > $3 KiB ($4); reproduce: $reproduce ..."; fi
}

for method in rle auto; do
    case $method in
    rle) payload=$((8 * chunk + 4)) words="8 B an element + 4" ;;
    auto) payload=$chunk words="at most the chunk" ;;
    esac
    runs=$((chunk / 16 * 8))
    limit=$((base + in_flight * (chunk + payload + runs) / 1024 + slack_kib))
    formula="$base + $in_flight x (512 KiB + $words + 256 KiB) / 1024 + 4 MiB"
    peak c.kib "$scanzip" -q -f -m $method --chunk $chunk -o $method.scz random.raw &&
        under "-m $method compress" "$kib" "$limit" "$formula"
    peak d.kib "$scanzip" -d -q -f -o $method.back $method.scz &&
        under "-m $method decompress" "$kib" "$limit" "$formula"
    check "-m $method: the round trip gives the same bytes" cmp random.raw $method.back
    [ $method = rle ] && rle_kib=$(cat c.kib)
done

if peak m.kib "$scanzip" -q -f -m rle --chunk $chunk --memory 20M -o memory.scz random.raw; then
    under "-m rle --memory 20M compress" "$kib" $((base + 20 * 1024 + slack_kib)) "$base + 20 MiB + 4 MiB"
    [ "$kib" -lt "${rle_kib:-0}" ] && pass "... lower than without --memory ($kib < $rle_kib KiB)" ||
        fail "... not lower than without --memory ($kib KiB, without: ${rle_kib:-?} KiB)"
fi
check "... and the same file (--memory changes the batch, never the bytes)" cmp memory.scz rle.scz
peak n.kib "$scanzip" -d -q -f --memory 20M -o memory.back memory.scz &&
    under "-m rle --memory 20M decompress" "$kib" $((base + 20 * 1024 + slack_kib)) "$base + 20 MiB + 4 MiB"
check "... and the round trip gives the same bytes" cmp random.raw memory.back

echo "memory: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
