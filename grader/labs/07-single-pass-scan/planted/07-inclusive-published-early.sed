# planted: the INCLUSIVE word is published before the look-back's prefix is known
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::sizes
# message: reverse thread order.*mismatch
#
# The tile publishes INCLUSIVE (0 + aggregate) straight after AGGREGATE,
# then the right one after its look-back: a later tile reading in between
# stops at a wrong INCLUSIVE value. Only overlapping blocks see it.
s/                publish_status(d_status, tile, TILE_AGGREGATE, aggregate);/                publish_status(d_status, tile, TILE_AGGREGATE, aggregate);\
            if (threadIdx.x == 0)\
                publish_status(d_status, tile, TILE_INCLUSIVE, prefix + aggregate);/
