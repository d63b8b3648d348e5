# planted: the encoder keeps the stream's bit count in an int
# lab: 06-fixed-length
# check: none
# caught-by: roundtrip::largest
# message: n = 67108864 \(PACK_MAX_N = 2\^26.*(returned|word count)
#
# 2^26 values of width 32 make 2^31 bits, one more than an int holds:
# the total turns negative, and so does the word count made from it. No
# smaller stream gets there, so only the test at pack.h's limit sees it.
s/^    size_t total_bits = (size_t)last_offset + (size_t)last_width \* last_count;$/    int total_bits = last_offset + last_width * last_count;/
