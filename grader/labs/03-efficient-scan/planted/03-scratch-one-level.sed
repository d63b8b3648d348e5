# planted: the tiled scan's scratch has room for one level of tile sums, not for the levels below
# lab: 03-efficient-scan
# check: none
# caught-by: tiled::sizes
# message: n = 1048577 .*scan_exclusive_tiled wrote outside one of the device arrays it allocated: a device array of 1025 4-byte elements .* past its end
#
# Up to 2^20 elements one level of tile sums is all there is (1024 tiles
# scan in one block); at 2^20 + 1 the 1025 tile sums need 2 more ints for
# their own tile sums, written past the student's own array. No grader
# array is touched and every result is right: only the guard zones around
# the student's cudaMalloc see it (before them, a GPU saw nothing, and the
# emulator only heap damage, at most).
s/^        total += tiles;$/        total = blocks_for(n, SCAN_TILE);/
