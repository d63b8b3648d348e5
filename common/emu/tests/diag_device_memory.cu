/* Diagnostic: the emulated device has a capacity. A leak fills it, and
 * cudaMalloc then fails with cudaErrorMemoryAllocation (not sticky), says
 * why once, and cudaFree or cudaDeviceReset gives the bytes back. */
#include <stdlib.h>
#include <unistd.h>

#include "expect.h"

//! run none pass SCANLAB_EMU_DEVICE_MEMORY=64M -- scanlab-emu: cudaMalloc(16777216 bytes): out of device memory: 64.0 MiB of the emulated 64 MiB are in use (a leak
//! run none pass SCANLAB_EMU_DEVICE_MEMORY=67108864 -- 64.0 MiB of the emulated 64 MiB
//! run memory pass SCANLAB_EMU_DEVICE_MEMORY=64M
//! run none pass -- scanlab-emu: cudaMalloc(4294967297 bytes): out of device memory: 0.0 MiB of the emulated 4096 MiB
//! run none fail SCANLAB_EMU_DEVICE_MEMORY=4X -- SCANLAB_EMU_DEVICE_MEMORY=4X: expected a number of bytes

#define MIB ((size_t)1 << 20)

static int check_capacity(size_t capacity, size_t in_use)
{
    struct cudaDeviceProp prop;
    size_t free_bytes, total;
    EXPECT_OK(cudaGetDeviceProperties(&prop, 0));
    EXPECT_OK(cudaMemGetInfo(&free_bytes, &total));
    EXPECT(prop.totalGlobalMem == capacity && total == capacity);
    EXPECT(free_bytes == capacity - in_use);
    return 0;
}

/* More than the whole device (a size computed wrong) fails on its own. */
static int check_too_large(size_t capacity)
{
    void *p = &p;
    EXPECT(cudaMalloc(&p, capacity + 1) == cudaErrorMemoryAllocation);
    EXPECT(p == NULL);
    EXPECT(cudaGetLastError() == cudaErrorMemoryAllocation);
    EXPECT_OK(cudaGetLastError()); /* not sticky: the device still works */
    return 0;
}

/* A leak of quarters of the device: the fifth fails, and so does managed
 * memory; freeing one quarter lets the next allocation succeed. */
static int check_leak(size_t capacity)
{
    char *chunks[5];
    size_t quarter = capacity / 4;
    int count = 0;
    while (count < 5 && cudaMalloc((void **)&chunks[count], quarter) == cudaSuccess)
        EXPECT_OK(cudaMemset(chunks[count++], 1, quarter));
    EXPECT(count == 4);
    EXPECT(cudaGetLastError() == cudaErrorMemoryAllocation);
    EXPECT(check_capacity(capacity, capacity) == 0);
    EXPECT(cudaMallocManaged((void **)&chunks[4], 1) == cudaErrorMemoryAllocation);
    EXPECT_OK(cudaFree(chunks[3]));
    EXPECT(check_capacity(capacity, 3 * quarter) == 0);
    EXPECT_OK(cudaMallocManaged((void **)&chunks[3], quarter));
    for (int i = 0; i < 4; i++)
        EXPECT_OK(cudaFree(chunks[i]));
    EXPECT(check_capacity(capacity, 0) == 0);
    return 0;
}

/* The message comes once per process: a leaking loop would repeat it. */
static int check_said_once(size_t capacity)
{
    fflush(stderr);
    FILE *captured = tmpfile();
    EXPECT(captured != NULL);
    int saved = dup(2);
    dup2(fileno(captured), 2);
    int failed = check_too_large(capacity);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    EXPECT(failed == 0);
    EXPECT(lseek(fileno(captured), 0, SEEK_END) == 0);
    fclose(captured);
    return 0;
}

static int check_reset(size_t capacity)
{
    void *a, *b;
    EXPECT_OK(cudaMalloc(&a, capacity / 2));
    EXPECT_OK(cudaMalloc(&b, capacity / 2));
    EXPECT_OK(cudaDeviceReset());
    EXPECT(check_capacity(capacity, 0) == 0);
    return 0;
}

int main(void)
{
    /* Unset, the device has 4 GiB: too much to fill in a test. */
    if (!getenv("SCANLAB_EMU_DEVICE_MEMORY"))
        return check_capacity(4096 * MIB, 0) || check_too_large(4096 * MIB);
    return check_capacity(64 * MIB, 0) || check_leak(64 * MIB) || check_said_once(64 * MIB) ||
           check_reset(64 * MIB);
}
