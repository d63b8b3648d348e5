# planted: the binary search asks "<" where it must ask "<="
# lab: 05-rle
# check: none
# caught-by: decode_search::round_trip
# message: first mismatch
#
# The first element of every run but the first is given to the run
# before it: a run of length 1 vanishes into its left neighbour.
s/if ((size_t)d_starts\[middle\] <= i)/if ((size_t)d_starts[middle] < i)/
