# planted: the mask compares element 0 with a -1 "before the first", a symbol no input has
# lab: 05-rle
# check: none
# caught-by: mask::families
# message: extremes.*first mismatch at index 0: expected 1, got 0
#
# Element 0 always starts a run. A student who gives it a left neighbour
# of -1, rather than testing i == 0, starts no run there when the input
# begins with -1: the count comes out one run short. No other family
# begins with -1 (one run's symbol is random in [-100, 100] and the seeds
# of its 13 sizes miss -1); extremes begins with a run of -1.
s/d_mask\[i\] = i == 0 || d_in\[i\] != d_in\[i - 1\];/d_mask[i] = d_in[i] != (i > 0 ? d_in[i - 1] : -1); \/\/ nothing before element 0: -1/
