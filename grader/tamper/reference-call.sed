# lab: 04-compaction
# test: perf::compact_nonzero
# message: policy: .*calls reference_compact_nonzero
# Calls the reference's compact_nonzero, which the performance test links in (renamed) to time the student's against, whenever it is there: the tests would grade the student's code and the speed points the reference's.
/^#include "compact.h"/a extern "C" cudaError_t reference_compact_nonzero(const int *d_in, int *d_out, size_t n, size_t *kept) __attribute__((weak));
/^cudaError_t compact_nonzero(/,/^}/ s|^    return compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);|    if (reference_compact_nonzero)\
        return reference_compact_nonzero(d_in, d_out, n, kept);\
&|
