# planted: the tile number is blockIdx.x instead of the atomic counter's
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*deadlock
#
# In forward order block b runs after blocks 0..b-1 and finds their words
# published. In reverse order the last block runs first and waits for a
# tile whose block has not started: the emulator reports the deadlock at
# the __nanosleep line (on a GPU: a hang, when the blocks that would
# publish cannot start).
s/tile_number = atomicAdd(d_next_tile, 1u);/tile_number = blockIdx.x;\
    (void)d_next_tile;/
