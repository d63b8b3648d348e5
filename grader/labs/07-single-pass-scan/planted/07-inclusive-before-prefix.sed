# planted: a tile first publishes INCLUSIVE with its own sum, not AGGREGATE
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*mismatch
#
# Until its look-back ends, a later tile that reads the word stops there
# and leaves out every tile before it. Blocks in sequence never see the
# early word (it is replaced before the next block runs); overlapping
# blocks do, on a GPU and under the emulator in reverse order.
s/publish_status(d_status, tile, TILE_AGGREGATE, aggregate);/publish_status(d_status, tile, TILE_INCLUSIVE, aggregate);/
