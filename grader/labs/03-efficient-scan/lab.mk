# grader/labs/03-efficient-scan/lab.mk: lab 03's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_03-efficient-scan := 
# make bench BENCH=scan: bench.cu, which times these labs' code.
BENCH_NAME_03-efficient-scan  := scan
BENCH_TIMES_03-efficient-scan := 01-cpu-scan 02-naive-scan 03-efficient-scan
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_03-efficient-scan := yes
