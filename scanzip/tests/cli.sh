#!/bin/sh
# cli.sh: the behaviour of the scanzip command line (make test-scanzip).
#
#   scanzip/tests/cli.sh path/to/scanzip
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
# --gpu says there is no GPU engine; usage errors exit 2; -v counts the
# compressed bytes through pipes; --memory refuses a size below one chunk's
# need, naming the least that works, and is obeyed; info prints the
# chunk table. The last line is "cli: N passed, N failed" (and ", N
# skipped" where this machine cannot run a check); exit 1 on failure.
[ $# -eq 1 ] || { echo "usage: $0 path/to/scanzip" >&2; exit 2; }
. "$(dirname "$0")/../../grader/lib/load.sh" || exit 2
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
# 2 s, or busy_scale times that on a busy machine (load.sh, sourced above).
open_tries=$((200 * $(busy_scale 1)))
output_open() {
    tries=0
    while [ $tries -lt "$open_tries" ]; do
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
for word in compress decompress info bench auto stored rle8 rle pack cascade -o -f -m -w --shape --axis --frame --chunk --memory --cpu --gpu -q -v \
    -z -d -t -l -c -k --rm -V --; do
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

# ---- sparse output: blocks of zeros are seeked over, the last one written ----
{ head -c 100000 /dev/zero; printf 'x'; head -c 70000 /dev/zero; } >holes.bin
"$scanzip" compress -q -f --chunk 65536 -o holes.scz holes.bin
"$scanzip" decompress -q -f -o holes.out holes.scz
check "a file of zeros, one byte, zeros (holes when decompressed) comes back whole" cmp holes.bin holes.out
"$scanzip" decompress -q -f --no-sparse -o holes.full holes.scz
check "... and with --no-sparse too" cmp holes.bin holes.full
# Where the file system keeps holes, --no-sparse's copy takes more blocks.
[ "$(stat -c %b holes.out)" -lt "$(stat -c %b holes.bin)" ] &&
    check "--no-sparse writes the zeros (more blocks than the sparse copy: $(stat -c %b holes.full) > $(stat -c %b holes.out))" \
        [ "$(stat -c %b holes.full)" -gt "$(stat -c %b holes.out)" ]

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

# ---- gzip's and zstd's options (beside the subcommands) ----
# says NAME PATTERN: pass if err.log (the last status's messages) has PATTERN.
says() {
    grep -q -e "$2" err.log && pass "$1" || fail "$1: expected '$2' in: $(head -c 300 err.log)"
}
# same_stat A B NAME: A and B have the same permissions and modification time.
same_stat() {
    a=$(stat -c '%a %Y' "$1") b=$(stat -c '%a %Y' "$2")
    [ "$a" = "$b" ] && pass "$3" || fail "$3: $1 has mode and mtime '$a', $2 '$b'"
}
cp runs.orig plain
status 0 "no subcommand compresses: plain -> plain.scz" "$scanzip" plain
check "... the same bytes as 'compress'" cmp plain.scz runs.bin.scz
check "... and keeps the input by default (as zstd)" cmp plain runs.orig
mv plain plain.orig
status 0 "-d plain.scz -> plain (the .scz stripped)" "$scanzip" -d plain.scz
check "... the original bytes" cmp plain plain.orig
check "... and keeps plain.scz" test -f plain.scz
status 2 "compressing a name that ends in .scz: refused" "$scanzip" plain.scz
says "... 'already has the .scz suffix'" "plain.scz already has the .scz suffix"
check "... and writes no plain.scz.scz" test ! -e plain.scz.scz
status 0 "... -f compresses it anyway, into plain.scz.scz" "$scanzip" -f plain.scz
cp plain.scz packed.data
status 2 "-d of a name without .scz, no -o or -c: refused" "$scanzip" -d packed.data
says "... it says so" "packed.data does not end in .scz"
check "-dc of a name without .scz: to standard output" sh -c "'$scanzip' -dc packed.data | cmp - runs.orig"
"$scanzip" -c runs.orig >c.scz 2>err.log
check "-c: to standard output, the same bytes" cmp c.scz runs.bin.scz
check "... and makes no runs.orig.scz" test ! -e runs.orig.scz
check "-dcf combined, -d -c -f: to standard output" sh -c "'$scanzip' -dcf plain.scz | cmp - runs.orig"
status 0 "-qfo FILE combined, the value last" "$scanzip" -qfo combined.scz runs.orig
check "... writes that FILE" cmp combined.scz runs.bin.scz
cp runs.orig removed
status 0 "--rm: compress" "$scanzip" --rm removed
check "... removes the input once removed.scz is complete" sh -c "test ! -e removed && test -f removed.scz"
status 0 "-d --rm: decompress" "$scanzip" -d --rm removed.scz
check "... removes removed.scz, and removed has the bytes" sh -c "test ! -e removed.scz && cmp removed runs.orig"
status 0 "--rm -c" sh -c "'$scanzip' --rm -c removed >/dev/null"
check "... keeps the input (no output file was made)" test -f removed
cp runs.orig ./-dash
status 0 "'--' ends the options: -- -dash" "$scanzip" -q -- -dash
check "... makes -dash.scz" test -f ./-dash.scz
"$scanzip" <runs.orig >stdin.scz 2>err.log
check "no FILE: standard input to standard output" cmp stdin.scz runs.bin.scz
check "'-' is standard input: -c - and -d -" sh -c "'$scanzip' -c - <runs.orig | '$scanzip' -d - | cmp - runs.orig"
# A file as standard input, read in part before scanzip starts: the rest
# is compressed, as zstd and gzip do (the threads read it at its place).
check "standard input read in part: the rest is compressed" sh -c \
    "{ dd bs=1000 count=1 of=/dev/null status=none; '$scanzip' -c --chunk 4096; } <runs.orig >rest.scz &&
     tail -c +1001 runs.orig | '$scanzip' -c --chunk 4096 | cmp - rest.scz && '$scanzip' -d -c rest.scz | cmp -i 0:1000 - runs.orig"
status 0 "-t on a good file: exit 0" "$scanzip" -t plain.scz
check "... and writes nothing (no output, no message)" sh -c "[ ! -s out.log ] && [ ! -s err.log ]"
status 1 "-t on a corrupt file: exit 1" "$scanzip" -t bad.scz
says "... it names the file and the chunk" "bad.scz: chunk 1 of 1 (bytes 40..): "
status 1 "-t on a truncated file: exit 1" "$scanzip" -t cut.scz
status 0 "-l lists a file" "$scanzip" -l big.stored.scz
size=$(stat -c %s big.stored.scz)
awk -v size="$size" 'NR == 2 && $1 == size && $2 == 2097152 && $4 == "stored" && $5 == "big.stored.scz" { ok = 1 }
    END { exit !ok }' out.log && pass "... its line: compressed size, original, ratio, methods, name" ||
    fail "... its line: expected '$size 2097152 RATIO stored big.stored.scz' under a heading, got: $(cat out.log)"
status 0 "-V prints the version" "$scanzip" -V
grep -q "^scanzip (ScanLab) [0-9]" out.log && grep -q "format version" out.log && pass "... and the format's" || fail "... and the format's: $(cat out.log)"
size=$(stat -c %s plain.scz)
status 0 "-dvc prints the sizes" sh -c "'$scanzip' -dvc plain.scz >/dev/null"
says "... in the decompress direction: compressed -> original" "plain.scz: $size -> 20000 bytes"
# -v through pipes: the compressed side's bytes are counted, not asked of
# ftell (a pipe has no position: it said 0).
status 0 "cat plain | scanzip -v -c | cat: exit 0" sh -c "cat plain | '$scanzip' -v -c | cat >/dev/null"
says "... prints the compressed size written to the pipe" "(standard input): 20000 -> $size bytes"
status 0 "cat plain.scz | scanzip -d -v -c | cat: exit 0" sh -c "cat plain.scz | '$scanzip' -d -v -c | cat >/dev/null"
says "... prints the compressed size read from the pipe" "(standard input): $size -> 20000 bytes"
cat plain.scz plain.scz >twice.scz
status 0 "-dv of two concatenated streams from a pipe" sh -c "cat twice.scz | '$scanzip' -d -v -c >/dev/null"
says "... counts both streams' bytes" "(standard input): $((2 * size)) -> 40000 bytes"

# Several FILEs: each in turn; one that fails stops none of the others.
cp runs.bin.scz one.scz && cp bad.scz two.scz && cp runs.bin.scz three.scz
status 1 "-d one.scz two.scz (corrupt) three.scz: exit 1" "$scanzip" -d one.scz two.scz three.scz
check "... one and three are decompressed" sh -c "cmp one runs.orig && cmp three runs.orig"
says "... two.scz's message" "two.scz: chunk 1 of 1"
nothing_left two "... and two leaves nothing"
status 2 "the exit status is the worst: missing (1), runs.orig without .scz (2), one.scz (0)" \
    "$scanzip" -d -f missing.scz runs.orig one.scz

# The output gets the input's mode and times, both ways (as zstd).
cp runs.orig stamped && chmod 640 stamped && touch -d '2001-02-03 04:05:06' stamped
"$scanzip" stamped 2>err.log
same_stat stamped stamped.scz "compress: the output has the input's mode and mtime"
rm stamped && chmod 604 stamped.scz && touch -d '2002-03-04 05:06:07' stamped.scz
"$scanzip" -d stamped.scz 2>err.log
same_stat stamped.scz stamped "decompress: the output has the input's mode and mtime"

# Concatenated streams decode as one; other bytes after a stream do not.
"$scanzip" -c text.txt >text.only.scz 2>err.log
cat runs.bin.scz text.only.scz >two.streams.scz
cat runs.orig text.txt >two.streams.expected
check "two concatenated streams decompress as one" sh -c "'$scanzip' -dc two.streams.scz | cmp - two.streams.expected"
status 0 "... -l counts them as one file" "$scanzip" -l two.streams.scz
grep -q " $(stat -c %s two.streams.expected) " out.log && pass "... its original size is both" ||
    fail "... its original size is both ($(stat -c %s two.streams.expected)): $(cat out.log)"
cat runs.bin.scz text.txt >garbage.after.scz
status 1 "a stream and then bytes that are not one: exit 1" "$scanzip" -t garbage.after.scz
says "... it says where" "bytes after the last chunk"

# Terminals, through a pseudo-terminal (script, util-linux): compressed
# data is neither written to nor read from one; no FILE with a terminal
# for standard input is a usage error at once (timeout: not waiting).
if command -v script >/dev/null 2>&1 && script -qec true /dev/null </dev/null >/dev/null 2>&1; then
    on_terminal() { name=$1; shift; timeout 10 script -qec "$*" /dev/null </dev/null >err.log 2>&1; got=$?
        [ $got -eq 2 ] && pass "$name: exit 2" || fail "$name: exit $got, expected 2 ($(head -c 300 err.log))"; }
    on_terminal "-c to a terminal" "'$scanzip' -c runs.orig"
    says "... 'not written to a terminal'" "compressed data not written to a terminal; use -f to force, or -o/-c"
    on_terminal "-d from a terminal" "'$scanzip' -d -o dec.out"
    says "... 'not read from a terminal'" "compressed data not read from a terminal"
    on_terminal "no FILE, standard input a terminal" "'$scanzip' -o tty.scz"
    says "... a usage error at once" "no FILE, and standard input is a terminal"
else
    skip "terminals: no 'script' (util-linux) to make a pseudo-terminal"
fi

# ---- usage ----
status 2 "--gpu without a GPU engine: exit 2" "$scanzip" compress --gpu -o g.scz runs.orig
grep -q "no GPU engine" err.log && pass "... and says so" || fail "... and says so: $(cat err.log)"
status 2 "an unknown option: exit 2" "$scanzip" compress --fast runs.orig
status 2 "-w 12: exit 2" "$scanzip" compress -w 12 runs.orig
status 2 "--axis y without --shape: exit 2" "$scanzip" compress --axis y -o a.scz runs.orig
status 2 "a shape larger than the file: exit 2" "$scanzip" compress --shape 100,100,100 -o a.scz runs.orig
status 2 "decompress of a name without .scz and no -o: exit 2" "$scanzip" decompress runs.orig
for size in 0 12X -5M 1.5G 99999999999999999999; do
    status 2 "--memory $size: exit 2" "$scanzip" compress --memory "$size" -o a.scz runs.orig
done
says "... and says what a size is" "expected a size such as 64M or 1G"
# 2 MiB in chunks of 100000 bytes: -m rle may need 100000 + 800004 bytes a
# chunk, and 50000 for its runs (8 bytes a run, one in 16 elements kept).
status 2 "--memory below one chunk's need: exit 2" "$scanzip" compress -m rle --chunk 100000 --memory 800K -o a.scz big.bin
says "... naming the least --memory that works" "needs with -m rle: 950004 bytes .*room for their runs, 50000 bytes.*give at least --memory 928K"
nothing_left a.scz "... and leaves no output"
"$scanzip" -q -f -m rle --chunk 100000 -o big.rle.scz big.bin
status 1 "decompress --memory below one chunk's payload and bytes: exit 1" \
    "$scanzip" -d -f --memory 50K -o small.out big.rle.scz
says "... naming the chunk and the least --memory" "chunk 1 of 21 (bytes 40..): it needs .* more than --memory 50K; give at least --memory [0-9]*K"
status 0 "--memory 1M: one chunk in flight at a time (928K each at most), both ways" sh -c \
    "'$scanzip' -q -f -m rle --chunk 100000 --memory 1M -o small.scz big.bin &&
     cmp small.scz big.rle.scz && '$scanzip' -d -q -f --memory 1M -o small.out small.scz && cmp small.out big.bin"

# ---- info and bench ----
status 0 "info prints the chunks" "$scanzip" info big.auto.scz
grep -q "21 of up to 100000 elements" out.log && grep -q "total" out.log && pass "... 21 chunks and the totals" ||
    fail "... 21 chunks and the totals: $(head -20 out.log)"
status 0 "bench runs every method and checks the round trip" "$scanzip" bench --chunk 100000 big.bin
[ "$(grep -c ' ok$' out.log)" -eq 5 ] && pass "... 5 methods ok" || fail "... 5 methods ok: $(cat out.log)"

[ "$skipped" -gt 0 ] && skipped_note=", $skipped skipped" || skipped_note=""
echo "cli: $passed passed, $failed failed$skipped_note"
[ "$failed" -eq 0 ]
