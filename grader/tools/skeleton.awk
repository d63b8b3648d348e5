# skeleton.awk: make a student skeleton from a reference solution.
#
#   awk -f grader/tools/skeleton.awk solutions/02-naive-scan/naive_scan.cu
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
/^[ \t]*\/\/ BEGIN SOLUTION[ \t]*$/ {
    if (in_solution) { print FILENAME ":" FNR ": nested BEGIN SOLUTION" > "/dev/stderr"; exit 1 }
    in_solution = 1; next
}
/^[ \t]*\/\/ END SOLUTION[ \t]*$/ {
    if (!in_solution) { print FILENAME ":" FNR ": END SOLUTION without BEGIN" > "/dev/stderr"; exit 1 }
    in_solution = 0; next
}
in_solution { next }
/^[ \t]*\/\/@ ?/ { sub(/\/\/@ ?/, ""); print; next }
{ print }
END {
    if (in_solution) { print FILENAME ": BEGIN SOLUTION never ends" > "/dev/stderr"; exit 1 }
}
