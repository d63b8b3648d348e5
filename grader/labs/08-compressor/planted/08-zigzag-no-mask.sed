# planted: zigzag doubles the difference without keeping it to 8w bits
# lab: 08-compressor
# check: none
# caught-by: delta::sizes
# message: d_zigzag: first mismatch
#
# For w = 1 a difference of 0x90 (-112) doubled is 0x120: nine bits, where
# the format says 8. Only the low 8w bits of the shift belong to the zigzag.
s/    return ((difference << 1) \& mask) ^ (negative ? mask : 0);/    return (difference << 1) ^ (negative ? mask : 0);/
