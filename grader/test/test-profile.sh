#!/bin/sh
# test-profile.sh: make profile's table and fallbacks, without a GPU
# (make test-profile, a step of make test).
#
#   grader/test/test-profile.sh BUILD OUT_DIR     (BUILD: build/emu-none)
#
# The counters are the committed real outputs of ncu on the lent H200
# (docs/data/profile/h200/NN-reference.csv); the perf programs are the
# emulator's (BUILD/solutions/03-efficient-scan/perf and the skeleton's,
# BUILD/labs/...), run at n = 4096 by a stand-in for ncu (written below)
# that runs the program as ncu would and then prints a recorded CSV.
# Checks, each counted:
#
#   tables     each lab's recorded CSV, beside itself, prints the committed
#              table grader/test/profile/NN.md, line for line; lab 07's
#              duration, bytes and registers are what a reader of its CSV
#              finds by hand;
#   emu        BACKEND=emu says the emulator has no counters and shows the
#              recorded reference (its column as in the committed table);
#   no-ncu     no ncu anywhere: one line saying so, then the recorded table;
#   refused    an ncu that prints ERR_NVGPUCTRPERM (or "Failed to initialize
#              the profiler") and exits 1: one line quoting it, the table;
#   todo       the skeleton's function: "is todo ... once its tests pass";
#   live       the reference's perf on both sides: both columns "this run",
#              as in the committed table;
#   student    a perf program without the reference (it prints "none", as
#              in a student's copy): the reference column is the recorded
#              H200 profile, named; a GPU with no recorded profile (another
#              device name) gets the H200's, labelled so;
#   commas     a kernel named with commas inside its quotes: same numbers,
#              the name whole in the kernels' list;
#   missing    a CSV without one metric's column: exit 1, one line naming it.
#
# The last line is "profile: N passed, N failed"; exit status 1 on failure.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: grader/test/test-profile.sh BUILD OUT_DIR" >&2
    exit 2
fi
build=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$(dirname "$0")/../.."
table_awk=grader/tools/profile-table.awk
recorded=docs/data/profile/h200
expected=grader/test/profile
reference_perf=$build/solutions/03-efficient-scan/perf
skeleton_perf=$build/labs/03-efficient-scan/perf
for program in "$reference_perf" "$skeleton_perf"; do
    [ -x "$program" ] || { echo "test-profile: no $program (make test-build builds it)"; exit 1; }
done
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }

# The stand-in for ncu: FAKE_NCU=refuse prints ncu's refusal and exits 1;
# else it runs the program (its last three arguments, perf N SEED), or
# stands for one without a reference (FAKE_NCU_NO_REFERENCE=1: the line
# perf prints then); when the call was right, it prints FAKE_NCU_CSV, a
# recorded run of ncu on that program (its own "profile ok" line with
# it), as that GPU printed it; else the program's line, and no counters.
fake=$out/bin/ncu
mkdir -p "$out/bin"
cat >"$fake" <<'EOF'
#!/bin/sh
case "${FAKE_NCU:-}" in
refuse) echo "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0."; exit 1 ;;
uninitialized) echo "==ERROR== Failed to initialize the profiler"; exit 1 ;;
esac
for arg; do perf=$n; n=$seed; seed=$arg; done
if [ "${FAKE_NCU_NO_REFERENCE:-}" = 1 ] && [ "$SCANLAB_PROFILE" = reference ]; then
    line=$(printf 'profile\tnone\tscan_exclusive_tiled\t%s\treference\t%s\tno reference linked in' "$n" "$((8 * n))")
else
    line=$("$perf" "$n" "$seed")
fi
case "$line" in
"profile	ok	"*) cat "$FAKE_NCU_CSV" ;;
*) printf '%s\n==WARNING== No kernels were profiled.\n' "$line" ;;
esac
EOF
chmod +x "$fake"

