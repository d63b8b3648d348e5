/*
 * compact_pieces.cuh: the piece of the one-pass compaction
 * (compact_single_pass.cu) that the one-pass run-length encoder reuses
 * (solutions/05-rle/fast/): a tile's marked elements, kept as bits and
 * ranked by lab 07's tile scan. With it come lab 07's pieces
 * (single_pass_pieces.cuh, which the Makefile makes from lab 07's
 * reference).
 *
 * Device code, for a fast reference to include: a kernel can only call
 * device code of its own translation unit without relocatable device
 * code, which costs speed. The functions are not inline (as lab 07's):
 * on a GPU each translation unit keeps its own, and under the emulator,
 * where they are ordinary functions, a program links one fast reference.
 */
#ifndef SCANLAB_COMPACT_PIECES_CUH
#define SCANLAB_COMPACT_PIECES_CUH

#include "single_pass_pieces.cuh"

/*
 * note_marks: the marks of the thread's vector r (bits 0-3, one per
 * element) into bits 4r..4r+3 of *marks, and their count into ranks[r] as
 * .x of an int4 whose .y .z .w are 0. After tile_scan_exclusive(ranks),
 * ranks[r].x is the rank in the tile of the vector's first marked element;
 * its others follow it. A register holds the marks where int4 flags take
 * 32, and the compiler drops the zero .y .z .w: 8 registers for the ranks.
 *
 *     vectors 0 and 1 marked  [1 0 1 1] [0 0 1 0]   marks 0x4d
 *     ranks .x                [3] [1]  ->  scanned [0] [3]
 *                                           (plus the threads before)
 */
__device__ void note_marks(unsigned vector_marks, int r, unsigned *marks, int4 ranks[VECTORS])
{
    *marks |= vector_marks << (4 * r);
    ranks[r] = make_int4(__popc(vector_marks), 0, 0, 0);
}

#endif
