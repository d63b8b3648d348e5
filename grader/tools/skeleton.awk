# skeleton.awk: make a student skeleton from a reference solution, or the
# header of pieces that other code includes from it.
#
#   awk -f grader/tools/skeleton.awk solutions/02-naive-scan/naive_scan.cu
#   awk -v pieces=NAME.cuh -f grader/tools/skeleton.awk solutions/07-single-pass-scan/single_pass_scan.cu
#   awk -v guidance=open -f grader/tools/skeleton.awk solutions/07-single-pass-scan/README.md
#
# A solution marks what the student must write and what they get instead:
#
#     // BEGIN SOLUTION          these lines, markers included, are dropped
#     ...the reference code...
#     // END SOLUTION
#     //@ TODO_STUDENT();       "//@ " is removed: the line is the stub
#
# Everything else is copied as it is, so the skeleton and the solution share
# their contracts, examples and helper code line for line.
#
# Two editions come from the same solution (guidance=guided, the default,
# or guidance=open: make student-release GUIDANCE=open). What only the
# guided edition has, its steps (helper functions, the kernels that run
# them for the tests, step-by-step TODOs and text), is a region; what
# only the open edition has (a stub, a paragraph) is another:
#
#     // BEGIN GUIDED            the open edition drops these lines;
#     ...                        the guided one only the two markers
#     // END GUIDED
#     // BEGIN OPEN              the guided edition drops these lines;
#     //@ TODO_STUDENT();        the open one only the two markers (a
#     // END OPEN                solution's OPEN lines are stubs, //@)
#
# In a README the markers are HTML comments, `<!-- BEGIN GUIDED -->` and
# so on, on lines of their own. Inside a region the other markers work as
# anywhere else. In C the open build's own guard is a GUIDED region too,
# so that a header of common/ declares in each edition what it asks for
# (make-release.sh runs the headers of the open edition through here) and
# the compiler of an open build (-DSCANLAB_GUIDANCE_OPEN) sees what that
# edition's copy has:
#
#     #ifndef SCANLAB_GUIDANCE_OPEN        the open edition drops these
#     ...the steps' declarations...        lines; the guided one keeps
#     #endif /* SCANLAB_GUIDANCE_OPEN */   them all, the guard included The pieces header ignores the editions (it takes the
# reference's code, which both have).
#
# It may also mark pieces that code outside the lab reuses (lab 07's scans
# and look-back, which the fast references of solutions/NN-name/fast/
# include; the Makefile makes their header at build time):
#
#     // BEGIN PIECES            the skeleton drops these two lines only;
#     ...given code, solutions...
#     // END PIECES
#
# With -v pieces=NAME.cuh the output is that header instead: the lines
# between the PIECES markers as the reference has them (solutions in,
# stubs out), in an include guard, each run of lines after a #line that
# names the solution's file and line, so compilers, the emulator and
# profilers show where the code really is.
function fail(message) {
    print FILENAME ":" FNR ": " message > "/dev/stderr"; failed = 1; exit 1
}
# A README's measured numbers are datums in the solution, read from
# docs/data/ and checked there (docs/check-readme-datums.sh), in Divs of
# class data that give them defaults, and its limits are settings read
# from the file that sets them; the student reads them plain:
#     ::: {.data csv=docs/data/bench-h200.csv}     (dropped, and its :::)
#     [0.94]{.datum n=16777216 field=of_copy}   ->  0.94
#     [1.25]{.setting file=grader/lib/perf.sh var=perf_slack}x   ->  1.25x
function plain_numbers(line,    out, span) {
    out = ""
    while (match(line, /\[[^]]*\]\{\.(datum|setting)[^}]*\}/)) {
        span = substr(line, RSTART, RLENGTH)
        if (index(span, "]{") == 2) fail("an empty datum or setting: a README keeps its number, which students read raw")
        out = out substr(line, 1, RSTART - 1) substr(span, 2, index(span, "]{") - 2)
        line = substr(line, RSTART + RLENGTH)
    }
    return out line
}
function guard_of(name) {
    name = "SCANLAB_" toupper(name); gsub(/[^A-Z0-9]/, "_", name); return name
}
# A line that is only an edition marker: "BEGIN GUIDED", "END OPEN" ... or "".
function edition_marker(line) {
    if (guard_marker(line) != "") return guard_marker(line)
    if (line ~ /^[ \t]*\/\/ (BEGIN|END) (GUIDED|OPEN)[ \t]*$/ ||
        line ~ /^[ \t]*<!-- (BEGIN|END) (GUIDED|OPEN) -->[ \t]*$/) {
        gsub(/^[ \t]*(\/\/|<!--) | -->[ \t]*$|[ \t]*$/, "", line); return line
    }
    return ""
}
# A line that is the open build's guard: "BEGIN GUIDED", "END GUIDED" or "".
function guard_marker(line) {
    if (line ~ /^#ifndef SCANLAB_GUIDANCE_OPEN[ \t]*$/) return "BEGIN GUIDED"
    if (line ~ /^#endif \/\* SCANLAB_GUIDANCE_OPEN \*\/[ \t]*$/) return "END GUIDED"
    return ""
}
BEGIN {
    if (guidance == "") guidance = "guided"
    if (guidance != "guided" && guidance != "open") {
        print "skeleton.awk: guidance is guided or open, not '" guidance "'" > "/dev/stderr"; failed = 1; exit 1
    }
    if (pieces != "") {
        print "/* " pieces ": made by the Makefile (grader/tools/skeleton.awk)"
        print " * from the lines of " ARGV[1]
        print " * between // BEGIN PIECES and // END PIECES: edit those, not this file. */"
        print "#ifndef " guard_of(pieces)
        print "#define " guard_of(pieces)
    }
}
edition_marker($0) != "" {
    marker = edition_marker($0); split(marker, part, " ")
    if (part[1] == "BEGIN") {
        if (edition != "") fail("BEGIN " part[2] " inside " edition)
        edition = part[2]; edition_line = FNR
    } else {
        if (edition != part[2]) fail("END " part[2] " without BEGIN " part[2])
        edition = ""
    }
    if (pieces != "" && in_pieces) print "#line " (FNR + 1) " \"" FILENAME "\""
    if (pieces == "" && guidance == "guided" && guard_marker($0) != "" && !in_solution) print
    next
}
/^[ \t]*\/\/ BEGIN PIECES[ \t]*$/ {
    if (in_pieces) fail("nested BEGIN PIECES")
    if (in_solution) fail("BEGIN PIECES inside a solution")
    in_pieces = 1
    if (pieces != "") print "#line " (FNR + 1) " \"" FILENAME "\""
    next
}
/^[ \t]*\/\/ END PIECES[ \t]*$/ {
    if (!in_pieces) fail("END PIECES without BEGIN")
    if (in_solution) fail("END PIECES inside a solution")
    in_pieces = 0; next
}
/^[ \t]*\/\/ BEGIN SOLUTION[ \t]*$/ {
    if (in_solution) fail("nested BEGIN SOLUTION")
    in_solution = 1; next
}
/^[ \t]*\/\/ END SOLUTION[ \t]*$/ {
    if (!in_solution) fail("END SOLUTION without BEGIN")
    in_solution = 0; next
}
pieces != "" { if (in_pieces && !/^[ \t]*\/\/@ ?/ && edition != "OPEN") print; next }
edition == "GUIDED" && guidance == "open" { next }
edition == "OPEN" && guidance == "guided" { next }
in_solution { next }
/^[ \t]*\/\/@ ?/ { sub(/\/\/@ ?/, ""); print; next }
FILENAME ~ /\.md$/ && /^:::+ *\{/ { fence[++fences] = $0 ~ /\{\.data[ }]/; if (fence[fences]) next }
FILENAME ~ /\.md$/ && /^:::+ *$/ && fences > 0 { if (fence[fences--]) next }
FILENAME ~ /\.md$/ { print plain_numbers($0); next }
{ print }
END {
    if (failed) exit 1
    if (in_solution) fail("BEGIN SOLUTION never ends")
    if (in_pieces) fail("BEGIN PIECES never ends")
    if (edition != "") { FNR = edition_line; fail("BEGIN " edition " never ends") }
    if (pieces != "") print "#endif"
}
