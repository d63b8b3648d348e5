# planted: candidate_bits_kernel takes one tile a block and stops, not looping over its grid
# lab: 08-compressor
# check: none
# caught-by: frame_bytes::sizes
# message: forward thread order: .*more than a grid's worth
#
# The launch has at most 4096 blocks (MAX_BLOCKS): past 4096 tiles of 256
# values the rest is never measured, so every candidate's size comes out
# short. Below a grid's worth (every size of lab 08's list) it is right.
s/         tile += (size_t)gridDim.x \* CANDIDATE_TILE) {/         tile = count) {/
