# grader/labs/05-rle/lab.mk: lab 05's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_05-rle := 03-efficient-scan 04-compaction
# make bench BENCH=rle: bench.cu, which times these labs' code.
BENCH_NAME_05-rle  := rle
BENCH_TIMES_05-rle := 05-rle
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_05-rle := yes
