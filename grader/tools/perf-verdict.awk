# perf-verdict.awk: one results line (scoreboard.awk's format) from a perf
# program's report (grader/perf/perf.h) and the reference's.
#
#   PROGRAM N SEED | awk -v lab=LAB -v test=perf::FUNCTION -v backend=cuda|emu \
#       -v reference="LINE" -v reproduce="PROGRAM N SEED" -v slack=1.25 -f perf-verdict.awk
#
# Both lines: perf <TAB> verdict <TAB> function <TAB> n <TAB> ms <TAB> copy_ms <TAB> message
# Prints: lab <TAB> backend <TAB> test <TAB> pass|fail|notgraded <TAB> message <TAB> fraction
# The fraction of the points: 1 when the student's median time is within
# slack times the reference's, else slack x reference / student.
BEGIN { FS = OFS = "\t" }
function emit(status, text, fraction) { print lab, backend, test, status, text, fraction + 0 }
{
    function_name = substr(test, 7)
    if ($2 == "todo") { emit(backend == "emu" ? "notgraded" : "fail", function_name " is not written yet"); next }
    if ($3 != function_name && $3 != "?") {
        emit("fail", "grader: the rubric names " test " but the performance test times " $3); next
    }
    if ($2 != "ok") {
        emit("fail", function_name " at n = " $4 ": " $7 "\037reproduce: " reproduce); next
    }
    n = $4; ms = $5; copy_ms = $6
    if (backend == "emu") {
        emit("notgraded", "not timed on the CPU emulator; its outputs were right: " $7 ", n = " n); next
    }
    measured = sprintf("%.3f ms at n = %d: %.0f GB/s, %.0f%% of cudaMemcpy's %.3f ms", ms, n,
                       2 * 4 * n / (ms * 1e6), 100 * copy_ms / ms, copy_ms)
    if (reference == "") {
        emit("notgraded", measured "; no reference solution here to compare with"); next
    }
    split(reference, ref, "\t")
    if (ref[2] != "ok") {
        emit("notgraded", measured "; the reference's own run failed (" ref[2] ": " ref[7] ")"); next
    }
    ratio = ms / ref[5]
    emit("pass", measured sprintf("\037the reference takes %.3f ms: %.2fx (full points up to %.2fx)", ref[5], ratio, slack),
         ratio <= slack ? 1 : slack / ratio)
}
