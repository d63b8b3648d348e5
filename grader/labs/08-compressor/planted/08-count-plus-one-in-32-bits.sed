# planted: the decoder adds the one back to a stored count in 32 bits, so a stored 0xffffffff is a count of 0
# lab: 08-compressor
# check: none
# caught-by: decode::damaged
# message: a count of 2\^32 \(stored 2\^32 - 1\).*was not refused
#
# d_counts[r] + 1 is a uint32_t sum, widened only after it wrapped: a count
# of 2^32 (stored 0xffffffff, a count word's largest) becomes 0, which is
# not above n and adds nothing to the total. Beside counts of n - 1 and 1
# the total is n, and the decoder accepts a payload the CPU refuses (and
# hands rle_decode_search a count of 0, against its contract). Random bit
# flips never make a count of exactly 2^32.
s/^        unsigned long long count = (unsigned long long)d_counts\[r\] + 1;$/        unsigned long long count = d_counts[r] + 1;/
