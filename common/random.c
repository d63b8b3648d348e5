/*
 * random.c: SplitMix64 (Steele, Lea and Flood, 2014). It is tiny, passes
 * BigCrush, and any seed, including 0, gives a good sequence.
 */
#include "random.h"

uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int random_in_range(uint64_t *state, int low, int high)
{
    uint64_t span = (uint64_t)((int64_t)high - (int64_t)low) + 1;
    return (int)((int64_t)low + (int64_t)(random_next(state) % span));
}

void random_fill(int *values, size_t n, uint64_t seed, int low, int high)
{
    uint64_t state = seed;
    for (size_t i = 0; i < n; i++)
        values[i] = random_in_range(&state, low, high);
}
