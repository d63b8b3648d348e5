# grader/labs/02-naive-scan/lab.mk: lab 02's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_02-naive-scan := 
# Every device allocation of its tests, the student's own scratch arrays
# included, lies between guard zones (grader/support/guarded_malloc.h),
# checked after each call: a write past one is named at any n.
GUARDED_02-naive-scan := yes
