/*
 * expect.h: the one assertion the emulator's tests use.
 *
 * EXPECT(condition) prints the failed condition with its line and makes
 * the test's main return 1. EXPECT_OK(call) does the same for a CUDA call
 * that must succeed, naming the error.
 */
#ifndef SCANLAB_EMU_TEST_EXPECT_H
#define SCANLAB_EMU_TEST_EXPECT_H

#include <stdio.h>

#include <cuda_runtime_api.h>

#define EXPECT(condition)                                                    \
    do {                                                                     \
        if (!(condition)) {                                                  \
            printf("%s:%d: expected %s\n", __FILE__, __LINE__, #condition); \
            return 1;                                                        \
        }                                                                    \
    } while (0)

#define EXPECT_OK(call)                                                          \
    do {                                                                         \
        cudaError_t expect_err_ = (call);                                        \
        if (expect_err_ != cudaSuccess) {                                        \
            printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,          \
                   cudaGetErrorName(expect_err_));                               \
            return 1;                                                            \
        }                                                                        \
    } while (0)

#endif