# run NAME PERF [VAR=VALUE...]: profile.sh on PERF (cuda, n = 4096) with
# the stand-in, into OUT/NAME/ (its output in OUT/NAME.log); its status.
run() {
    name=$1 program=$2
    shift 2
    rm -rf "${out:?}/$name"
    env PERF_N=4096 SEED=1 NCU="$fake" FAKE_NCU_CSV=$recorded/03-reference.csv "$@" \
        grader/tools/profile.sh "$program" cuda "$out/$name" >"$out/$name.log" 2>&1
}
# column LOG N: the Nth column of the table rows in LOG, one a line.
column() { awk -F' [|] ' -v c="$2" '/^\| / && !/^\| counter / { print $c }' "$1" | sed 's/ *$//'; }
# same_column WHAT LOG N EXPECTED_COLUMN: column N of LOG's table is the
# committed table's column EXPECTED_COLUMN.
same_column() {
    column "$2" "$3" >"$out/got"
    column "$expected/03.md" "$4" >"$out/wanted"
    if cmp -s "$out/got" "$out/wanted" && [ -s "$out/got" ]; then pass "$1"; else
        fail "$1: column $3 of $2 is not the committed table's column $4:"
        diff "$out/wanted" "$out/got" | sed 's/^/        /'
    fi
}
# first_line WHAT LOG TEXT: LOG's first line holds TEXT.
first_line() {
    if head -n 1 "$2" | grep -q -F -- "$3"; then pass "$1"; else fail "$1: $2's first line is not '$3...': $(head -n 1 "$2")"; fi
}
has() {
    if grep -q -F -- "$3" "$2"; then pass "$1"; else fail "$1: $2 has no '$3'"; fi
}

# ---- tables ---------------------------------------------------------------
for csv in "$recorded"/[0-9][0-9]-reference.csv; do
    nn=$(basename "$csv" -reference.csv)
    awk -v yours_label=recorded -v theirs_label=recorded -f "$table_awk" "$csv" "$csv" >"$out/$nn.md" 2>&1 || :
    if cmp -s "$out/$nn.md" "$expected/$nn.md"; then pass "tables: lab $nn"; else
        fail "tables: lab $nn differs from $expected/$nn.md:"
        diff "$expected/$nn.md" "$out/$nn.md" | sed 's/^/        /' || :
    fi
done

# Read by hand from 07-reference.csv (one kernel): gpu__time_duration.sum
# "44,672" ns; dram__bytes_read.sum "67,147,008" and write "41,525,760";
# n = 2^24, 134217728 bytes to move: units, separators and sums.
expect_cell() { # ROW EXPECTED
    got=$(awk -v mode=cell -v row="$1" -f "$table_awk" "$recorded/07-reference.csv" 2>&1 || :)
    if [ "$got" = "$2" ]; then pass "tables: lab 07's $1 read by hand"; else fail "tables: lab 07's $1 is '$got', not '$2'"; fi
}
expect_cell duration "44.7 us"
expect_cell bytes "108.7 MB, 0.81x"
expect_cell registers 64

# ---- the fallbacks --------------------------------------------------------
status=0
env PERF_N=4096 grader/tools/profile.sh "$reference_perf" emu "$out/emu" >"$out/emu.log" 2>&1 || status=$?
first_line "emu: one line" "$out/emu.log" "make profile: BACKEND=emu: the emulator has no hardware counters"
same_column "emu: the recorded reference" "$out/emu.log" 3 3

status=0
run no-ncu "$reference_perf" NCU=/nonexistent/ncu CUDA_HOME=/nonexistent || status=$?
first_line "no-ncu: one line" "$out/no-ncu.log" "make profile: ncu (Nsight Compute) is not on PATH"
same_column "no-ncu: the recorded reference" "$out/no-ncu.log" 3 3

