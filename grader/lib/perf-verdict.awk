# perf-verdict.awk: one results line (scoreboard.awk's format) from a perf
# program's report (grader/support/perf/perf.h).
#
#   PROGRAM N SEED | awk -v test=perf::FUNCTION -v backend=cuda|emu \
#       -v reproduce="PROGRAM N SEED" -v slack=1.25 -f perf-verdict.awk
#
# The line: perf <TAB> verdict <TAB> function <TAB> n <TAB> ms <TAB> copy_ms
#           <TAB> reference_ms <TAB> ratio <TAB> message [<TAB> bytes]
# (reference_ms and ratio "-" when no reference was linked in; bytes, what
# one run must move, 8 n when absent: n ints in, n out).
# Prints: pass|fail|notgraded <TAB> message <TAB> fraction, the verdict of
# a results row (grader/lib/results.sh; grader/lib/perf.sh writes it).
# The fraction of the points: 1 when the ratio of the student's time to
# the reference's (the median over the rounds) is within slack, else
# slack / ratio.
BEGIN { FS = OFS = "\t" }
function emit(status, text, fraction) { print status, text, fraction + 0 }
{
    function_name = substr(test, 7)
    if ($2 == "todo") { emit(backend == "emu" ? "notgraded" : "fail", function_name " is not written yet"); next }
    if ($3 != function_name && $3 != "?") {
        emit("fail", "grader: the rubric names " test " but the performance test times " $3); next
    }
    if ($2 != "ok") {
        emit("fail", function_name " at n = " $4 ": " $9 "\037reproduce: " reproduce); next
    }
    n = $4; ms = $5; copy_ms = $6; reference_ms = $7; ratio = $8
    if (backend == "emu") {
        how = $9; sub(/; per (pair of )?rounds? .*/, "", how)   # the emulator's times mean nothing
        emit("notgraded", "not timed on the CPU emulator; its outputs were right: " how ", n = " n); next
    }
    bytes = $10 != "" ? $10 : 8 * n   # what the run must move; the copy moves 8 n
    measured = sprintf("%.3f ms at n = %d: %.0f GB/s, %.0f%% of cudaMemcpy's %.3f ms", ms, n,
                       bytes / (ms * 1e6), 100 * copy_ms * bytes / (8 * n) / ms, copy_ms * bytes / (8 * n))
    if (bytes != 8 * n) measured = measured sprintf(" for the same %.1f MB", bytes / 1e6)
    if (ratio == "-") {
        emit("notgraded", measured "; " $9); next
    }
    emit("pass", measured sprintf("\037the reference takes %.3f ms: %.2fx, the median over pairs of rounds of their ratios (full points up to %.2fx)\037%s",
                                  reference_ms, ratio, slack, $9),
         ratio <= slack ? 1 : slack / ratio)
}
