# planted: the decoder never checks that the counts add up to n
# lab: 08-compressor
# check: none
# caught-by: decode::damaged
# message: was not refused
#
# A payload whose counts add up to less than n decodes into a chunk whose
# end is never written; one that adds up to more would write past d_raw
# but for the bounds in rle_decode_search. Either way it is not a valid
# payload, and the CPU decoder says so.
s/    if (invalid || total != n)/    if (invalid)/
