# planted: the encoder stores the counts, not the counts minus one
# lab: 08-compressor
# check: none
# caught-by: encode::chosen
# message: payload byte [0-9]+ \(the (count|symbol)
#
# Every count is at least 1, so the format stores count - 1: a run of 1
# costs no bits. Storing the counts widens every count frame.
/^    counts_minus_one_kernel<<<grid_for(runs), THREADS_PER_BLOCK>>>(s->counts, runs);$/d
