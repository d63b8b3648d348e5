# tap-results.awk: turn Criterion's TAP output into one line per test:
#
#     suite::test <TAB> pass|fail|skip <TAB> message, lines joined by the byte 0x1f
#
# Criterion writes a test's failure messages in a YAML block after its
# "not ok" line; a crash or a timeout has only the "not ok" line.
function flush() {
    if (name != "" && !filtered_out) printf "%s\t%s\t%s\n", name, status, message
    name = ""; message = ""; in_message = 0; filtered_out = 0
}
function add(line) { message = message == "" ? line : message "\037" line }

/^ok - / || /^not ok - / {
    flush()
    status = /^ok/ ? "pass" : "fail"
    rest = $0; sub(/^(not )?ok - /, "", rest)
    name = rest; sub(/ .*/, "", name)
    detail = substr(rest, length(name) + 1); sub(/^ +/, "", detail)
    if (detail == "# SKIP test was skipped") filtered_out = 1   # not chosen by --filter
    else if (detail ~ /^# SKIP/) { status = "skip"; sub(/^# SKIP */, "", detail); add(detail) }
    else if (detail ~ /^timed out/) { limit = detail; gsub(/[^0-9.]/, "", limit); add("timed out: stopped after " limit " s (an endless loop, or far too slow)") }
    else if (detail ~ /^unexpected signal/) add("crashed: " detail "; see the log for what the program printed")
    next
}
/^  - .*: \|\+$/ { in_message = 1; next }     # a failure: its text follows
/^  \.\.\.$/ { in_message = 0; next }
in_message {
    line = $0; sub(/^      /, "", line); sub(/^Assertion failed: /, "", line)
    add(line)
}
END { flush() }
