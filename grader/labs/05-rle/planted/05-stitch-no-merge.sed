# planted: the coarse-grained encoder never merges across segments
# lab: 05-rle
# check: none
# caught-by: segmented::lengths
# message: the run count
#
# Each segment's pieces are copied as they are, so a run that crosses a
# boundary comes out as two runs: the output is still a valid encoding,
# just not the encoding (the oracle's, and PARLE's).
s/d_new_runs\[s\] = found - (s > 0 \&\& d_in\[low\] == d_in\[low - 1\]);/d_new_runs[s] = found;/
s/int joined = s > 0 \&\& d_in\[low\] == d_in\[low - 1\];/int joined = 0; (void)d_in;/
