#!/bin/sh
# cli.sh: the behaviour of the scanzip command line (make test-scanzip).
#
#   grader/scanzip/cli.sh path/to/scanzip
#
# Checks, each counted: --help lists every subcommand and method; a round
# trip through files and through stdin/stdout; OMP_NUM_THREADS=1 and 4
# write identical bytes; an existing output is refused without -f and
# replaced with it; a failed decompress (corrupt, truncated, foreign)
# exits 1 and leaves neither output nor temporary file; SIGTERM and
# SIGKILL during a write leave no temporary file; outputs that are not
# regular files are written as they are, never replaced: /dev/null (no
# -f needed), device nodes made here with mknod (one like /dev/full gives
# exit 1 and ENOSPC), a FIFO (its reader gets the bytes); a symbolic link
# is followed and kept; a directory and a link to nothing are refused;
# --gpu says there is no GPU engine; usage errors exit 2; info prints the
# chunk table. The last line is "cli: N passed, N failed" (and ", N
# skipped" where this machine cannot run a check); exit 1 on failure.
[ $# -eq 1 ] || { echo "usage: $0 path/to/scanzip" >&2; exit 2; }
harness_name=cli
. "$(dirname "$0")/harness.sh" || exit 2
# status EXPECTED NAME COMMAND...: pass if the command exits EXPECTED.
status() {
    expected=$1 name=$2; shift 2
    "$@" >out.log 2>err.log
    got=$?
    if [ "$got" -eq "$expected" ]; then pass "$name"; else fail "$name: exit $got, expected $expected ($(head -c 300 err.log))"; fi
}
# no_temporary NAME CHECK: no temporary file of NAME (.NAME.*) beside it.
no_temporary() {
    if ls -a | grep -q "^\.$1\."; then fail "$2: left $(ls -a | grep "^\.$1\." | tr '\n' ' ')"; else pass "$2"; fi
}
# nothing_left NAME CHECK: no output and no temporary file beside it.
nothing_left() {
    if [ -e "$1" ]; then fail "$2: left $1"; else no_temporary "$1" "$2"; fi
}
# output_open PID NAME: wait (2 s at most) until scanzip PID has its
# output open, and say how: "unnamed" (an O_TMPFILE file: /proc shows it
# as DIR/#INODE (deleted)), "named" (.NAME.XXXXXX, the fallback where the
# file system has no O_TMPFILE), or "" (never seen).
here=$(pwd -P)
output_open() {
    tries=0
    while [ $tries -lt 200 ]; do
        ls -l "/proc/$1/fd" 2>/dev/null | grep -qF "$here/#" && { echo unnamed; return; }
        ls -a | grep -q "^\.$2\." && { echo named; return; }
        sleep 0.01
        tries=$((tries + 1))
    done
}

# Data: runs of bytes, text, and a 2 MiB file of several chunks.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%c", 65 + int(i / 37) % 20 }' >runs.bin
printf 'ScanLab scanzip\n' >text.txt
awk 'BEGIN { srand(7); for (i = 0; i < 2097152; i++) printf "%c", (int(i / 300) % 7) * 30 + (rand() < 0.01) }' >big.bin

# ---- help ----
"$scanzip" --help >help.txt 2>&1
missing=""
for word in compress decompress info bench auto stored rle8 rle pack cascade -o -f -m -w --shape --axis --frame --chunk --cpu --gpu -q -v; do
    grep -q -e " $word" help.txt || missing="$missing $word"
done
[ -z "$missing" ] && pass "--help lists every subcommand, method and option" || fail "--help does not list:$missing"
check "compress --help works too" "$scanzip" compress --help

# ---- round trips ----
status 0 "compress runs.bin -> runs.bin.scz" "$scanzip" compress runs.bin
mv runs.bin runs.orig
status 0 "decompress runs.bin.scz -> runs.bin" "$scanzip" decompress runs.bin.scz
check "the round trip gives the same bytes" cmp runs.bin runs.orig
"$scanzip" compress -m cascade -w 16 <text.txt >text.scz 2>err.log && "$scanzip" decompress <text.scz >text.out 2>>err.log
check "stdin -> stdout both ways (-w 16, odd size)" cmp text.txt text.out
check "'-' names stdin and stdout" sh -c "'$scanzip' compress -o - - <text.txt | '$scanzip' decompress -o - - | cmp - text.txt"
for method in stored rle8 rle pack cascade auto; do
    "$scanzip" compress -q -f -m "$method" --chunk 100000 -o big.$method.scz big.bin 2>err.log &&
        "$scanzip" decompress -q -f -o big.$method.out big.$method.scz 2>>err.log
    check "-m $method round trip of 2 MiB in 21 chunks" cmp big.bin big.$method.out
done
head -c 352 /dev/zero >volume.nii && cat runs.bin >>volume.nii && head -c 5000 runs.bin >>volume.nii
for axis in x y z; do
    "$scanzip" compress -q -f --shape 25,40,25 --axis $axis -o vol.$axis.scz volume.nii 2>err.log &&
        "$scanzip" decompress -q -f -o vol.$axis.out vol.$axis.scz 2>>err.log
    check "--shape 25,40,25 --axis $axis round trip (a 352-byte prefix)" cmp volume.nii vol.$axis.out
done

# ---- threads ----
OMP_NUM_THREADS=1 "$scanzip" compress -q -f --chunk 50000 -o one.scz big.bin
OMP_NUM_THREADS=4 "$scanzip" compress -q -f --chunk 50000 -o four.scz big.bin
check "OMP_NUM_THREADS=1 and 4 write identical bytes" cmp one.scz four.scz
OMP_NUM_THREADS=4 "$scanzip" decompress -q -f -o four.out four.scz
check "... and decompress with 4 threads" cmp big.bin four.out

# ---- never overwrite without -f ----
cp runs.orig keep.bin && printf 'old\n' >keep.bin.scz
status 2 "compress refuses an existing output" "$scanzip" compress keep.bin
check "... and leaves it as it was" grep -q old keep.bin.scz
status 0 "compress -f replaces it" "$scanzip" compress -f keep.bin
check "... with a scanzip file" sh -c "head -c 4 keep.bin.scz | grep -q SCNZ"
no_temporary keep.bin.scz "... and leaves no temporary name beside it"
status 2 "decompress refuses an existing output" "$scanzip" decompress keep.bin.scz

# ---- failures leave nothing ----
cp runs.bin.scz bad.scz && printf '\377' | dd of=bad.scz bs=1 seek=100 conv=notrunc 2>/dev/null
status 1 "a corrupt file: exit 1" "$scanzip" decompress bad.scz
grep -q "bad.scz: chunk 1 of 1 (bytes 40..): " err.log && pass "... the message names the file and the chunk" ||
    fail "... the message names the file and the chunk: $(cat err.log)"
nothing_left bad "... and no output or temporary file is left"
head -c 60 runs.bin.scz >cut.scz
status 1 "a truncated file: exit 1" "$scanzip" decompress cut.scz
grep -q truncated err.log && pass "... it says truncated" || fail "... it says truncated: $(cat err.log)"
nothing_left cut "... and no output or temporary file is left"
cp text.txt text.scz
status 1 "a text file: exit 1" "$scanzip" decompress -f text.scz
grep -q "not a scanzip file" err.log && pass "... 'not a scanzip file'" || fail "... 'not a scanzip file': $(cat err.log)"
nothing_left text "... and no output or temporary file is left"

# ---- interrupted ----
# --chunk 1 on 2 MiB: two million chunks, slow enough to be caught
# writing; the signal comes once the output is open. SIGTERM is caught
# (a named temporary file is removed); SIGKILL cannot be, so only a file
# that never had a name leaves nothing (O_TMPFILE).
# File systems known to have O_TMPFILE, where a named file is a failure:
# ext2/ext3 is how stat names ext4 too.
filesystem=$(stat -f -c %T . 2>/dev/null)
case $filesystem in ext2/ext3 | xfs | btrfs | tmpfs | f2fs) has_tmpfile=yes ;; *) has_tmpfile="" ;; esac
for signal_status in TERM:143 KILL:137; do
    signal=${signal_status%:*} expected=${signal_status#*:}
    "$scanzip" compress -q -m cascade --chunk 1 -o slow.scz big.bin 2>/dev/null &
    pid=$!
    way=$(output_open "$pid" slow.scz)
    kill -"$signal" "$pid" 2>/dev/null
    { wait "$pid"; } 2>/dev/null
    code=$?
    if [ -z "$way" ]; then fail "SIG$signal: the output was never seen open in 2 s (/proc/$pid/fd, .slow.scz.*)"
    elif [ -e slow.scz ]; then fail "SIG$signal: the run finished before the signal (make it slower)"
    elif [ "$signal" = KILL ] && [ "$way" = named ] && [ -n "$has_tmpfile" ]; then
        fail "SIGKILL: a named temporary file (.slow.scz.*) on $filesystem, which has O_TMPFILE:" \
            "open_unnamed was not used"
    elif [ "$signal" = KILL ] && [ "$way" = named ]; then
        skip "SIGKILL: $here is on $filesystem, maybe without O_TMPFILE:" \
            "the fallback's .slow.scz.* stays after SIGKILL"
        rm -f .slow.scz.*
    else [ $code -eq $expected ] && pass "SIG$signal: killed by the signal (exit $expected)" ||
            fail "SIG$signal: exit $code, expected $expected"
         nothing_left slow.scz "SIG$signal during a write ($way temporary file) leaves no temporary file"; fi
done

# ---- outputs that are not regular files: written as they are ----
status 0 "-o /dev/null: no -f needed" "$scanzip" compress -q -o /dev/null runs.orig
check "... and /dev/null is still a character device" test -c /dev/null
status 0 "decompress -o /dev/null checks a file and writes none" "$scanzip" decompress -q -o /dev/null big.auto.scz
# Device nodes of our own (1,3 is /dev/null's number, 1,7 /dev/full's):
# the only device nodes the checks write to besides /dev/null.
if mknod null.node c 1 3 2>/dev/null && mknod full.node c 1 7 2>/dev/null && printf x >null.node 2>/dev/null; then
    status 0 "compress -f -o NODE (a copy of /dev/null): written into it" \
        "$scanzip" compress -q -f -o null.node runs.orig
    check "... and it is still a character device" test -c null.node
    status 1 "compress -f -o NODE (a copy of /dev/full): exit 1" "$scanzip" compress -q -f -o full.node runs.orig
    grep -q "full.node: writing the output failed: No space left on device" err.log &&
        pass "... it names the output and says ENOSPC" ||
        fail "... it names the output and says ENOSPC: $(cat err.log)"
    check "... and it is still a character device" test -c full.node
    no_temporary full.node "... with no temporary file beside it"
else
    skip "device nodes: mknod c 1 3 here failed (not root, no CAP_MKNOD, or a nodev mount)"
fi
# A FIFO: its reader must get the bytes a file would. Both sides get 20 s,
# so that a FIFO replaced by a file, or never opened, fails the check
# instead of hanging it.
mkfifo out.fifo
timeout 20 cat out.fifo >fifo.got &
reader=$!
status 0 "compress -f -o FIFO: written into it" timeout 20 "$scanzip" compress -q -f -o out.fifo runs.orig
wait "$reader"
check "... its reader gets the bytes of runs.bin.scz" cmp fifo.got runs.bin.scz
check "... and it is still a FIFO" test -p out.fifo
# A symbolic link is followed: refused without -f like the file it leads
# to, and with -f that file is replaced while the link stays.
printf 'old\n' >real.scz && ln -s real.scz link.scz
status 2 "-o LINK to an existing file: refused without -f" "$scanzip" compress -q -o link.scz runs.orig
status 0 "-f -o LINK: written through the link" "$scanzip" compress -q -f -o link.scz runs.orig
check "... the link is still a link" test -L link.scz
check "... and the file it leads to has the new bytes" cmp real.scz runs.bin.scz
ln -s missing.scz dangling.scz
status 1 "-f -o LINK to nothing: refused, exit 1" "$scanzip" compress -q -f -o dangling.scz runs.orig
grep -q "dangling.scz is a symbolic link that leads nowhere" err.log && pass "... and says so" ||
    fail "... and says so: $(cat err.log)"
check "... and makes no file where it leads" test ! -e missing.scz
mkdir out.dir
status 1 "-f -o DIRECTORY: refused, exit 1" "$scanzip" compress -q -f -o out.dir runs.orig
grep -q "out.dir is a directory" err.log && pass "... and says so" || fail "... and says so: $(cat err.log)"
check "... and leaves it empty" sh -c '[ -z "$(ls -A out.dir)" ]'

# ---- usage ----
status 2 "--gpu without a GPU engine: exit 2" "$scanzip" compress --gpu -o g.scz runs.orig
grep -q "no GPU engine" err.log && pass "... and says so" || fail "... and says so: $(cat err.log)"
status 2 "an unknown option: exit 2" "$scanzip" compress --fast runs.orig
status 2 "-w 12: exit 2" "$scanzip" compress -w 12 runs.orig
status 2 "--axis y without --shape: exit 2" "$scanzip" compress --axis y -o a.scz runs.orig
status 2 "a shape larger than the file: exit 2" "$scanzip" compress --shape 100,100,100 -o a.scz runs.orig
status 2 "decompress of a name without .scz and no -o: exit 2" "$scanzip" decompress runs.orig
status 2 "no subcommand: exit 2" "$scanzip"

# ---- info and bench ----
status 0 "info prints the chunks" "$scanzip" info big.auto.scz
grep -q "21 of up to 100000 elements" out.log && grep -q "total" out.log && pass "... 21 chunks and the totals" ||
    fail "... 21 chunks and the totals: $(head -20 out.log)"
status 0 "bench runs every method and checks the round trip" "$scanzip" bench --chunk 100000 big.bin
[ "$(grep -c ' ok$' out.log)" -eq 5 ] && pass "... 5 methods ok" || fail "... 5 methods ok: $(cat out.log)"

[ "$skipped" -gt 0 ] && skipped_note=", $skipped skipped" || skipped_note=""
echo "cli: $passed passed, $failed failed$skipped_note"
[ "$failed" -eq 0 ]
