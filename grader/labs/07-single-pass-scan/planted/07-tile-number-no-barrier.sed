# planted: take_tile_number returns the shared tile number with no barrier after thread 0 sets it
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order
#
# In forward order thread 0 runs first and sets the number before the
# others read it, so every test passes. In reverse order thread 255 reads
# it first: the block's shared memory is poisoned at its start, so the
# tile number is garbage and the block scans the wrong tile or none.
/tile_number = atomicAdd(d_next_tile, 1u);/{
n
s|^    __syncthreads();$|    /* planted: no barrier */|
}
