# planted: the look-back stops at any valid word, not at an INCLUSIVE one
# lab: 07-single-pass-scan
# check: none
# caught-by: lookback::prefixes
# message: tile [0-9]+: expected prefix
#
# An AGGREGATE word holds only its own tile's sum: stopping there leaves
# out everything before it.
s/unsigned inclusive = __ballot_sync(FULL_MASK, TILE_STATUS_FLAG(word) == TILE_INCLUSIVE);/unsigned inclusive = __ballot_sync(FULL_MASK, TILE_STATUS_FLAG(word) != TILE_INVALID);/
