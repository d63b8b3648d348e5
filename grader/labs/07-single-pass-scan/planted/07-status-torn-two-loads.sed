# planted: the status word is read as two 32-bit loads, flag first
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*mismatch
#
# Between the two loads the tile can publish again: the reader pairs an
# AGGREGATE flag with the INCLUSIVE value that replaced it, and adds what
# came before twice. Only overlapping blocks show it (a GPU; the emulator
# in reverse order).
s/    return \*(const volatile tile_status \*)(d_status + tile);/    const volatile unsigned *halves = (const volatile unsigned *)(d_status + tile);\
    unsigned flag = halves[1];\
    return TILE_STATUS(flag, (int)halves[0]);/
