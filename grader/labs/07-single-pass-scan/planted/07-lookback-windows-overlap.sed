# planted: the look-back's next window starts one tile too late, so its first tile is added twice
# lab: 07-single-pass-scan
# check: none
# caught-by: single_pass::large
# message: first mismatch
#
# Only a tile whose 32 nearest predecessors are all aggregates reads a
# second window, and that takes more than 32 tiles in flight: with the
# emulator's usual 4 blocks resident no test ever gets there (in the open
# edition, which has no step test of the look-back, the lab kept 25/25),
# while an H200 holds hundreds. Lab 07's tests keep 64 resident.
s/^        newest -= SP_WARP;$/        newest -= SP_WARP - 1;/
