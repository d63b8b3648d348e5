# finding.awk: a checker's report in one line, from a check's log
# (grader/lib/checks.sh, check_verdict):
#
#   awk -f finding.awk LOG | cut -c1-400
#
# the sanitizers' SUMMARY (with AddressSanitizer's access and where it
# fell: "READ of size 4, 0 bytes to the right of 132-byte region"),
# UBSan's "runtime error" line (a misaligned store: "FILE:LINE: runtime
# error: store to misaligned address ... for type 'uint32_t'"), the
# emulator's report or a wrong result (a run with blocks overlapping), or
# compute-sanitizer's first report with its details (the code address,
# thread and block: "at naive_block_kernel in naive_scan.cu:127; by thread
# (33,0,0) in block (0,0,0)") and the count.
/^(READ|WRITE) of size [0-9]+/ && access == "" { access = $1 " " $2 " " $3 " " $4 }
/ is located .* of [0-9]+-byte region/ && region == "" { region = $0; sub(/^.* is located /, "", region); sub(/ \[.*/, "", region) }
/^SUMMARY: / { summary = $0 (access != "" ? " (" access (region != "" ? ", " region : "") ")" : ""); exit }
/: runtime error: / && undefined == "" { undefined = $0 }
/^scanlab-emu: / && !/: warning: / && emulator == "" { emulator = $0; sub(/^scanlab-emu: /, "", emulator) }
/ WRONG: / && wrong == "" { wrong = $0; sub(/^ */, "", wrong) }
/^========= (ERROR|RACECHECK|LEAK) SUMMARY/ { total = $0; sub(/^========= +/, "", total); next }
/^========= *$/ && what != "" { done = 1 }
/^=========     (at |by thread|Read Thread|Write Thread|and is )/ && what != "" && !done {
    line = $0; sub(/^========= +/, "", line); gsub(/\([^()]*\)\+0x[0-9a-f]+| at 0x[0-9a-f]+/, "", line)
    details = details "; " line
}
/^========= [^ ]/ && what == "" && !/COMPUTE-SANITIZER/ { what = $0; sub(/^========= +/, "", what); sub(/ *:$/, "", what) }
END {
    if (summary != "") { print summary; exit }
    if (undefined ~ /misaligned/) undefined = undefined "; on a GPU this stops the kernel (cudaErrorMisalignedAddress)"
    if (undefined != "") { print "UndefinedBehaviorSanitizer: " undefined; exit }
    if (emulator != "") { print emulator; exit }
    if (wrong != "") { print wrong; exit }
    print what details (total != "" ? " (" total ")" : "")
}
