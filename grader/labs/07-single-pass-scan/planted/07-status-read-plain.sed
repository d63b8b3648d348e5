# planted: the look-back reads status words with a plain load, not volatile
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*data race between blocks: .*plain
#
# The report comes at whichever of the two accesses runs second: this
# plain one, or the other block's volatile one, naming this one.
# The compiler may read a plain load once and keep it in a register: the
# wait loop never sees the predecessor's store and spins forever (on an
# H100 the perf run hung). Under the emulator, overlapping blocks report
# the plain read of a word another running block writes.
s/    return \*(const volatile tile_status \*)(d_status + tile);/    return d_status[tile];/
