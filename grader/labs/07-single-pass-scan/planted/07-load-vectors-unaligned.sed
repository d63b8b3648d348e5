# planted: load_vectors reads int4 without checking that d_in is aligned
# lab: 07-single-pass-scan
# check: none
# caught-by: tiles::unaligned
# message: forward thread order.*cudaErrorMisalignedAddress
#
# d_in + 1 is 4 bytes past a 16-byte boundary: an int4 load there stops
# the kernel on a GPU (cudaErrorMisalignedAddress), and so under the
# emulator, while x86 alone would load it.
s/    int aligned = (uintptr_t)d_in % 16 == 0;/    int aligned = 1;\
    (void)(uintptr_t)d_in;/
