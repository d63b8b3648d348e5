/* Diagnostic: with SCANLAB_EMU_LEAK_CHECK=STATUS, device memory still
 * allocated at exit (or at cudaDeviceReset) is reported as a GPU's leak
 * check reports it, with where it was allocated under AddressSanitizer,
 * and the program exits with STATUS; memory freed, or no STATUS, is no
 * report. LEAK=reset leaks then resets; LEAK=none frees everything. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass
//! run none fail SCANLAB_EMU_LEAK_CHECK=86 -- scanlab-emu: leak: 1028 bytes of device memory from cudaMalloc
//! run none fail SCANLAB_EMU_LEAK_CHECK=86 -- (2 allocations, 1092 bytes in all, still allocated at exit;
//! run none fail SCANLAB_EMU_LEAK_CHECK=86 LEAK=reset -- still allocated when cudaDeviceReset freed it
//! run none pass SCANLAB_EMU_LEAK_CHECK=86 LEAK=none
//! run memory fail SCANLAB_EMU_LEAK_CHECK=86 -- cudaMalloc in keep_scratch
//! run memory fail SCANLAB_EMU_LEAK_CHECK=86 -- diag_leak.cu:

/* What a student's function does when it forgets its cudaFree: 257 ints
 * of scratch kept past the call. */
__attribute__((noinline)) static int *keep_scratch(void)
{
    int *d_scratch = NULL;
    if (cudaMalloc((void **)&d_scratch, 257 * sizeof(int)) != cudaSuccess)
        return NULL;
    return d_scratch;
}

int main(void)
{
    const char *leak = getenv("LEAK");
    int *d_scratch = keep_scratch();
    int *d_small = NULL;
    EXPECT(d_scratch != NULL);
    EXPECT_OK(cudaMalloc((void **)&d_small, 64));
    if (leak != NULL && strcmp(leak, "none") == 0) {
        EXPECT_OK(cudaFree(d_scratch));
        EXPECT_OK(cudaFree(d_small));
    }
    if (leak != NULL && strcmp(leak, "reset") == 0)
        EXPECT_OK(cudaDeviceReset());
    return 0;
}
