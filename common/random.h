/*
 * random.h: reproducible test data.
 *
 * Every random array in ScanLab comes from a 64-bit seed through
 * SplitMix64, so a failure message that prints the seed is enough to
 * rebuild the exact input on any machine:
 *
 *     make run LAB=03 N=1025 SEED=0x5eed
 */
#ifndef SCANLAB_RANDOM_H
#define SCANLAB_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The next number of the sequence; advances *state. */
uint64_t random_next(uint64_t *state);

/* A value in [low, high], both included. */
int random_in_range(uint64_t *state, int low, int high);

/* Fill values[0..n) with uniform values in [low, high] drawn from seed. */
void random_fill(int *values, size_t n, uint64_t seed, int low, int high);

#ifdef __cplusplus
}
#endif

#endif
