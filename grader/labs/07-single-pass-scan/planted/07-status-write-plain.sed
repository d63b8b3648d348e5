# planted: a tile publishes its status word with a plain store, not volatile
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*data race between blocks: .*plain
#
# The report comes at whichever of the two accesses runs second: this
# plain one, or the other block's volatile one, naming this one.
# A plain store may be delayed, merged or split by the compiler; the
# tiles reading the word wait on it. Overlapping blocks report the plain
# write of a word another running block reads.
s/    \*(volatile tile_status \*)(d_status + tile) = TILE_STATUS(flag, value);/    d_status[tile] = TILE_STATUS(flag, value);/
