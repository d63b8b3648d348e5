# planted: the undelta masks the running sum before adding, not after
# lab: 08-compressor
# check: none
# caught-by: undelta::sizes
# message: d_symbols \(from the zigzagged deltas\): first mismatch
#
# The scan adds the differences as ints: 255 + 2 is 257, which is the
# symbol 1 of an 8-bit chunk only once the bits above 8 are dropped from
# the sum itself.
s/        uint32_t sum = (uint32_t)d_exclusive\[r\] + (uint32_t)d_differences\[r\];/        uint32_t sum = ((uint32_t)d_exclusive[r] \& low_mask(bits)) + (uint32_t)d_differences[r];/
s/        d_symbols\[r\] = (int)(sum \& low_mask(bits));/        d_symbols[r] = (int)sum;/
