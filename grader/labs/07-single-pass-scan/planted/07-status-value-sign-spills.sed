# planted: the status word is packed by hand, the value sign-extended into the flag
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::all_ones
# message: forward thread order: .*minusones.*first mismatch
#
# (tile_status)value widens the int with its sign: a negative tile sum
# sets the 32 flag bits too, and the flag reads 0xffffffff, neither
# AGGREGATE nor INCLUSIVE. Random data (sums of values in [-50, 100])
# never makes a tile's sum negative; all minus ones does, in every tile.
s/    \*(volatile tile_status \*)(d_status + tile) = TILE_STATUS(flag, value);/    *(volatile tile_status *)(d_status + tile) = ((tile_status)flag << 32) | (tile_status)value;/
