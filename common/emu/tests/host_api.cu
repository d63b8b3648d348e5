/* The host API: errors and the last error, device properties, memory
 * (poisoned, checked), symbols, streams and events. */
#include <string.h>

#include "expect.h"

//! run none pass -- the destination runs 4 bytes past the end of its 16-byte allocation
//! run memory pass

__constant__ int table[4];
__device__ int counter;

__global__ void use_symbols(int *out)
{
    out[threadIdx.x] = table[threadIdx.x] + counter;
    __syncthreads();
    if (threadIdx.x == 0)
        counter = 100;
}

static int check_errors(void)
{
    EXPECT(strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration") == 0);
    EXPECT(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
    EXPECT(strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
    EXPECT(cudaErrorLaunchFailure == 719 && cudaErrorNotYetImplemented == 31);
    EXPECT(cudaSetDevice(3) == cudaErrorInvalidDevice);
    EXPECT(cudaPeekAtLastError() == cudaErrorInvalidDevice); /* kept */
    EXPECT(cudaGetLastError() == cudaErrorInvalidDevice);    /* and cleared */
    EXPECT(cudaGetLastError() == cudaSuccess);
    return 0;
}

static int check_properties(void)
{
    int count = 0, device = -1;
    struct cudaDeviceProp prop;
    EXPECT_OK(cudaGetDeviceCount(&count));
    EXPECT_OK(cudaGetDevice(&device));
    EXPECT_OK(cudaSetDevice(0));
    EXPECT_OK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(count == 1 && device == 0);
    EXPECT(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024 && prop.maxThreadsDim[2] == 64);
    EXPECT(prop.sharedMemPerBlock == 48 * 1024 && prop.totalGlobalMem > 0 && prop.l2CacheSize > 0);
    EXPECT(prop.major >= 7 && prop.multiProcessorCount >= 1 && prop.memoryBusWidth > 0);
    return 0;
}

static int check_memory(void)
{
    int *d, h[4] = {1, 2, 3, 4}, back[4];
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    EXPECT_OK(cudaMemcpy(back, d, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back[0] == (int)0xa5a5a5a5); /* not zeroed, as on a GPU */
    EXPECT_OK(cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, 0));
    EXPECT_OK(cudaMemsetAsync(d + 1, 0, sizeof(int), 0));
    EXPECT_OK(cudaMemcpy(d + 3, d, sizeof(int), cudaMemcpyDeviceToDevice));
    EXPECT_OK(cudaMemcpy(back, d, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back[0] == 1 && back[1] == 0 && back[2] == 3 && back[3] == 1);
    /* One int too many: a GPU says only "invalid argument". */
    EXPECT(cudaMemcpy(d + 1, h, sizeof h, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, back, sizeof h, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, h, sizeof h, (enum cudaMemcpyKind)9) == cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaMemset(h, 0, sizeof h) == cudaErrorInvalidValue);
    /* A negative count made a size_t: refused, not a wrapped range. */
    EXPECT(cudaMemset(d, 0, (size_t)-64) == cudaErrorInvalidValue);
    EXPECT_OK(cudaFree(d));
    EXPECT(cudaFree(d) == cudaErrorInvalidValue); /* freed twice */
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT_OK(cudaFree(NULL));
    int *pinned;
    EXPECT_OK(cudaMallocHost((void **)&pinned, sizeof h));
    EXPECT_OK(cudaFreeHost(pinned));
    return 0;
}

static int check_symbols(void)
{
    int h[4] = {10, 20, 30, 40}, out[4], one = 1, *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof out));
    EXPECT_OK(cudaMemcpyToSymbol(table, h, sizeof h));
    EXPECT_OK(cudaMemcpyToSymbol(counter, &one, sizeof one));
    use_symbols<<<1, 4>>>(d);
    EXPECT_OK(cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 11 && out[3] == 41);
    EXPECT_OK(cudaMemcpyFromSymbol(&one, counter, sizeof one));
    EXPECT(one == 100);
    EXPECT_OK(cudaFree(d));
    return 0;
}

static int check_streams_and_events(void)
{
    cudaStream_t stream;
    cudaEvent_t start, stop, never;
    float ms = -1;
    EXPECT_OK(cudaStreamCreate(&stream));
    EXPECT_OK(cudaEventCreate(&start));
    EXPECT_OK(cudaEventCreateWithFlags(&stop, cudaEventDefault));
    EXPECT_OK(cudaEventCreate(&never));
    EXPECT_OK(cudaEventRecord(start, stream));
    EXPECT_OK(cudaEventRecord(stop, 0));
    EXPECT_OK(cudaEventSynchronize(stop));
    EXPECT_OK(cudaEventQuery(stop));
    EXPECT_OK(cudaEventElapsedTime(&ms, start, stop));
    EXPECT(ms >= 0 && ms < 1000);
    EXPECT(cudaEventElapsedTime(&ms, start, never) == cudaErrorInvalidResourceHandle);
    EXPECT_OK(cudaStreamSynchronize(stream));
    EXPECT_OK(cudaStreamDestroy(stream));
    EXPECT_OK(cudaEventDestroy(start));
    EXPECT_OK(cudaEventDestroy(stop));
    EXPECT_OK(cudaEventDestroy(never));
    EXPECT(cudaGetLastError() == cudaErrorInvalidResourceHandle);
    return 0;
}

int main(void)
{
    int failed = check_errors() || check_properties() || check_memory() || check_symbols() ||
                 check_streams_and_events();
    if (!failed)
        printf("host api: ok\n");
    return failed;
}
