# grader/labs/07-single-pass-scan/lab.mk: lab 07's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_07-single-pass-scan := 
# make bench BENCH=single_pass: bench.cu, which times these labs' code.
BENCH_NAME_07-single-pass-scan  := single_pass
BENCH_TIMES_07-single-pass-scan := 03-efficient-scan 07-single-pass-scan
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_07-single-pass-scan := yes
