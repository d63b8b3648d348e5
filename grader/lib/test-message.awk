# test-message.awk: a test's verdict line with what its log and case file
# add (grader/lib/tests.sh, test_result):
#
#   printf '%s\n' "SUITE::TEST<TAB>VERDICT<TAB>MESSAGE" | awk -v summary=... -v emu=... \
#       -v logfile=BASE.log -v head=... -v hint=... -f test-message.awk
#
# summary: the sanitizer's SUMMARY line, emu: the emulator's first report
# (or the summary), head and hint: the first two lines of the case the
# test recorded (grader/support/case_record.h: "f, n = 1 (why), FILL=...:"
# and its reproduce line). A failure without a message (the emulator
# stopped the test itself, e.g. on an endless kernel) takes the summary
# or the emulator's line as its message; a crash or a launch failure gains
# the emulator's line; and a failure the test did not word itself (a
# crash, a timeout, a kernel the emulator stopped, a CUDA error met by the
# grader's own calls) names the case it was running, as a mismatch does.
BEGIN { FS = OFS = "\t"
    at = head; sub(/:$/, "", at); sub(/, n = /, " at n = ", at) }   # "f at n = 1 (why), FILL=..."
{ unnamed = $2 == "fail" && head != "" && index($3, "reproduce: ") == 0 &&
            ($3 == "" || $3 ~ /^(crashed|timed out):/ || $3 ~ /^grader: / || $3 ~ /cudaError/) }
$2 == "fail" && $3 == "" { $3 = summary != "" ? "stopped by the checker: " summary : emu != "" ? emu : "failed without a message: see " logfile }
$2 == "fail" && ($3 ~ /^crashed/ || $3 ~ /cudaError(LaunchFailure|MisalignedAddress)/) && emu != "" { $3 = $3 "\037" emu }
unnamed && $3 ~ /^(crashed|timed out):/ { colon = index($3, ":"); $3 = substr($3, 1, colon - 1) " in " at substr($3, colon) }
unnamed && $3 !~ /^(crashed|timed out) in / { $3 = head "\037" $3 }
unnamed { $3 = $3 "\037" hint } { print }
