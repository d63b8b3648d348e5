# grader/labs/01-cpu-scan/lab.mk: lab 01's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_01-cpu-scan := 
