# planted: the tile scan forgets the warp's running total between rounds
# lab: 07-single-pass-scan
# check: none
# caught-by: tiles::sizes
# message: d_tile_totals: first mismatch|first mismatch at index 128
#
# Round 1 of warp 0 starts at tile element 128: without the carry it
# restarts from 0 there, and the warp's total, which the tile total is
# made of, stays 0.
/carry += __shfl_sync(FULL_MASK, inclusive, SP_WARP - 1);/d
