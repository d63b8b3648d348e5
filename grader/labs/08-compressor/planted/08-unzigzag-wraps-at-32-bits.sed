# planted: unzigzag takes an odd z as -(z + 1) / 2, and z + 1 wraps for the largest z of 32 bits
# lab: 08-compressor
# check: none
# caught-by: undelta::sizes
# message: w = 4, FILL=extremes.*d_symbols \(from the zigzagged deltas\): first mismatch
#
# An odd z is the difference -(z + 1) / 2, right for every z but one: for
# w = 4, z = 0xffffffff (the difference -2^31, from 0 to 0x80000000, INT_MIN,
# or back) makes z + 1 = 0 in 32 bits, and the difference comes back as 0.
# Noise never steps by exactly 2^31; the extremes fill does at its first
# element (0x80000000, after symbol[-1] = 0).
s/^    return (z >> 1) ^ ((z \& 1) ? low_mask(bits) : 0);$/    return (z \& 1) ? (0u - ((z + 1) >> 1)) \& low_mask(bits) : z >> 1;/
