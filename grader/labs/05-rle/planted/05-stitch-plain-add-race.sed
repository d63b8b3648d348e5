# planted: the stitch adds counts without atomicAdd
# lab: 05-rle
# check: none
# caught-by: check::race
# message: data race
#
# Under the emulator's scheduler the plain += happens to give the right
# sum (threads are not preempted) and every test passes; the race check
# that follows (ThreadSanitizer on the driver) sees two segments of one
# block add to the count of the run that crosses them.
s/atomicAdd(&d_counts\[out + k\], d_piece_counts\[low + k\]);/d_counts[out + k] += d_piece_counts[low + k];/
