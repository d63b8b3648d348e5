# planted: store_vectors writes int4 without checking that d_out is aligned
# lab: 07-single-pass-scan
# check: none
# caught-by: tiles::unaligned
# message: forward thread order.*cudaErrorMisalignedAddress
#
# The store side of the same mistake: an int4 store at d_out + 1.
s/    int aligned = (uintptr_t)d_out % 16 == 0;/    int aligned = 1;\
    (void)(uintptr_t)d_out;/
