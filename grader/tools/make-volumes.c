/*
 * make-volumes.c: the generated data sets of make data, beside the real
 * ones (fetch-data.sh):
 *
 *   make-volumes BRODMANN.nii OUT_DIR
 *
 *   brodmann-512.raw  512 x 512 x 512 uint8 (128 MiB, no header), x fastest:
 *                     brodmann.nii's 181 x 217 x 181 labels tiled, voxel
 *                     (x, y, z) = label (x % 181, y % 217, z % 181): the
 *                     size of the thesis's rendered volumes, with real runs
 *   random.raw        64 MiB of uniform random bytes: nothing to find
 *   sawtooth.raw      64 MiB of 0 1 2 ... 255 0 1 2 ...: no runs, but every
 *                     frame 8 bits wide
 *   zeros.raw         64 MiB of zeros: one run per chunk
 *   counters16.raw    64 MiB of 16-bit little-endian counters, 0 1 2 ...
 *                     65535 0 1 ... (scanzip -w 16): no runs, but its deltas
 *                     are one run of 1 (65535 -> 0 is +1 modulo 2^16):
 *                     cascade with delta first's case, as nvCOMP's
 *                     Cascaded benchmarks on counters
 *
 * Each file is written to a temporary name and renamed when whole.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NIFTI_HEADER 352
enum { X = 181, Y = 217, Z = 181, SIDE = 512 };
#define CONTROL_BYTES ((size_t)64 << 20)

static void fail(const char *what, const char *path)
{
    fprintf(stderr, "make-volumes: %s %s\n", what, path);
    exit(1);
}

/* Write `bytes` from make(i) for i = 0 .. bytes-1 to DIR/NAME, through NAME.tmp. */
static void write_file(const char *dir, const char *name, size_t bytes, uint8_t (*make)(size_t, const void *),
                       const void *context)
{
    char path[4096], temporary[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(temporary, sizeof temporary, "%s.tmp", path);
    FILE *out = fopen(temporary, "wb");
    if (out == NULL)
        fail("cannot write", temporary);
    uint8_t row[SIDE];
    for (size_t i = 0; i < bytes; i += SIDE) {
        size_t count = bytes - i < SIDE ? bytes - i : SIDE;
        for (size_t k = 0; k < count; k++)
            row[k] = make(i + k, context);
        if (fwrite(row, 1, count, out) != count)
            fail("cannot write", temporary);
    }
    if (fclose(out) != 0 || rename(temporary, path) != 0)
        fail("cannot finish", path);
}

static uint8_t tiled(size_t i, const void *labels)
{
    size_t x = i % SIDE, y = i / SIDE % SIDE, z = i / SIDE / SIDE;
    return ((const uint8_t *)labels)[x % X + X * (y % Y + Y * (z % Z))];
}

/* SplitMix64 on the index: the same bytes on every machine. */
static uint8_t random_byte(size_t i, const void *unused)
{
    (void)unused;
    uint64_t z = (uint64_t)i * 0x9e3779b97f4a7c15ULL + 0x5eed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (uint8_t)(z ^ (z >> 31));
}

static uint8_t sawtooth(size_t i, const void *unused)
{
    (void)unused;
    return (uint8_t)i;
}

/* Byte i of the 16-bit counters: element i / 2, low byte first. */
static uint8_t counter16(size_t i, const void *unused)
{
    (void)unused;
    uint16_t value = (uint16_t)(i / 2);
    return (uint8_t)(value >> (8 * (i % 2)));
}

static uint8_t zero(size_t i, const void *unused)
{
    (void)unused;
    (void)i;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: make-volumes BRODMANN.nii OUT_DIR\n");
        return 2;
    }
    static uint8_t labels[X * Y * Z];
    FILE *in = fopen(argv[1], "rb");
    if (in == NULL || fseek(in, NIFTI_HEADER, SEEK_SET) != 0 || fread(labels, 1, sizeof labels, in) != sizeof labels)
        fail("cannot read 181 x 217 x 181 voxels after the header of", argv[1]);
    fclose(in);
    write_file(argv[2], "brodmann-512.raw", (size_t)SIDE * SIDE * SIDE, tiled, labels);
    write_file(argv[2], "random.raw", CONTROL_BYTES, random_byte, NULL);
    write_file(argv[2], "sawtooth.raw", CONTROL_BYTES, sawtooth, NULL);
    write_file(argv[2], "zeros.raw", CONTROL_BYTES, zero, NULL);
    write_file(argv[2], "counters16.raw", CONTROL_BYTES, counter16, NULL);
    return 0;
}
