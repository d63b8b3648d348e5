# grader/labs/06-fixed-length/lab.mk: lab 06's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_06-fixed-length := 03-efficient-scan
# make bench BENCH=pack: bench.cu, which times these labs' code.
BENCH_NAME_06-fixed-length  := pack
BENCH_TIMES_06-fixed-length := 06-fixed-length
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_06-fixed-length := yes
