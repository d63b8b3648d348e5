# grader/labs/04-compaction/lab.mk: lab 04's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_04-compaction := 03-efficient-scan
# make bench BENCH=compact: bench.cu, which times these labs' code.
BENCH_NAME_04-compaction  := compact
BENCH_TIMES_04-compaction := 04-compaction
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_04-compaction := yes
