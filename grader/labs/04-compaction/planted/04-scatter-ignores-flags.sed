# planted: the scatter writes every element, kept or not
# lab: 04-compaction
# check: none
# caught-by: scatter::sizes
# message: first mismatch|was written
#
# The flag is still read (so the build has no unused parameter) but the
# test is always true. A dropped element lands on the place of the next
# kept one, or just past the last: in forward order the kept element
# overwrites it again, so the untouched tail d_out[kept..n) or the reverse
# thread order is what shows the bug.
s/if (i < n \&\& d_flags\[i\])/if (i < n \&\& d_flags[i] >= 0)/