for refusal in refuse:ERR_NVGPUCTRPERM "uninitialized:Failed to initialize the profiler"; do
    run "$refusal" "$reference_perf" FAKE_NCU="${refusal%%:*}" || :
    first_line "refused: ${refusal#*:}" "$out/$refusal.log" "make profile: ncu could not read this GPU's counters: ==ERROR== ${refusal#*:}"
    same_column "refused: the recorded reference" "$out/$refusal.log" 3 3
done

run todo "$skeleton_perf" || :
first_line "todo: one line" "$out/todo.log" "make profile: your scan_exclusive_tiled is todo (not written yet"
has "todo: what to do" "$out/todo.log" "profile it once its tests pass (make grade LAB=03)"
same_column "todo: the recorded reference" "$out/todo.log" 3 3

# ---- live, and a student's copy --------------------------------------------
status=0
run live "$reference_perf" || status=$?
[ $status -eq 0 ] && pass "live: exit status 0" || fail "live: exit status $status"
has "live: the reference run here" "$out/live.log" "reference: this run, "
same_column "live: yours" "$out/live.log" 2 2
same_column "live: the reference's" "$out/live.log" 3 3
[ -f "$out/live/03-efficient-scan.md" ] && pass "live: the table kept for make report" ||
    fail "live: no $out/live/03-efficient-scan.md"

run student "$reference_perf" FAKE_NCU_NO_REFERENCE=1 || :
has "student: the recorded reference, named" "$out/student.log" \
    "reference: recorded on NVIDIA H200 ($recorded/03-reference.csv)"
same_column "student: yours" "$out/student.log" 2 2
same_column "student: the recorded reference" "$out/student.log" 3 3

sed 's/"NVIDIA H200"/"Tesla T4"/g' "$recorded/03-reference.csv" >"$out/t4.csv"
run other-gpu "$reference_perf" FAKE_NCU_NO_REFERENCE=1 FAKE_NCU_CSV="$out/t4.csv" || :
has "student: another GPU gets the H200's, labelled" "$out/other-gpu.log" \
    "none is recorded for this GPU's model, Tesla T4"

# ---- commas, and a missing metric -----------------------------------------
kernel=$(awk -v mode=kernel -f "$table_awk" "$recorded/03-reference.csv")
awk -v from="\"$kernel\"" -v to='"scan_tile<int, 4>(const int *, int *, int)"' '
    /^"/ && (at = index($0, from)) { $0 = substr($0, 1, at - 1) to substr($0, at + length(from)) } { print }' \
    "$recorded/03-reference.csv" >"$out/commas.csv"
awk -v yours_label=recorded -v theirs_label=recorded -f "$table_awk" "$out/commas.csv" "$out/commas.csv" >"$out/commas.md" 2>&1 || :
sed 's/^- \([0-9.]* us\) `.*`$/- \1/' "$out/commas.md" >"$out/commas.numbers"
sed 's/^- \([0-9.]* us\) `.*`$/- \1/' "$expected/03.md" >"$out/03.numbers"
cmp -s "$out/commas.numbers" "$out/03.numbers" && pass "commas: the same numbers" ||
    fail "commas: the numbers changed with the kernel's name"
has "commas: the name whole" "$out/commas.md" '`scan_tile<int, 4>(const int *, int *, int)`'

sed '/^"ID","Process ID",/s/"lts__t_sector_hit_rate.pct"/"lts__t_sector_hit_rate.renamed"/' \
    "$recorded/03-reference.csv" >"$out/missing.csv"
status=0
awk -v yours_label=x -v theirs_label=x -f "$table_awk" "$out/missing.csv" /dev/null >"$out/missing.md" 2>"$out/missing.err" ||
    status=$?
[ $status -eq 1 ] && pass "missing: exit status 1" || fail "missing: exit status $status"
has "missing: names the column" "$out/missing.err" "missing.csv: no column lts__t_sector_hit_rate.pct"

echo "profile: $passed passed, $failed failed"
[ $failed -eq 0 ]
