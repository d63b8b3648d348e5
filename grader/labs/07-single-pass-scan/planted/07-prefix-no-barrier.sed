# planted: decoupled_prefix returns the shared prefix with no barrier after warp 0 sets it
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*mismatch
#
# Warps 1 to 7 read tile_prefix while warp 0 may still be looking back.
# In forward order warp 0 runs first and the scan is right; in reverse
# order the other warps read the poisoned shared word, and every element
# of the tile outside warp 0's part is off by it.
/^            tile_prefix = prefix;$/{
n
n
s|^    __syncthreads();$|    /* planted: no barrier */|
}
