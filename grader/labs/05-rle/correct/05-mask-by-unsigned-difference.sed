# correct: the mask compares neighbours by their difference, in unsigned arithmetic
# lab: 05-rle
# check: none
# caught-by: nothing
# message: full marks
#
# As lab 08's delta does: the difference of two symbols, taken modulo
# 2^32, is 0 only when they are equal, even where the int difference
# overflows (INT_MAX beside INT_MIN, on DATA=extremes). Unsigned, it is
# defined in C and CUDA; an int difference that overflows is not.
s/d_mask\[i\] = i == 0 || d_in\[i\] != d_in\[i - 1\];/d_mask[i] = i == 0 || (unsigned)d_in[i] - (unsigned)d_in[i - 1] != 0u;/
