/*
 * poison_gpu.c: on a GPU, fresh device memory holds garbage, as under the
 * emulator.
 *
 * cudaMalloc does not clear memory, but in a new process the memory it
 * returns is often zero: scratch flags or counters that a student forgets
 * to clear then read 0, and the bug hides on the GPU while the emulator,
 * which fills every allocation with 0xa5 (0xa5a5a5a5, -1515870811 as an
 * int), shows it. So the tests and drivers built for a GPU are linked with
 * -Xlinker --wrap=cudaMalloc (the Makefile's POISON_GPU): every call of
 * cudaMalloc in the program, the student's own and the grader's, comes
 * here, and the memory is filled with the same byte before anyone sees
 * it. The same bytes on both machines, the same verdict.
 *
 * Not linked into the perf programs, whose timed calls would pay for the
 * fill, nor under the emulator, whose cudaMalloc poisons already.
 */
#include <stddef.h>

#include <cuda_runtime_api.h>

enum { POISON_BYTE = 0xa5 };

cudaError_t __real_cudaMalloc(void **d_pointer, size_t size);
cudaError_t __wrap_cudaMalloc(void **d_pointer, size_t size);

cudaError_t __wrap_cudaMalloc(void **d_pointer, size_t size)
{
    cudaError_t err = __real_cudaMalloc(d_pointer, size);
    if (err != cudaSuccess || d_pointer == NULL || *d_pointer == NULL || size == 0)
        return err;
    /* On the legacy default stream, so ordered before any work the caller
     * queues next on it (or on any blocking stream). */
    return cudaMemset(*d_pointer, POISON_BYTE, size);
}
