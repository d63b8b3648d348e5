# planted: the status word is published as two 32-bit stores, flag first
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*mismatch
#
# Between the two stores another tile can read the new flag beside the
# old value (0 when INVALID, the aggregate before an INCLUSIVE): a wrong
# prefix. Only blocks that overlap in time see it: on a GPU, and under
# the emulator in reverse order, where blocks take turns between stores.
s/    \*(volatile tile_status \*)(d_status + tile) = TILE_STATUS(flag, value);/    volatile unsigned *halves = (volatile unsigned *)(d_status + tile); \/* [0] value, [1] flag *\/\
    halves[1] = flag;\
    halves[0] = (unsigned)value;/
